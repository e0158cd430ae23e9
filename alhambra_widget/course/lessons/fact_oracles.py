"""The oracles of the lessons that teach what a player with a real box needs before the
first turn and around it: the set-up (R1, R2), where paid money goes (R6), building a
reserve tile (R8), and in the Gardens the hand and the supply (G3), trees nobody owns
(G2, G4) and several buildings enclosed at once (G4). Each asks the engine: a seeded
game set up, an action applied on it, the Gardens' preview of a lay."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ...engine.alhambra.actions import Buy, FromReserve
from ...engine.alhambra.game import Game
from ...engine.gardens.game import GardensGame, Lay
from .core import Lesson, Oracle


def _dealt(lesson: Lesson) -> Game:
    d = lesson.start["deal"]
    return Game(list(d["players"]), seed=d["seed"])


def _o_setup(lesson: Lesson) -> Oracle:
    g = _dealt(lesson)
    want = len(g.bag)
    market = sum(1 for t in g.market.values() if t is not None)
    total = want + market  # every building tile of the box is in the bag or the market

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        got = given["bag"]
        if got == total:
            return (
                f"{got} is every building tile of the box; {market} of them were drawn for the market (R2).",
                "R2",
                "market",
            )
        return (
            f"{got} is not it: the box's {total} building tiles go into the bag, then one is drawn for "
            "each market slot (R1, R2).",
            "R2",
            "count",
        )

    return Oracle(
        {"bag": want},
        f"{total} tiles less the {market} in the market leave {want} in the bag (R1, R2).",
        wrong,
    )


def _o_paid(lesson: Lesson) -> Oracle:
    g = _dealt(lesson)
    who = g.current_player.name
    buy = Game.action_from_json(lesson.want["buy"])
    assert isinstance(buy, Buy)
    before_pile = len(g.discard)
    g.apply(buy)
    pile, hand = len(g.discard), len(g.player(who).money)

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        told = []
        if given["discard pile"] != pile:
            told.append(
                f"the cards paid go onto the discard pile: it held {before_pile} and grows by them"
            )
        if given["in hand"] != hand:
            told.append(f"the cards paid leave {who}'s hand, and no change is given")
        text = "; ".join(told)
        return text[0].upper() + text[1:] + " (R6).", "R6", "paid"

    return Oracle(
        {"discard pile": pile, "in hand": hand},
        f"the {len(buy.pay)} cards paid went onto the discard pile ({pile}); {who} keeps {hand} (R6).",
        wrong,
    )


def _o_from_reserve(lesson: Lesson) -> Oracle:
    g = _dealt(lesson)
    who = g.current_player.name
    g.edit(players={who: {"reserve": [lesson.start["reserve"]]}})
    build = next(a for a in g.legal_actions() if type(a) is FromReserve)
    said = g.apply(build)[0].text.rstrip(".")
    ended = g.current_player.name != who or g.phase != "act"
    labels = [o["label"] for o in lesson.start["options"]]
    want = labels[1] if ended else labels[0]  # the options: go on, or the turn ends

    def wrong(label: str) -> tuple[str, str, str]:
        if label == labels[2]:
            return (
                "a reserve tile was paid for when it was bought; building it costs no money, "
                "but it is a redesign, one action (R8).",
                "R8",
                "price",
            )
        return (
            "building a tile from the reserve is a redesign: one action, and like every action "
            "but an exact purchase it ends the turn (R8, R4).",
            "R8",
            "redesign",
        )

    return Oracle(want, f"{said}: a redesign, so {who}'s turn ends (R8).", wrong)


def _o_g_supply(lesson: Lesson) -> Oracle:
    d = lesson.start["deal"]
    g = GardensGame(list(d["players"]), seed=d["seed"])
    want, held = len(g.supply), sum(len(p.hand) for p in g.players)
    n = len(g.players)

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        got = given["supply"]
        if got == want + held:
            return (
                f"{got} is every garden tile: each of the {n} players holds one first (G3).",
                "G3",
                "hand",
            )
        if got == want + held - 3 * n:
            return (
                f"{got} deals three tiles each, the variant; the game deals one each (G3).",
                "G3",
                "variant",
            )
        return (
            f"{got} is not it: each of the {n} players holds one garden tile, the rest is the supply (G3).",
            "G3",
            "count",
        )

    return Oracle(
        {"supply": want},
        f"{want + held} garden tiles less the {held} in the players' hands leave {want} (G3).",
        wrong,
    )


def _o_g_unowned(lesson: Lesson) -> Oracle:
    d = lesson.start["deal"]
    g = GardensGame(list(d["players"]), seed=d["seed"])
    kind = lesson.start["kind"]
    owner = g.owner_of(kind)
    want = owner or "nobody"
    owners = ", ".join(f"{p.name} {'/'.join(p.kinds)}" for p in g.players)

    def wrong(label: str) -> tuple[str, str, str]:
        return (
            f"{label} does not own {kind} ({owners}): when the winning kind belongs to nobody, "
            "its points are not scored (G2, G4).",
            "G4",
            "owner",
        )

    return Oracle(
        want, f"the kinds are owned as {owners}; {kind} has no owner, so nobody scores (G4).", wrong
    )


def _o_g_several(lesson: Lesson) -> Oracle:
    from .gardens import gardens_game

    g = gardens_game(lesson)
    me = g.current_player.name
    fx, fy, turn = lesson.want["lay"]
    scored = g.preview(Lay(g.current_player.hand[0].id, (fx, fy), turn))
    mine = [s for s in scored if s.owner == me]
    want = sum(s.points for s in mine)

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        got = given["points"]
        one = [s.points for s in mine]
        if got in one and len(one) > 1:
            return (
                f"{got} scores one building; the lay encloses {len(scored)} at once, and each is scored (G4).",
                "G4",
                "one",
            )
        return (
            f"{got} is not it: score each enclosed building on its own, value times kinds facing it, and add (G4).",
            "G4",
            "points",
        )

    parts = " + ".join(f"{s.kind} {s.points}" for s in mine)
    return Oracle(
        {"points": want}, f"{parts} = {want}: every building enclosed scores (G4).", wrong
    )


@functools.lru_cache(maxsize=8)
def gardens_played(players: tuple[str, ...], seed: int) -> GardensGame:
    """A Gardens game from ``seed`` played to its end by greedy bots in every seat (the
    same every time, R13; kept, not played again: read it, do not change it)."""
    from ...players.gardens.greedy import GreedyGardensBot

    g = GardensGame(list(players), seed=seed)
    bots = {p.name: GreedyGardensBot(i) for i, p in enumerate(g.players)}
    while not g.is_over:
        g.apply(bots[g.current_player.name].choose(g))
    return g


SHARED = "a shared win"
"""The choice for equal highest totals (G5)."""


def _o_g_winner(lesson: Lesson) -> Oracle:
    d = lesson.start["end"]
    g = gardens_played(tuple(d["players"]), int(d["seed"]))
    scores, winners = g.scores, g.winners
    listed = ", ".join(f"{n} {p}" for n, p in scores.items())
    want = winners[0] if len(winners) == 1 else SHARED

    def wrong(label: str) -> tuple[str, str, str]:
        if label == SHARED:
            return f"no two players share the highest total ({listed}) (G5).", "G5", "winner"
        if len(winners) > 1:
            return (
                f"{' and '.join(winners)} share the highest total ({listed}): equal totals "
                "share the win (G5).",
                "G5",
                "winner",
            )
        return (
            f"{label} has {scores[label]} points, and another player has more ({listed}): "
            "the highest total wins (G5).",
            "G5",
            "winner",
        )

    right = (
        f"{want} has the highest total ({listed}) and wins (G5)."
        if want != SHARED
        else f"{' and '.join(winners)} share the highest total ({listed}) and the win (G5)."
    )
    return Oracle(want, right, wrong)


FACT_ORACLES: dict[str, Callable[[Lesson], Oracle]] = {
    "setup": _o_setup,
    "paid": _o_paid,
    "from_reserve": _o_from_reserve,
    "g_supply": _o_g_supply,
    "g_unowned": _o_g_unowned,
    "g_several": _o_g_several,
    "g_winner": _o_g_winner,
}
"""Oracle name -> what the engine says, for the lessons of this module."""

FACT_OPTIONS: dict[str, Callable[[dict[str, Any]], list[str]]] = {
    "g_unowned": lambda start: [*start["deal"]["players"], "nobody"],
    "g_winner": lambda start: [*start["end"]["players"], SHARED],
}
"""The choices of a choose lesson of this module that are not listed in its start."""
