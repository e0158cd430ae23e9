"""Hints and the game review of a session board: searches run in the background with
their progress shown as panels (:class:`SearchesPart`)."""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal, Protocol, TypeVar

import traitlets

from ..engine.errors import GameError
from ..players.alhambra.strong import HINT_PLAYOUTS
from ..players.ismcts import Decision, Hint
from ..players.review_ahead import IDLE, ReviewAhead
from ..players.review_graph import ReviewGraph, public_graph, review_graph, with_decisions
from ..views.contract import (
    GraphJson,
    HintDone,
    HintMove,
    HintPanel,
    Marks,
    ReviewDone,
    ReviewPanel,
    ReviewRunning,
    RunningPanel,
)
from ..views.panels import decision_json, graph_json, hint_move
from .base import Intents
from .session import G
from .session_core import SessionCore


class Progress(Protocol):
    """Told how much is done (``now``: show it at once); answers whether to stop."""

    def __call__(self, done: int, now: bool = False) -> bool:
        """Note ``done``; True: stop (cancelled, or the game moved on)."""
        ...


VIEW_GRACE = 5.0
"""Seconds the background review goes on once no view of a board is left (default)."""


def ahead_by_default() -> bool:
    """Whether a board shown in a page weighs its review ahead unless told
    (``review_ahead`` left ``None``): yes, unless the environment variable
    ``ALHAMBRA_REVIEW_AHEAD`` is ``0``, ``off``, ``false`` or ``no`` (the browser tests
    set it in their kernels: only the tests of the review weigh it ahead)."""
    value = os.environ.get("ALHAMBRA_REVIEW_AHEAD", "").strip().lower()
    return value not in {"0", "off", "false", "no"}


Done = TypeVar("Done", HintDone, ReviewDone)
Shown = RunningPanel | HintDone | ReviewRunning
"""What a search's panel shows while it runs."""


class SearchesPart(SessionCore[G]):
    """The hint and review buttons, and :meth:`review` (subclasses give the game's
    ``_hint_stages``, ``_review_searches`` and ``_review_weigher``)."""

    hint_playouts = traitlets.Int(
        HINT_PLAYOUTS // 2 if sys.platform == "emscripten" else HINT_PLAYOUTS
    )
    """Simulations of the search behind a hint (half the default in Pyodide, where the
    board waits for it and its trees run one after another in one process)."""
    review_playouts = traitlets.Int(120)
    """Simulations per decision of a game review."""
    review_ahead = traitlets.Bool(None, allow_none=True)
    """Weigh each decision for the review as soon as it is played, in the background
    (:class:`~alhambra_widget.players.review_ahead.ReviewAhead`, on every core at a
    lower priority), so the review of a finished game is ready moments after its last
    move: ``True``, ``False``, or ``None`` (the default): once a page shows the board,
    unless the kernel's environment has ``ALHAMBRA_REVIEW_AHEAD=0`` (the tests' switch).
    The work stops, and the background processes end, when the game is over and every
    step is weighed, after ``review_idle`` seconds with no move, and when the last view
    of the board leaves the page (for ``review_ahead_grace`` seconds)."""
    review_idle = traitlets.Float(IDLE, allow_none=True)
    """Seconds with no move after which the background review stops (``None``: never);
    the next move takes it up again."""
    review_ahead_grace = traitlets.Float(VIEW_GRACE)
    """Seconds the background review goes on once no view of the board is left (a
    redrawn output's new view comes within them)."""

    def _start(self, game: G, seats: Mapping[str, object] | None) -> None:
        super()._start(game, seats)
        self._ahead = self._new_ahead()
        self._gone_timer: threading.Timer | None = None
        self.session.add_listener(self._follow_ahead)

    def _new_ahead(self) -> ReviewAhead:
        analyse, says = self._review_weigher(self.review_playouts)
        return ReviewAhead(analyse, says, idle=self.review_idle)

    @traitlets.observe("review_idle")
    def _review_idle_changed(self, change: Any) -> None:
        if hasattr(self, "_ahead"):
            self._ahead.idle = change["new"]
            self._follow_ahead()

    def _views_changed(self) -> None:
        """The last view gone: the background review stops after a grace (a redrawn
        output's new view says hello within it); a view back: it takes up the rest."""
        if not hasattr(self, "_ahead"):
            return
        if self._gone_timer is not None:
            self._gone_timer.cancel()
            self._gone_timer = None
        if self.shown() is False:
            self._gone_timer = threading.Timer(self.review_ahead_grace, self._follow_ahead)
            self._gone_timer.daemon = True
            self._gone_timer.start()
        else:
            self._follow_ahead()

    @traitlets.observe("review_playouts")
    def _review_budget_changed(self, _change: object) -> None:
        if hasattr(self, "_ahead"):
            self._ahead.stop()
            self._ahead = self._new_ahead()
            self._follow_ahead()

    @traitlets.observe("review_ahead")
    def _ahead_switched(self, _change: object) -> None:
        if hasattr(self, "_ahead"):
            self._follow_ahead()

    def _follow_ahead(self) -> None:
        """After every change of the game: the new steps go to the background review
        (when it is on), the steps taken back or of another game are dropped."""
        on = self.review_ahead
        if on is None:  # a page shows the board once it has reported a step drawn
            on = ahead_by_default() and getattr(self, "seen_steps", 0) > 0
        if self.shown() is False:
            on = False  # every view of the board has left the page: nobody sees it
        self._ahead.follow(self.session.game, ahead=on)

    def close(self) -> None:
        """Close the board: its background review stops (the steps queued are dropped)."""
        if hasattr(self, "_ahead"):
            if self._gone_timer is not None:
                self._gone_timer.cancel()
            self._ahead.stop()
        super().close()

    @traitlets.observe("hints_enabled")
    def _hints_toggled(self, _change: object) -> None:
        if hasattr(self, "session"):
            self._publish()

    def _search_in_background(
        self,
        name: Literal["hint", "review"],
        total: int,
        work: Callable[[Progress], Done],
        show: Callable[[Any], None],
        running: Callable[[int], Shown] | None = None,
    ) -> None:
        """Run ``work(progress)`` (a search) without freezing the board: in a thread of
        the kernel, which keeps answering the page, with its progress shown (``show``)
        as panel ``name``: ``running(done)`` (default: how much is done, of ``total``).
        Its answer is dropped if it was cancelled or the game moved on."""
        at = self._position()
        self._panel_at[name] = at
        panel = running or (lambda done: {"state": "running", "done": done, "total": total})
        show(panel(0))
        self._publish()
        last = [time.perf_counter()]

        def progress(done: int, now: bool = False) -> bool:
            if self._panel_at.get(name) != at:
                return True  # cancelled, or the game moved on: stop searching
            if now or time.perf_counter() - last[0] > 0.25:
                last[0] = time.perf_counter()
                with self._publishing:
                    if self._panel_at.get(name) == at:
                        show(panel(done))
                        self._publish()
            return False

        def run() -> None:
            result = work(progress)
            with self._publishing:
                if self._panel_at.get(name) == at and self._position() == at:
                    show(result)
                    self._publish()

        if sys.platform == "emscripten":  # no threads in Pyodide: the board waits
            run()
        else:
            threading.Thread(target=run, name=f"alhambra-{name}", daemon=True).start()

    def _show_hint(self, panel: HintPanel) -> None:
        self._panels["hint"] = panel

    def _show_review(self, panel: ReviewPanel) -> None:
        self._panels["review"] = panel

    def _close_panel(self, name: Literal["hint", "review"]) -> None:
        self._panels.pop(name, None)
        self._panel_at.pop(name, None)
        self._publish()

    # -- hints ----------------------------------------------------------------------
    def _intent_hint(self, content: dict[str, Any]) -> None:
        if content.get("cancel"):
            self._close_panel("hint")
            return
        self._check_version(content)
        if not self.hints_enabled:
            raise GameError("Hints are turned off for this board.")
        if not self._person_to_move():
            raise GameError("A hint is for the person to move, at the live end of the game.")
        game = self.session.game.copy()
        n = self.hint_playouts
        first: list[list[HintMove]] = []  # the first answer, while the search refines it

        def running(done: int) -> RunningPanel | HintDone:
            if not first:
                return {"state": "running", "done": done, "total": n}
            return {
                "state": "done",
                "moves": first[0],
                "refining": {"done": done, "total": n},
            }

        def work(progress: Progress) -> HintDone:
            moves: list[HintMove] = []
            for found, done in self._hint_stages(game, n, progress):
                moves = [hint_move(h, self._hint_marks(h.action)) for h in found]
                if done < n:  # a first answer: shown at once, refined after
                    first[:] = [moves]
                    progress(done, now=True)
            return {"state": "done", "moves": moves}

        self._search_in_background("hint", n, work, self._show_hint, running)

    def _hint_stages(
        self, game: G, playouts: int, progress: Progress
    ) -> Iterator[tuple[list[Hint], int]]:  # pragma: no cover - abstract
        """The hint's moves as the search goes, each with the simulations done: maybe a
        first answer, then the whole search's."""
        raise NotImplementedError

    def _hint_marks(self, action: Any) -> Marks:  # pragma: no cover - abstract
        """Where a hint's move shows on the board (the view's marks of an action)."""
        raise NotImplementedError

    # -- game review ------------------------------------------------------------------
    def review(self, player: str | None = None, playouts: int | None = None) -> list[Decision]:
        """Each decision of ``player`` (default: the person at the screen) weighed
        against the search bot's choice, from what the player could see then (see
        :func:`~.ismcts.review_decisions`). Sort by ``loss`` for the biggest mistakes."""
        n = playouts or self.review_playouts
        name = player or self._reviewed()
        return self._decisions(self.session.game, [name], n, None)[name]

    def review_graph(
        self, players: Sequence[str] | None = None, playouts: int | None = None
    ) -> ReviewGraph:
        """The game's graph (:func:`~.review_graph.review_graph`: each player's chance to
        win step by step, shown as SVG in a notebook), with the decisions of ``players``
        weighed for their accuracy and mistakes (default: what the review panel weighs,
        the person and, once the game is over, everybody; ``[]``: none, no search)."""
        game = self.session.game
        if players is None:
            person = self._reviewed()
            players = [person] + (
                [p.name for p in game.players if p.name != person] if game.is_over else []
            )
        n = playouts or self.review_playouts
        return review_graph(game, self._decisions(game, players, n, None))

    def _decisions(
        self,
        game: G,
        players: Sequence[str],
        playouts: int,
        progress: Callable[[int, int], bool | None] | None,
    ) -> dict[str, list[Decision]]:
        """The review's decisions of ``players``: from the background review (what it
        has weighed already, the rest on all cores) at the board's budget, else searched
        now (:meth:`_review_searches`)."""
        if playouts == self.review_playouts and players:
            found = self._ahead.wait(game, players, progress)
            if found is not None:
                return found
        return self._review_searches(game, players, playouts, progress)

    def _reviewed(self) -> str:
        people = [p.name for p in self.game.players if self.session.seats.get(p.name) is None]
        if not people:
            raise GameError("Nobody at the screen plays this game: name the player to review.")
        return people[0]

    def _intent_review(self, content: dict[str, Any]) -> None:
        if content.get("cancel"):
            self._close_panel("review")
            return
        self._check_version(content)
        person = self._reviewed()
        game = self.session.game.copy()
        # the person (their list of mistakes) and, once the game is over, every other
        # player (the graph's accuracy and marks: weighed from their hands, which stay
        # hidden while the game goes on), their steps weighed on all cores together; the
        # progress counts all their actions
        others = [p.name for p in game.players if p.name != person] if game.is_over else []
        names = [person, *others]
        actions = {
            name: sum(1 for m, _ in game.movers if game.players[m].name == name) for name in names
        }
        playouts, shown = self.review_playouts, self.session.hands_shown
        total = sum(actions.values())
        so_far: list[Any] = []  # the graph from public points, once worked out

        def running(done: int) -> ReviewRunning:
            panel: ReviewRunning = {"state": "running", "done": done, "total": total}
            if so_far:  # the graph with the decisions weighed so far
                found = self._ahead.decisions(game, names)
                panel["graph"] = shown_graph(with_decisions(so_far[0], found, game.is_over), person)
            return panel

        def work(progress: Progress) -> ReviewDone:
            so_far.append(public_graph(game))
            found = self._decisions(game, names, playouts, lambda done, _total: progress(done))
            return review_panel(game, person, actions[person], found, shown)

        self._search_in_background("review", total, work, self._show_review, running)

    def _review_searches(
        self,
        game: G,
        players: Sequence[str],
        playouts: int,
        progress: Callable[[int, int], bool | None] | None,
    ) -> dict[str, list[Decision]]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _review_weigher(
        self, playouts: int
    ) -> tuple[Callable[..., list[Any]], Callable[[Any, Any], str]]:  # pragma: no cover
        """What weighs one step of a review, at ``playouts`` simulations (the game's
        ``review_weigher``)."""
        raise NotImplementedError

    INTENTS: ClassVar[Intents] = {
        **SessionCore.INTENTS,
        "hint": _intent_hint,
        "review": _intent_review,
    }


def review_panel(
    game: Any, person: str, actions: int, found: dict[str, list[Decision]], hands_shown: int | None
) -> ReviewDone:
    """The review panel: ``person``'s biggest mistakes, and the game's graph
    (:func:`~.review_graph.review_graph`: each player's chance to win step by step, the
    accuracy of each player reviewed in ``found``, the mistakes). Another player's
    mistake is marked with what they played (public) but not what the search preferred
    for them: that was worked out from their hand."""
    mine = found.get(person, [])
    worst = sorted(mine, key=lambda d: -d.loss)[:5]
    graph = shown_graph(review_graph(game, found), person)
    return {
        "state": "done",
        "player": person,
        "actions": actions,  # what the progress counted: every action of the player
        "decisions": len(mine),  # those with a choice (a forced move is not weighed)
        "hands_shown": hands_shown,
        "mean_loss": round(sum(d.loss for d in mine) / max(1, len(mine)), 3),
        "big": sum(1 for d in mine if d.loss > 0.1),
        "mistakes": [decision_json(d) for d in worst if d.loss > 0.02],
        "graph": graph,
    }


def shown_graph(graph: ReviewGraph, person: str) -> GraphJson:
    """The review graph as ``person`` may see it: another player's mistake is marked
    with what they played (public) but not what the search preferred for them, which
    was worked out from their hand."""
    out = graph_json(graph)
    for m in out["mistakes"]:
        if m["player"] != person:
            del m["best"], m["chance_best"]
    return out
