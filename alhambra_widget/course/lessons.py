"""Lessons are data: a goal, a start position, a kind of answer, hints. The engine judges.

A :class:`Lesson` states its start position in plain data (an Alhambra and a tile, a
game set up by an edit, counts, hands), its ``task`` (the kind of answer the learner
gives on the board: build a tile, find a cell, take money, pay, enter numbers, choose)
and ``want`` (what the engine is asked). The expected answer is never written by hand:
each kind of task asks the engine (``why_illegal``, ``apply``, ``score_kind``,
``end_game_gifts``, ``dirk_draw``, the what-if :class:`~alhambra_widget.whatif.Position`,
the Gardens rules), and a wrong answer gets feedback about that mistake, in the
engine's words, naming the ruling id.

An :class:`Attempt` is one learner's go at a lesson: tries, hints shown one at a time,
stars (3 on the first try, 2 on the second, 1 after that), and the game position of a
lesson played as a turn. :class:`Progress` keeps the stars between sessions in a
small JSON file. The course (the lessons in order) is :data:`alhambra_widget.course.catalog.LESSONS`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.alhambra.actions import Action, Buy, Place, Reserve, TakeMoney
from ..engine.alhambra.components import Card, Tile, building_tiles
from ..engine.alhambra.game import Game, dirk_draw, end_game_gifts, payments
from ..engine.alhambra.grid import Alhambra
from ..engine.alhambra.scoring import POINTS, score_kind
from ..engine.errors import GameError, IllegalAction, MalformedInput
from ..engine.gardens.components import TREES, garden_tiles

Pos = tuple[int, int]
ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}


@dataclass(frozen=True)
class Verdict:
    """The engine's judgement of one try: right or not, a sentence, the ruling id it
    rests on, and which kind of mistake it was (``""`` when right)."""

    ok: bool
    message: str
    rule: str | None = None
    mistake: str = ""
    done: bool = True
    """False for a step that was right but does not finish the lesson (a turn goes on)."""
    board: Alhambra | None = field(default=None, compare=False, repr=False)
    """After a right build, exchange or removal: the Alhambra as the answer leaves it
    (the engine's own change on a copy), for the board to show."""
    cell: Pos | None = None
    """The cell that answer changed."""

    def __str__(self) -> str:
        return ("Right! " if self.ok else "Not yet. ") + self.message

    def __bool__(self) -> bool:
        return self.ok

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "text": self.message, "rule": self.rule, "mistake": self.mistake, "done": self.done}


def cell_text(c: Pos) -> str:
    return f"({c[0]}, {c[1]})"


def parse_cell(v: object) -> Pos:
    if isinstance(v, str):
        v = v.split(",")
    if not isinstance(v, (list, tuple)) or len(v) != 2:
        raise MalformedInput(f"A cell is a pair (x, y), not {v!r}.")
    try:
        return int(v[0]), int(v[1])
    except (TypeError, ValueError):
        raise MalformedInput(f"A cell is a pair of integers, not {v!r}.") from None


def _need(payload: object, key: str) -> Any:
    if not isinstance(payload, dict) or key not in payload:
        raise MalformedInput(f"This lesson's answer is an object with {key!r}.")
    return payload[key]


def _sentence(s: str) -> str:
    s = s.strip()
    return (s[0].upper() + s[1:]) if s else s


# -- the lesson -------------------------------------------------------------------------
@dataclass(frozen=True)
class Lesson:
    """One lesson: ``goal`` in plain words, a ``start`` position, a ``task`` (the kind
    of answer, a key of :data:`TASKS`), ``want`` (what the engine is asked), ``hints``
    (one step at a time, none giving the answer away) and ``after`` (said once solved)."""

    id: str
    chapter: str
    title: str
    rules: tuple[str, ...]
    goal: str
    task: str
    start: dict[str, Any] = field(default_factory=dict)
    want: dict[str, Any] = field(default_factory=dict)
    hints: tuple[str, ...] = ()
    after: str = ""

    def __post_init__(self) -> None:
        if self.task not in TASKS:
            raise MalformedInput(f"Lesson {self.id}: unknown task {self.task!r}; the tasks are {sorted(TASKS)}.")

    # -- the start position --------------------------------------------------------
    def alhambra(self) -> Alhambra:
        cells = {parse_cell(k): Tile.parse(t) for k, t in self.start.get("alhambra", {}).items()}
        return Alhambra.from_tiles(cells)

    def tile(self) -> Tile:
        return Tile.parse(self.start["tile"])

    def game(self) -> Game:
        """The lesson's game position (a seeded game changed by a recorded edit)."""
        d = self.start["game"]
        g = Game(list(d["players"]), seed=d["seed"], **d.get("options", {}))
        if "edit" in d:
            g.edit(**d["edit"])
        for a in d.get("actions", []):
            g.apply(Game.action_from_json(a))
        return g

    @property
    def kind(self) -> Task:
        return TASKS[self.task]

    def solutions(self) -> list[list[dict[str, Any]]]:
        """The engine's answers: each a list of answers given in order (one for most
        lessons, several for a turn of actions)."""
        return self.kind.solutions(self)

    def attempt(self) -> Attempt:
        return Attempt(self)

    def check(self, *answers: dict[str, Any]) -> Verdict:
        """Judge answers given in order on a fresh attempt (the last verdict)."""
        a = self.attempt()
        v = Verdict(False, "Give an answer.", None, "none")
        for ans in answers:
            v = a.answer(ans)
        return v

    def __repr__(self) -> str:
        return f"<Lesson {self.id}: {self.title} ({', '.join(self.rules)})>"


@dataclass
class Attempt:
    """One go at a lesson: ``answer`` judges a try, ``hint`` shows the next hint."""

    lesson: Lesson
    tries: int = 0
    """Wrong tries so far."""
    hints_shown: int = 0
    solved: bool = False
    last: Verdict | None = None
    game: Game | None = None

    def __post_init__(self) -> None:
        if self.game is None and "game" in self.lesson.start:
            self.game = self.lesson.game()

    @property
    def stars(self) -> int:
        """3 when solved at the first try, 2 at the second, 1 later; 0 before."""
        return max(1, 3 - self.tries) if self.solved else 0

    def answer(self, payload: object) -> Verdict:
        """Judge one try. A malformed answer raises :class:`MalformedInput` (not a try);
        a wrong one counts as a try and gets feedback about that mistake."""
        if self.solved:
            return self.last or Verdict(True, "Already solved.")
        v = self.lesson.kind.judge(self, payload)
        v = Verdict(v.ok, _sentence(v.message), v.rule, v.mistake, v.done, v.board, v.cell)
        if not v.ok:
            self.tries += 1
            if self.game is not None:  # a turn that went wrong starts again
                self.game = self.lesson.game()
        elif v.done:
            self.solved = True
        self.last = v
        return v

    def hint(self) -> str | None:
        """The next hint, or None when all are shown."""
        if self.hints_shown >= len(self.lesson.hints):
            return None
        self.hints_shown += 1
        return self.lesson.hints[self.hints_shown - 1]

    def reset(self) -> None:
        """Start the position again (tries and hints stay counted)."""
        self.game = self.lesson.game() if "game" in self.lesson.start else None
        self.last = None


# -- the kinds of task -------------------------------------------------------------------
@dataclass(frozen=True)
class Task:
    """A kind of answer: ``judge`` (attempt, answer) -> Verdict, and ``solutions``."""

    judge: Callable[[Attempt, object], Verdict]
    solutions: Callable[[Lesson], list[list[dict[str, Any]]]]
    board: str
    """What the page draws to answer on: alhambra, game, numbers or choose."""


def _built(a: Alhambra, tile: Tile, c: Pos, exchange: bool = False) -> Alhambra:
    """A copy of ``a`` with ``tile`` built at ``c`` (or exchanged for the tile there)."""
    trial = a.copy()
    if exchange:
        trial.exchange(tile, c)
    else:
        trial.place(tile, c)
    return trial


def _best_walls(a: Alhambra, tile: Tile, cells: Iterable[Pos], exchange: bool = False) -> dict[Pos, int]:
    return {c: _built(a, tile, c, exchange).longest_wall() for c in cells}


def _build_targets(lesson: Lesson) -> dict[Pos, int]:
    """The cells that solve a build or exchange lesson, with the wall each leaves."""
    a, t = lesson.alhambra(), lesson.tile()
    exchange = lesson.task == "exchange"
    cells = a.exchangeable(t) if exchange else a.legal_positions(t)
    walls = _best_walls(a, t, cells, exchange)
    if lesson.want.get("goal") == "longest_wall":
        best = max(walls.values())
        return {c: w for c, w in walls.items() if w == best}
    return walls


def _judge_build(at: Attempt, payload: object) -> Verdict:
    lesson = at.lesson
    c = parse_cell(_need(payload, "cell"))
    a, t = lesson.alhambra(), lesson.tile()
    exchange = lesson.task == "exchange"
    v = a.why_not_exchangeable(t, c) if exchange else a.why_illegal(t, c)
    if v is not None:
        return Verdict(False, f"{cell_text(c)}: {v}", v.rule, v.rule)
    targets = _build_targets(lesson)
    if c in targets:
        extra = f" Its longest wall is now {targets[c]} (R11)." if lesson.want.get("goal") == "longest_wall" else ""
        after = _built(a, t, c, exchange)
        return Verdict(True, f"{t} at {cell_text(c)} keeps every building rule (R7).{extra}", "R7", board=after, cell=c)
    got = _best_walls(a, t, [c], exchange)[c]
    return Verdict(
        False,
        f"{cell_text(c)} is legal, but the longest wall would be {got} segments; another cell makes it longer (R11).",
        "R11",
        "shorter_wall",
    )


def _sol_cells(cells: Iterable[Pos]) -> list[list[dict[str, Any]]]:
    return [[{"cell": list(c)}] for c in sorted(cells)]


def _breaking(lesson: Lesson) -> set[Pos]:
    a, t = lesson.alhambra(), lesson.tile()
    x0, y0, x1, y1 = a.bounds()
    out = set()
    for x in range(x0 - 1, x1 + 2):
        for y in range(y0 - 1, y1 + 2):
            v = a.why_illegal(t, (x, y))
            if v is not None and v.rule == lesson.want["rule"]:
                out.add((x, y))
    return out


def _judge_break(at: Attempt, payload: object) -> Verdict:
    lesson = at.lesson
    c = parse_cell(_need(payload, "cell"))
    a, t, want = lesson.alhambra(), lesson.tile(), lesson.want["rule"]
    v = a.why_illegal(t, c)
    if v is None:
        return Verdict(False, f"{t} may stand at {cell_text(c)}: it keeps every building rule (R7). Find a cell where it breaks {want}.", "R7", "legal")
    if v.rule == want:
        return Verdict(True, f"{cell_text(c)}: {v}", want)
    if v.rule == "R7":
        return Verdict(False, f"{cell_text(c)} is built already (R7): pick an empty cell.", "R7", "taken")
    return Verdict(False, f"{cell_text(c)} breaks another rule first: {v} Find a cell that breaks {want}.", v.rule, "other_rule")


def _removal_targets(lesson: Lesson) -> set[Pos]:
    a = lesson.alhambra()
    if lesson.want.get("goal") == "stuck":
        return {c for c in a.tiles if c != (0, 0) and a.why_not_removable(c) is not None}
    return set(a.removable())


def _judge_remove(at: Attempt, payload: object) -> Verdict:
    lesson = at.lesson
    c = parse_cell(_need(payload, "cell"))
    a = lesson.alhambra()
    if c not in a.tiles:
        return Verdict(False, f"{cell_text(c)} is empty: only a built tile can go to the reserve (R8).", "R8", "empty")
    v = a.why_not_removable(c)
    stuck = lesson.want.get("goal") == "stuck"
    if c == (0, 0):
        return Verdict(False, f"{v or 'The fountain never moves.'}", "R8", "fountain")
    if stuck:
        if v is not None:
            return Verdict(True, f"{a.tiles[c]} at {cell_text(c)} must stay: {v}", v.rule)
        return Verdict(False, f"{a.tiles[c]} at {cell_text(c)} may go to the reserve: what remains keeps R7 (R8). Find one that must stay.", "R8", "removable")
    if v is None:
        after = a.copy()
        after.remove(c)
        return Verdict(True, f"{a.tiles[c]} at {cell_text(c)} may go to the reserve: what remains keeps R7 (R8).", "R8", board=after, cell=c)
    return Verdict(False, f"{a.tiles[c]} at {cell_text(c)} must stay: {v}", v.rule, "stuck")


# game tasks: the answer is an action, applied to the attempt's game
def _action_of(lesson: Lesson, g: Game, payload: object) -> Action:
    if not isinstance(payload, dict):
        raise MalformedInput("This lesson's answer is an action: take, buy, place or reserve.")
    if "take" in payload:
        return TakeMoney(tuple(Card.parse(c) for c in payload["take"]))
    if "buy" in payload:
        slot = str(payload["buy"])
        if "cards" in payload:  # the cards picked on the board, as names
            cards = [Card.parse(c) for c in payload["cards"]]
            for c in cards:
                if c.currency != slot:
                    raise IllegalAction("R6", f"R6: the {slot} slot's tile is paid in {slot}; {c} cannot pay for it.")
            return Buy(slot, tuple(sorted((c.value for c in cards), reverse=True)))
        return Buy(slot, tuple(int(v) for v in _need(payload, "pay")))
    if "place" in payload or "reserve" in payload:
        bought = g.current_player.bought
        tile = Tile.parse(payload.get("tile") or (bought[0].name if bought else ""))
        if "reserve" in payload:
            return Reserve(tile)
        return Place(tile, parse_cell(payload["place"]))
    raise MalformedInput("This lesson's answer is an action: take, buy, place or reserve.")


@dataclass(frozen=True)
class _Move:
    """One action of a game lesson, applied: the lesson, the game before and after,
    the action, its events and the learner's name."""

    lesson: Lesson
    before: Game
    after: Game
    action: Action
    events: list[Any]
    me: str


def _goal_most(m: _Move) -> Verdict | None:
    """R5: the take worth the most that one action allows (the engine lists the takes)."""
    assert isinstance(m.action, TakeMoney)
    total = sum(c.value for c in m.action.cards)
    best = max(sum(c.value for c in t.cards) for t in m.before.legal_actions() if isinstance(t, TakeMoney))
    if total < best:
        return Verdict(False, f"a legal take, worth {total}; another take is worth more (R5).", "R5", "less")
    return Verdict(True, f"{total} is the most money one take allows here (R5).", "R5")


def _goal_exact_for(m: _Move) -> Verdict | None:
    """R4: after the take, the hand pays the slot's tile exactly (the engine's payments)."""
    cur = m.lesson.want["exact_for"]
    tile = m.after.market[cur]
    assert tile is not None
    hand = m.after.player(m.me).hand()[cur]
    exact = [pay for pay in payments(hand, tile.price) if sum(pay) == tile.price]
    if exact:
        how = "+".join(map(str, exact[0]))
        return Verdict(True, f"your {cur} now pays the {tile} exactly: {how} = {tile.price}, which gives another action (R4).", "R4")
    held = ", ".join(map(str, sorted(hand))) or "nothing"
    return Verdict(False, f"after this take your {cur} is {held}: no set of it pays exactly {tile.price} for the {tile} (R4).", "R4", "not_exact")


def _paid(m: _Move) -> tuple[bool, str]:
    assert isinstance(m.action, Buy)
    exact = any(e.kind == "buy" and e.data.get("exact") for e in m.events)
    return exact, f"you paid {sum(m.action.pay)} for the {m.before.market[m.action.currency]}"


def _goal_legal_buy(m: _Move) -> Verdict | None:
    exact, paid = _paid(m)
    return Verdict(True, f"{paid}: a legal purchase (R6){', and exact: another action (R4)' if exact else ''}.", "R6")


def _goal_exact(m: _Move) -> Verdict | None:
    exact, paid = _paid(m)
    if not exact:
        return Verdict(False, f"{paid}: legal, but not exact, so your turn ends (R4).", "R4", "not_exact")
    return Verdict(True, f"{paid}: exact, so another action follows (R4).", "R4")


def _goal_buy_all(m: _Move) -> Verdict | None:
    p = m.after.player(m.me)
    got = {t.name for t in p.bought} | {t.name for t in p.alhambra.tiles.values()}
    if all(Tile.parse(t).name in got for t in m.lesson.want["tiles"]):
        return Verdict(True, "both tiles bought in one turn: the exact payment gave another action (R4).", "R4")
    return None


def _goal_placed(m: _Move) -> Verdict | None:
    if m.after.player(m.me).bought:
        return None
    return Verdict(True, "the tile is placed and the turn is over (R9).", "R9")


GAME_GOALS: dict[str, Callable[[_Move], Verdict | None]] = {
    "most": _goal_most,
    "exact_for": _goal_exact_for,
    "legal": _goal_legal_buy,
    "exact": _goal_exact,
    "buy_all": _goal_buy_all,
    "placed": _goal_placed,
}
"""A game lesson's goal -> whether an applied action met it (None: the turn goes on)."""

GAME_TASKS: dict[str, type[Action] | None] = {"take": TakeMoney, "buy": Buy, "turn": None, "place": None}
"""A game task -> the one kind of action it asks for (None: any)."""


def _judge_game(at: Attempt, payload: object) -> Verdict:
    lesson, g = at.lesson, at.game
    assert g is not None
    me = g.current_player.name
    before = g.copy()
    try:
        action = _action_of(lesson, g, payload)
        kind = GAME_TASKS[lesson.task]
        if kind is not None and not isinstance(action, kind):
            raise MalformedInput(f"This lesson asks for a {kind.type.replace('_', ' ')} action.")
        events = g.apply(action)
    except IllegalAction as e:
        return Verdict(False, e.sentence, e.rule, e.rule or "")
    move = _Move(lesson, before, g, action, events, me)
    v = GAME_GOALS[lesson.want["goal"]](move)
    if v is not None:
        return v
    if g.current_player.name != me or g.phase == "place":
        if isinstance(action, Buy):
            how = _paid(move)[1] + ": not exact, so your turn ended"
        else:
            how = f"“{action}” ended your turn"
        return Verdict(False, f"{how} (only an exact payment gives another action, R4), and the goal is not met.", "R4", "turn_ended")
    return Verdict(True, "an exact payment: your turn goes on (R4).", "R4", done=False)


def answer_of(a: Action) -> dict[str, Any]:
    """A game action as the answer the board sends for it."""
    if isinstance(a, TakeMoney):
        return {"take": [f"{c.currency} {c.value}" for c in a.cards]}
    if isinstance(a, Buy):
        return {"buy": a.currency, "pay": list(a.pay)}
    if isinstance(a, Place):
        return {"place": list(a.pos), "tile": a.tile.name}
    if isinstance(a, Reserve):
        return {"reserve": True, "tile": a.tile.name}
    raise MalformedInput(f"not a lesson answer: {a}")


def _sol_game(lesson: Lesson) -> list[list[dict[str, Any]]]:
    """Search the engine's legal actions for sequences (up to 3) that solve the lesson."""
    out: list[list[dict[str, Any]]] = []

    def go(at: Attempt, path: list[dict[str, Any]], depth: int) -> None:
        assert at.game is not None
        for a in at.game.legal_actions():
            try:
                ans = answer_of(a)
            except MalformedInput:
                continue
            trial = Attempt(lesson, game=at.game.copy())
            try:
                v = lesson.kind.judge(trial, ans)
            except MalformedInput:
                continue
            if v.ok and v.done:
                out.append([*path, ans])
            elif v.ok and depth > 1:
                go(trial, [*path, ans], depth - 1)

    go(Attempt(lesson), [], 3)
    return out


# numbers and choose: an oracle asks the engine for the answer, what a right answer
# means, and what is wrong with another answer -------------------------------------------
@dataclass(frozen=True)
class Oracle:
    """What the engine says about a numbers or choose lesson: the ``answer`` (a choice,
    or the numbers by name), the sentence for a right answer, and ``wrong``: for another
    answer, (sentence, ruling id, kind of mistake)."""

    answer: Any
    right: str
    wrong: Callable[[Any], tuple[str, str, str]]


def _majority(lesson: Lesson) -> Any:
    s = lesson.start
    return score_kind(s["kind"], s["counts"], s["round"])


def _o_majority(lesson: Lesson) -> Oracle:
    ks, s = _majority(lesson), lesson.start

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        name = next(n for n, v in ks.points.items() if given.get(n) != v)
        got, want = given.get(name), ks.points[name]
        if name not in ks.places:
            return f"you gave {name} {got}, but {name} has no {s['kind']}, so takes no place and scores nothing (R10).", "R10", "place"
        pooled = ks.shared.get(name, (ks.places[name],))
        table = POINTS[s["kind"]][s["round"] - 1]
        if len(pooled) > 1:
            group = [n for n, p in ks.places.items() if p == ks.places[name]]
            worth = "+".join(str(table[p - 1]) if p <= len(table) else "0" for p in pooled)
            return (f"you gave {name} {got}, but {' and '.join(sorted(group))} tie for {ORDINAL[ks.places[name]]} place, "
                    f"so they share {worth} and each gets {want}, rounded down (R10)."), "R10", "shared"  # fmt: skip
        if ks.places[name] > len(table):
            paid = f"{len(table)} place{'s' if len(table) > 1 else ''}"
            return f"you gave {name} {got}, but {name} is {ORDINAL[ks.places[name]]}, and round {s['round']} pays only {paid} (R10).", "R10", "place"
        return (f"you gave {name} {got}, but {name} is {ORDINAL[ks.places[name]]} with {ks.counts[name]}, "
                f"worth {want} in round {s['round']} (R10)."), "R10", "place"  # fmt: skip

    return Oracle(dict(ks.points), ks.explain() + " (R10).", wrong)


def _o_walls(lesson: Lesson) -> Oracle:
    a = lesson.alhambra()
    want = a.longest_wall()
    external, drawn = len(a.external_walls()), sum(len(t.walls) for t in a.tiles.values())

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        got = given["wall"]
        if got == drawn and drawn != external:
            return f"{got} counts every wall drawn, but walls back to back between two tiles count for nothing (R11).", "R11", "inner"
        if got == external and external != want:
            return f"{got} counts every outer segment; only the longest trail joined end to end scores (R11).", "R11", "all_outer"
        return f"{got} is too {'many' if got > want else 'few'}: follow one joined outer wall, segment by segment (R11).", "R11", "count"

    return Oracle({"wall": want}, f"the longest joined outer wall has {want} segments (R11).", wrong)


def _o_dirk(lesson: Lesson) -> Oracle:
    s = lesson.start
    want = dirk_draw(s["after_round"], s["bag"])

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        got = given["tiles"]
        if s["after_round"] == 2 and got == 6:
            return "6 is what Dirk takes at setup and after round 1; after round 2 it is a third of the bag (R3).", "R3", "dirk"
        if s["after_round"] == 2 and got == -(-s["bag"] // 3):
            return "a third of the bag is rounded down, not up (R3).", "R3", "dirk"
        return f"{got} is not what Dirk takes from a bag of {s['bag']} after round {s['after_round']} (R3).", "R3", "dirk"

    return Oracle({"tiles": want}, f"after round {s['after_round']} Dirk takes {want} of the {s['bag']} tiles (R3).", wrong)


def _only_cell(lesson: Lesson) -> Pos:
    cells = lesson.alhambra().legal_positions(lesson.tile())
    if len(cells) != 1:
        raise MalformedInput(f"Lesson {lesson.id}: the tile fits {len(cells)} cells, not one.")
    return next(iter(cells))


def _o_coords(lesson: Lesson) -> Oracle:
    x, y = _only_cell(lesson)

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        gx, gy = given["x"], given["y"]
        if (gx, gy) == (y, x):
            return "x and y are swapped: x counts east from the fountain, y counts south (R7).", "R7", "swapped"
        if (gx, gy) == (x, -y) and y:
            return "y grows to the south: a cell north of the fountain has a negative y (R7).", "R7", "y_sign"
        if (gx, gy) == (-x, y) and x:
            return "x grows to the east: a cell west of the fountain has a negative x (R7).", "R7", "x_sign"
        v = lesson.alhambra().why_illegal(lesson.tile(), (gx, gy))
        if v is None:  # pragma: no cover - the tile fits one cell only
            return "that cell is not the one (R7).", "R7", "cell"
        return f"the tile does not fit at ({gx}, {gy}): {v}", "R7", v.rule

    return Oracle({"x": x, "y": y}, f"{lesson.tile()} fits only at {cell_text((x, y))} (R7).", wrong)


def _money_cards(lesson: Lesson) -> int:
    g = Game([f"P{i}" for i in range(lesson.start["players"])], seed=0)
    return len(g.display) + sum(len(p.money) for p in g.players) + sum(isinstance(c, Card) for c in g.deck)


def _o_cards(lesson: Lesson) -> Oracle:
    want, n = _money_cards(lesson), lesson.start["players"]

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        if n > 2 and given["cards"] == 72:
            return "72 is the two-player game, where one card of each currency and value leaves (R3).", "R3", "two_players"
        return f"{given['cards']} is not it: count four currencies, values 1 to 9, and how many of each (R1).", "R1", "count"

    return Oracle({"cards": want}, f"a game of {n} players uses {want} money cards (R1).", wrong)


def _o_g_fields(lesson: Lesson) -> Oracle:
    from ..engine.gardens.components import fields_of

    bx, by = lesson.start["building"]
    want = len(fields_of((int(bx), int(by))))
    return Oracle({"fields": want}, f"{want} garden fields touch that building (G1).", lambda given: (
        f"{given['fields']} is not it: count the garden fields at the building's corners that lie on the board (G1).", "G1", "fields"))


def _o_g_points(lesson: Lesson) -> Oracle:
    from ..engine.gardens.game import explain_winner

    s = lesson.start
    winner, why_w = explain_winner(s["trees"])
    kinds = sum(1 for v in s["trees"].values() if v > 0)
    want = s["value"] * kinds if winner is not None else 0

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        got = given["points"]
        if winner and got == s["value"] * s["trees"][winner]:
            return "the multiplier is the number of kinds with a tree facing the building, not the winner's trees (G4).", "G4", "points"
        if got == s["value"]:
            return "the value is multiplied by the number of kinds facing the building (G4).", "G4", "points"
        return f"{got} is not it: first find the winning kind ({why_w}), then multiply (G4).", "G4", "points"

    right = f"{why_w}; {s['value']} x {kinds} kinds facing it (G4)." if winner else f"{why_w} (G4)."
    return Oracle({"points": want}, right, wrong)


def _o_g_end(lesson: Lesson) -> Oracle:
    from ..engine.gardens.components import FIELDS

    return Oracle({"tiles": FIELDS * FIELDS}, "the game ends when every garden field holds a tile (G5).", lambda given: (
        f"{given['tiles']} is not it: the game ends when every garden field is planted (G5).", "G5", "end"))


def _o_starting_player(lesson: Lesson) -> Oracle:
    s = lesson.start
    g = Game(list(s["game"]["players"]), seed=s["game"]["seed"])
    who = g.players[g.starting_player]
    key = ", ".join(f"{p.name} {len(p.money)} cards / {sum(c.value for c in p.money)}" for p in g.players)

    def wrong(name: str) -> tuple[str, str, str]:
        p = g.player(name)
        if len(p.money) > len(who.money):
            return f"{name} holds {len(p.money)} cards, and someone holds fewer: the fewest cards start (R2).", "R2", "starting_player"
        return f"{name} holds as many cards as another player, whose total is lower: then the lowest total starts (R2).", "R2", "starting_player"

    return Oracle(who.name, f"{who.name} starts: fewest cards, then the lowest total ({key}) (R2).", wrong)


def _o_to_move(lesson: Lesson) -> Oracle:
    seed = lesson.start["game"]["seed"]
    who = lesson.game().current_player.name
    return Oracle(who, f"it is {who}'s turn: the same seed and actions always give the same game (R13).", lambda name: (
        f"replaying seed {seed} and these actions, it is not {name}'s turn: only an exact payment gives another action (R4), "
        "and the same seed and actions always give the same game (R13).", "R13", "to_move"))


def _hand_totals(hands: dict[str, list[str]]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for n, cards in hands.items():
        h: dict[str, int] = {}
        for c in cards:
            card = Card.parse(c)
            h[card.currency] = h.get(card.currency, 0) + card.value
        out[n] = h
    return out


def _o_gift(lesson: Lesson) -> Oracle:
    s = lesson.start
    holdings = _hand_totals(s["hands"])
    cur = s["currency"]
    [(_c, _t, receiver, _top)] = end_game_gifts({cur: Tile("garden", 10)}, holdings)  # R12
    held = {n: h.get(cur, 0) for n, h in holdings.items()}
    listed = ", ".join(f"{n} {v}" for n, v in held.items())

    def wrong(name: str) -> tuple[str, str, str]:
        if name == "nobody":
            return f"one player holds more {cur} than each other player, so the tile goes to that player (R12).", "R12", "gift"
        if receiver is None:
            return f"{name} holds {held[name]} {cur}, and the most is held by two players: on a tie for most the tile stays (R12).", "R12", "gift"
        return f"{name} holds {held[name]} {cur}; another player holds more. Count the values of {cur} cards, not the cards (R12).", "R12", "gift"

    right = (f"{receiver} holds the most {cur} ({listed}) and receives the tile (R12)." if receiver
             else f"nobody: a tie for the most {cur} ({listed}), so the tile stays (R12).")  # fmt: skip
    return Oracle(receiver or "nobody", right, wrong)


def _o_winning_kind(lesson: Lesson) -> Oracle:
    from ..engine.gardens.game import explain_winner

    trees = lesson.start["trees"]
    winner, why = explain_winner(trees)

    def wrong(kind: str) -> tuple[str, str, str]:
        if kind == "nobody":
            return "not every count is shared, so a kind wins (G4).", "G4", "winning_kind"
        n = trees.get(kind, 0)
        tied = [k for k, v in trees.items() if v == n and k != kind]
        if tied:
            return f"{kind} has {n}, tied with {' and '.join(tied)}: tied kinds drop out (G4).", "G4", "winning_kind"
        return f"{kind} has {n}: the winner is the highest count that no other kind shares (G4).", "G4", "winning_kind"

    return Oracle(winner or "nobody", why + " (G4).", wrong)


def _o_g_side(lesson: Lesson) -> Oracle:
    s = lesson.start
    tile = next(t for t in garden_tiles() if t.id == s["garden"])

    def wrong(kind: str) -> tuple[str, str, str]:
        if kind == tile.side(s["side"], 0):
            return "that is the side before turning: each quarter turn moves every side one place clockwise (G2).", "G2", "g_side"
        turns = f"{s['turn']} quarter turn{'s' if s['turn'] > 1 else ''}"
        return f"{kind} is not there after {turns} clockwise; turn the sides one place at a time (G2).", "G2", "g_side"

    return Oracle(tile.side(s["side"], s["turn"]), "each quarter turn clockwise moves every side one place on (G2).", wrong)


def _o_g_first(lesson: Lesson) -> Oracle:
    from ..engine.gardens.game import GardensGame, Lay

    s = lesson.start
    gg = GardensGame(list(s["players"]), seed=s["seed"])
    tile = gg.current_player.hand[0]

    def refusal(label: str) -> GameError | None:
        return gg.why_illegal(Lay(tile.id, parse_cell(label.strip("()")), 0))

    legal = [lab for lab in options(lesson) if refusal(lab) is None]

    def wrong(label: str) -> tuple[str, str, str]:
        return str(refusal(label) or "that field is legal."), "G3", "g_first"

    return Oracle(legal[0], "the starting player's first tile keeps off the edge of the board (G3).", wrong)


def _option_scores(lesson: Lesson) -> dict[str, tuple[int, str]]:
    """Strategy lessons: each option applied to the what-if position; its margin
    (your points in the round minus the best other player's) and a sentence."""
    from ..whatif import Position

    s = lesson.start
    me, rnd = s["me"], s["round"]
    out = {}
    for opt in s["options"]:
        p = Position.from_description(s["position"])
        for step in opt["do"]:
            op, *args = step
            if op == "add":
                p.add(args[0], args[1], parse_cell(args[2]))
            elif op == "give_dirk":
                p.give_dirk(args[0])
            elif op == "remove":
                p.remove(args[0], parse_cell(args[1]))
            elif op == "reserve":
                p.seats[args[0]].reserve.append(Tile.parse(args[1]))
            else:
                raise MalformedInput(f"unknown what-if step {op!r}")
        totals = p.score(rnd).totals
        others = {n: v for n, v in totals.items() if n not in (me, p.dirk_name)}  # Dirk cannot win (R3)
        rival = max(others, key=lambda n: others[n])
        margin = totals[me] - others[rival]
        out[opt["label"]] = (margin, f"with “{opt['label']}” round {rnd} gives you {totals[me]} and {rival} {others[rival]}")
    return out


def _o_best(lesson: Lesson) -> Oracle:
    scored = _option_scores(lesson)
    best = max(scored, key=lambda k: scored[k][0])
    rules = " and ".join(lesson.rules)
    return Oracle(best, scored[best][1] + ", the best of the choices.", lambda label: (
        f"{scored[label][1]}; another choice leaves you better off ({rules}).", lesson.rules[0], "best"))


ORACLES: dict[str, Callable[[Lesson], Oracle]] = {
    # numbers
    "majority": _o_majority,
    "walls": _o_walls,
    "dirk": _o_dirk,
    "coords": _o_coords,
    "cards": _o_cards,
    "g_fields": _o_g_fields,
    "g_points": _o_g_points,
    "g_end": _o_g_end,
    # choose
    "starting_player": _o_starting_player,
    "to_move": _o_to_move,
    "gift": _o_gift,
    "winning_kind": _o_winning_kind,
    "g_side": _o_g_side,
    "g_first": _o_g_first,
    "best": _o_best,
}
"""Oracle name (a lesson's ``want["oracle"]``) -> what the engine says about it."""


def number_fields(lesson: Lesson) -> list[str]:
    """The names of the numbers a lesson asks for (shown as labelled boxes)."""
    return list(ORACLES[lesson.want["oracle"]](lesson).answer)


def options(lesson: Lesson) -> list[str]:
    """The choices a choose lesson offers (all of them, whatever the answer)."""
    o, s = lesson.want["oracle"], lesson.start
    if o in ("starting_player", "to_move"):
        return list(s["game"]["players"])
    if o == "gift":
        return [*s["hands"], "nobody"]
    if o == "winning_kind":
        return [*TREES, "nobody"]
    if o == "g_side":
        return list(TREES)
    return [opt["label"] for opt in s["options"]]


def _judge_oracle(lesson: Lesson, given: Any) -> Verdict:
    o = ORACLES[lesson.want["oracle"]](lesson)
    if given == o.answer:
        return Verdict(True, o.right, lesson.rules[0])
    text, rule, mistake = o.wrong(given)
    return Verdict(False, text, rule, mistake)


def _judge_numbers(at: Attempt, payload: object) -> Verdict:
    lesson = at.lesson
    raw = _need(payload, "numbers")
    if not isinstance(raw, dict):
        raise MalformedInput("Numbers are an object: name -> whole number.")
    given: dict[str, int] = {}
    for k in number_fields(lesson):
        v = raw.get(k)
        if v is None or v == "":
            raise MalformedInput(f"Enter a number for {k}.")
        try:
            given[k] = int(v)
        except (TypeError, ValueError):
            raise MalformedInput(f"{k}: {v!r} is not a whole number.") from None
    return _judge_oracle(lesson, given)


def _judge_choose(at: Attempt, payload: object) -> Verdict:
    lesson = at.lesson
    pick = _need(payload, "choice")
    if pick not in options(lesson):
        raise MalformedInput(f"Choose one of {options(lesson)}.")
    return _judge_oracle(lesson, pick)


def _sol_numbers(lesson: Lesson) -> list[list[dict[str, Any]]]:
    return [[{"numbers": ORACLES[lesson.want["oracle"]](lesson).answer}]]


def _sol_choose(lesson: Lesson) -> list[list[dict[str, Any]]]:
    return [[{"choice": ORACLES[lesson.want["oracle"]](lesson).answer}]]


TASKS: dict[str, Task] = {
    "build": Task(_judge_build, lambda L: _sol_cells(_build_targets(L)), "alhambra"),
    "exchange": Task(_judge_build, lambda L: _sol_cells(_build_targets(L)), "alhambra"),
    "break": Task(_judge_break, lambda L: _sol_cells(_breaking(L)), "alhambra"),
    "remove": Task(_judge_remove, lambda L: _sol_cells(_removal_targets(L)), "alhambra"),
    "take": Task(_judge_game, _sol_game, "game"),
    "buy": Task(_judge_game, _sol_game, "game"),
    "turn": Task(_judge_game, _sol_game, "game"),
    "place": Task(_judge_game, _sol_game, "game"),
    "numbers": Task(_judge_numbers, _sol_numbers, "numbers"),
    "choose": Task(_judge_choose, _sol_choose, "choose"),
}
"""Kind of answer -> how the engine judges it and finds its solutions."""


# -- progress ----------------------------------------------------------------------------
def default_progress_path() -> Path:
    """``$ALHAMBRA_COURSE_PROGRESS``, else ``course-progress.json`` under the user's
    Jupyter data directory."""
    env = os.environ.get("ALHAMBRA_COURSE_PROGRESS")
    if env:
        return Path(env)
    try:
        from jupyter_core.paths import jupyter_data_dir

        base = Path(jupyter_data_dir())
    except ImportError:  # pragma: no cover - a bare Pyodide
        base = Path.home() / ".local" / "share" / "jupyter"
    return base / "alhambra-widget" / "course-progress.json"


class Progress:
    """Stars per lesson (the best so far) and the lesson last opened, kept in a JSON
    file: ``{"version": 1, "stars": {"R7a-find": 3}, "at": "R7a-find"}``."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path is not None else default_progress_path()
        self.stars: dict[str, int] = {}
        self.at: str | None = None
        try:
            d = json.loads(self.path.read_text())
            self.stars = {str(k): int(v) for k, v in d.get("stars", {}).items()}
            self.at = d.get("at")
        except (OSError, ValueError, AttributeError):
            pass  # no progress yet, or a file that is not ours: start afresh

    def record(self, lesson_id: str, stars: int) -> None:
        self.stars[lesson_id] = max(stars, self.stars.get(lesson_id, 0))
        self.save()

    def visit(self, lesson_id: str) -> None:
        self.at = lesson_id
        self.save()

    def save(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps({"version": 1, "stars": self.stars, "at": self.at}, indent=1))
        except OSError:  # a read-only place (a kiosk, JupyterLite's browser storage): kept in memory
            pass

    def __repr__(self) -> str:
        return f"Progress({str(self.path)!r}, {sum(self.stars.values())} stars)"


__all__ = ["TASKS", "Attempt", "GameError", "Lesson", "Progress", "Verdict", "building_tiles"]
