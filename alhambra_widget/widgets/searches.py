"""Hints and the game review of a session board: searches run in the background with
their progress shown as panels (:class:`SearchesPart`)."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Any, ClassVar

import traitlets

from ..engine.errors import GameError
from ..players.ismcts import Decision, Hint
from .base import Intents
from .session import G
from .session_core import Panel, SessionCore

Progress = Callable[[int], bool]
"""Told how much is done; answers whether to stop."""


class SearchesPart(SessionCore[G]):
    """The hint and review buttons, and :meth:`review` (subclasses give the game's
    ``_hint_search`` and ``_review_search``)."""

    hint_playouts = traitlets.Int(400)
    """Simulations of the search behind a hint."""
    review_playouts = traitlets.Int(120)
    """Simulations per decision of a game review."""

    @traitlets.observe("hints_enabled")
    def _hints_toggled(self, _change: object) -> None:
        if hasattr(self, "session"):
            self._publish()

    def _search_in_background(
        self, name: str, total: int, work: Callable[[Progress], Panel]
    ) -> None:
        """Run ``work(progress)`` (a search) without freezing the board: in a thread of
        the kernel, which keeps answering the page, with its progress shown as panel
        ``name``. Its answer is dropped if it was cancelled or the game moved on."""
        at = self._position()
        self._panel_at[name] = at
        self._panels[name] = {"state": "running", "done": 0, "total": total}
        self._publish()
        last = [time.perf_counter()]

        def progress(done: int) -> bool:
            if self._panel_at.get(name) != at:
                return True  # cancelled, or the game moved on: stop searching
            if time.perf_counter() - last[0] > 0.25:
                last[0] = time.perf_counter()
                self._panels[name] = {"state": "running", "done": done, "total": total}
                self._publish()
            return False

        def run() -> None:
            result = work(progress)
            if self._panel_at.get(name) == at and self._position() == at:
                self._panels[name] = {"state": "done", **result}
                self._publish()

        if sys.platform == "emscripten":  # no threads in Pyodide: the board waits
            run()
        else:
            threading.Thread(target=run, name=f"alhambra-{name}", daemon=True).start()

    def _close_panel(self, name: str) -> None:
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

        def work(progress: Progress) -> Panel:
            return {"moves": [h.to_dict() for h in self._hint_search(game, n, progress)]}

        self._search_in_background("hint", n, work)

    def _hint_search(self, game: G, playouts: int, progress: Progress) -> list[Hint]:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- game review ------------------------------------------------------------------
    def review(self, player: str | None = None, playouts: int | None = None) -> list[Decision]:
        """Each decision of ``player`` (default: the person at the screen) weighed
        against the search bot's choice, from what the player could see then (see
        :func:`~.ismcts.review_decisions`). Sort by ``loss`` for the biggest mistakes."""
        n = playouts or self.review_playouts
        return self._review_search(self.session.game, player or self._reviewed(), n, None)

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
        player = self._reviewed()
        game = self.session.game.copy()
        n = sum(1 for m, _ in game.movers if game.players[m].name == player)
        playouts = self.review_playouts

        def work(progress: Progress) -> Panel:
            found = self._review_search(game, player, playouts, lambda d, _t: progress(d))
            worst = sorted(found, key=lambda d: -d.loss)[:5]
            return {
                "player": player,
                "actions": n,  # what the progress counted: every action of the player
                "decisions": len(found),  # those with a choice (a forced move is not weighed)
                "hands_shown": self.session.hands_shown,
                "mean_loss": round(sum(d.loss for d in found) / max(1, len(found)), 3),
                "big": sum(1 for d in found if d.loss > 0.1),
                "mistakes": [d.to_dict() for d in worst if d.loss > 0.02],
            }

        self._search_in_background("review", n, work)

    def _review_search(
        self, game: G, player: str, playouts: int, progress: Callable[[int, int], bool | None] | None
    ) -> list[Decision]:  # pragma: no cover - abstract
        raise NotImplementedError

    INTENTS: ClassVar[Intents] = {
        **SessionCore.INTENTS,
        "hint": _intent_hint,
        "review": _intent_review,
    }
