"""The table server: the authority over every table (:class:`Server`). Its HTTP and
WebSocket routes are in :mod:`.app`, its storage in :mod:`.store`, its bots in
:mod:`.bots`.

The server holds each table's true game and applies every move with the engine; it
commits an accepted action to the database before it tells anyone, then sends each
connection what its seat may know of it (:mod:`~alhambra_widget.engine.seat_record`).
Bots play their seats here, each deciding from its own seat's record.

Several server processes may serve one PostgreSQL database: an action is numbered by
its step, and the database takes one action per step (the second process to commit a
step is refused by the primary key and tells its client the move was stale); each
commit notifies the other processes (``LISTEN``/``NOTIFY``), which read the new
actions and tell their own connections.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import secrets
import time
import zlib
from concurrent.futures import Executor
from typing import Any

import sqlalchemy.exc
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine.errors import GameError, MalformedInput
from ..engine.seat_record import GAMES, record_for
from ..players.bots import make_bot
from ..players.parallel import cores
from . import protocol
from .bots import bot_pool, decide
from .host import HUMAN, Client, Forbidden, Host, out_of_turn, summary
from .hub import Nobody, People, Person, token_of
from .protocol import BadFrame, Bucket, refused
from .store import CHANNEL, Store

log = logging.getLogger("alhambra_widget.online")

__all__ = ["HUMAN", "Client", "Forbidden", "Host", "Server", "decide", "summary"]


class Server:
    """Every table of one database: opening, loading, moves, bots, broadcasting; on a
    JupyterHub, who may do what (``people``)."""

    def __init__(
        self,
        db: str,
        workers: int | None = None,
        people: People | None = None,
        *,
        tables_per_person: int = 20,
        idle_hours: float | None = None,
    ) -> None:
        self.store = Store(db)
        self.people: People = people or Nobody()
        self.hosts: dict[str, Host] = {}
        self.workers = workers if workers is not None else cores()
        self.pool: Executor | None = None
        self.loading = asyncio.Lock()
        self.tables_per_person = tables_per_person
        self.idle_hours = idle_hours
        self.tasks: list[asyncio.Task[None]] = []

    # -- lifetime --------------------------------------------------------------------
    async def start(self) -> None:
        """Start the bots' pool, resume the tables where a bot is to move, and listen
        to the other processes (PostgreSQL) and close idle tables."""
        self.pool = bot_pool(self.workers)
        for tid, _game, s, seats, _over in self.store.summaries():
            if s.get("to_move") is not None and seats.get(s["to_move"], HUMAN) != HUMAN:
                host = await self.host(tid)
                if host is not None:
                    self.bots(host)
        gc.freeze()  # what start-up made stays: full collections walk only what moves
        loop = asyncio.get_running_loop()
        if self.store.postgresql:
            self.tasks.append(loop.create_task(self._listen_database()))
        if self.idle_hours:
            self.tasks.append(loop.create_task(self._close_idle()))

    async def stop(self) -> None:
        """Cancel the bots and tasks, close the pool and the database."""
        for task in self.tasks + [h.bot for h in self.hosts.values() if h.bot is not None]:
            task.cancel()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    # -- tables ------------------------------------------------------------------------
    def open_table(self, body: object, person: Person | None = None) -> dict[str, Any]:
        """Open a table from a request's JSON; returns its id and one join code per
        person. On a Hub: only teachers open tables for others, and a person opens at
        most ``tables_per_person``."""
        if self.people.hub and person is None:
            raise Forbidden("Sign in through the Hub to open a table.")
        if not isinstance(body, dict):
            raise MalformedInput("A table is opened with a JSON object.")
        kind = body.get("game", "alhambra")
        if kind not in GAMES:
            raise MalformedInput(f"game is one of {sorted(GAMES)}, not {kind!r}.")
        players, seats = body.get("players"), body.get("seats") or {}
        options = body.get("options") or {}
        if not isinstance(seats, dict) or not isinstance(options, dict):
            raise MalformedInput("seats and options are objects.")
        cls = GAMES[kind]
        unknown = set(options) - set(cls.OPTIONS) - set(cls.OPTION_ALIASES)
        if unknown:
            raise MalformedInput(f"Unknown options {sorted(unknown)}: {sorted(cls.OPTIONS)}.")
        game = cls(players, body.get("seed"), **options)  # the engine checks the rest
        names = [p.name for p in game.players]
        if set(seats) - set(names):
            raise MalformedInput(f"seats names players of the table: {names}.")
        for level in seats.values():
            if level != HUMAN:
                make_bot(level, 0, game)  # refuses an unknown level
        seats = {n: str(seats.get(n, HUMAN)) for n in names}
        if person is not None:
            self._may_open(person, [n for n in names if seats[n] == HUMAN])
        tid = secrets.token_hex(6)
        codes = {i: secrets.token_urlsafe(18) for i, n in enumerate(names) if seats[n] == HUMAN}
        full = {**game.seat_options(), "seed": game.seed}
        owner = None if person is None else person.name
        self.store.create(tid, kind, full, seats, summary(game, seats), codes, owner)
        self.hosts[tid] = host = Host(tid, game, seats, {}, owner)
        self.bots(host)  # a bot that starts the game moves at once
        return {"id": tid, "game": kind, "codes": {names[i]: c for i, c in codes.items()}}

    async def seat_class(self, body: object, person: Person | None) -> list[dict[str, Any]]:
        """A teacher seats a class: ``names`` (or on a Hub a ``group``'s members) at
        tables of ``size`` (2 to 6) people; ``bots`` (a level) fills a short table, else
        the last people join the table before. Returns the tables opened."""
        if self.people.hub and (person is None or not person.teacher):
            raise Forbidden("Only a teacher seats a class.")
        if not isinstance(body, dict):
            raise MalformedInput("A class is seated with a JSON object.")
        names, group = body.get("names"), body.get("group")
        if isinstance(group, str) and hasattr(self.people, "members"):  # asks the Hub: a thread
            names = await asyncio.to_thread(self.people.members, group)
        size, bots, game = body.get("size", 4), body.get("bots"), body.get("game", "alhambra")
        if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
            raise MalformedInput("names is a list of the class's names (or group a Hub group).")
        if type(size) is not int or not 2 <= size <= 6:
            raise MalformedInput("size is the people at a table: 2 to 6.")
        groups = [names[i : i + size] for i in range(0, len(names), size)]
        if len(groups) > 1 and len(groups[-1]) < 2 and not bots:  # one left over: the table before
            groups[-2] += groups.pop()
        out = []
        for people in groups:
            players, seats = list(people), {}
            if bots and len(players) < size:
                for k in range(size - len(players)):
                    players.append(f"Bot {k + 1}")
                    seats[players[-1]] = str(bots)
            t = self.open_table({"game": game, "players": players, "seats": seats}, person)
            out.append(t)
        return out

    def _may_open(self, person: Person, people: list[str]) -> None:
        if not person.teacher and set(people) - {person.name}:
            raise Forbidden(
                "Only a teacher opens a table for others: seat yourself with bots, or ask "
                f"your teacher to seat {', '.join(sorted(set(people) - {person.name}))}."
            )
        if not person.teacher and self.store.owned(person.name) >= self.tables_per_person:
            raise Forbidden(
                f"{person.name} has {self.tables_per_person} open tables already, the most one "
                "person may open: finish one, or ask a teacher to close one."
            )

    async def host(self, table_id: str) -> Host | None:
        """The table in memory, read from the database (replayed) the first time."""
        h = self.hosts.get(table_id)
        if h is not None:
            return h
        async with self.loading:
            h = self.hosts.get(table_id)
            if h is not None:
                return h
            st = self.store.load(table_id)
            if st is None or st.closed:
                return None
            cls = GAMES[st.game]
            game = cls.replay(
                st.options, [cls.action_from_json(a) for a in st.actions], check=False
            )
            intents = {i: n + 1 for n, i in enumerate(st.intents) if i is not None}
            h = Host(table_id, game, st.seats, intents, st.owner, st.paused, st.hands_shown)
            self.hosts[table_id] = h
            return h

    def tables(self, everything: bool = False) -> list[dict[str, Any]]:
        """The open tables' public summaries (the live ones from memory); with
        ``everything``, the finished and closed ones too."""
        out = []
        for tid, kind, s, _seats, over in self.store.summaries(include_over=everything):
            h = self.hosts.get(tid)
            out.append(
                {"id": tid, "game": kind, **(h.summary() if h is not None else s), "over": over}
            )
        return out

    # -- moves -------------------------------------------------------------------------
    async def intent(self, h: Host, seat: int, data: dict[str, Any]) -> dict[str, Any] | None:
        """Apply a person's intent for ``seat``: the refusal to send back, or ``None``
        when it was applied (everyone has been told) or had been already (acknowledged)."""
        async with h.lock:
            if data["step"] > h.game.step:  # another process moved the table: catch up
                await self._catch_up(h)
            iid = data["id"]
            if iid in h.intents:
                return {"type": "ack", "intent": iid, "step": h.intents[iid]}
            if h.kind(seat) != HUMAN:  # a teacher gave the seat to a bot: its moves are the bot's
                name = h.game.players[seat].name
                return refused(
                    "turn",
                    f"A teacher gave {name}'s seat to a bot ({h.kind(seat)}): the bot "
                    "moves for it now, so nothing was done.",
                    iid,
                )
            return await self._move(h, seat, data["action"], data["step"], iid)

    async def _move(
        self, h: Host, seat: int, raw: Any, step: int, iid: str | None
    ) -> dict[str, Any] | None:
        g = h.game
        late = out_of_turn(h, seat, step, iid, held=self.hosts.get(h.id) is h)
        if late is not None:
            return late
        try:
            action = g.action_from_json(raw)
            if getattr(action, "BY_HAND", False):
                raise MalformedInput(
                    "A table's game is played, not edited (R13): edits are refused."
                )
        except MalformedInput as e:
            return refused("malformed", e.sentence, iid)
        err = g.why_illegal(action)
        if err is not None:
            return refused("illegal", err.sentence, iid, getattr(err, "rule", None))
        before, after = g.copy(), g.copy()
        after.apply(action)  # the table shows it once it is stored (its summary, its record)
        try:  # committed before anyone is told; meanwhile the loop serves the other tables
            await asyncio.to_thread(
                self.store.append,
                h.id,
                after.step - 1,
                action.to_json(),
                seat,
                iid,
                summary(after, h.seats),
                after.is_over,
            )
        except sqlalchemy.exc.IntegrityError:  # another process took this step first
            await self._catch_up(h)
            if (
                iid is not None and iid in h.intents
            ):  # this very intent, sent to the other process too
                return None  # applied once, there; the catch-up told this connection (its step names it)
            return refused(
                "stale",
                "Another move was made at this step just before yours: nothing was done.",
                iid,
            )
        except Exception as e:  # (a database that refuses: nothing happened)
            log.exception("table %s: the action could not be stored", h.id)
            return refused(
                "server",
                f"The server could not store the move ({type(e).__name__}): nothing was done.",
                iid,
            )
        g.become(after)
        if iid is not None:
            h.intents[iid] = g.step
        h.moved = time.time()
        await self._tell(h, before, seat, iid)
        self.bots(h)
        return None

    async def _tell(self, h: Host, before: Any, mover: int, iid: str | None) -> None:
        g = h.game
        action = g.history[-1].to_json()
        texts: dict[Any, str] = {}  # each seat's frame encoded once, whoever listens
        for c in list(h.clients):
            key = "all" if c.hands else c.seat
            if key not in texts:
                reveals = {} if c.hands else g.seat_reveals(before, c.seat)
                texts[key] = protocol.encode(
                    {
                        "type": "step",
                        "step": g.step,
                        "action": action,
                        "reveals": reveals,
                        "intent": iid if c.seat == mover else None,
                    }
                )
            await self._send_text(h, c, texts[key])
        if g.is_over:
            await self.broadcast(h, {"type": "over", "game": h.record(), "seats": h.seats})

    async def broadcast(self, h: Host, frame: dict[str, Any]) -> None:
        """Send ``frame`` to every connection of table ``h``."""
        text = protocol.encode(frame)
        for c in list(h.clients):
            await self._send_text(h, c, text)

    async def _send(self, h: Host, c: Client, frame: dict[str, Any]) -> None:
        await self._send_text(h, c, protocol.encode(frame))

    async def _send_text(self, h: Host, c: Client, text: str) -> None:
        try:
            await c.ws.send_text(text)
        except Exception:  # a connection gone: it will reconnect and be welcomed again
            if c in h.clients:
                h.clients.remove(c)

    # -- other processes (PostgreSQL) --------------------------------------------------
    async def _catch_up(self, h: Host) -> None:
        """Apply the actions another process committed for ``h`` (and its seats and
        pause), telling this process's connections."""
        st = self.store.load(h.id)
        if st is None:
            return
        if st.closed:  # another process closed it for idling: this one lets go too
            if self.hosts.get(h.id) is h:
                del self.hosts[h.id]
                await self._tell_closed(h)
            return
        h.seats, h.paused, h.hands_shown = st.seats, st.paused, st.hands_shown
        g = h.game
        for raw, seat, iid in self.store.actions_from(h.id, g.step):
            before = g.copy()
            g.apply(g.action_from_json(raw))
            if iid is not None:
                h.intents[iid] = g.step
            h.moved = time.time()
            await self._tell(h, before, seat, iid)

    async def _listen_database(self) -> None:
        """PostgreSQL: follow the other processes' commits (``LISTEN``)."""
        import psycopg

        url = self.store.engine.url.set(drivername="postgresql").render_as_string(
            hide_password=False
        )
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    async for note in conn.notifies():
                        tid, step = note.payload.rsplit(":", 1)
                        h = self.hosts.get(tid)
                        if h is None or (step != "-1" and int(step) <= h.game.step):
                            continue  # not held here, or this process's own commit
                        async with h.lock:
                            seats, paused = h.seats, h.paused
                            await self._catch_up(h)
                            if (seats, paused) != (h.seats, h.paused):
                                await self.broadcast(
                                    h, {"type": "seats", "seats": h.seats, "paused": h.paused}
                                )
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listening to the database failed; again in 1 s")
                await asyncio.sleep(1)

    async def _close_idle(self) -> None:
        """Close the tables that have not moved for ``idle_hours`` (their records stay)."""
        assert self.idle_hours is not None
        period = min(60.0, self.idle_hours * 3600 / 4)
        while True:
            await asyncio.sleep(period)
            for tid in self.store.idle(time.time() - self.idle_hours * 3600):
                self.store.change(tid, closed=True)
                h = self.hosts.pop(tid, None)
                log.info("table %s closed: idle for %g hours", tid, self.idle_hours)
                if h is not None:
                    async with h.lock:  # told, then let go: no move is taken after this (_move)
                        await self._tell_closed(h)

    async def _tell_closed(self, h: Host) -> None:
        """Tell ``h``'s connections that it was closed for idling, and close them (the
        caller holds ``h.lock`` and has let go of the table)."""
        message = "This table was closed: nobody moved for a long time."
        await self.broadcast(h, {"type": "error", "kind": "closed", "message": message})
        for c in list(h.clients):
            with contextlib.suppress(Exception):  # (a connection already gone)
                await c.ws.close(code=protocol.UNKNOWN)

    # -- a teacher's changes -------------------------------------------------------------
    def _teacher(self, person: Person | None, h: Host) -> None:
        if self.people.hub and (person is None or not (person.teacher or person.name == h.owner)):
            raise Forbidden("Only a teacher (or the table's owner) may change a table.")

    async def set_seats(self, h: Host, seats: object, person: Person | None) -> dict[str, Any]:
        """Replace an absent person with a bot, or a bot with a person (``seats``: name
        -> ``"human"`` or a bot's level). Returns the new seats and join codes for the
        new people's seats."""
        self._teacher(person, h)
        names = [p.name for p in h.game.players]
        if not isinstance(seats, dict) or set(seats) - set(names):
            raise MalformedInput(f"seats maps players of the table to 'human' or a bot: {names}.")
        for level in seats.values():
            if level != HUMAN:
                make_bot(level, 0, h.game)
        codes = {}
        async with h.lock:
            for name, level in seats.items():
                if level == HUMAN and h.seats.get(name) != HUMAN:
                    codes[name] = secrets.token_urlsafe(18)
                    self.store.add_code(h.id, names.index(name), codes[name])
            h.seats = {**h.seats, **{n: str(k) for n, k in seats.items()}}
            self.store.change(h.id, seats=h.seats)
            await self.broadcast(h, {"type": "seats", "seats": h.seats, "paused": h.paused})
            self.bots(h)
        return {"seats": h.seats, "codes": codes}

    async def set_paused(self, h: Host, paused: bool, person: Person | None) -> None:
        """Pause a table (moves and bots wait) or resume it."""
        self._teacher(person, h)
        async with h.lock:
            h.paused = bool(paused)
            self.store.change(h.id, paused=h.paused)
            await self.broadcast(h, {"type": "seats", "seats": h.seats, "paused": h.paused})
        if not h.paused:
            self.bots(h)

    # -- bots --------------------------------------------------------------------------
    def bots(self, h: Host) -> None:
        """Let the bot to move at ``h`` decide (in the pool), if one is and none is busy."""
        g = h.game
        if (
            g.is_over
            or h.paused
            or h.kind(g.current) == HUMAN
            or (h.bot is not None and not h.bot.done())
        ):
            return
        h.bot = asyncio.get_running_loop().create_task(self._bot(h))

    async def _bot(self, h: Host) -> None:
        g = h.game
        seat, step = g.current, g.step
        record = record_for(g, seat).to_json()
        seed = zlib.crc32(f"{h.id}:{seat}".encode())
        loop = asyncio.get_running_loop()
        try:
            raw = await loop.run_in_executor(self.pool, decide, h.kind(seat), record, seed)
        except Exception:
            log.exception("table %s: the bot at seat %s failed", h.id, seat)
            return
        async with h.lock:
            h.bot = None
            if h.kind(seat) == HUMAN:  # a person took the seat back meanwhile
                return
            why = await self._move(h, seat, raw, step, f"bot:{step}")
        if why is not None and why["kind"] not in ("paused", "stale", "closed"):
            log.warning("table %s: the bot's move was refused: %s", h.id, why["message"])

    # -- connections -------------------------------------------------------------------
    async def connection(self, ws: WebSocket) -> None:
        """One WebSocket: a hello naming a seat (by its join code, or on a Hub by the
        table), or a table to watch, then the seat's intents until it closes."""
        await ws.accept()
        bucket = Bucket(time.monotonic())
        try:
            hello = json.loads(await ws.receive_text())
        except (WebSocketDisconnect, ValueError, TypeError):
            await ws.close(code=1008)
            return
        person = await self.people.person(
            token_of(ws.headers, hello if isinstance(hello, dict) else None)
        )
        try:
            h, seat, hands = await self._who(hello, person)
        except Forbidden as e:
            await ws.send_json({"type": "error", "kind": "forbidden", "message": str(e)})
            await ws.close(code=protocol.FORBIDDEN)
            return
        if h is None:
            await ws.send_json(
                {
                    "type": "error",
                    "kind": "unknown",
                    "message": "No table has this join code or id.",
                }
            )
            await ws.close(code=protocol.UNKNOWN)
            return
        client = Client(ws, seat, bucket, hands)
        async with h.lock:  # the welcome, then every later step: nothing is missed
            if self.store.postgresql:
                await self._catch_up(h)
            if hands and h.hands_shown is None:  # the record says from when a teacher saw them
                h.hands_shown = h.game.step
                self.store.change(h.id, hands_shown=h.hands_shown)
            await ws.send_text(protocol.encode(h.welcome(seat, hands)))
            h.clients.append(client)
        try:
            await self._listen(h, client)
        finally:
            if client in h.clients:
                h.clients.remove(client)

    async def _who(
        self, hello: object, person: Person | None
    ) -> tuple[Host | None, int | None, bool]:
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            return None, None, False
        code, watch, table = hello.get("code"), hello.get("watch"), hello.get("table")
        if isinstance(code, str) and len(code) < 100:
            found = self.store.seat_of(code)
            if found is not None:
                return await self.host(found[0]), found[1], False
        elif isinstance(table, str) and len(table) < 100:
            if person is None:  # a seat by its table is a signed-in person's own
                raise Forbidden(
                    "Sign in first: a seat is found by its table only for a JupyterHub user "
                    "(the kernel's JUPYTERHUB_API_TOKEN); otherwise join with the seat's code."
                    if self.people.hub
                    else "This server has no accounts: join with the seat's join code."
                )
            h = await self.host(table)  # on a Hub: the person's own seat, by their name
            if h is None:
                return None, None, False
            names = [p.name for p in h.game.players]
            if person.name not in names or h.seats.get(person.name) != HUMAN:
                raise Forbidden(f"{person.name} has no seat at this table: watch it instead.")
            return h, names.index(person.name), False
        elif isinstance(watch, str) and len(watch) < 100:
            h = await self.host(watch)
            hands = hello.get("hands") is True
            if h is not None and self.people.hub:
                sits = person is not None and person.name in [p.name for p in h.game.players]
                if person is None or not (person.teacher or (sits and not hands)):
                    raise Forbidden(
                        "On this Hub, a table is watched by its players and the teachers."
                    )
            return h, None, hands
        return None, None, False

    async def _listen(self, h: Host, c: Client) -> None:
        while True:
            msg = await c.ws.receive()
            if msg["type"] == "websocket.disconnect":
                return
            text: str | bytes = msg.get("text") or msg.get("bytes") or b""
            if not c.bucket.take(time.monotonic()):
                iid = protocol.intent_id(text)  # named, so that its sender stops waiting
                await self._send(
                    h,
                    c,
                    refused(
                        "rate",
                        f"Too many frames: at most {protocol.RATE:g} a second. "
                        "This one was dropped; wait a moment.",
                        iid,
                    ),
                )
                continue
            try:
                data = protocol.parse_intent(text)
            except BadFrame as e:
                await self._send(h, c, refused(e.kind, e.message))
                continue
            if c.seat is None:
                await self._send(
                    h,
                    c,
                    refused("turn", "A spectator watches: moves come from the seats.", data["id"]),
                )
                continue
            try:
                why = await self.intent(h, c.seat, data)
            except GameError as e:  # (the engine's refusals are caught above; a last guard)
                why = refused("illegal", e.sentence, data["id"], getattr(e, "rule", None))
            if why is not None:
                await self._send(h, c, why)
