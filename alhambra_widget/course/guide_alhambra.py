"""The Alhambra's guided first game: its script (:func:`alhambra_script`) and its table
(:class:`GuidedGame`).

The script is a two-player game of seed :data:`SEED`, You against Ben. Every action of
yours is a guided step; Ben's replies (the greedy bot's) are played by the table. Your
first turns are chosen so that each thing to learn happens early: a take, an exact buy
and its extra action, building the tile, a tile put on the reserve, and a redesign that
builds it from there; your later moves are the greedy bot's choices, through scoring
rounds 1 and 2 to the end of the game and the tiles handed out at the end, which you
build yourself. Each rule is explained at the first step that meets it; a later step
says what to do and why the move is good. The seed was chosen (by playing seeds with
this script) so that you start, a scoring round comes mid-game, and you receive tiles
at the end (R13).

Every action is the engine's, applied by the engine; the sentences about the game are
the engine's events (:func:`~alhambra_widget.engine.alhambra.narration.plain_text`).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from ..engine.alhambra.actions import Action, Buy, FromReserve, Place, Reserve, TakeMoney
from ..engine.alhambra.game import Game
from ..engine.alhambra.narration import plain_text, tile_words, where
from ..players.alhambra.greedy import GreedyBot
from ..views.alhambra.view import action_marks
from ..widgets.base import Intents
from ..widgets.table import AlhambraWidget
from .coach import explain_first_round
from .guide import GuidePart, Script, Step, in_short

SEED = 9
"""The guided game's seed (R13): You start, and receive tiles at the end."""
PLAYERS = ("You", "Ben")
"""The learner, then the greedy bot."""
GOALS = ("take", "exact", "place", "reserve", "redesign")
"""What the learner's first turns show, in order."""

WHY: dict[str, tuple[str, tuple[str, ...]]] = {
    "take": (
        "Take one card, or several adding up to at most 5 (R5); a take ends your turn (R4).",
        ("R5", "R4"),
    ),
    "exact": (
        "A tile costs its price in its slot's currency; there is no change, and the paid "
        "cards go onto the discard pile (R6). Paid exactly, as here, you get another "
        "action this turn (R4). The tile waits under \u201cTo place\u201d until your turn ends.",
        ("R6", "R4"),
    ),
    "buy": (
        "Paying more than the price is allowed, but there is no change, and a purchase "
        "that is not exact ends your turn (R4, R6).",
        ("R6", "R4"),
    ),
    "place": (
        "At the end of your turn each tile you bought is built or put on your reserve "
        "(R9). A built tile touches the Alhambra along a whole side, wall meets wall and "
        "open meets open, it can be reached on foot from the fountain, and it closes in "
        "no empty cell (R7). Tiles are never turned.",
        ("R9", "R7"),
    ),
    "reserve": (
        "A bought tile may go onto your reserve instead of being built (R9). It counts "
        "for nothing in a scoring round (R10) until it is built.",
        ("R9", "R8"),
    ),
    "redesign": (
        "Building a tile from your reserve is called a redesign: one action, and it ends "
        "your turn (R8). A redesign may also move a built tile to the reserve, or swap "
        "the two; the building rules still hold (R7).",
        ("R8",),
    ),
    "gift": (
        "The game is ending: the bag could not fill every market slot (R12). The tiles "
        "left on the market are given away as end-of-game gifts: each goes to the player "
        "holding the most money of its slot's currency (on a tie, or if nobody holds "
        "any, it stays). You received gifts: build each one (R7) or put it on your "
        "reserve, as a bought tile. Then comes scoring round 3.",
        ("R12",),
    ),
}
"""The rule each course event explains the first time it happens, with its rulings."""

KEPT = {"scoring_card", "round_scored", "game_ending", "gift", "dirk_tiles"}
"""Events worth saying after any stretch the table played by itself."""
MOVES = {"take_money", "buy", "place", "reserve", "redesign", "give_to_dirk"}
"""Events of a move, said after a short stretch (the bot's reply)."""


def _richest_take(takes: list[TakeMoney]) -> TakeMoney:
    return max(takes, key=lambda a: (sum(c.value for c in a.cards), str(a)))


def _first_turns(g: Game, done: set[str], greedy: GreedyBot) -> Action | None:
    """The learner's move while the first turns show the goals in order (None: done)."""
    legal = g.legal_actions()
    if g.phase == "place":
        places = [a for a in legal if isinstance(a, Place)]
        if "place" not in done and places:
            done.add("place")
            pick = greedy.choose(g)
            return pick if isinstance(pick, Place) else places[0]
        keep = [a for a in legal if isinstance(a, Reserve)]
        if "reserve" not in done and keep:
            done.add("reserve")
            return keep[0]
        return greedy.choose(g)
    takes = [a for a in legal if isinstance(a, TakeMoney)]
    buys = [a for a in legal if isinstance(a, Buy)]
    exact = [b for b in buys if g.is_exact(b)]
    if "take" not in done:
        done.add("take")
        return _richest_take(takes)
    if "exact" not in done:
        if exact:
            done.add("exact")
            return exact[0]
        return _richest_take(takes)
    if "reserve" not in done:
        if buys:
            return exact[0] if exact else min(buys, key=lambda b: sum(b.pay))
        return _richest_take(takes)
    built = [a for a in legal if isinstance(a, FromReserve)]
    if "redesign" not in done and built:
        done.add("redesign")
        return built[0]
    return None


def _play(seed: int) -> list[Action]:
    """The whole game: the learner's first turns show :data:`GOALS` in order, then the
    learner's moves are the greedy bot's; Ben is the greedy bot throughout."""
    g = Game(list(PLAYERS), seed=seed)
    mine, ben = GreedyBot(seed), GreedyBot(seed + 1)
    done: set[str] = set()
    while not g.is_over:
        a: Action | None = None
        if g.current_player.name == PLAYERS[0]:
            if "redesign" not in done:
                a = _first_turns(g, done, mine)
            a = a or mine.choose(g)
        else:
            a = ben.choose(g)
        g.apply(a)
    return list(g.history)


def _do(g: Game, a: Action, outline: bool = True) -> str:
    """What to click for ``a`` (read off the action and the table); how a marked cell
    looks is said with ``outline`` (the first build steps), not at every step."""
    dashed = " (dashed outline)" if outline else ""
    if isinstance(a, TakeMoney):
        cards = " and ".join(str(c) for c in a.cards)
        return f"Take {cards} from the money display: click the card{'s' if len(a.cards) > 1 else ''} marked \u25b6, then Take."
    if isinstance(a, Buy):
        t = g.market[a.currency]
        pay = " + ".join(str(v) for v in a.pay)
        return (
            f"Buy the {tile_words(t.name) if t else 'tile'} from the {a.currency} slot: click the "
            f"slot marked \u25b6, pick your {a.currency} cards {pay}, then Buy."
        )
    if isinstance(a, FromReserve):
        return (
            f"Redesign: click the {tile_words(a.tile.name)} on your reserve, then the cell "
            f"marked \u25b6{dashed}, {where(a.pos)}."
        )
    if isinstance(a, Place):
        return (
            f"Build the {tile_words(a.tile.name)}: click it under \u201cTo place\u201d, then "
            f"the cell marked \u25b6{dashed}, {where(a.pos)}."
        )
    if isinstance(a, Reserve):
        return f"Put the {tile_words(a.tile.name)} on your reserve: click it, then \u201cto the reserve\u201d."
    return f"{a}."  # pragma: no cover - the script has no other move


def _plural(kind: str) -> str:
    return kind if kind.endswith("s") else kind + "s"


def good(g: Game, a: Action) -> str:
    """Why the step's move ``a`` is a good one, in the course's terms, read off the engine
    (its legal moves, and a copy of the game with the move made): the most money one take
    allows; an exact payment; the least payment when none is exact; a longer wall, the
    most tiles of a kind, or a tile that counts in the next scoring round."""
    legal = g.legal_actions()
    if isinstance(a, TakeMoney):
        n = sum(c.value for c in a.cards)
        best = max(sum(c.value for c in t.cards) for t in legal if isinstance(t, TakeMoney))
        return f"Why: {n} is the most money one take allows here (R5)." if n == best else ""
    if isinstance(a, Buy):
        if g.is_exact(a):
            return "Why: an exact payment loses nothing to change, and your turn goes on (R4, R6)."
        pays = [sum(b.pay) for b in legal if isinstance(b, Buy) and b.currency == a.currency]
        exact = any(g.is_exact(b) for b in legal if isinstance(b, Buy) and b.currency == a.currency)
        if exact or sum(a.pay) != min(pays):
            return ""
        return f"Why: no set of your {a.currency} cards pays exactly; {sum(a.pay)} is the least you can pay (R6)."
    if isinstance(a, Reserve):
        return "Why: on the reserve it waits; a redesign can build it later, where it fits better (R8)."
    return _good_build(g, a)


def _good_build(g: Game, a: Action) -> str:
    """Why building ``a``'s tile is good: a longer wall, the most of its kind, or else
    that built it counts in the next scoring round."""
    me = g.current_player.name
    after = g.copy()
    after.apply(a)
    wall0, wall1 = g.player(me).alhambra.longest_wall(), after.player(me).alhambra.longest_wall()
    kind = a.tile.kind  # type: ignore[attr-defined]
    counts = after.counts()
    mine = counts[me][kind]
    others = {n: c[kind] for n, c in counts.items() if n != me}
    top = max(others.values())
    said = []
    if wall1 > wall0:
        said.append(f"it lengthens your longest wall from {wall0} to {wall1} (R11)")
    if mine > top:
        rest = ", ".join(f"{n} {c}" for n, c in others.items())
        said.append(f"you then have the most {_plural(kind)}: {mine} ({rest}) (R10)")
    if not said:
        said.append(
            f"built, it counts in scoring round {g.next_scoring_round}; on the reserve it would not (R10)"
        )
    return "Why: " + "; ".join(said) + "."


def _event_of(g: Game, a: Action) -> str:
    if isinstance(a, TakeMoney):
        return "take"
    if isinstance(a, Buy):
        return "exact" if g.is_exact(a) else "buy"
    if g.phase == "gift":
        return "gift"
    if isinstance(a, FromReserve):
        return "redesign"
    return "reserve" if isinstance(a, Reserve) else "place"


CODES = "Codes like R5 name the rulebook's rules (hover one)."
"""What the guide's first step says of the ruling codes, once."""

SCORING = (
    "In round 1 only the first place of each kind scores; players tied for a place share "
    "its points, rounded down (R10). Each segment of your longest outer wall scores one "
    "point (R11)."
)
"""What the first step after scoring round 1 explains (R10, R11)."""


def dirk_text(g: Game) -> str:
    """Who Dirk is (R3), said where the guide first names him."""
    return (
        f"{g.dirk_name}, an imaginary third collector who never takes a turn, has held "
        f"{len(g.dirk_tiles)} tiles since the set-up (R3): they count when scoring compares "
        "who has the most of each kind."
    )


def setup_text(g: Game) -> str:
    """The set-up, read off a game just dealt (R1, R2), in short: the market, the
    display, the bag and who starts (Dirk, R3, is told where the guide first names him)."""
    turn = next(plain_text(e) for e in g.log if e.kind == "turn").split(":")[0]
    return (
        f"{CODES} Set-up (R1, R2): {len(g.market)} tiles on the market, {len(g.display)} "
        f"money cards in the display, {len(g.bag)} in the bag. {turn}."
    )


def _said(events: list[Any]) -> list[str]:
    """What happened since the last step, in the engine's words; a scoring round's
    points are left to the table's walkthrough of it (never given before it)."""
    keep = (KEPT | MOVES) - {"round_scored"}
    return [plain_text(e) for e in events if e.kind in keep and e.data.get("when") != "setup"]


def alhambra_script(seed: int = SEED) -> Script:
    """The guided game of ``seed``: every action, a step at each of the learner's, and
    what the guide says."""
    actions = _play(seed)
    g = Game(list(PLAYERS), seed=seed)
    told: dict[str, int] = {}
    steps: list[Step] = []
    events: list[Any] = []
    for i, a in enumerate(actions):
        mine = g.current_player.name == PLAYERS[0]
        if mine:
            steps.append(_step(g, i, a, told, events))
            events = []
        evs = g.apply(a)
        # of the learner's own move, only what the table did after it (a scoring round)
        events += [e for e in evs if e.kind in KEPT] if mine else evs
    r = g.rounds[-1]
    lines = [k.explain() for k in r.kinds if k.places]
    lines.append("totals: " + ", ".join(f"{n} {s}" for n, s in g.scores.items()))
    end = (
        f"Scoring round 3 ended the game (R10, R11, R12): the first "
        f"three places of each kind scored, and the longest walls again. "
        f"{' and '.join(g.winners)} won."
    )
    return Script(
        PLAYERS, seed, tuple(actions), tuple(steps), end, tuple(lines), ("R10", "R12"), ("end",)
    )


def _first_time(
    g: Game, i: int, kind: str, reason: str, told: dict[str, int], events: list[Any]
) -> list[str]:
    """The course events step ``i`` meets for the first time (its move's ``kind``, the
    set-up, scoring round 1, Dirk named in its ``reason`` or its events, the end)."""
    kinds = ["setup"] if i == 0 else []
    if "scoring" not in told and explain_first_round(g, events) is not None:
        kinds.append("scoring")
    if kind == "gift" and "end" not in told:
        kinds.append("end")
    if kind not in told:
        kinds.append(kind)
    said = " ".join([reason, *_said(events)])
    if "dirk" not in told and re.search(rf"\b{g.dirk_name}\b", said):
        kinds.append("dirk")
    return kinds


def _step(g: Game, i: int, a: Action, told: dict[str, int], events: list[Any]) -> Step:
    """The guided step at ``i``: what to do, and each rule met for the first time
    explained (a rule met again is not: the step says what to do, and why the move is
    good when the engine gives a reason)."""
    kind = _event_of(g, a)
    reason = good(g, a)
    why: list[str] = []
    rules: list[str] = []
    kinds = _first_time(g, i, kind, reason, told, events)
    for k in kinds:
        if k == "setup":
            why.append(setup_text(g))
            rules += ["R1", "R2"]
        elif k == "scoring":
            why.append(SCORING)
            rules += ["R10", "R11"]
        elif k == "dirk":
            why.append(dirk_text(g))
            rules.append("R3")
        elif k in WHY:
            why.append(WHY[k][0])
            rules += WHY[k][1]
    note = ""
    if "low" not in told and len(g.bag) < len(g.market):
        told["low"] = 1
        n = len(g.bag)
        note = (
            f"The bag holds only {n} tile{'s' if n != 1 else ''}: the game is about to end (R12)."
        )
    told.update(dict.fromkeys(kinds, 1))
    walk, walked = scoring_walk(events)
    return Step(
        i,
        a,
        _do(g, a, outline=kind in kinds),
        " ".join(why),
        tuple(dict.fromkeys(rules)),
        tuple(kinds),
        tuple(in_short(_said(events))),
        action_marks(a, paid=True),
        note,
        walk,
        walked,
        reason,
    )


def scoring_walk(events: list[Any]) -> tuple[str, str]:
    """What the guide says of a scoring round among ``events`` while the table's
    walkthrough of it is open, and once it is closed (two empty sentences when no
    round was scored): the boards add its points when the walkthrough closes."""
    rounds = [e.data.get("round", 0) for e in events if e.kind == "round_scored"]
    if not rounds:
        return "", ""
    n = max(rounds)
    return (
        f"Scoring round {n} just happened. The panel over the market shows it kind by "
        "kind, with each player's points: step through it with \u25b6, then close it. "
        "The points are added to the boards when you close the walkthrough.",
        f"Scoring round {n} is over: its points are now added to the boards (the score "
        "by each name). The game goes on.",
    )


class GuidedGame(GuidePart, AlhambraWidget):
    """The Alhambra's guided first game on the real table (see the module's text):
    ``GuidedGame()``; :attr:`expected` is the move the guide asks for, :meth:`act`
    makes it (any other move is refused, and nothing changes), :meth:`play_step`
    makes it for you. ``seed`` (:data:`SEED` by default), ``progress``: the course's
    progress store (or its file)."""

    GAME_KIND = "alhambra"
    LESSON_ID = "guided-game"
    GAME = Game
    SEED = SEED
    NEXT = "from alhambra_widget import CoachedGame; CoachedGame()"

    @classmethod
    def make_script(cls, seed: int) -> Script:
        """The script of the guided game of ``seed`` (:func:`alhambra_script`)."""
        return alhambra_script(seed)

    INTENTS: ClassVar[Intents] = {**AlhambraWidget.INTENTS, **GuidePart.GUIDE_INTENTS}
