"""Lessons are data: a goal, a start position, a target, a hint.

A :class:`Lesson` describes a position in plain data (an Alhambra, a tile in hand,
counts, a game's seed), what the learner must do (answer a question, or build the
tile in the widget), and how the answer is judged: the expected answer is never
written by hand, it is asked of the engine (an *oracle* named in the data). So
``check`` says whether the learner is right and why, in the engine's own words.
Adding a lesson is adding an entry to :data:`LESSONS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .alhambra.components import Card, Tile
from .alhambra.game import Game
from .alhambra.grid import Alhambra
from .alhambra.scoring import score_kind
from .errors import GameError


@dataclass(frozen=True)
class Verdict:
    ok: bool
    message: str

    def __str__(self) -> str:
        return ("Right! " if self.ok else "Not yet. ") + self.message

    def _repr_markdown_(self) -> str:
        return ("**Right!** " if self.ok else "**Not yet.** ") + self.message

    def __bool__(self) -> bool:
        return self.ok


def _cells(d) -> dict:
    out = {}
    for k, t in d.items():
        x, y = (int(v) for v in k.split(","))
        out[(x, y)] = Tile.parse(t)
    return out


def _cell_text(c) -> str:
    return f"({c[0]}, {c[1]})"


# -- oracles: the engine answers ------------------------------------------------------------
def _o_rule_at(lesson, p):
    a, tile = lesson.alhambra(), Tile.parse(p["tile"])
    v = a.why_illegal(tile, tuple(p["cell"]))
    return ("legal" if v is None else v.rule), ("it is legal" if v is None else str(v))


def _o_legal_cells(lesson, p):
    cells = lesson.alhambra().legal_positions(Tile.parse(p["tile"]))
    return cells, "the legal cells are " + ", ".join(_cell_text(c) for c in sorted(cells))


def _o_removable(lesson, p):
    cells = lesson.alhambra().removable()
    return cells, "these tiles may go to the reserve: " + ", ".join(
        _cell_text(c) for c in sorted(cells)
    )


def _o_longest_wall(lesson, p):
    n = lesson.alhambra().longest_wall()
    return n, f"its longest joined outer wall has {n} segments (R11)"


def _o_starting_player(lesson, p):
    g = lesson.game()
    who = g.players[g.starting_player]
    key = ", ".join(
        f"{q.name} {len(q.money)} cards / {sum(c.value for c in q.money)}" for q in g.players
    )
    return who.name, f"{who.name} starts: fewest cards, then the lowest total (R2) — {key}"


def _o_exact_payments(lesson, p):
    from .alhambra.game import payments

    price = Tile.parse(p["tile"]).price
    vals = [c.value for c in lesson.hand_cards()]
    exact = {pay for pay in payments(vals, price) if sum(pay) == price}
    return exact, f"paying exactly {price} gives another action (R4): " + " or ".join(
        "+".join(map(str, e)) for e in sorted(exact)
    )


def _o_majority_points(lesson, p):
    ks = score_kind(p["kind"], p["counts"], p["round"])
    return ks.points[p["name"]], ks.explain() + " (R10)"


def _o_gift_receiver(lesson, p):
    from .alhambra.game import end_game_gifts

    cur = p["currency"]
    holdings = {n: {cur: sum(v for c, v in cards if c == cur)} for n, cards in p["hands"].items()}
    held = {n: h[cur] for n, h in holdings.items()}
    [(_c, _t, receiver, top)] = end_game_gifts({cur: Tile("garden", 10)}, holdings)  # R12
    if receiver is None:
        return (
            "nobody",
            f"nobody: {'a tie' if top else 'nobody holds any'} ({held}) — the tile stays in the market (R12)",
        )
    return receiver, f"{receiver} holds the most {cur} ({held}) and receives it (R12)"


def _o_dirk_tiles(lesson, p):
    from .alhambra.game import dirk_draw

    n = dirk_draw(p["after_round"], p["bag"])  # R3
    return (
        n,
        f"after round {p['after_round']} Dirk takes {'a third of the bag, rounded down' if p['after_round'] == 2 else '6 tiles'}: {n} (R3)",
    )


def _o_winning_kind(lesson, p):
    from .gardens.game import explain_winner

    w, why = explain_winner(p["counts"])
    return w, why + " (G4)"


ORACLES: dict[str, Callable] = {
    "rule_at": _o_rule_at,
    "legal_cells": _o_legal_cells,
    "removable": _o_removable,
    "longest_wall": _o_longest_wall,
    "starting_player": _o_starting_player,
    "exact_payments": _o_exact_payments,
    "majority_points": _o_majority_points,
    "gift_receiver": _o_gift_receiver,
    "dirk_tiles": _o_dirk_tiles,
    "winning_kind": _o_winning_kind,
}


@dataclass(frozen=True)
class Lesson:
    """A lesson: ``goal`` in plain words, a ``start`` position (data), a ``target``
    (``{"oracle": name, ...params}`` for a question, or ``{"build": "best_wall" |
    "legal" | [cells]}`` for a tile to build in the widget), a ``hint``."""

    id: str
    title: str
    rules: tuple[str, ...]
    goal: str
    start: dict = field(default_factory=dict)
    target: dict = field(default_factory=dict)
    hint: str = ""

    # -- the start position ------------------------------------------------------------
    def alhambra(self) -> Alhambra:
        return Alhambra.from_tiles(_cells(self.start.get("alhambra", {})))

    def hand(self) -> list[Tile]:
        return [Tile.parse(t) for t in self.start.get("hand", [])]

    def hand_cards(self) -> list[Card]:
        return [Card.parse(c) for c in self.start.get("money", [])]

    def game(self) -> Game:
        d = self.start["game"]
        return Game(d["players"], seed=d["seed"])

    def widget(self):
        """The start position in a widget: the Alhambra with the tiles in hand as its
        palette (any legal cell may be tried; the rules are checked)."""
        from .widget import AlhambraWidget, SandboxWidget

        if "game" in self.start:
            return AlhambraWidget(self.game(), show_all_money=True)
        return SandboxWidget(self.alhambra(), palette=self.hand() or None)

    # -- judging -----------------------------------------------------------------------
    def expected(self):
        """The engine's answer and its explanation."""
        if "oracle" not in self.target:
            raise GameError(f"Lesson {self.id} is a building task: build in the widget.")
        params = {k: v for k, v in self.target.items() if k != "oracle"}
        return ORACLES[self.target["oracle"]](self, params)

    def check(self, answer=None) -> Verdict:
        """Judge ``answer`` (a value, or the lesson's widget for a building task)."""
        if "build" in self.target:
            return self._check_build(answer)
        want, why = self.expected()
        if answer is None:
            return Verdict(False, f"Give an answer first. Hint: {self.hint}")
        if isinstance(want, set) and self.target.get("any"):
            # one element of the set: a cell (x, y) or a payment (values, any order)
            one = tuple(answer) if isinstance(answer, (list, tuple)) else answer
            if self.target["oracle"] == "exact_payments" and isinstance(one, tuple):
                one = tuple(sorted(one, reverse=True))
            ok = one in want
        elif isinstance(want, set):
            ok = self._as_set(answer) == want
        else:
            if isinstance(want, str) and isinstance(answer, str):
                ok = answer.strip().lower() == want.lower()
            else:
                ok = answer == want
        return Verdict(ok, why[0].upper() + why[1:] + "." if ok else f"Hint: {self.hint}")

    @staticmethod
    def _as_set(answer) -> set:
        """A collection of cells (lists or tuples) as a set of tuples."""
        try:
            return {tuple(a) if isinstance(a, (list, tuple)) else a for a in answer}
        except TypeError:
            return {answer}

    def _check_build(self, w) -> Verdict:
        if w is None or getattr(w, "alhambra", None) is None:
            return Verdict(
                False, "Build the tile in the lesson's widget, then check it: lesson.check(w)."
            )
        start = self.alhambra()
        tiles = self.hand()
        placed = {p: t for p, t in w.alhambra.tiles.items() if p not in start.tiles and t in tiles}
        if not placed:
            return Verdict(
                False, f"Click the tile in the palette, then a green cell. Hint: {self.hint}"
            )
        (cell, tile), *_ = placed.items()
        build = self.target["build"]
        if build == "legal":
            return Verdict(True, f"{tile} at {_cell_text(cell)} keeps every building rule (R7).")
        if build == "best_wall":
            best = 0
            for c in start.legal_positions(tile):
                trial = start.copy()
                trial.place(tile, c)
                best = max(best, trial.longest_wall())
            got = w.alhambra.longest_wall()
            if got == best:
                return Verdict(
                    True, f"The longest wall is now {got}, the most this tile can give (R11)."
                )
            return Verdict(
                False, f"Your longest wall is {got}; {best} is possible. Hint: {self.hint}"
            )
        cells = {tuple(c) for c in build}
        if cell in cells:
            return Verdict(True, f"{tile} at {_cell_text(cell)} is what was asked.")
        return Verdict(False, f"Not that cell. Hint: {self.hint}")

    def solve(self, w=None):
        """The engine's answer (for a question), or build the best tile in ``w``."""
        if "build" not in self.target:
            want, _ = self.expected()
            if isinstance(want, set) and self.target.get("any"):
                return sorted(want)[0]
            return want
        tile = self.hand()[0]
        a = self.alhambra()
        build = self.target["build"]
        if build == "best_wall":

            def wall_at(c):
                t = a.copy()
                t.place(tile, c)
                return t.longest_wall()

            cell = max(sorted(a.legal_positions(tile)), key=wall_at)
        elif build == "legal":
            cell = sorted(a.legal_positions(tile))[0]
        else:
            cell = tuple(build[0])
        w.place(tile, cell)
        return cell


LESSONS: dict[str, Lesson] = {
    lesson.id: lesson
    for lesson in [
        Lesson(
            "setup",
            "Who starts?",
            ("R2",),
            "Four players were dealt money until each had 20 or more. Who starts?",
            start={"game": {"players": ["Ann", "Ben", "Cem", "Dan"], "seed": 4}},
            target={"oracle": "starting_player"},
            hint="count each player's cards first; on a tie, compare the totals.",
        ),
        Lesson(
            "exact-payment",
            "Pay exactly, play again",
            ("R4", "R6"),
            "The garden costs 10 denars. Which denar cards pay exactly, so that you get another action?",
            start={
                "market": "garden 10",
                "money": ["denar 6", "denar 4", "denar 3", "denar 2", "denar 1"],
            },
            target={"oracle": "exact_payments", "tile": "garden 10", "any": True},
            hint="find cards that add up to exactly 10, e.g. as a tuple of values like (6, 4).",
        ),
        Lesson(
            "R7a",
            "Matching sides",
            ("R7a",),
            "Which rule forbids the tower (walls north and east) west of the fountain, at (-1, 0)?",
            start={"alhambra": {}, "hand": ["tower 9 NE"]},
            target={"oracle": "rule_at", "tile": "tower 9 NE", "cell": [-1, 0]},
            hint="look at the side of the tower that touches the fountain.",
        ),
        Lesson(
            "R7b",
            "A full side",
            ("R7b",),
            "Which rule forbids the garden at (1, 1), touching the fountain only at a corner?",
            start={"alhambra": {}, "hand": ["garden 10"]},
            target={"oracle": "rule_at", "tile": "garden 10", "cell": [1, 1]},
            hint="a tile must share a whole side with the Alhambra.",
        ),
        Lesson(
            "R7c",
            "On foot",
            ("R7c",),
            "A tower walled on its east side stands at (1, 0). Which rule forbids a seraglio walled on its west side at (2, 0)?",
            start={"alhambra": {"1,0": "tower 13 E"}, "hand": ["seraglio 7 W"]},
            target={"oracle": "rule_at", "tile": "seraglio 7 W", "cell": [2, 0]},
            hint="can you walk from the fountain to (2, 0) without crossing a wall?",
        ),
        Lesson(
            "R7d",
            "No space",
            ("R7d",),
            "Five tiles almost surround the empty cell (1, 1). Which rule forbids the arcades at (1, 2)?",
            start={
                "alhambra": {
                    "1,0": "pavilion 8",
                    "2,0": "seraglio 9",
                    "0,1": "chambers 10",
                    "2,1": "chambers 11",
                    "0,2": "garden 11",
                },
                "hand": ["arcades 10"],
            },
            target={"oracle": "rule_at", "tile": "arcades 10", "cell": [1, 2]},
            hint="after the arcades, could the empty cell (1, 1) still reach the outside?",
        ),
        Lesson(
            "legal-cells",
            "Every legal cell",
            ("R7a", "R7b", "R7c", "R7d"),
            "List every cell where the tower with walls north and west may be built.",
            start={
                "alhambra": {"1,0": "garden 10", "0,1": "chambers 6 ES"},
                "hand": ["tower 9 NW"],
            },
            target={"oracle": "legal_cells", "tile": "tower 9 NW"},
            hint="try the cells around the Alhambra in the widget: the green ones.",
        ),
        Lesson(
            "redesign",
            "Back to the reserve",
            ("R8",),
            "Which one tile of this Alhambra may go back to the reserve without breaking the building rules?",
            start={"alhambra": {"1,0": "garden 10", "2,0": "tower 11", "0,1": "chambers 6 ES"}},
            target={"oracle": "removable", "any": True},
            hint="removing a tile must not cut anything off from the fountain, and the fountain stays.",
        ),
        Lesson(
            "kim-and-nina",
            "Shared places",
            ("R10",),
            "In scoring round 2, Kim and Nina both have 4 towers and Ole has 2. How many points does Kim get for towers?",
            start={},
            target={
                "oracle": "majority_points",
                "kind": "tower",
                "round": 2,
                "name": "Kim",
                "counts": {"Kim": 4, "Nina": 4, "Ole": 2},
            },
            hint="tied players share the points of the places they cover, rounded down.",
        ),
        Lesson(
            "walls",
            "The longest wall",
            ("R11",),
            "Build the tower where it makes your longest joined outer wall as long as possible.",
            start={
                "alhambra": {
                    "-1,0": "garden 12 S",
                    "0,1": "seraglio 3 ESW",
                    "1,0": "chambers 9 S",
                    "2,0": "pavilion 4 ES",
                },
                "hand": ["pavilion 2 NEW"],
            },
            target={"build": "best_wall"},
            hint="walls join at tile corners; back-to-back walls score nothing.",
        ),
        Lesson(
            "ring",
            "A ring of walls",
            ("R11",),
            "How long is the longest wall of this Alhambra (a closed ring around nine tiles)?",
            start={
                "alhambra": {
                    "-1,-1": "tower 9 NW",
                    "0,-1": "arcades 8 N",
                    "1,-1": "tower 9 NE",
                    "-1,0": "garden 10 W",
                    "1,0": "arcades 8 E",
                    "-1,1": "garden 8 SW",
                    "0,1": "tower 11 S",
                    "1,1": "tower 9 ES",
                }
            },
            target={"oracle": "longest_wall"},
            hint="count every outer wall segment: a ring of N segments scores N.",
        ),
        Lesson(
            "end-gifts",
            "The last tiles",
            ("R12",),
            'The game ends. Ann holds ducat 5 + ducat 4, Ben ducat 9, Cem ducat 2. Who receives the tile in the ducat slot (a name, or "nobody")?',
            target={
                "oracle": "gift_receiver",
                "currency": "ducat",
                "hands": {
                    "Ann": [["ducat", 5], ["ducat", 4]],
                    "Ben": [["ducat", 9]],
                    "Cem": [["ducat", 2]],
                },
            },
            hint="compare the total each holds in that currency; a tie keeps the tile in the market.",
        ),
        Lesson(
            "dirk",
            "Dirk's third",
            ("R3",),
            "After scoring round 2 the bag holds 20 tiles. How many does Dirk take?",
            target={"oracle": "dirk_tiles", "bag": 20, "after_round": 2},
            hint="after round 2 Dirk takes a third of the bag, rounded down.",
        ),
        Lesson(
            "gardens-winner",
            "Who wins the building?",
            ("G4",),
            "Around a building: orange 3, palm 3, lavender 2, lemon 0 trees. Which kind wins it?",
            target={
                "oracle": "winning_kind",
                "counts": {"orange": 3, "palm": 3, "lavender": 2, "lemon": 0},
            },
            hint="tied counts drop out; the highest count left wins.",
        ),
        Lesson(
            "first-tile",
            "Build legally",
            ("R7",),
            "Build the tower with walls north and east anywhere it is legal.",
            start={"alhambra": {}, "hand": ["tower 9 NE"]},
            target={"build": "legal"},
            hint="its open sides must face the fountain.",
        ),
    ]
}


def lesson(lesson_id: str) -> Lesson:
    """The lesson with this id (see :data:`LESSONS`)."""
    try:
        return LESSONS[lesson_id]
    except KeyError:
        raise KeyError(f"No lesson {lesson_id!r}; the lessons are {sorted(LESSONS)}.") from None
