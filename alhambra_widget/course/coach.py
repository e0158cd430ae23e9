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
from collections.abc import Sequence
from typing import Any, ClassVar

from ..engine.alhambra.game import Game
from ..engine.errors import GameError, MalformedInput
from ..engine.gardens.game import GardensGame
from ..players.review_graph import review_graph
from ..views.contract import ReviewDone, SessionFields
from ..views.panels import graph_json
from ..widgets.base import Intents
from ..widgets.gardens import GardensWidget
from ..widgets.session_widget import SessionWidget
from ..widgets.table import AlhambraWidget
from . import catalog
from .judgement import (
    ALHAMBRA_PLAYOUTS,
    GARDENS_PLAYOUTS,
    THRESHOLD,
    TREE,
    Coach,
    Remark,
)
from .lessons import Progress
from .lessons.coached import BOT
from .principles import (
    alhambra_effects,
    alhambra_principle,
    alhambra_search,
    alhambra_top,
    gardens_effects,
    gardens_search,
    gardens_top,
)

LESSON_IDS = {"alhambra": "coached-game", "gardens": "coached-gardens"}
"""The course lesson each coached game earns its stars for (chapter ``"coached"``)."""
STARS = 3
"""The most stars a coached game earns: won, with at most :data:`FEW` moves flagged."""

FEW = 2
"""Flagged moves a game may have and still earn every star (see :func:`game_stars`)."""


def game_stars(won: bool, flagged: int) -> int:
    """The stars of a finished coached game, from how it went: 3 for a win with at most
    :data:`FEW` moves the coach flagged, 2 for a win or a game with at most :data:`FEW`
    flagged, else 1 (finishing is worth a star)."""
    if won and flagged <= FEW:
        return STARS
    return 2 if won or flagged <= FEW else 1


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
    GAME: ClassVar[Any] = None
    """The engine's game class of the table."""
    PLAYOUTS: ClassVar[int] = 0
    """The coach's simulations per weighing unless told another."""

    def __init__(
        self,
        *,
        seed: int | None = None,
        bot: object = BOT,
        players: Sequence[str] = ("You", "Ben"),
        threshold: float = THRESHOLD,
        coach_playouts: int | None = None,
        coach_seed: int = 0,
        progress: Progress | str | pathlib.Path | None = None,
        game: Any = None,
        **kwargs: Any,
    ):
        game = game or self.GAME(list(players), seed=seed)
        learner, *others = [p.name for p in game.players]
        super().__init__(game=game, seats={n: bot for n in others}, **kwargs)
        playouts = self.PLAYOUTS if coach_playouts is None else coach_playouts
        self._coach_start(learner, threshold, playouts, coach_seed, progress)
        self._publish()

    def _coach_start(
        self,
        learner: str,
        threshold: float,
        playouts: int,
        shift: int,
        progress: Progress | str | pathlib.Path | None,
    ) -> None:
        self.learner = learner
        self.coach_playouts = playouts
        self.progress = progress if isinstance(progress, Progress) else Progress(progress)
        self.coach = self._make_coach(threshold, shift)
        self.remark: Remark | None = None
        self.remarks: list[Remark] = []
        """Everything the coach said, in order."""
        self.finished = False
        self._explained = False
        self._pending: Remark | None = None  # the first scoring, while a move is offered back
        self._before = self.session.game.copy()
        self.on_action(self._watch)

    def _make_coach(self, threshold: float, shift: int) -> Coach:  # pragma: no cover - abstract
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
        g = self.session.game
        flagged = sum(1 for r in self.remarks if r.kind == "mistake")
        won = self.learner in g.winners
        stars = game_stars(won, flagged)
        self.progress.record(LESSON_IDS[self.GAME_KIND], stars)
        undone = sum(1 for r in self.remarks if r.kind == "undone")
        moves = f"{flagged} move{'' if flagged == 1 else 's'} the coach flagged"
        moves += f" ({undone} taken back)" if undone else ""
        who = "You won" if won else f"{' and '.join(g.winners)} won, and you did not win"
        text = (
            f"The game is over. {who}, with {moves}: {stars} of this game's {STARS} stars. "
            "The review below weighs each of your decisions against the search's choice."
        )
        if all(self.progress.stars.get(les.id) for les in catalog.LESSONS):
            text += " Every lesson has its stars: the course is complete."
        self._say_remark(Remark("end", text, len(g.history)))

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

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r}, step {self.step})"


class CoachedGame(CoachPart, AlhambraWidget):
    """An Alhambra game against a bot, with the coach (see the module's text).

    ``CoachedGame(seed=1)`` seats ``"You"`` against ``Ben``, the search bot at ``bot``
    (``"easy"`` by default; any seat kind of the table). ``threshold``: the share of the
    chance to win a move must give away, beyond the search's noise, before the coach
    speaks (:data:`~.judgement.THRESHOLD`); ``coach_playouts``: the simulations of each
    weighing (the hint's 1,600, in the hint's trees, seeded by the step as the hint is;
    ``coach_seed`` shifts that seed, which makes the coach's search differ from the
    hint's). ``progress``: the course's progress store (or its file)."""

    GAME_KIND = "alhambra"
    GAME = Game
    PLAYOUTS = ALHAMBRA_PLAYOUTS

    def _make_coach(self, threshold: float, shift: int) -> Coach:
        return Coach(
            alhambra_search(self.coach_playouts, shift),
            alhambra_effects,
            alhambra_top,  # the hint's top move while the coach's search is the hint's
            threshold,
            alhambra_principle,
        )

    def _explain_scoring(self, game: Any, events: list[Any]) -> Remark | None:
        return explain_first_round(game, events)

    INTENTS: ClassVar[Intents] = {**AlhambraWidget.INTENTS, **CoachPart.COACH_INTENTS}


class CoachedGardens(CoachPart, GardensWidget):
    """The same for the Gardens: ``You`` against ``Ben``, a coach weighing each lay
    (``coach_playouts``: :data:`~.judgement.GARDENS_PLAYOUTS` in trees of 200, seeded by
    the step; the hint's top lay is asked of the hint) and explaining the first enclosed
    building."""

    GAME_KIND = "gardens"
    GAME = GardensGame
    PLAYOUTS = GARDENS_PLAYOUTS

    def _make_coach(self, threshold: float, shift: int) -> Coach:
        return Coach(
            gardens_search(self.coach_playouts, TREE, shift),
            gardens_effects,
            gardens_top(self.hint_playouts),
            threshold,
        )

    def _explain_scoring(self, game: Any, events: list[Any]) -> Remark | None:
        return explain_first_building(game, events)

    INTENTS: ClassVar[Intents] = {**GardensWidget.INTENTS, **CoachPart.COACH_INTENTS}


_SHARED: dict[str, CoachPart] = {}


def coached_game(gardens: bool = False, seed: int = 1) -> CoachPart:
    """The notebook's coached game (a :class:`CoachedGame`, or a
    :class:`CoachedGardens`): the same widget for every cell that asks, so the cells of
    a notebook run on their own, in any order."""
    key = f"{'gardens' if gardens else 'alhambra'}:{seed}"
    if key not in _SHARED:
        _SHARED[key] = CoachedGardens(seed=seed) if gardens else CoachedGame(seed=seed)
    return _SHARED[key]
