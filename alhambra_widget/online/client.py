"""Joining a table server from a notebook: :class:`Lobby` (open, list, join, watch)
and the link that keeps a seat's game in step with the server (:class:`TableLink`).

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

from ..engine.errors import GameError, IllegalAction
from ..engine.seat_record import GAMES, SeatRecord, advance, seat_game
from .protocol import BURST, RATE, Bucket

ANSWER_SECONDS = 15.0
"""How long a move waits for the server's answer before saying so."""


class RemoteSeat:
    """A seat played elsewhere: by a person in another notebook (``name`` ``"online"``)
    or by the server's bot (``"online:LEVEL"``). The session neither moves for it nor
    lets the page do so."""

    remote = True

    def __init__(self, name: str = "online"):
        self.name = name

    def choose(self, game: Any) -> Any:
        """Never called: the server sends this seat's moves."""
        raise GameError("This seat plays from elsewhere: its moves come from the table's server.")

    def __repr__(self) -> str:
        return f"RemoteSeat({self.name!r})"


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


def _ws_url(url: str) -> str:
    return "ws" + url[4:] + "/ws" if url.startswith("http") else url + "/ws"


class TableLink:
    """A seat's (or a spectator's) connection to a table: a thread keeps a WebSocket
    open, reconnecting by itself; ``on_welcome(record, frame)`` and ``on_step(frame)``
    and ``on_over(frame)`` are called from it."""

    def __init__(self, url: str, hello: dict[str, Any]):
        self.url, self.hello = _ws_url(url.rstrip("/")), hello
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
                with connect(self.url, open_timeout=5, max_size=None) as ws:
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
            if self._held is not None and frame.get("type") in ("step", "over"):
                self._held.append(frame)  # the game they apply to is not built yet
                return
            self._handle(frame)

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
    def move(self, action: dict[str, Any], step: int, timeout: float = ANSWER_SECONDS) -> dict[str, Any]:
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


def _http(url: str, body: object = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
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


class Lobby:
    """A table server, seen from a notebook: open tables, list them, join a seat with
    its code, watch a table."""

    def __init__(self, url: str, process: Any = None):
        self.url = url.rstrip("/")
        self.process = process  # a local server this lobby started (online.connect())

    def __repr__(self) -> str:
        return f"<Lobby {self.url}>"

    def health(self) -> dict[str, Any]:
        """The server's health answer."""
        out: dict[str, Any] = _http(self.url + "/api/health")
        return out

    def open_table(
        self,
        players: list[str],
        seats: dict[str, str] | None = None,
        seed: int | None = None,
        game: str = "alhambra",
        **options: Any,
    ) -> OpenedTable:
        """Open a table: ``players`` in seat order, ``seats`` for bots (name -> level:
        ``"random"``, ``"greedy"``, ``"easy"``, ``"medium"``, ``"strong"``), ``game``
        ``"alhambra"`` or ``"gardens"``, and the game's options. Returns the table's id
        and one join code per person."""
        body = {"game": game, "players": players, "seats": seats or {}, "seed": seed, "options": options}
        r = _http(self.url + "/api/tables", body)
        return OpenedTable(r["id"], r["game"], dict(r["codes"]))

    def tables(self) -> list[TableSummary]:
        """The open tables, as everyone may see them."""
        return [TableSummary(**t) for t in _http(self.url + "/api/tables")]

    def join(self, code: str, **kwargs: Any) -> Any:
        """The table widget for the seat of join ``code``: the usual table, playing that
        seat, showing only what it may see. Keyword arguments go to the widget."""
        return _widget(TableLink(self.url, {"type": "hello", "code": code}), kwargs)

    def watch(self, table_id: str, **kwargs: Any) -> Any:
        """A spectator's board of table ``table_id``: public information only."""
        return _widget(TableLink(self.url, {"type": "hello", "watch": table_id}), kwargs)


def _widget(link: TableLink, kwargs: dict[str, Any]) -> Any:
    """Start ``link``, build the seat's game and its widget, and keep them in step."""
    box: dict[str, Any] = {}
    link.on_welcome = lambda frame: box.setdefault("welcome", frame)
    link._held = []  # the steps after the welcome wait for the game (_bind releases them)
    link.start()
    welcome = box["welcome"]
    record = SeatRecord.from_data(welcome["record"])
    game = seat_game(record)
    if "game" in welcome:  # the game is over: its whole record is known
        game = record.game_class().from_json(welcome["game"])
    if record.kind == "gardens":
        from ..widgets.gardens import GardensWidget as cls
    else:
        from ..widgets.table import AlhambraWidget as cls  # type: ignore[assignment]
    seat = record.seat
    names = [str(n) for n in record.options["players"]]
    kinds = welcome.get("seats") or {}
    seats: dict[str, object] = {
        n: RemoteSeat("online" if kinds.get(n, "human") == "human" else f"online:{kinds[n]}")
        for i, n in enumerate(names)
        if i != seat
    }
    w = cls(game, seats=seats, **kwargs)
    w.link = link
    _bind(w, link, seat)
    return w


def _bind(w: Any, link: TableLink, seat: int | None) -> None:
    """Keep widget ``w``'s game in step with ``link``; its person's moves go through it."""
    session = w.session
    lock = threading.RLock()

    def on_step(frame: dict[str, Any]) -> None:
        with lock:
            g = session.game
            if g.seat_record is None or frame["step"] <= g.step:
                return  # already applied (a welcome caught up), or the game is over here
            if frame["step"] > g.step + 1:  # a step was missed: the welcome brings them all
                link.resync()
                return
            step = {"action": frame["action"], "reveals": frame.get("reveals") or {}}
            session.applying(lambda: advance(g, step))

    def on_welcome(frame: dict[str, Any]) -> None:  # a reconnection: catch up
        with lock:
            g = session.game
            record = SeatRecord.from_data(frame["record"])
            if g.seat_record is None:
                return
            if record.steps[: g.step] != g.seat_record.steps:
                session.applying(lambda: g.become(seat_game(record)) or [])  # (should not happen)
                session.changed()
                return
            for step in record.steps[g.step :]:
                session.applying(lambda s=step: advance(g, s))
            if "game" in frame:
                on_over(frame)

    def on_over(frame: dict[str, Any]) -> None:
        with lock:
            g = session.game
            if g.seat_record is None:
                return
            true = type(g).from_json(frame["game"])
            g.become(true)  # the whole record, now that the game is over
            session.changed()

    def remote(action: object) -> list[Any]:
        g = session.game
        answer = link.move(action.to_json(), g.step)  # type: ignore[attr-defined]
        if answer["type"] == "refused":
            raise IllegalAction(answer.get("rule") or "", answer["message"]) if answer.get("rule") else GameError(answer["message"])
        with lock:  # the step came before its answer: its events are the last ones
            start = g.movers[answer["step"] - 1][1] if 0 < answer["step"] <= g.step else len(g.log)
            return list(g.log[start:])

    def hands_stay_hidden(change: dict[str, Any]) -> None:
        if change["new"] and session.game.seat_record is not None:  # the others' hands here are guesses
            w.show_all_money = False
            w.message = {"text": "At a table online the other hands stay hidden until the game is over.",
                         "kind": "error", "rule": None, "id": time.time()}  # fmt: skip

    w.observe(hands_stay_hidden, "show_all_money")
    link.on_step = on_step
    link.on_welcome = on_welcome
    link.on_over = on_over
    if seat is not None:
        session.remote = remote
    link.release()


def connect(url: str | None = None, *, db: str | None = None, port: int = 0) -> Lobby:
    """The lobby of the table server at ``url``; without one, a local server (SQLite in
    ``db``, by default ``~/.alhambra-widget/tables.sqlite``) started in the background
    for this Python process, on 127.0.0.1."""
    if url is not None:
        lobby = Lobby(url)
        lobby.health()
        return lobby
    from .local import start_local

    url, process = start_local(db, port)
    return Lobby(url, process)


__all__ = ["GAMES", "Lobby", "OpenedTable", "RemoteSeat", "TableLink", "TableSummary", "connect"]
