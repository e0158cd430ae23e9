"""Hints and the game review of a session board: searches run in the background with
their progress shown as panels (:class:`SearchesPart`)."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Literal, TypeVar

import traitlets

from ..engine.errors import GameError
from ..players.alhambra.strong import HINT_PLAYOUTS
from ..players.ismcts import Decision, Hint
from ..players.review_graph import ReviewGraph, review_graph
from ..views.contract import HintDone, HintPanel, Marks, ReviewDone, ReviewPanel, RunningPanel
from ..views.panels import decision_json, graph_json, hint_move
from .base import Intents
from .session import G
from .session_core import SessionCore

Progress = Callable[[int], bool]
"""Told how much is done; answers whether to stop."""
Done = TypeVar("Done", HintDone, ReviewDone)


class SearchesPart(SessionCore[G]):
    """The hint and review buttons, and :meth:`review` (subclasses give the game's
    ``_hint_search`` and ``_review_searches``)."""

    hint_playouts = traitlets.Int(
        HINT_PLAYOUTS // 2 if sys.platform == "emscripten" else HINT_PLAYOUTS
    )
    """Simulations of the search behind a hint (half the default in Pyodide, where the
    board waits for it and its trees run one after another in one process)."""
    review_playouts = traitlets.Int(120)
    """Simulations per decision of a game review."""

    @traitlets.observe("hints_enabled")
    def _hints_toggled(self, _change: object) -> None:
        if hasattr(self, "session"):
            self._publish()

    def _search_in_background(
        self,
        name: Literal["hint", "review"],
        total: int,
        work: Callable[[Progress], Done],
        show: Callable[[RunningPanel | Done], None],
    ) -> None:
        """Run ``work(progress)`` (a search) without freezing the board: in a thread of
        the kernel, which keeps answering the page, with its progress shown (``show``)
        as panel ``name``. Its answer is dropped if it was cancelled or the game moved on."""
        at = self._position()
        self._panel_at[name] = at
        show({"state": "running", "done": 0, "total": total})
        self._publish()
        last = [time.perf_counter()]

        def progress(done: int) -> bool:
            if self._panel_at.get(name) != at:
                return True  # cancelled, or the game moved on: stop searching
            if time.perf_counter() - last[0] > 0.25:
                last[0] = time.perf_counter()
                show({"state": "running", "done": done, "total": total})
                self._publish()
            return False

        def run() -> None:
            result = work(progress)
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

        def work(progress: Progress) -> HintDone:
            found = self._hint_search(game, n, progress)
            return {
                "state": "done",
                "moves": [hint_move(h, self._hint_marks(h.action)) for h in found],
            }

        self._search_in_background("hint", n, work, self._show_hint)

    def _hint_search(
        self, game: G, playouts: int, progress: Progress
    ) -> list[Hint]:  # pragma: no cover - abstract
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
        return self._review_searches(self.session.game, [name], n, None)[name]

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
        return review_graph(game, self._review_searches(game, players, n, None))

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

        def work(progress: Progress) -> ReviewDone:
            found = self._review_searches(
                game, names, playouts, lambda done, _total: progress(done)
            )
            return review_panel(game, person, actions[person], found, shown)

        self._search_in_background("review", sum(actions.values()), work, self._show_review)

    def _review_searches(
        self,
        game: G,
        players: Sequence[str],
        playouts: int,
        progress: Callable[[int, int], bool | None] | None,
    ) -> dict[str, list[Decision]]:  # pragma: no cover - abstract
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
    graph = graph_json(review_graph(game, found))
    for m in graph["mistakes"]:
        if m["player"] != person:
            del m["best"], m["chance_best"]
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
