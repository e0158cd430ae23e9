"""A teacher's dashboard over a table server (``lobby.dashboard()``): every table at a
glance (players, whose turn and for how long, step, scores), a board to watch any of
them live, seating a class, replacing a person or a bot, pausing, a finished game's
record and review, and the class's progress lesson by lesson (the lessons most often
answered wrong first). A widget: the list is drawn by ``static/dashboard.js``; the
board below it is the usual table widget."""

from __future__ import annotations

import contextlib
import html
import pathlib
import threading
from collections import defaultdict
from typing import Any

import anywidget
import ipywidgets
import traitlets

from ..engine.errors import GameError

STATIC = pathlib.Path(__file__).parent.parent / "static"


def class_progress(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per lesson: how many people did it, their stars, and the wrong answers given;
    the lessons most often answered wrong first."""
    by: dict[str, dict[str, Any]] = defaultdict(
        lambda: {"done": 0, "stars": 0, "wrong": 0, "people": 0}
    )
    for r in rows:
        d = by[r["lesson"]]
        d["people"] += 1
        d["done"] += int(bool(r["done"]))
        d["stars"] += int(r["stars"])
        d["wrong"] += int(r["wrong"])
    out = [{"lesson": k, **v} for k, v in by.items()]
    return sorted(out, key=lambda d: (-d["wrong"], d["lesson"]))


class TableList(anywidget.AnyWidget):
    """The dashboard's list of tables and the class's progress (drawn by the page)."""

    _esm = STATIC / "dashboard.js"
    view = traitlets.Dict().tag(sync=True)


class Dashboard(ipywidgets.VBox):  # type: ignore[misc]
    """A teacher's dashboard: the list (:class:`TableList`) and a board below it."""

    def __init__(self, lobby: Any, refresh: float = 5.0):
        self.lobby = lobby
        self.list = TableList()
        self.board = ipywidgets.VBox(layout=ipywidgets.Layout(width="100%"))
        self.watching = ipywidgets.HTML()
        self.stop = ipywidgets.Button(
            description="stop watching", layout=ipywidgets.Layout(display="none")
        )
        self.stop.on_click(lambda _b: self._show(None, ""))
        super().__init__([self.list, ipywidgets.HBox([self.watching, self.stop]), self.board])
        self.list.on_msg(self._intent)
        self._message = ""
        self._stop = threading.Event()
        self.refresh()
        if refresh > 0:
            threading.Thread(
                target=self._poll, args=(refresh,), daemon=True, name="alhambra-dashboard"
            ).start()

    def refresh(self) -> None:
        """Read the tables and the class's progress from the server again."""
        tables = [t.__dict__ for t in self.lobby.tables(everything=True)]
        try:
            progress = class_progress(self.lobby.progress(everyone=True))
        except GameError:  # not on a Hub, or not a teacher
            progress = []
        self.list.view = {"tables": tables, "progress": progress, "message": self._message}

    def close(self) -> None:
        """Stop refreshing and close the widgets."""
        self._stop.set()
        super().close()

    def _poll(self, period: float) -> None:
        while not self._stop.wait(period):
            with contextlib.suppress(GameError):  # the server away a moment: next time
                self.refresh()

    def _intent(self, _widget: object, content: Any, _buffers: object) -> None:
        try:
            self._do(content if isinstance(content, dict) else {})
            self._message = ""
        except GameError as e:
            self._message = e.sentence
        self.refresh()

    def _show(self, board: Any, title: str) -> None:
        """Show ``board`` below the list under ``title`` (the one shown before stops
        following); ``None``: none."""
        for old in self.board.children:
            link = getattr(old, "link", None)
            if link is not None:
                link.close()
        if board is not None:
            board.layout.width = "100%"
        self.board.children = [] if board is None else [board]
        self.watching.value = f"<b>{html.escape(title)}</b>" if title else ""
        self.stop.layout.display = None if board is not None else "none"

    def _do(self, c: dict[str, Any]) -> None:
        kind, tid = c.get("kind"), str(c.get("table", ""))
        if kind == "watch":
            hands = bool(c.get("hands"))
            shown = (
                " showing every hand (the record says so)"
                if hands
                else " (public information only)"
            )
            self._show(self.lobby.watch(tid, hands=hands), f"Watching table {tid}{shown}")
        elif kind == "review":
            from ..widgets.table import AlhambraWidget

            game = self.lobby.record(tid)
            self._show(
                AlhambraWidget(game) if game.GAME == "alhambra" else _gardens(game),
                f"The review of table {tid}",
            )
        elif kind == "pause":
            self.lobby.pause(tid)
        elif kind == "resume":
            self.lobby.resume(tid)
        elif kind == "seat":
            codes = self.lobby.set_seats(tid, {str(c["name"]): str(c["seat"])})
            if codes:
                self._message = "Join codes: " + ", ".join(f"{n}: {k}" for n, k in codes.items())
        elif kind == "record":
            self.list.send(
                {"kind": "record", "table": tid, "text": self.lobby.record(tid).to_json()}
            )
        elif kind == "class":
            names = [
                n.strip()
                for n in str(c.get("names", "")).replace("\n", ",").split(",")
                if n.strip()
            ]
            group = str(c.get("group") or "") or None
            opened = self.lobby.seat_class(
                names or None, group=group, size=int(c.get("size") or 4), bots=c.get("bots") or None
            )
            self._message = f"Seated at {len(opened)} table(s)."


def _gardens(game: Any) -> Any:
    from ..widgets.gardens import GardensWidget

    return GardensWidget(game)
