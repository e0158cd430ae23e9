"""The lesson, an attempt at it, its verdicts, and what a kind of task is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...engine.alhambra.components import Tile
from ...engine.alhambra.game import Game
from ...engine.alhambra.grid import Alhambra
from ...engine.errors import MalformedInput
from ...views.contract import VerdictJson

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

    def to_dict(self) -> VerdictJson:
        """The verdict as JSON for the page: ok, text, rule (a ruling id), mistake, done."""
        return {
            "ok": self.ok,
            "text": self.message,
            "rule": self.rule,
            "mistake": self.mistake,
            "done": self.done,
        }


def cell_text(c: Pos) -> str:
    """A cell as the lessons write it: ``(x, y)``."""
    return f"({c[0]}, {c[1]})"


def tile_words(t: Tile) -> str:
    """A tile named in words: "pavilion 2, walls north, east and west" (never the bare
    letters, which read as a word: "pavilion 2 NEW")."""
    sides = [{"N": "north", "E": "east", "S": "south", "W": "west"}[c] for c in t.walls]
    if not sides:
        return f"{t.kind} {t.price}"
    listed = ", ".join(sides[:-1]) + " and " + sides[-1] if len(sides) > 1 else sides[0]
    return f"{t.kind} {t.price}, wall{'s' if len(sides) > 1 else ''} {listed}"


def parse_cell(v: object) -> Pos:
    """A cell from an answer: a pair or an ``"x,y"`` string; anything else is MalformedInput."""
    if isinstance(v, str):
        v = v.split(",")
    if not isinstance(v, (list, tuple)) or len(v) != 2:
        raise MalformedInput(f"A cell is a pair (x, y), not {v!r}.")
    try:
        return int(v[0]), int(v[1])
    except (TypeError, ValueError):
        raise MalformedInput(f"A cell is a pair of integers, not {v!r}.") from None


def answer_field(payload: object, key: str) -> Any:
    """The ``key`` of an answer object, or MalformedInput naming it (for the judges)."""
    if not isinstance(payload, dict) or key not in payload:
        raise MalformedInput(f"This lesson's answer is an object with {key!r}.")
    return payload[key]


def _sentence(s: str) -> str:
    s = s.strip()
    return (s[0].upper() + s[1:]) if s else s


def carried_game(g: Game, spec: dict[str, Any]) -> dict[str, Any]:
    """The start of a step that goes on with game ``g`` (from the lesson's ``spec``): the
    same seed and every action so far (R13); when the turn has passed on, the learner
    (the first player) is to act again, as after the others' turns."""
    me = spec["players"][0]
    acts = [a.to_json() for a in g.history]
    if g.current_player.name != me:
        acts.append({"type": "edit", "changes": {"current": me}})
    return {"players": list(spec["players"]), "seed": spec["seed"], "actions": acts}


def _picked(payload: object) -> Pos | None:
    """The cell or field an answer picked on the board (already judged well-formed)."""
    if isinstance(payload, dict):
        for k in ("cell", "field", "place"):
            if k in payload:
                return parse_cell(payload[k])
    return None


# -- the lesson -------------------------------------------------------------------------
@dataclass(frozen=True)
class Lesson:
    """One lesson: ``goal`` in plain words, a ``start`` position, a ``task`` (the kind
    of answer, a key of :data:`TASKS`), ``want`` (what the engine is asked), ``hints``
    (one step at a time, none giving the answer away) and ``after`` (said once solved).
    ``draws_longest_wall``: the board marks the longest wall (R11), for the lessons
    about it.

    Teach, then ask: ``teach`` is the short explanation (2-5 sentences, the project's
    words) shown before the task, ``picture`` what the engine draws beside it (a plain
    description, drawn by the course view), ``teaches`` the facts (ruling ids such as
    ``"R7a"``, or fact ids such as ``"points-table"``) that this explanation teaches, and
    ``needs`` the facts the task needs, each taught here or in an earlier lesson
    (``tests/test_course.py`` checks it)."""

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
    draws_longest_wall: bool = False
    teach: str = ""
    picture: dict[str, Any] = field(default_factory=dict)
    teaches: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()
    steps: tuple[dict[str, Any], ...] = ()
    """A lesson in several steps (task ``"steps"``): each step a dict with its own
    ``goal``, ``task``, ``want``, ``hints`` and ``start``, or ``carry`` (``"game"``: the
    game as the step before left it, the learner to act again; ``"board"``: the
    Alhambra the step before left). Each step is judged on its own."""

    def __post_init__(self) -> None:
        if self.task not in TASKS:
            raise MalformedInput(
                f"Lesson {self.id}: unknown task {self.task!r}; the tasks are {sorted(TASKS)}."
            )
        if (self.task == "steps") != bool(self.steps):
            raise MalformedInput(
                f"Lesson {self.id}: a lesson in steps has task 'steps' and its steps."
            )

    def step(self, i: int, before: Attempt | None = None) -> Lesson:
        """Step ``i`` of a lesson in steps, as a lesson of its own (its start carried
        over from ``before``, the attempt at the step before, when it says so)."""
        d = dict(self.steps[i])
        carry = d.pop("carry", None)
        start = dict(d.pop("start", {}))
        if carry == "game" and before is not None and before.game is not None:
            start["game"] = carried_game(before.game, self.steps[0]["start"]["game"])
        elif (
            carry == "board"
            and before is not None
            and before.last is not None
            and before.last.board is not None
        ):
            start["alhambra"] = {
                f"{x},{y}": t.name
                for (x, y), t in before.last.board.tiles.items()
                if (x, y) != (0, 0)
            }
        d.setdefault("title", self.title)
        d.setdefault("rules", self.rules)
        return Lesson(id=f"{self.id}/{i + 1}", chapter=self.chapter, start=start, **d)

    # -- the start position --------------------------------------------------------
    def alhambra(self) -> Alhambra:
        """The lesson's starting Alhambra, from ``start["alhambra"]`` (cell -> tile name)."""
        cells = {parse_cell(k): Tile.parse(t) for k, t in self.start.get("alhambra", {}).items()}
        return Alhambra.from_tiles(cells)

    def tile(self) -> Tile:
        """The tile the lesson gives to place (``start["tile"]``)."""
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
        """The lesson's Task (how it is checked and solved), by its ``task`` name."""
        return TASKS[self.task]

    def solutions(self) -> list[list[dict[str, Any]]]:
        """The engine's answers: each a list of answers given in order (one for most
        lessons, several for a turn of actions)."""
        return self.kind.solutions(self)

    def attempt(self) -> Attempt:
        """A new attempt at this lesson: answers, hints and stars."""
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
    step: int = 0
    """A lesson in steps: the step being answered (from 0)."""
    sub: Attempt | None = None
    """A lesson in steps: the attempt at the step being answered."""
    picked: Pos | None = None
    """The cell (or Gardens field) the last try picked on the board, None for an answer
    given otherwise (numbers, a choice, cards): the board marks it once judged."""
    hinted: bool = False
    """A hint was shown (in any step): the lesson then earns a star less."""

    def __post_init__(self) -> None:
        if self.game is None and "game" in self.lesson.start:
            self.game = self.lesson.game()
        if self.lesson.steps and self.sub is None:
            self.sub = self.lesson.step(0).attempt()

    @property
    def current(self) -> Attempt:
        """The attempt the board answers: the step's, in a lesson in steps."""
        return self.sub if self.sub is not None else self

    @property
    def stars(self) -> int:
        """How it went: 3 when solved at the first try without a hint; each wrong try
        costs a star, and hints one star (however many); 1 at least once solved, 0
        before."""
        return max(1, 3 - self.tries - self.hinted) if self.solved else 0

    def answer(self, payload: object) -> Verdict:
        """Judge one try. A malformed answer raises :class:`MalformedInput` (not a try);
        a wrong one counts as a try and gets feedback about that mistake."""
        if self.solved:
            return self.last or Verdict(True, "Already solved.")
        v = self.lesson.kind.judge(self, payload)
        v = Verdict(v.ok, _sentence(v.message), v.rule, v.mistake, v.done, v.board, v.cell)
        self.picked = _picked(payload)
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
        if self.sub is not None:
            h = self.sub.hint()
        elif self.hints_shown >= len(self.lesson.hints):
            return None
        else:
            self.hints_shown += 1
            h = self.lesson.hints[self.hints_shown - 1]
        self.hinted = self.hinted or h is not None
        return h

    def reset(self) -> None:
        """Start the position again (tries and hints stay counted)."""
        self.game = self.lesson.game() if "game" in self.lesson.start else None
        self.last, self.picked = None, None
        if self.lesson.steps:
            self.step, self.sub, self.solved = 0, self.lesson.step(0).attempt(), False


# -- the kinds of task -------------------------------------------------------------------
@dataclass(frozen=True)
class Task:
    """A kind of answer: ``judge`` (attempt, answer) -> Verdict, and ``solutions``."""

    judge: Callable[[Attempt, object], Verdict]
    solutions: Callable[[Lesson], list[list[dict[str, Any]]]]
    board: str
    """What the page draws to answer on: alhambra, game, numbers or choose."""


TASKS: dict[str, Task] = {}
"""Kind of answer -> how the engine judges it and finds its solutions (filled by
:mod:`alhambra_widget.course.lessons` from the ``*_TASKS`` of the modules that judge
them: each kind lives in its own module)."""


@dataclass(frozen=True)
class Oracle:
    """What the engine says about a numbers or choose lesson: the ``answer`` (a choice,
    or the numbers by name), the sentence for a right answer, and ``wrong``: for another
    answer, (sentence, ruling id, kind of mistake)."""

    answer: Any
    right: str
    wrong: Callable[[Any], tuple[str, str, str]]
