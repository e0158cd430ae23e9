"""The last chapter: a whole game against a bot on the real table, watched by a coach
(:class:`CoachedGame` for the Alhambra, :class:`CoachedGardens` for the Gardens).

The coach is built on the search bot (:mod:`alhambra_widget.players.ismcts`): after
each decision of the learner it searches the position the learner saw (from what the
learner could know, seeded, ``coach_playouts`` simulations) with the move played
included, and compares the chance to win after that move with the search's choice.
When the move gives away more than ``threshold`` of the chance to win, the coach says
so at once with the engine's reasons for both moves (which majority changes, the
longest wall, an exact payment, the money; in the Gardens what a lay encloses and
scores) and offers to take it back; the bots wait until the learner decides. It
explains the first scoring round (the first enclosed building in the Gardens) from
the engine's own breakdown as it happens. At the end it shows the review of every
decision it weighed, and finishing records the chapter's stars in the course's
:class:`~alhambra_widget.course.lessons.Progress`.

Nothing here computes a rule: chances come from the search, reasons and sentences from
the engine and the bots' ``reasons``.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..engine.alhambra.game import Game
from ..engine.errors import GameError, MalformedInput
from ..engine.gardens.game import GardensGame
from ..players.alhambra.strong import StrongBot
from ..players.alhambra.strong import reasons as alhambra_reasons
from ..players.gardens.strong import GardensStrongBot
from ..players.gardens.strong import reasons as gardens_reasons
from ..players.ismcts import Choice, Decision
from ..players.review_graph import review_graph
from ..views.contract import RemarkJson, ReviewDone, ReviewSummary, SessionFields
from ..views.panels import decision_json, graph_json
from ..widgets.base import Intents
from ..widgets.gardens import GardensWidget
from ..widgets.session_widget import SessionWidget
from ..widgets.table import AlhambraWidget
from .lessons import Progress

LESSON_IDS = {"alhambra": "coached-game", "gardens": "coached-gardens"}
"""The course lesson each coached game earns its stars for (chapter ``"coached"``)."""
STARS = 3
"""Finishing a coached game earns the chapter's three stars."""


@dataclass(frozen=True)
class Remark:
    """Something the coach says: ``kind`` is ``"mistake"`` (a move that gave away more
    than the threshold; it may be taken back), ``"scoring"`` (the first scoring
    explained), ``"undone"`` or ``"end"`` (the game is over)."""

    kind: str
    text: str
    step: int
    rule: str | None = None
    lines: tuple[str, ...] = ()
    """The details: the reasons of each move, the rows of a scoring breakdown."""
    decision: Decision | None = None

    def to_dict(self) -> RemarkJson:
        """The remark as JSON for the page (its decision too, when it has one)."""
        return {
            "kind": self.kind,
            "text": self.text,
            "step": self.step,
            "rule": self.rule,
            "lines": list(self.lines),
            "decision": decision_json(self.decision) if self.decision else None,
        }


@dataclass
class Coach:
    """The judgement, apart from any widget: ``weigh(before, played)`` searches the
    position ``before`` (the learner to move) with ``played`` included and returns the
    :class:`Decision` and, when it gave away more than ``threshold``, a
    :class:`Remark` with the engine's reasons."""

    analyse: Callable[[Any, Sequence[Any]], list[Choice]]
    """``analyse(game, include)``: the search's choices, best first."""
    reasons: Callable[[Any, Any], list[str]]
    threshold: float = 0.15
    decisions: dict[int, Decision] = field(default_factory=dict)
    """Every decision weighed so far, by step (a decision taken back is dropped)."""

    def weigh(self, before: Any, played: Any, step: int) -> Remark | None:
        """Weigh the move ``played`` in the position ``before`` (decision ``step``) against the
        search's choice; a "mistake" Remark when it gave away more than ``threshold`` of the chance
        to win, else None (also when there was no choice)."""
        if len(before.legal_actions()) < 2:
            return None  # no choice, nothing to judge
        choices = self.analyse(before, [played])
        best = choices[0]
        mine = next((c for c in choices if c.action == played), None)
        who = before.current_player.name
        d = Decision(
            step,
            who,
            says(before, played),
            says(before, best.action),
            mine.value if mine else 0.0,
            best.value,
        )
        self.decisions[step] = d
        if d.loss <= self.threshold or best.action == played:
            return None
        lines = [f"You played: {d.played}" + _why(self.reasons(before, played))]
        lines.append(f"The search prefers: {d.best}" + _why(self.reasons(before, best.action)))
        text = (
            f"That move lowered your chance to win from about {_pct(d.chance_best)} (with the "
            f"search's choice, below) to {_pct(d.chance_played)}. Take it back?"
        )
        return Remark("mistake", text, step, None, tuple(lines), d)

    def forget_after(self, steps: int) -> None:
        """Drop the decisions taken back (at or after step ``steps``)."""
        for k in [k for k in self.decisions if k >= steps]:
            del self.decisions[k]

    def review(self) -> ReviewSummary:
        """The review of the game, in the form of the table's review panel: each
        decision weighed during the game, the biggest losses first."""
        found = [self.decisions[k] for k in sorted(self.decisions)]
        worst = sorted(found, key=lambda d: -d.loss)[:5]
        return {
            "state": "done",
            "player": found[0].player if found else "",
            "decisions": len(found),
            "mean_loss": round(sum(d.loss for d in found) / max(1, len(found)), 3),
            "big": sum(1 for d in found if d.loss > 0.1),
            "mistakes": [decision_json(d) for d in worst if d.loss > 0.02],
        }


def says(game: Any, action: Any) -> str:
    """The engine's own sentence for ``action`` (its first event, on a copy)."""
    events = game.copy().apply(action)
    return events[0].text if events else str(action)


def _why(reasons: list[str]) -> str:
    return f" Its effects: {'; '.join(reasons)}." if reasons else ""


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


# -- the first scoring, explained ----------------------------------------------------------
def explain_first_round(game: Game, events: list[Any]) -> Remark | None:
    """Scoring round 1 just happened: the engine's breakdown of it, kind by kind."""
    if not any(e.kind == "round_scored" and e.data.get("round") == 1 for e in events):
        return None
    r = game.rounds[0]
    lines = [k.explain() for k in r.kinds if k.places]
    lines.append("longest walls: " + ", ".join(f"{w.name} {w.length}" for w in r.walls.values()))
    lines.append("totals: " + ", ".join(f"{n} +{p}" for n, p in r.totals.items()))
    text = (
        "Scoring round 1 has just been scored (R10, R11). In round 1 only first place of "
        "each kind scores, and players tied for a place share its points, rounded down. "
        "Every point of the longest outer wall scores too. Kind by kind:"
    )
    return Remark("scoring", text, len(game.history), "R10", tuple(lines))


def explain_first_building(game: GardensGame, events: list[Any]) -> Remark | None:
    """The first building of the Gardens was just enclosed: the engine's sentence."""
    scored = [e for e in events if e.kind == "scored"]
    if not scored or len(game.scored) != len(scored):
        return None
    text = (
        "The first building has just been enclosed and scored (G4). The kind with the "
        "most trees facing it, not tied with another kind, wins it; its owner scores the "
        "building's value times the number of kinds facing it:"
    )
    return Remark("scoring", text, game.step, "G4", tuple(e.text for e in scored))


# -- the widget part -----------------------------------------------------------------------
class CoachPart(SessionWidget[Any]):
    """What the coached tables add to a session board: the coach watches each action
    (``on_action``), pauses the bots while a mistake is offered back, and puts its
    remark in ``view["coach"]`` (drawn by ``js/src/areas/coach.ts``)."""

    GAME_KIND: ClassVar[str] = ""

    def _coach_start(
        self,
        learner: str,
        threshold: float,
        playouts: int,
        seed: int,
        progress: Progress | str | pathlib.Path | None,
    ) -> None:
        self.learner = learner
        self.coach_playouts = playouts
        self.progress = progress if isinstance(progress, Progress) else Progress(progress)
        self.coach = Coach(self._analyser(seed), self._reasons, threshold)
        self.remark: Remark | None = None
        self.remarks: list[Remark] = []
        """Everything the coach said, in order."""
        self.finished = False
        self._explained = False
        self._pending: Remark | None = None  # the first scoring, while a move is offered back
        self._before = self.session.game.copy()
        self.on_action(self._watch)

    def _analyser(
        self, seed: int
    ) -> Callable[[Any, Sequence[Any]], list[Choice]]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _reasons(self, game: Any, action: Any) -> list[str]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _explain_scoring(
        self, game: Any, events: list[Any]
    ) -> Remark | None:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def offer(self) -> bool:
        """A mistake is being offered back: the bots wait."""
        return self.remark is not None and self.remark.kind == "mistake"

    def _say_remark(self, r: Remark) -> None:
        self.remark = r
        self.remarks.append(r)

    def _watch(self, action: Any, events: list[Any]) -> None:
        g = self.session.game
        step = len(g.history) - 1
        before, self._before = self._before, g.copy()
        said = self.remark
        mover = g.players[g.movers[-1][0]].name
        if mover == self.learner and not getattr(action, "BY_HAND", False):
            if before.history != g.history[:-1]:  # undone, or another line: replay
                before = g.at(step)
            if self.remark is not None and self.remark.kind in ("mistake", "undone"):
                self.remark = None  # acting again keeps the move offered back
                self._say_pending()
            flagged = self.coach.weigh(before, action, step)
            if flagged is not None:
                self._say_remark(flagged)
        if not self._explained:
            first = self._explain_scoring(g, events)
            if first is not None:
                self._pending = first  # said now, or once the offer is answered
                if not self.offer:
                    self._say_pending()
        if g.is_over:
            self._finish()
        if self.remark is not said:
            self._publish()

    def _say_pending(self) -> None:
        if self._pending is not None:
            self._say_remark(self._pending)
            self._explained = True
            self._pending = None

    def _finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        self.progress.record(LESSON_IDS[self.GAME_KIND], STARS)
        winners = " and ".join(self.session.game.winners)
        self._say_remark(
            Remark(
                "end",
                f"The game is over: {winners} won. The chapter's {STARS} stars are yours. "
                "The review below weighs each of your decisions against the search's choice.",
                len(self.session.game.history),
            )
        )

    # -- the learner's answers ---------------------------------------------------------
    def take_back(self) -> int:
        """Take back the move the coach flagged (and only it: the bots waited); the
        position is the one before it. Returns how many actions were taken back."""
        if not self.offer:
            raise GameError("The coach has no move to take back.")
        self._pending = None  # a scoring the move brought about is taken back with it
        assert self.remark is not None  # an offer
        self.session.variations.cut(self.remark.step)  # gone, not a line to come back to
        n = self.session.undo()
        self.coach.forget_after(len(self.session.game.history))
        self._say_remark(
            Remark(
                "undone",
                "Taken back: the position is as it was before that move. Try another.",
                len(self.session.game.history),
            )
        )
        self._publish()
        return n

    def keep(self) -> None:
        """Keep the move the coach flagged: the bots go on."""
        if self.remark is not None:
            self.remark = None
        self._say_pending()
        self._publish()
        if not self._page_seen and self.autoplay_bots:
            self.session.run_bots()

    def act(self, action: object, resolve: str | None = None) -> list[Any]:
        """As the table's :meth:`act`; the bots answer unless the coach offers the move back."""
        if self.offer:
            self.remark = None
            self._say_pending()
        s = self.session
        if s.bot_to_move():
            who = s.game.current_player.name
            raise GameError(
                f"It is {who}'s turn, and {who} is played by the {s.seat_kind(who)} bot."
            )
        events = s.act(action, resolve=resolve)
        if not self._page_seen and self.autoplay_bots and not self.offer:
            s.run_bots()
        return events

    def review_panel(self) -> ReviewDone:
        """The review the table shows at the end (the coach's weighings of the game),
        with the game's graph (:func:`~.review_graph.review_graph`: the learner's
        accuracy and mistakes; the bots were not weighed)."""
        panel = self.coach.review()
        mine = [self.coach.decisions[k] for k in sorted(self.coach.decisions)]
        return {
            **panel,
            "graph": graph_json(review_graph(self.game, {panel["player"]: mine} if mine else {})),
        }

    # -- the view and the page's intents -------------------------------------------------
    def _session_fields(self) -> SessionFields:
        fields = super()._session_fields()
        if not hasattr(self, "coach"):
            return fields  # the table draws itself once before the coach sits down
        if self.offer:
            fields["bot_to_move"] = False  # the page's bots wait for the learner's answer
        fields["coach"] = {
            "remark": self.remark.to_dict() if self.remark else None,
            "offer": self.offer,
            "threshold": self.coach.threshold,
            "finished": self.finished,
        }
        if self.finished and self.game.is_over:  # also while the learner looks back at a step
            fields["review"] = self.review_panel()
        return fields

    def _intent_coach(self, content: dict[str, Any]) -> None:
        do = content.get("do")
        if do == "undo":
            self._check_version(content)
            self.take_back()
        elif do in ("keep", "close"):
            self.keep()
        else:
            raise MalformedInput("coach: 'do' is 'undo', 'keep' or 'close'.")

    def _intent_bot(self, content: dict[str, Any]) -> None:
        if not self.offer:
            super()._intent_bot(content)

    COACH_INTENTS: ClassVar[Intents] = {"coach": _intent_coach, "bot": _intent_bot}


class CoachedGame(CoachPart, AlhambraWidget):
    """An Alhambra game against a bot, with the coach (see the module's text).

    ``CoachedGame(seed=1)`` seats ``"You"`` against ``Ben``, the search bot at ``bot``
    (``"easy"`` by default; any seat kind of the table). ``threshold``: the share of the
    chance to win a move may give away before the coach speaks (0.15);
    ``coach_playouts``: the simulations of each weighing (60, seeded by ``seed`` and
    the step). ``progress``: the course's progress store (or its file)."""

    GAME_KIND = "alhambra"

    def __init__(
        self,
        *,
        seed: int | None = None,
        bot: object = "easy",
        players: Sequence[str] = ("You", "Ben"),
        threshold: float = 0.15,
        coach_playouts: int = 60,
        progress: Progress | str | pathlib.Path | None = None,
        game: Game | None = None,
        **kwargs: Any,
    ):
        game = game or Game(list(players), seed=seed)
        learner, *others = [p.name for p in game.players]
        super().__init__(game, seats={n: bot for n in others}, **kwargs)
        self._coach_start(learner, threshold, coach_playouts, game.seed, progress)
        self._publish()

    def _analyser(self, seed: int) -> Callable[[Any, Sequence[Any]], list[Choice]]:
        bot = StrongBot(seed, playouts=self.coach_playouts)
        return lambda g, include: bot.analyse(g, include=include)

    def _reasons(self, game: Any, action: Any) -> list[str]:
        return alhambra_reasons(game, action)

    def _explain_scoring(self, game: Any, events: list[Any]) -> Remark | None:
        return explain_first_round(game, events)

    INTENTS: ClassVar[Intents] = {**AlhambraWidget.INTENTS, **CoachPart.COACH_INTENTS}

    def __repr__(self) -> str:
        return f"CoachedGame({self.game!r}, step {self.step})"


class CoachedGardens(CoachPart, GardensWidget):
    """The same for the Gardens: ``You`` against ``Ben``, a coach weighing each lay
    (``coach_playouts`` 40 by default) and explaining the first enclosed building."""

    GAME_KIND = "gardens"

    def __init__(
        self,
        *,
        seed: int | None = None,
        bot: object = "easy",
        players: Sequence[str] = ("You", "Ben"),
        threshold: float = 0.15,
        coach_playouts: int = 40,
        progress: Progress | str | pathlib.Path | None = None,
        game: GardensGame | None = None,
        **kwargs: Any,
    ):
        game = game or GardensGame(list(players), seed=seed)
        learner, *others = [p.name for p in game.players]
        super().__init__(game, seats={n: bot for n in others}, **kwargs)
        self._coach_start(learner, threshold, coach_playouts, game.seed, progress)
        self._publish()

    def _analyser(self, seed: int) -> Callable[[Any, Sequence[Any]], list[Choice]]:
        bot = GardensStrongBot(seed, playouts=self.coach_playouts)
        return lambda g, include: bot.analyse(g, include=include)

    def _reasons(self, game: Any, action: Any) -> list[str]:
        return gardens_reasons(game, action)

    def _explain_scoring(self, game: Any, events: list[Any]) -> Remark | None:
        return explain_first_building(game, events)

    INTENTS: ClassVar[Intents] = {**GardensWidget.INTENTS, **CoachPart.COACH_INTENTS}

    def __repr__(self) -> str:
        return f"CoachedGardens({self.game!r}, step {self.step})"


_SHARED: dict[str, CoachPart] = {}


def coached_game(gardens: bool = False, seed: int = 1) -> CoachPart:
    """The notebook's coached game (a :class:`CoachedGame`, or a
    :class:`CoachedGardens`): the same widget for every cell that asks, so the cells of
    a notebook run on their own, in any order."""
    key = f"{'gardens' if gardens else 'alhambra'}:{seed}"
    if key not in _SHARED:
        _SHARED[key] = CoachedGardens(seed=seed) if gardens else CoachedGame(seed=seed)
    return _SHARED[key]
