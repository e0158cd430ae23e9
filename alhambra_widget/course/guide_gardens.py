"""The Gardens' guided first game: its script (:func:`gardens_script`) and its table
(:class:`GuidedGardens`).

A two-player game of seed :data:`SEED`, You against Ben, both seats played by the
greedy bot when the script is made. Every lay of yours is a guided step; Ben's are
played by the table. Each rule is explained at the first lay that meets it: the set-up
and the first tile of the game, drawing, a lay that encloses two buildings at once, one
of them won by a kind nobody owns, then each thing of :data:`SHOWS` not yet shown (kinds
tied above 0 dropping out, a building closed for Ben), and the last tile; a later lay
says what to do and why it is good. The seed was chosen (by playing seeds) so that you
start and these happen early.

Every lay is the engine's; every sentence about the game is the engine's event.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..engine.gardens.game import GardensGame, Lay
from ..players.gardens.greedy import GreedyGardensBot
from ..views.gardens.view import lay_marks
from ..widgets.base import Intents
from ..widgets.gardens import GardensWidget
from .guide import GuidePart, Script, Step, in_short

SEED = 9
"""The guided Gardens game's seed: You start, and your second lay encloses two buildings."""
PLAYERS = ("You", "Ben")
"""The learner, then the greedy bot."""

SIDES = ("north-east", "south-east", "south-west", "north-west")
"""A garden tile's diagonal sides, in the engine's order (G1)."""

WHY: dict[str, tuple[str, tuple[str, ...]]] = {
    "first": (
        "The first tile may not go on the outer ring (G3); any tile may be turned before "
        "it is laid (G2).",
        ("G3", "G2"),
    ),
    "draw": (
        "After each lay you draw a tile from the supply; every tile after the first "
        "touches a laid tile along a straight side (G3).",
        ("G3",),
    ),
    "scoring": (
        "A building scores once every field touching it holds a tile (G1). The kind with "
        "the most trees facing it, a count no other kind shares, wins it: its owner scores "
        "its value times the number of kinds facing it (G4).",
        ("G4", "G1"),
    ),
    "several": (
        "This lay encloses more than one building at once: watch each of them score (G4).",
        ("G4",),
    ),
    "nobody": (
        "A kind nobody owns (here palm and lavender) can win a building: then nobody "
        "scores it (G2, G4).",
        ("G2", "G4"),
    ),
    "tie": (
        "A tie: kinds with the same count cancel each other out, however high; the highest "
        "count no other kind shares wins (G4).",
        ("G4",),
    ),
    "other": (
        "A lay can close a building another player's kind wins: its owner scores, "
        "whoever laid the tile (G4).",
        ("G4",),
    ),
}
"""The rule each course event explains the first time it happens, with its rulings."""


CODES = "Codes like G3 name the rulebook's rules (hover one)."
"""What the guide's first step says of the ruling codes, once."""


def setup_text(g: GardensGame) -> str:
    """The set-up, read off a game just dealt (G1, G2, G3), in short: the trees, who
    owns which kind, the hands and the supply, who starts."""
    you, *others = g.players
    owners = ", ".join(
        [
            f"You own {' and '.join(you.kinds)}",
            *(f"{p.name} {' and '.join(p.kinds)}" for p in others),
        ]
    )
    nobody = [k for k in ("lemon", "orange", "palm", "lavender") if g.owner_of(k) is None]
    first = g.current_player.name
    start = "You start." if first == PLAYERS[0] else f"{first} starts."
    return (
        f"{CODES} Set-up (G1, G2, G3): each tile shows the four kinds of tree, one per "
        f"diagonal side. {owners}; {' and '.join(nobody)} belong to nobody. Each holds "
        f"{g.hand_size} tile; {len(g.supply)} wait in the supply. {start}"
    )


def fields_text(g: GardensGame) -> str:
    """How a field is named, with the field of the last lay (G1)."""
    x, y = g.history[-1].field
    return (
        f"Fields are named (column, row), counted from 0 at the top left: Ben's last tile "
        f"lies at ({x}, {y}), column {x}, row {y} (G1)."
    )


def _do(g: GardensGame, a: Lay, first: bool = True) -> str:
    """What to click for ``a``; how to turn a tile and how the marked field looks are
    said at the ``first`` steps, not at every step."""
    tile = g.tile(a.tile)
    sides = ", ".join(f"{tile.side(k, a.turn)} {SIDES[k]}" for k in range(4))
    how = " (click it or \u201cturn \u27f3\u201d)" if first else ""
    turned = (
        "as it is"
        if a.turn == 0
        else f"turned {a.turn} quarter turn{'s' if a.turn > 1 else ''}{how}"
    )
    dashed = " (dashed outline)" if first else ""
    return f"Lay your tile {turned}, so that it shows {sides}, on the field marked \u25b6{dashed}: click it."


SHOWS = ("several", "nobody", "tie", "other")
"""What a lay's scorings may show for the first time (G4), in the order explained."""


def shows(scorings: list[Any], learner: str = PLAYERS[0]) -> set[str]:
    """What the engine's scorings of one lay show (:data:`SHOWS`): several buildings at
    once, a kind owned by nobody winning, kinds tied on a count above 0 dropping out,
    a building won for another player."""
    out: set[str] = set()
    if len(scorings) > 1:
        out.add("several")
    for sc in scorings:
        counts = [c for c in sc.counts.values() if c > 0]
        if sc.winner and sc.owner is None:
            out.add("nobody")
        if len(counts) != len(set(counts)):
            out.add("tie")
        if sc.owner not in (None, learner):
            out.add("other")
    return out


def _names(g: GardensGame, places: list[tuple[int, int]]) -> str:
    said = [f"the {g.buildings[b].kind} {g.buildings[b].value}" for b in places]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def good(g: GardensGame, a: Lay, learner: str = PLAYERS[0]) -> str:
    """Why the lay ``a`` is a good one, read off the engine: the points it scores you
    (its :meth:`~GardensGame.preview`), else the buildings your trees face more of
    after it (:meth:`~GardensGame.facing`), a start towards winning them (G4)."""
    ahead = g.preview(a)
    mine = sum(sc.points for sc in ahead if sc.owner == learner)
    theirs = sum(sc.points for sc in ahead if sc.owner not in (None, learner))
    if mine:
        won = _names(g, [sc.building for sc in ahead if sc.owner == learner])
        also = f" ({theirs} for the others)" if theirs else ""
        return f"Why: it encloses {won}, which your trees win: {mine} points for you{also} (G4)."
    kinds = g.player(learner).kinds
    more = [
        b
        for b in g.buildings
        if b not in g.scored
        and sum(g.facing(b, a)[k] for k in kinds) > sum(g.facing(b)[k] for k in kinds)
    ]
    if not more:
        return ""
    return f"Why: your {' and '.join(kinds)} trees now face {_names(g, more)}: a start towards winning {'it' if len(more) == 1 else 'them'} (G4)."


def _play(seed: int) -> list[Lay]:
    """The whole game, both seats played by the greedy bot."""
    g = GardensGame(list(PLAYERS), seed=seed)
    bots = {PLAYERS[0]: GreedyGardensBot(seed), PLAYERS[1]: GreedyGardensBot(seed + 1)}
    while not g.is_over:
        g.apply(bots[g.current_player.name].choose(g))
    return list(g.history)


def gardens_script(seed: int = SEED) -> Script:
    """The guided Gardens game of ``seed``: every lay, a step at each of the learner's,
    and what the guide says."""
    lays = _play(seed)
    g = GardensGame(list(PLAYERS), seed=seed)
    taught: set[str] = set()
    steps: list[Step] = []
    events: list[Any] = []
    for i, a in enumerate(lays):
        mine = g.current_player.name == PLAYERS[0]
        if mine:
            steps.append(_step(g, i, a, taught, events))
            events = []
        evs = g.apply(a)
        events += [e for e in evs if e.kind == "scored"] if mine else evs
    said = [e.text for e in events if e.kind in ("lay", "scored")]
    lines = [*said[-4:], "totals: " + ", ".join(f"{n} {s}" for n, s in g.scores.items())]
    end = (
        "Every field holds a tile and every building "
        f"is scored: the game is over, and the highest total wins (G5): {' and '.join(g.winners)}."
    )
    return Script(PLAYERS, seed, tuple(lays), tuple(steps), end, tuple(lines), ("G5",), ("winner",))


def _step(g: GardensGame, i: int, a: Lay, taught: set[str], events: list[Any]) -> Step:
    """The guided lay at ``i``: what to do, what happened since, each rule met for the
    first time; a lay like the ones before says only what to do and why it is good."""
    why: list[str] = []
    rules: list[str] = []
    kinds: list[str] = []

    def teach(kind: str) -> None:
        if kind not in taught:
            text, ids = WHY[kind]
            why.append(text)
            rules.extend(ids)
            kinds.append(kind)
            taught.add(kind)

    if i == 0:
        why.append(setup_text(g))
        rules.extend(["G1", "G2", "G3"])
        kinds.append("setup")
        teach("first")
    else:
        teach("draw")
    if i > 0 and "draw" not in kinds and "fields" not in taught:
        why.append(fields_text(g))  # the step after the first: Ben's lays are named by field
        taught.add("fields")
    if "scoring" not in taught and any(e.kind == "scored" for e in events):
        teach("scoring")
    ahead = g.preview(a)
    if ahead and "scoring" not in taught:
        if len(ahead) > 1:
            teach("several")
        else:
            why.append("This lay encloses a building: watch it score.")
        teach("scoring")
    for kind in SHOWS:
        if kind in shows(ahead):
            teach(kind)
    if not g.supply:
        why.append(
            "The supply is empty: this is your last tile. When every field holds a tile "
            "and every building is scored, the game is over and the highest total wins (G5)."
        )
        rules.append("G5")
        kinds.append("last")
    return Step(
        i,
        a,
        _do(g, a, first=i < 4),
        " ".join(why),
        tuple(dict.fromkeys(rules)),
        tuple(kinds),
        tuple(in_short([e.text for e in events if e.kind in ("lay", "scored")])),
        lay_marks(a),
        good=good(g, a),
    )


class GuidedGardens(GuidePart, GardensWidget):
    """The Gardens' guided first game on the real table (see the module's text):
    ``GuidedGardens()``; :attr:`expected`, :meth:`act` and :meth:`play_step` as for
    :class:`~.guide_alhambra.GuidedGame`."""

    GAME_KIND = "gardens"
    LESSON_ID = "guided-gardens"
    GAME = GardensGame
    SEED = SEED
    NEXT = "from alhambra_widget import CoachedGardens; CoachedGardens()"

    @classmethod
    def make_script(cls, seed: int) -> Script:
        """The script of the guided Gardens game of ``seed`` (:func:`gardens_script`)."""
        return gardens_script(seed)

    INTENTS: ClassVar[Intents] = {**GardensWidget.INTENTS, **GuidePart.GUIDE_INTENTS}
