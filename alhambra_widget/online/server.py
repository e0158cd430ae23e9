"""The table server: the authority over every table, an ASGI app (Starlette) served by
uvicorn, its games kept by :mod:`.store`.

The server holds each table's true game and applies every move with the engine; it
commits an accepted action to the database before it tells anyone, then sends each
connection what its seat may know of it (:mod:`~alhambra_widget.engine.seat_record`).
Bots play their seats here, each deciding from its own seat's record in a pool of
worker processes sized to the cores.

HTTP: ``GET /api/health``; ``POST /api/tables`` opens a table (its join codes are in
the answer, and only there); ``GET /api/tables`` lists the open tables (public
summaries); ``GET /api/tables/{id}`` one of them. WebSocket ``/ws``: the first frame
says who connects, ``{"type": "hello", "code": ...}`` for a seat or ``{"type":
"hello", "watch": table_id}`` for a spectator; then intents (:mod:`.protocol`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import threading
import time
import zlib
from collections.abc import AsyncIterator
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine.errors import GameError, MalformedInput
from ..engine.seat_record import GAMES, SeatRecord, record_for, seat_game
from ..players.bots import BOT_LEVEL, make_bot
from ..players.parallel import cores
from . import protocol
from .protocol import BadFrame, Bucket, refused
from .store import Store

log = logging.getLogger("alhambra_widget.online")

HUMAN = "human"


def decide(kind: str, record: str, seed: int) -> dict[str, Any]:
    """A bot's move, in a worker process: the bot of ``kind`` sees only its seat's game,
    rebuilt from its seat's record (it cannot peek), and searches on one core."""
    game = seat_game(SeatRecord.from_data(json.loads(record)))
    bot: Any = make_bot(BOT_LEVEL if kind == "strong" else kind, seed, game)
    if hasattr(bot, "trees"):
        bot.trees = 1  # one tree in this worker: the pool gives each table a core
    action: Any = bot.choose(game)
    out: dict[str, Any] = action.to_json()
    return out


def _watch(server: int) -> None:
    """In a bot's worker: exit once the server process is gone (killed: its pool was
    never shut down, and the worker would wait for work forever)."""

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(server, 0)
            except (ProcessLookupError, PermissionError):  # (PermissionError: another's now)
                os._exit(0)

    threading.Thread(target=watch, name="alhambra-server-watch", daemon=True).start()


def bot_pool(workers: int) -> Executor:
    """The bots' worker processes, started by a fork server: a worker forked from the
    server itself would hold its sockets (the listening one, every connection), so a
    server killed with SIGKILL would leave it keeping the port, and the clients'
    connections open with nobody behind them. Each worker exits when the server is gone."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    if method == "forkserver":
        ctx.set_forkserver_preload([__name__])  # the engine and the bots imported once
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_watch, initargs=(os.getpid(),))


def summary(game: Any, seats: dict[str, str]) -> dict[str, Any]:
    """A table's public summary: players, whose turn, the step, the scores."""
    names = [p.name for p in game.players]
    return {
        "players": names,
        "seats": seats,
        "to_move": None if game.is_over else game.current_player.name,
        "step": game.step,
        "scores": game.scores,
        "over": game.is_over,
        "winners": game.winners,
    }


@dataclass(eq=False)
class Client:
    """One connection: its seat (``None``: a spectator) and its frame budget."""

    ws: WebSocket
    seat: int | None
    bucket: Bucket


@dataclass(eq=False)
class Host:
    """One table in memory: its true game, seats, applied intents and connections."""

    id: str
    game: Any
    seats: dict[str, str]
    intents: dict[str, int]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: list[Client] = field(default_factory=list)
    bot: asyncio.Task[None] | None = None

    def kind(self, seat: int) -> str:
        """Who plays ``seat``: ``"human"`` or a bot's level."""
        return self.seats.get(self.game.players[seat].name, HUMAN)


class Server:
    """Every table of one database: opening, loading, moves, bots, broadcasting."""

    def __init__(self, db: str, workers: int | None = None):
        self.store = Store(db)
        self.hosts: dict[str, Host] = {}
        self.workers = workers if workers is not None else cores()
        self.pool: Executor | None = None
        self.loading = asyncio.Lock()

    # -- lifetime --------------------------------------------------------------------
    async def start(self) -> None:
        """Start the bots' pool and resume the tables where a bot is to move."""
        self.pool = bot_pool(self.workers)
        for tid, _game, s, seats, _over in self.store.summaries():
            if s.get("to_move") is not None and seats.get(s["to_move"], HUMAN) != HUMAN:
                host = await self.host(tid)
                if host is not None:
                    self.bots(host)

    async def stop(self) -> None:
        """Cancel the bots, close the pool and the database."""
        for h in self.hosts.values():
            if h.bot is not None:
                h.bot.cancel()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    # -- tables ------------------------------------------------------------------------
    def open_table(self, body: object) -> dict[str, Any]:
        """Open a table from a request's JSON; returns its id and one join code per person."""
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
        tid = secrets.token_hex(6)
        codes = {i: secrets.token_urlsafe(18) for i, n in enumerate(names) if seats[n] == HUMAN}
        full = {**game.seat_options(), "seed": game.seed}
        self.store.create(tid, kind, full, seats, summary(game, seats), codes)
        self.hosts[tid] = host = Host(tid, game, seats, {})
        self.bots(host)  # a bot that starts the game moves at once
        return {"id": tid, "game": kind, "codes": {names[i]: c for i, c in codes.items()}}

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
            if st is None:
                return None
            cls = GAMES[st.game]
            game = cls.replay(st.options, [cls.action_from_json(a) for a in st.actions], check=False)
            intents = {i: n + 1 for n, i in enumerate(st.intents) if i is not None}
            h = self.hosts[table_id] = Host(table_id, game, st.seats, intents)
            return h

    def tables(self) -> list[dict[str, Any]]:
        """The open tables' public summaries (the live ones from memory)."""
        out = []
        for tid, kind, s, _seats, _over in self.store.summaries():
            h = self.hosts.get(tid)
            s = summary(h.game, h.seats) if h is not None else s
            out.append({"id": tid, "game": kind, **s})
        return out

    # -- moves -------------------------------------------------------------------------
    async def intent(self, h: Host, seat: int, data: dict[str, Any]) -> dict[str, Any] | None:
        """Apply a person's intent for ``seat``: the refusal to send back, or ``None``
        when it was applied (everyone has been told) or had been already (acknowledged)."""
        async with h.lock:
            iid = data["id"]
            if iid in h.intents:
                return {"type": "ack", "intent": iid, "step": h.intents[iid]}
            return await self._move(h, seat, data["action"], data["step"], iid)

    async def _move(self, h: Host, seat: int, raw: Any, step: int, iid: str | None) -> dict[str, Any] | None:
        g = h.game
        if g.is_over:
            return refused("illegal", "The game is over: no more moves.", iid, "R12" if g.GAME == "alhambra" else "G5")
        if step != g.step:
            return refused(
                "stale",
                f"Your move was made at step {step}, and the table is at step {g.step}: "
                "the game moved on before it arrived, so nothing was done. Look again and move.",
                iid,
            )
        if g.current != seat:
            who = g.current_player.name
            return refused("turn", f"It is {who}'s turn, not {g.players[seat].name}'s: nothing was done.",
                           iid, "R4" if g.GAME == "alhambra" else "G3")  # fmt: skip
        try:
            action = g.action_from_json(raw)
            if getattr(action, "BY_HAND", False):
                raise MalformedInput("A table's game is played, not edited (R13): edits are refused.")
        except MalformedInput as e:
            return refused("malformed", e.sentence, iid)
        err = g.why_illegal(action)
        if err is not None:
            return refused("illegal", err.sentence, iid, getattr(err, "rule", None))
        before = g.copy()
        g.apply(action)
        try:  # committed before anyone is told
            self.store.append(h.id, g.step - 1, action.to_json(), seat, iid, summary(g, h.seats), g.is_over)
        except Exception as e:  # (a database that refuses: nothing happened)
            g.become(before)
            log.exception("table %s: the action could not be stored", h.id)
            return refused("server", f"The server could not store the move ({type(e).__name__}): nothing was done.", iid)
        if iid is not None:
            h.intents[iid] = g.step
        await self._tell(h, before, seat, iid)
        self.bots(h)
        return None

    async def _tell(self, h: Host, before: Any, mover: int, iid: str | None) -> None:
        g = h.game
        action = g.history[-1].to_json()
        shown: dict[int | None, Any] = {}
        over = {"type": "over", "game": g.to_json(), "seats": h.seats} if g.is_over else None
        for c in list(h.clients):
            if c.seat not in shown:
                shown[c.seat] = g.seat_reveals(before, c.seat)
            frame = {"type": "step", "step": g.step, "action": action, "reveals": shown[c.seat],
                     "intent": iid if c.seat == mover else None}  # fmt: skip
            await self._send(h, c, frame)
            if over is not None:
                await self._send(h, c, over)

    async def _send(self, h: Host, c: Client, frame: dict[str, Any]) -> None:
        try:
            await c.ws.send_text(json.dumps(frame, separators=(",", ":")))
        except Exception:  # a connection gone: it will reconnect and be welcomed again
            if c in h.clients:
                h.clients.remove(c)

    # -- bots --------------------------------------------------------------------------
    def bots(self, h: Host) -> None:
        """Let the bot to move at ``h`` decide (in the pool), if one is and none is busy."""
        g = h.game
        if g.is_over or h.kind(g.current) == HUMAN or (h.bot is not None and not h.bot.done()):
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
            why = await self._move(h, seat, raw, step, f"bot:{step}")
        if why is not None:
            log.warning("table %s: the bot's move was refused: %s", h.id, why["message"])

    # -- connections -------------------------------------------------------------------
    async def connection(self, ws: WebSocket) -> None:
        """One WebSocket: a hello naming a seat (by its join code) or a table to watch,
        then the seat's intents until it closes."""
        await ws.accept()
        bucket = Bucket(time.monotonic())
        try:
            hello = json.loads(await ws.receive_text())
        except (WebSocketDisconnect, ValueError, TypeError):
            await ws.close(code=1008)
            return
        h, seat = await self._who(hello)
        if h is None:
            await ws.send_json({"type": "error", "kind": "unknown",
                                "message": "No table has this join code or id."})  # fmt: skip
            await ws.close(code=protocol.UNKNOWN)
            return
        client = Client(ws, seat, bucket)
        async with h.lock:  # the welcome, then every later step: nothing is missed
            await ws.send_text(json.dumps(self._welcome(h, seat), separators=(",", ":")))
            h.clients.append(client)
        try:
            await self._listen(h, client)
        finally:
            if client in h.clients:
                h.clients.remove(client)

    async def _who(self, hello: object) -> tuple[Host | None, int | None]:
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            return None, None
        code, watch = hello.get("code"), hello.get("watch")
        if isinstance(code, str) and len(code) < 100:
            found = self.store.seat_of(code)
            if found is not None:
                return await self.host(found[0]), found[1]
        elif isinstance(watch, str) and len(watch) < 100:
            return await self.host(watch), None
        return None, None

    def _welcome(self, h: Host, seat: int | None) -> dict[str, Any]:
        g = h.game
        out = {
            "type": "welcome",
            "table": h.id,
            "seat": seat,
            "name": None if seat is None else g.players[seat].name,
            "seats": h.seats,
            "record": record_for(g, seat).to_data(),
        }
        if g.is_over:
            out["game"] = g.to_json()
        return out

    async def _listen(self, h: Host, c: Client) -> None:
        while True:
            msg = await c.ws.receive()
            if msg["type"] == "websocket.disconnect":
                return
            text: str | bytes = msg.get("text") or msg.get("bytes") or b""
            if not c.bucket.take(time.monotonic()):
                iid = protocol.intent_id(text)  # named, so that its sender stops waiting
                await self._send(h, c, refused("rate", f"Too many frames: at most {protocol.RATE:g} a second. "
                                                       "This one was dropped; wait a moment.", iid))  # fmt: skip
                continue
            try:
                data = protocol.parse_intent(text)
            except BadFrame as e:
                await self._send(h, c, refused(e.kind, e.message))
                continue
            if c.seat is None:
                await self._send(h, c, refused("turn", "A spectator watches: moves come from the seats.", data["id"]))
                continue
            try:
                why = await self.intent(h, c.seat, data)
            except GameError as e:  # (the engine's refusals are caught above; a last guard)
                why = refused("illegal", e.sentence, data["id"], getattr(e, "rule", None))
            if why is not None:
                await self._send(h, c, why)


def app(db: str = "alhambra-tables.sqlite", workers: int | None = None) -> Starlette:
    """The table server's ASGI app over the database ``db`` (a file, or a URL)."""
    server = Server(db, workers)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        """Start the server's pool and bots; stop them at the end."""
        await server.start()
        yield
        await server.stop()

    async def health(_r: Request) -> JSONResponse:
        """``GET /api/health``: the server answers."""
        return JSONResponse({"ok": True, "tables_in_memory": len(server.hosts)})

    async def tables(request: Request) -> JSONResponse:
        """``GET /api/tables``: the open tables; ``POST``: open one."""
        if request.method == "GET":
            return JSONResponse(server.tables())
        try:
            body = await request.json()
        except ValueError:
            return JSONResponse({"error": "The body is not JSON."}, status_code=400)
        try:
            return JSONResponse(server.open_table(body), status_code=201)
        except GameError as e:
            return JSONResponse({"error": e.sentence, "rule": getattr(e, "rule", None)}, status_code=400)

    async def one(request: Request) -> JSONResponse:
        """``GET /api/tables/{id}``: one table's public summary."""
        h = await server.host(request.path_params["table_id"])
        if h is None:
            return JSONResponse({"error": "No such table."}, status_code=404)
        return JSONResponse({"id": h.id, "game": h.game.GAME, **summary(h.game, h.seats)})

    routes = [
        Route("/api/health", health),
        Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/tables/{table_id}", one),
        WebSocketRoute("/ws", server.connection),
    ]
    out = Starlette(routes=routes, lifespan=lifespan)
    out.state.server = server
    return out
