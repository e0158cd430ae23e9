"""The notebook's side of the wire: the link that keeps a seat's game in step with the
table's server (:class:`TableLink`), its HTTP calls, and what they answer. The lobby and
the joined widget are in :mod:`.lobby`.

A joined widget is the usual table (:class:`~alhambra_widget.AlhambraWidget` or
:class:`~alhambra_widget.GardensWidget`) over the seat's game
(:func:`~alhambra_widget.engine.seat_record.seat_game`): it knows what the seat may
know, and nothing more. A person's move goes to the server as an intent; the server
applies and stores it, then every seat is sent the step, which the link applies to its
game like a bot's move. The link reconnects by itself and sends again the intents that
were in flight (each has an id, which the server applies once).
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import GameError
from .protocol import BURST, RATE, Bucket

ANSWER_SECONDS = 15.0
"""How long a move waits for the server's answer before saying so."""


@dataclass
class OpenedTable:
    """A table just opened: its ``id``, its game and one secret join code per person
    (``codes``: name -> code; bots have none). Give each person their own code."""

    id: str
    game: str
    codes: dict[str, str]


@dataclass
class TableSummary:
    """An open table as everyone may see it: players, seats, whose turn, step, scores."""

    id: str
    game: str
    players: list[str]
    seats: dict[str, str]
    to_move: str | None
    step: int
    scores: dict[str, int]
    over: bool
    winners: list[str] = field(default_factory=list)
    paused: bool = False
    waiting: float = 0.0
    """Seconds since the table last moved (how long the person to move has had)."""

    @classmethod
    def of(cls, data: dict[str, Any]) -> TableSummary:
        """A summary from the server's JSON (fields it does not know are left out)."""
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


def _ws_url(url: str) -> str:
    return "ws" + url[4:] + "/ws" if url.startswith("http") else url + "/ws"


class TableLink:
    """A seat's (or a spectator's) connection to a table: a thread keeps a WebSocket
    open, reconnecting by itself; ``on_welcome(record, frame)`` and ``on_step(frame)``
    and ``on_over(frame)`` are called from it."""

    def __init__(self, url: str, hello: dict[str, Any], token: str | None = None):
        self.url, self.hello, self.token = _ws_url(url.rstrip("/")), hello, token
        self.ws: Any = None
        self.pending: dict[str, dict[str, Any]] = {}  # id -> the intent, until answered
        self.answers: dict[str, dict[str, Any]] = {}
        self.answered = threading.Condition()
        self.welcomed = threading.Event()
        self.error: str | None = None
        self.closed = False
        self.on_welcome: Callable[[dict[str, Any]], None] = lambda frame: None
        self.on_step: Callable[[dict[str, Any]], None] = lambda frame: None
        self.on_over: Callable[[dict[str, Any]], None] = lambda frame: None
        self.on_seats: Callable[[dict[str, Any]], None] = lambda frame: None
        self.reconnects = 0
        # within the server's frame rate (protocol.RATE): a script that moves fast is
        # paced here, not refused there (a refusal for the rate names no intent)
        self._pace = Bucket(time.monotonic(), rate=RATE * 0.8, burst=BURST // 2)
        self._pace_lock = threading.Lock()
        # a list (set before start(), as _widget does): the steps that come between
        # the welcome and the callbacks being set, kept until release(), so that a
        # move made while one joins is not lost
        self._held: list[dict[str, Any]] | None = None
        self._dispatch = threading.RLock()
        self._thread = threading.Thread(target=self._run, name="alhambra-table-link", daemon=True)

    def start(self, timeout: float = ANSWER_SECONDS) -> None:
        """Connect and wait for the welcome; an unknown code or table is a GameError."""
        self._thread.start()
        if not self.welcomed.wait(timeout):
            self.close()
            raise GameError(self.error or f"The table's server at {self.url} did not answer.")
        if self.error:
            self.close()
            raise GameError(self.error)

    def resync(self) -> None:
        """Connect again (the welcome brings the whole record): a step was missed."""
        ws = self.ws
        if ws is not None:
            with contextlib.suppress(Exception):
                ws.close()

    def close(self) -> None:
        """Stop the link (the server keeps the seat: joining again resumes it)."""
        self.closed = True
        ws = self.ws
        if ws is not None:
            with contextlib.suppress(Exception):  # a connection already gone
                ws.close()

    # -- the thread ----------------------------------------------------------------
    def _run(self) -> None:
        from websockets.exceptions import ConnectionClosed
        from websockets.sync.client import connect

        wait = 0.1
        while not self.closed:
            try:
                headers = {"Authorization": f"token {self.token}"} if self.token else None
                with connect(
                    self.url, open_timeout=5, max_size=None, additional_headers=headers
                ) as ws:
                    self.ws = ws
                    ws.send(json.dumps(self.hello))
                    wait = 0.1
                    for text in ws:
                        self._frame(json.loads(text))
                        if self.error:
                            return
            except (ConnectionClosed, OSError, TimeoutError):
                pass
            self.ws = None
            if self.closed or self.error:
                return
            self.reconnects += 1
            time.sleep(wait)
            wait = min(2.0, wait * 2)

    def _frame(self, frame: dict[str, Any]) -> None:
        with self._dispatch:
            if self._held is not None and frame.get("type") in ("step", "over", "seats"):
                self._held.append(frame)  # the game they apply to is not built yet
                return
            self._handle(frame)

    def hold(self) -> None:
        """Hold the steps that come after the welcome until :meth:`release` (the game
        they apply to is being built)."""
        self._held = []

    def release(self) -> None:
        """Pass on the steps held since the welcome (``on_step`` and ``on_over`` are set
        now), then every frame as it comes."""
        with self._dispatch:
            held, self._held = self._held or [], None
            for frame in held:
                self._handle(frame)

    def _handle(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "error":
            self.error = str(frame.get("message"))
            self.welcomed.set()
        elif kind == "welcome":
            self.on_welcome(frame)
            self.welcomed.set()
            for intent in list(self.pending.values()):  # in flight when the link broke
                self._send(intent)
        elif kind == "step":
            self.on_step(frame)
            if frame.get("intent"):
                self._answer(frame["intent"], frame)
        elif kind == "over":
            self.on_over(frame)
        elif kind == "seats":
            self.on_seats(frame)
        elif kind in ("refused", "ack") and frame.get("intent"):
            self._answer(frame["intent"], frame)

    def _answer(self, iid: str, frame: dict[str, Any]) -> None:
        with self.answered:
            self.pending.pop(iid, None)
            self.answers[iid] = frame
            self.answered.notify_all()

    def _send(self, intent: dict[str, Any]) -> None:
        with self._pace_lock:
            while not self._pace.take(time.monotonic()):
                time.sleep(1 / self._pace.rate)
        ws = self.ws
        if ws is not None:
            with contextlib.suppress(Exception):  # sent again after the reconnection
                ws.send(json.dumps(intent))

    # -- moves -------------------------------------------------------------------------
    def move(
        self, action: dict[str, Any], step: int, timeout: float = ANSWER_SECONDS
    ) -> dict[str, Any]:
        """Send an intent and wait for its answer (the step applied, an ack, or a
        refusal). Unanswered in time, it stays in flight (sent again on reconnection)
        and a GameError says so."""
        iid = uuid.uuid4().hex
        intent = {"type": "intent", "id": iid, "step": step, "action": action}
        with self.answered:
            self.pending[iid] = intent
        self._send(intent)
        with self.answered:
            if not self.answered.wait_for(lambda: iid in self.answers, timeout):
                raise GameError(
                    f"The table's server has not answered in {timeout:g} s. Your move stays in "
                    "flight: it is sent again when the connection is back, and applied once."
                )
            return self.answers.pop(iid)


def http_json(url: str, body: object = None, token: str | None = None) -> Any:
    """GET (or POST ``body``) JSON at ``url``; the server's refusal is a GameError with its sentence."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"token {token}"
    req = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError as e:
        try:
            message = json.loads(e.read()).get("error")
        except ValueError:
            message = None
        raise GameError(message or f"The table's server answered {e.code}.") from None
    except urllib.error.URLError as e:
        raise GameError(f"The table's server at {url} cannot be reached ({e.reason}).") from None


__all__ = ["OpenedTable", "TableLink", "TableSummary", "http_json"]
