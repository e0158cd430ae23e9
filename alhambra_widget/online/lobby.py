"""Joining a table server from a notebook: :class:`Lobby` (open, list, join, watch; a
teacher's changes) and the joined widget: the usual table over a seat's game, kept in
step with the table's server by a :class:`~.client.TableLink`."""

from __future__ import annotations

import json
import os
import threading
import time
from typing import Any

from ..engine.errors import GameError, IllegalAction
from ..engine.seat_record import GAMES, SeatRecord, advance, seat_game
from .client import OpenedTable, TableLink, TableSummary, http_json


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


class Lobby:
    """A table server, seen from a notebook: open tables, list them, join a seat (with
    its code, or on a Hub by the table's id), watch a table; for a teacher, change a
    table's seats, pause it, and read the class's progress."""

    def __init__(self, url: str, process: Any = None, token: str | None = None):
        self.url = url.rstrip("/")
        self.process = process  # a local server this lobby started (online.connect())
        self.token = token  # on a Hub: the kernel's JUPYTERHUB_API_TOKEN

    def __repr__(self) -> str:
        return f"<Lobby {self.url}{' (JupyterHub)' if self.token else ''}>"

    def _get(self, path: str) -> Any:
        return http_json(self.url + path, token=self.token)

    def _post(self, path: str, body: object) -> Any:
        return http_json(self.url + path, body, self.token)

    def health(self) -> dict[str, Any]:
        """The server's health answer."""
        out: dict[str, Any] = self._get("/api/health")
        return out

    def open_table(
        self,
        players: list[str],
        seats: dict[str, str] | None = None,
        seed: int | None = None,
        game: str = "alhambra",
        **options: Any,
    ) -> OpenedTable:
        """Open a table: ``players`` in seat order (on a Hub: their Hub names), ``seats``
        for bots (name -> level: ``"random"``, ``"greedy"``, ``"easy"``, ``"medium"``,
        ``"strong"``), ``game`` ``"alhambra"`` or ``"gardens"``, and the game's
        options. Returns the table's id and one join code per person."""
        body = {
            "game": game,
            "players": players,
            "seats": seats or {},
            "seed": seed,
            "options": options,
        }
        r = self._post("/api/tables", body)
        return OpenedTable(r["id"], r["game"], dict(r["codes"]))

    def tables(self, everything: bool = False) -> list[TableSummary]:
        """The open tables, as everyone may see them (``everything``: the finished and
        closed ones too)."""
        return [
            TableSummary.of(t) for t in self._get("/api/tables" + ("?all=1" if everything else ""))
        ]

    def table(self, table_id: str) -> TableSummary:
        """One table's public summary."""
        return TableSummary.of(self._get(f"/api/tables/{table_id}"))

    def record(self, table_id: str) -> Any:
        """A finished game's whole record, as the engine's game (its review works as
        for any game)."""
        text: str = self._get(f"/api/tables/{table_id}/record")
        kind = json.loads(text).get("format", "")
        cls = GAMES["gardens"] if "gardens" in kind else GAMES["alhambra"]
        return cls.from_json(text)

    def set_seats(self, table_id: str, seats: dict[str, str]) -> dict[str, str]:
        """Replace an absent person with a bot, or a bot with a person (name ->
        ``"human"`` or a bot's level); returns join codes for the new people's seats."""
        out: dict[str, str] = self._post(f"/api/tables/{table_id}/seats", {"seats": seats})["codes"]
        return out

    def pause(self, table_id: str) -> None:
        """Pause a table: its moves and bots wait."""
        self._post(f"/api/tables/{table_id}/pause", {"paused": True})

    def resume(self, table_id: str) -> None:
        """Resume a paused table."""
        self._post(f"/api/tables/{table_id}/pause", {"paused": False})

    def progress(self, everyone: bool = False) -> list[dict[str, Any]]:
        """Course progress kept on the server: yours, or (a teacher) the whole class's."""
        out: list[dict[str, Any]] = self._get("/api/progress" + ("?all=1" if everyone else ""))
        return out

    def save_progress(
        self,
        lesson: str,
        stars: int = 0,
        done: bool = False,
        wrong: int = 0,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Keep your progress in a lesson on the server (on a Hub, under your name)."""
        self._post(
            "/api/progress",
            {"lesson": lesson, "stars": stars, "done": done, "wrong": wrong, "result": result},
        )

    def seat_class(
        self,
        names: list[str] | None = None,
        *,
        group: str | None = None,
        size: int = 4,
        bots: str | None = None,
        game: str = "alhambra",
    ) -> list[OpenedTable]:
        """A teacher seats a class: ``names`` (or a Hub ``group``'s members) at tables of
        ``size`` people, ``bots`` (a level) filling a short table. Returns the tables."""
        body = {"names": names, "group": group, "size": size, "bots": bots, "game": game}
        return [
            OpenedTable(t["id"], t["game"], dict(t["codes"]))
            for t in self._post("/api/class", body)
        ]

    def dashboard(self, refresh: float = 5.0) -> Any:
        """A teacher's dashboard (a widget): every table at a glance, watch one live,
        seat a class, replace or pause, download a record, the class's progress."""
        from .dashboard import Dashboard

        return Dashboard(self, refresh)

    def join(self, code: str, **kwargs: Any) -> Any:
        """The table widget for your seat: by its join ``code``, or on a Hub by the
        table's id (your Hub name is your seat). The usual table, playing that seat and
        showing only what it may see. Keyword arguments go to the widget."""
        by_table = bool(self.token) and _looks_like_table(code)
        hello = {"type": "hello", "table": code} if by_table else {"type": "hello", "code": code}
        return joined_widget(TableLink(self.url, hello, self.token), kwargs)

    def watch(self, table_id: str, hands: bool = False, **kwargs: Any) -> Any:
        """A spectator's board of table ``table_id``: public information only. A
        teacher may ask to see every hand (``hands=True``): the game's record then says
        so from that step on."""
        hello = {"type": "hello", "watch": table_id, "hands": bool(hands)}
        return joined_widget(TableLink(self.url, hello, self.token), kwargs)


def _looks_like_table(text: str) -> bool:
    return len(text) == 12 and all(c in "0123456789abcdef" for c in text)


def connect(url: str | None = None, *, db: str | None = None, port: int = 0) -> Lobby:
    """The lobby of the table server at ``url``. Without one: on a JupyterHub, the
    Hub's table service (``ALHAMBRA_SERVER_URL``, set by the Hub's configuration), as
    the signed-in person (the kernel's ``JUPYTERHUB_API_TOKEN``); elsewhere a local
    server (SQLite in ``db``, by default ``~/.alhambra-widget/tables.sqlite``) started
    in the background for this Python process, on 127.0.0.1."""
    token = os.environ.get("JUPYTERHUB_API_TOKEN") or None
    if url is None and os.environ.get("ALHAMBRA_SERVER_URL"):
        url = os.environ["ALHAMBRA_SERVER_URL"]
    if url is not None:
        lobby = Lobby(url, token=token)
        lobby.health()
        return lobby
    from .local import start_local

    url, process = start_local(db, port)
    return Lobby(url, process)


def joined_widget(link: TableLink, kwargs: dict[str, Any]) -> Any:
    """Start ``link``, build the seat's game and its widget, and keep them in step."""
    box: dict[str, Any] = {}
    link.on_welcome = lambda frame: box.setdefault("welcome", frame)
    link.hold()  # the steps after the welcome wait for the game (_bind releases them)
    link.start()
    welcome = box["welcome"]
    record = SeatRecord.from_data(welcome["record"])
    game = seat_game(record)
    if "game" in welcome:  # over (its whole record is known), or a teacher seeing the hands
        game = record.game_class().from_json(welcome["game"])
    if record.kind == "gardens":
        from ..widgets.gardens import GardensWidget as cls
    else:
        from ..widgets.table import AlhambraWidget as cls  # type: ignore[assignment]
    seat = record.seat
    names = [str(n) for n in record.options["players"]]
    kinds = welcome.get("seats") or {}
    seats: dict[str, object] = {
        n: _remote(kinds.get(n, "human")) for i, n in enumerate(names) if i != seat
    }
    w = cls(game, seats=seats, **kwargs)
    w.link = link
    if seat is None:  # a spectator decides nothing: no hints to ask for
        w.hints_enabled = False
    if welcome.get("hands"):  # a teacher chose to see every hand: the record says so
        w.session.hands_shown = (
            json.loads(welcome["game"]).get("hands_shown", {}).get("from_step", game.step)
        )
        w.show_all_money = True
    w.session.paused = bool(welcome.get("paused"))
    _bind(w, link, seat)
    return w


def _remote(kind: str) -> RemoteSeat:
    """A seat played elsewhere: a person (``"online"``) or the server's bot."""
    return RemoteSeat("online" if kind == "human" else f"online:{kind}")


def _bind(w: Any, link: TableLink, seat: int | None) -> None:
    """Keep widget ``w``'s game in step with ``link``; its person's moves go through it."""
    follow = _Follower(w, link)
    w.observe(follow.hands_stay_hidden, "show_all_money")
    link.on_step = follow.on_step
    link.on_welcome = follow.on_welcome
    link.on_over = follow.on_over
    link.on_seats = follow.on_seats
    if seat is not None:
        w.session.remote = follow.remote
    link.release()


class _Follower:
    """Applies what the server sends to a joined widget's game, from the link's thread,
    and sends its person's moves."""

    def __init__(self, w: Any, link: TableLink):
        self.w, self.link, self.session = w, link, w.session
        self.lock = threading.RLock()

    def on_step(self, frame: dict[str, Any]) -> None:
        """An action applied at the table: the seat's game follows it."""
        with self.lock:
            session = self.session
            g = session.game
            if frame["step"] <= g.step or g.is_over:
                return  # already applied (a welcome caught up), or the game is over here
            if frame["step"] > g.step + 1:  # a step was missed: the welcome brings them all
                self.link.resync()
                return
            if g.seat_record is None:  # a teacher's whole game: it plays as the server's does
                session.applying(lambda: g.apply(g.action_from_json(frame["action"])))
                return
            step = {"action": frame["action"], "reveals": frame.get("reveals") or {}}
            session.applying(lambda: advance(g, step))

    def on_seats(self, frame: dict[str, Any]) -> None:
        """A teacher changed the seats, or paused or resumed the table."""
        with self.lock:
            session = self.session
            for name, kind in (frame.get("seats") or {}).items():
                if name in session.seats and session.seats[name] is not None:
                    session.seats[name] = _remote(str(kind))
            session.paused = bool(frame.get("paused"))
            if session.paused:
                self.w.message = {
                    "text": "A teacher has paused this table: moves wait until it resumes.",
                    "kind": "info",
                    "rule": None,
                    "id": time.time(),
                }
            session.changed()

    def on_welcome(self, frame: dict[str, Any]) -> None:
        """A reconnection: catch up with what happened meanwhile."""
        with self.lock:
            session = self.session
            session.paused = bool(frame.get("paused"))
            g = session.game
            record = SeatRecord.from_data(frame["record"])
            if g.seat_record is None:
                if "game" in frame and frame.get("hands"):  # a teacher's whole game: catch up
                    full = type(g).from_json(frame["game"])
                    session.applying(lambda: g.become(full) or [])
                    session.changed()
                return
            if record.steps[: g.step] != g.seat_record.steps:
                session.applying(lambda: g.become(seat_game(record)) or [])  # (should not happen)
                session.changed()
                return
            for step in record.steps[g.step :]:
                session.applying(lambda s=step: advance(g, s))
            if "game" in frame:
                self.on_over(frame)

    def on_over(self, frame: dict[str, Any]) -> None:
        """The game is over: its whole record is revealed (and whether a teacher saw
        every hand, from which step)."""
        with self.lock:
            session = self.session
            g = session.game
            shown = json.loads(frame["game"]).get("hands_shown")
            if shown is not None:
                session.hands_shown = shown.get("from_step")
            if g.seat_record is not None:
                g.become(type(g).from_json(frame["game"]))
            session.changed()

    def remote(self, action: object) -> list[Any]:
        """Send the person's action to the server; its events once applied there."""
        g = self.session.game
        answer = self.link.move(action.to_json(), g.step)  # type: ignore[attr-defined]
        if answer["type"] == "refused":
            rule = answer.get("rule")
            raise IllegalAction(rule, answer["message"]) if rule else GameError(answer["message"])
        with self.lock:  # the step came before its answer: its events are the last ones
            start = g.movers[answer["step"] - 1][1] if 0 < answer["step"] <= g.step else len(g.log)
            return list(g.log[start:])

    def hands_stay_hidden(self, change: dict[str, Any]) -> None:
        """At a table online, "show all money" is refused until the game is over: the
        others' hands in a seat's game are guesses."""
        if change["new"] and self.session.game.seat_record is not None:
            self.w.show_all_money = False
            self.w.message = {
                "text": "At a table online the other hands stay hidden until the game is over.",
                "kind": "error",
                "rule": None,
                "id": time.time(),
            }
