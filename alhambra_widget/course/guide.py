"""A guided first game (:class:`GuidePart`, the part a guided table adds to a game
table): a scripted game on the real table, as a board-game site's tutorial walks one.

A :class:`Script` is a whole game fixed in advance: the players, the seed and every
action, the learner's and the bots' (engine actions, applied by the engine, which
refuses any that is illegal). Each of the learner's actions is a guided
:class:`Step`: the table stops there, the guide's region says what to do and why
(and explains each rule the first time it happens, naming its ruling), and the board
marks what to click. The learner makes the move; any other move is refused with a sentence saying what to do instead, and the game
is left as it was. Between steps the table plays the bots' replies by itself. A rule met
again is not explained again: a later step says what to do, why the move is good when
the engine gives a reason.

Nothing here judges a rule: the steps are the engine's actions, their marks are read
off the actions' fields, and every sentence about the game comes from the engine's
events.
"""

from __future__ import annotations

import pathlib
import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..engine.errors import GameError, IllegalAction, MalformedInput
from ..views.contract import GuideJson, Marks, SessionFields
from ..widgets.base import Intents
from ..widgets.session_widget import SessionWidget
from .glossary import entries, terms_in
from .lessons import Progress

NO_UNDO = (
    "The guided game follows its script, so there is no undo: \u201cstart again\u201d starts "
    "it over from the first step."
)
"""What an undo in a guided game is told."""

RULE_HEAD = re.compile(r"R\d+[a-d]?|G\d")
"""A ruling id at the head of a refusal's sentence."""

STARS = 3
"""The stars a guided game earns once played to its end (every step was the learner's
own move, and a wrong click changes nothing)."""


@dataclass(frozen=True)
class Step:
    """One guided move: the engine action the learner makes at ``index`` (the number
    of actions before it), what to do (``do``), the rules explained there for the first
    time (``why``, naming ``rules``), the ``events`` of the course it teaches
    (``"take"``, ``"exact"``, ...), what happened since the last step (``before``: the
    engine's sentences; ``note``: a one-line aside on the moment, such as that the game
    is about to end), where to click (``marks``) and why the move is a good one
    (``good``). After a scoring round played by the table, ``walk`` is said
    while its walkthrough is open and ``walked`` once it is closed."""

    index: int
    action: Any
    do: str
    why: str = ""
    rules: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    before: tuple[str, ...] = ()
    marks: Marks = field(default_factory=lambda: Marks())
    note: str = ""
    walk: str = ""
    walked: str = ""
    good: str = ""
    """Why the move is a good one, in the course's terms (read off the engine)."""


@dataclass(frozen=True)
class Script:
    """A whole scripted game: how to set it up (``players``, ``seed``), every action
    in order, the guided :class:`Step` s among them, and what the guide says once the
    game is over (``end``, with its ``end_lines`` from the engine and the rulings in
    ``end_rules``; ``end_events`` are the course events it teaches)."""

    players: tuple[str, ...]
    seed: int
    actions: tuple[Any, ...]
    steps: tuple[Step, ...]
    end: str
    end_lines: tuple[str, ...] = ()
    end_rules: tuple[str, ...] = ()
    end_events: tuple[str, ...] = ()

    @property
    def events(self) -> list[str]:
        """Every course event the script explains, in order."""
        out = [e for s in self.steps for e in s.events] + list(self.end_events)
        return list(dict.fromkeys(out))


def in_short(lines: list[str], most: int = 4) -> list[str]:
    """The last ``most`` of a stretch's sentences, and how many came before them."""
    if len(lines) <= most:
        return lines
    return [f"(and {len(lines) - most} more before these)", *lines[-most:]]


class GuidePart(SessionWidget[Any]):
    """What a guided table adds to a session board: the script, played up to each step;
    the learner's move checked against the step before the engine applies it; the
    guide's region in ``view["guide"]`` (drawn by ``js/src/areas/guide.ts``) with the
    marks of what to click. The shell both guided tables share: a table class names its
    game (``GAME``), its seed (``SEED``), how its script is made (:meth:`make_script`)
    and the coached game that comes next (``NEXT``)."""

    GAME_KIND: ClassVar[str] = ""
    LESSON_ID: ClassVar[str] = ""
    GAME: ClassVar[Any] = None
    """The engine's game class of the script."""
    SEED: ClassVar[int] = 0
    """The seed the guided game is played with unless told another."""
    NEXT: ClassVar[str] = ""
    """The line of code of the coached game that comes next, said at the end."""

    def __init__(
        self,
        *,
        seed: int | None = None,
        progress: Progress | str | pathlib.Path | None = None,
        **kwargs: Any,
    ):
        script = self.make_script(self.SEED if seed is None else seed)
        super().__init__(game=self.GAME(list(script.players), seed=script.seed), **kwargs)
        self._guide_start(script, progress)

    @classmethod
    def make_script(cls, seed: int) -> Script:  # pragma: no cover - abstract
        """The script of the guided game of ``seed``."""
        raise NotImplementedError

    def _guide_start(self, script: Script, progress: Progress | str | pathlib.Path | None) -> None:
        self._k = 0  # the next step of the script
        self._muted = True
        self._told = ""  # what the last click that was not the step's move was told
        self.script = script
        self.progress = progress if isinstance(progress, Progress) else Progress(progress)
        self.hints_enabled = False  # the guide says what to do: no search
        self.finished = False
        self._play_on()

    @property
    def learner(self) -> str:
        """The learner's name: the first player of the script."""
        return self.script.players[0]

    @property
    def current_step(self) -> Step | None:
        """The step the table waits for, or None once the game is over."""
        steps = self.script.steps
        return steps[self._k] if self._k < len(steps) else None

    @property
    def expected(self) -> Any:
        """The move the guide asks for now (an engine action), or None at the end."""
        s = self.current_step
        return None if s is None else s.action

    @property
    def step_number(self) -> int:
        """How many guided steps are behind the learner."""
        return self._k

    def _play_on(self) -> None:
        """Play the script by itself up to the next step (or to its end)."""
        g = self.session.game
        stop = self.current_step.index if self.current_step else len(self.script.actions)
        self._muted = True  # one view at the end, not one per action
        try:
            while len(g.history) < stop:
                self.session.act(self.script.actions[len(g.history)])
                g = self.session.game
        finally:
            self._muted = False
        if g.is_over and not self.finished:
            self.finished = True
            self.progress.record(self.LESSON_ID, STARS)
        self._publish()

    def _publish(self) -> None:
        if not getattr(self, "_muted", False):
            super()._publish()

    def _refusal(self, action: Any) -> str | None:
        """Why ``action`` is not the step's move (a true sentence saying what to do
        instead), or None when it is."""
        s = self.current_step
        if not self.session.live:
            return "You are looking back at an earlier step: go to the latest step first (»)."
        if s is None:
            return "The guided game is over: nothing more to play here."
        if action == s.action:
            return None
        err = self.session.game.why_illegal(action)
        if err is not None:
            return f"{err} Instead, the guide's step: {s.do}"
        return (
            f"The guide's step: {s.do} That move is allowed, but this guided game follows "
            "a script (in the coached game you choose freely)."
        )

    def _check(self, action: Any) -> None:
        said = self._refusal(action)
        if said is not None:
            live = self.session.live and self.current_step is not None
            err = self.session.game.why_illegal(action) if live else None
            rule = getattr(err, "rule", None)
            raise IllegalAction(rule, said) if rule else GameError(said)

    def act(self, action: object, resolve: str | None = None) -> list[Any]:
        """Make the guided step's move (as a click does): any other move is refused
        with a sentence saying what to do instead, and nothing changes. Then the table
        plays the script on to the next step."""
        self._check(action)
        events = self.session.act(action)
        self._told = ""  # what a wrong click was told is over with the step
        self._k += 1
        self._play_on()
        return events

    def told(self, action: Any) -> str:
        """What a click on the page that is not the step's move is told: a gentle
        sentence in the guide's region, saying what to do instead (the rule a move
        breaks comes after, in its words; its ruling id last, in brackets)."""
        s = self.current_step
        if not self.session.live or s is None:
            return self._refusal(action) or ""
        err = self.session.game.why_illegal(action)
        if err is None:
            return f"Not that one: this guided game follows a script. Instead: {s.do}"
        rule = f" ({err.rule})" if err.rule else ""
        return f"Not that one: {strip_rule(err.sentence)}{rule} Instead: {s.do}"

    def _act_for_page(self, action: object, resolve: str | None = None) -> None:
        if self._refusal(action) is not None:
            self._told = self.told(action)  # shown in the guide, not as an error
            self._say("", "info")
            self._publish()
            return
        self._told = ""
        self._k += 1
        try:
            super()._act_for_page(action, None)
        except BaseException:
            self._k -= 1
            raise
        self._play_on()

    def play_step(self) -> list[Any]:
        """Make the guided step's move for the learner (for a script or a test)."""
        if self.expected is None:
            raise GameError("The guided game is over: nothing more to play here.")
        return self.act(self.expected)

    # -- the view ----------------------------------------------------------------------
    def _guide_json(self) -> GuideJson:
        s = self.current_step
        sc = self.script
        if s is None:
            return {
                "step": len(sc.steps),
                "steps": len(sc.steps),
                "note": "",
                "before": [],
                "do": "",
                "why": sc.end,
                "lines": list(sc.end_lines),
                "rules": list(sc.end_rules),
                "marks": {},
                "finished": True,
                "said": "",
                "next": self.NEXT,
                "walk": "",
                "walked": "",
                "good": "",
                "glossary": entries(terms_in(sc.end, *sc.end_lines)),
            }
        return {
            "step": self._k + 1,
            "steps": len(sc.steps),
            "note": s.note,
            "before": list(s.before),
            "do": s.do,
            "why": s.why,
            "lines": [],
            "rules": list(s.rules),
            "marks": s.marks,
            "finished": False,
            "said": self._told,
            "next": "",
            "walk": s.walk,
            "walked": s.walked,
            "good": s.good,
            "glossary": entries(
                terms_in(s.do, s.good, s.why, s.note, *s.before, self._told, s.walk, s.walked)
            ),
        }

    def _session_fields(self) -> SessionFields:
        fields = super()._session_fields()
        if hasattr(self, "script"):  # the table draws itself once before the script is set
            fields["guide"] = self._guide_json()
            fields["bot_to_move"] = False  # the script plays the bots' replies
        return fields

    def _shown_kw(self) -> dict[str, Any]:
        """The others' seats are shown as the greedy bot's (the script's replies were
        chosen by it): the board is the learner's, whose money stays in sight to the
        end, and the others' stays hidden."""
        kw = super()._shown_kw()
        if hasattr(self, "script"):
            kw["seats"] = {n: "human" if n == self.learner else "greedy" for n in kw["seats"]}
        return kw

    def _intent_bot(self, content: dict[str, Any]) -> None:
        """The script plays every reply: the page's bot ticks do nothing."""

    def undo(self) -> int:
        """Refused: the guided game follows its script (:meth:`restart` starts over)."""
        raise GameError(NO_UNDO)

    def _intent_undo(self, content: dict[str, Any]) -> None:
        self.undo()

    def _intent_new_game(self, content: dict[str, Any]) -> None:
        """The results' "New game": the guided game again, from its first step."""
        self.restart()

    def _intent_guide(self, content: dict[str, Any]) -> None:
        if content.get("do") != "restart":
            raise MalformedInput("guide: 'do' is 'restart'.")
        self.restart()

    def restart(self) -> None:
        """Start the guided game again from its first step."""
        self._k = 0
        self._told = ""
        self.game = self.GAME(list(self.script.players), seed=self.script.seed)
        self.finished = False
        self._play_on()

    GUIDE_INTENTS: ClassVar[Intents] = {
        "bot": _intent_bot,
        "guide": _intent_guide,
        "undo": _intent_undo,
        "new_game": _intent_new_game,
    }

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r}, step {self._k} of {len(self.script.steps)})"


def strip_rule(sentence: str) -> str:
    """A refusal's sentence without a leading ruling id (``"R5: ..."`` -> ``"..."``):
    the guide says the rule in words first."""
    head, sep, rest = sentence.partition(": ")
    return rest if sep and RULE_HEAD.fullmatch(head) else sentence
