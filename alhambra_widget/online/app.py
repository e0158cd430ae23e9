"""The table server's ASGI app (Starlette): its HTTP routes, its WebSocket, and a log
line for every request with its request id.

HTTP (JSON):

* ``GET /api/health``: the server and its database answer;
* ``GET /api/tables`` (``?all=1``: the finished and closed ones too), ``POST
  /api/tables`` opens one (its join codes are in the answer, and only there);
* ``GET /api/tables/{id}``, ``GET /api/tables/{id}/record`` (a finished game's whole
  record), ``POST /api/tables/{id}/seats`` (``{"seats": {name: "human" or a bot}}``),
  ``POST /api/tables/{id}/pause`` (``{"paused": true}``);
* ``GET /api/progress`` (a person's course progress; ``?all=1`` a teacher's class),
  ``POST /api/progress``;
* ``POST /api/class`` (``{"names": [...]`` or ``"group": ...``, ``"size": 4, "bots":
  "greedy"}``): a teacher seats a class at tables.

WebSocket ``/ws``: the first frame says who connects (:mod:`.protocol`). On a Hub every
request carries ``Authorization: token ...`` (a kernel's ``JUPYTERHUB_API_TOKEN``).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar
from datetime import datetime, timezone
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.types import Message, Receive, Scope, Send

from ..engine.errors import GameError, MalformedInput
from .hub import People, Person, token_of
from .server import Forbidden, Host, Server

log = logging.getLogger("alhambra_widget.online")
access = logging.getLogger("alhambra_widget.online.access")

REQUEST_ID: ContextVar[str] = ContextVar("alhambra_request_id", default="-")
"""The id of the request being served (a log line carries it)."""


class RequestIdFilter(logging.Filter):
    """Puts the request id into every log record (``%(request_id)s``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Add the request id; keep the record."""
        record.request_id = REQUEST_ID.get()
        return True


class Logfmt(logging.Formatter):
    """One logfmt line a record: ``time=... level=... logger=... request_id=...``, then
    the access log's own ``key=value`` pairs, or any other message as ``msg="..."`` (and a
    traceback as ``exc="..."``), quoted so that a line is always pairs."""

    def format(self, record: logging.LogRecord) -> str:
        """The record's line."""
        when = datetime.fromtimestamp(record.created, timezone.utc).isoformat(
            timespec="milliseconds"
        )
        rid = getattr(record, "request_id", "-")
        msg = record.getMessage()
        pairs = msg if record.name == access.name else f"msg={_quoted(msg)}"
        line = f"time={when} level={record.levelname.lower()} logger={record.name} request_id={rid} {pairs}"
        if record.exc_info:
            line += f" exc={_quoted(self.formatException(record.exc_info))}"
        return line


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # quotes, backslashes, newlines escaped


def _value(text: str) -> str:
    """A logfmt value: as it is, or quoted when it holds a space, a quote or an ``=``."""
    return text if text and not any(c.isspace() or c in '"=\\' for c in text) else _quoted(text)


def configure_logging(level: str = "info") -> None:
    """Log every line to stderr as :class:`Logfmt`, with its request id: the server's,
    the web server's (uvicorn) and the libraries' (the Hub's client)."""
    handler = logging.StreamHandler()
    handler.setFormatter(Logfmt())
    handler.addFilter(RequestIdFilter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in ("alhambra_widget", "uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True


class RequestIds:
    """ASGI middleware: each request gets an id (``X-Request-ID`` when the client sent
    one, else a new one), sent back in the answer's headers and logged with its method,
    path, status and time."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one request with its id."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers") or []).get(b"x-request-id", b"").decode(errors="replace")
        rid = given[:64] if given.replace("-", "").isalnum() else uuid.uuid4().hex[:16]
        token = REQUEST_ID.set(rid)
        start, status = time.perf_counter(), [0]

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
                message["headers"] = [*message.get("headers", []), (b"x-request-id", rid.encode())]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            ms = (time.perf_counter() - start) * 1000
            method = scope.get("method", "WS")
            access.info(
                "method=%s path=%s status=%s ms=%.1f",
                method,
                _value(scope["path"]),
                status[0] or "-",
                ms,
            )
            REQUEST_ID.reset(token)


def _server(request: Request) -> Server:
    out: Server = request.app.state.server
    return out


async def _who(request: Request) -> Person | None:
    """The person asking (on a Hub), from the request's token."""
    return await _server(request).people.person(token_of(request.headers))


def _answer(
    fn: Callable[[Request], Awaitable[Any]], status: int = 200
) -> Callable[[Request], Awaitable[JSONResponse]]:
    """A route whose refusals are JSON: 400 malformed or illegal, 401 unknown on a Hub,
    403 forbidden, 404 no such table."""

    async def route(request: Request) -> JSONResponse:
        """The route, its refusals answered in JSON."""
        try:
            return JSONResponse(
                await fn(request), status_code=status if request.method == "POST" else 200
            )
        except Forbidden as e:
            code = 401 if _server(request).people.hub and await _who(request) is None else 403
            return JSONResponse({"error": str(e)}, status_code=code)
        except LookupError as e:
            return JSONResponse(
                {"error": str(e.args[0]) if e.args else "No such table."}, status_code=404
            )
        except GameError as e:
            return JSONResponse(
                {"error": e.sentence, "rule": getattr(e, "rule", None)}, status_code=400
            )

    return route


async def _body(request: Request) -> Any:
    """The request's JSON body (MalformedInput if it is not JSON)."""
    try:
        return await request.json()
    except ValueError:
        raise MalformedInput("The body is not JSON.") from None


async def _table(request: Request) -> Host:
    """The table the path names (LookupError if there is none)."""
    h = await _server(request).host(request.path_params["table_id"])
    if h is None:
        raise LookupError("No such table.")
    return h


async def health(request: Request) -> dict[str, Any]:
    """``GET /api/health``: the server answers, and so does its database."""
    server = _server(request)
    return {
        "ok": server.store.ping(),
        "tables_in_memory": len(server.hosts),
        "pid": os.getpid(),
        "hub": server.people.hub,
    }


async def tables(request: Request) -> Any:
    """``GET /api/tables``: the open tables (``?all=1``: all); ``POST``: open one."""
    if request.method == "GET":
        return _server(request).tables(everything=request.query_params.get("all") == "1")
    return _server(request).open_table(await _body(request), await _who(request))


async def one(request: Request) -> dict[str, Any]:
    """``GET /api/tables/{id}``: one table's public summary."""
    h = await _table(request)
    return {"id": h.id, "game": h.game.GAME, **h.summary()}


async def record(request: Request) -> Any:
    """``GET /api/tables/{id}/record``: a finished game's whole record (R13)."""
    h = await _table(request)
    if not h.game.is_over:
        raise Forbidden(
            "The record is given once the game is over (its hands are secret until then)."
        )
    return h.record()


async def seats(request: Request) -> dict[str, Any]:
    """``POST /api/tables/{id}/seats``: a person for a bot, or a bot for a person."""
    data = await _body(request)
    wanted = data.get("seats") if isinstance(data, dict) else None
    return await _server(request).set_seats(await _table(request), wanted, await _who(request))


async def pause(request: Request) -> dict[str, Any]:
    """``POST /api/tables/{id}/pause``: a teacher pauses or resumes a table."""
    data = await _body(request)
    h = await _table(request)
    await _server(request).set_paused(
        h, bool(isinstance(data, dict) and data.get("paused")), await _who(request)
    )
    return {"paused": h.paused}


async def seat_class(request: Request) -> Any:
    """``POST /api/class``: a teacher seats a class at tables."""
    return await _server(request).seat_class(await _body(request), await _who(request))


async def progress(request: Request) -> Any:
    """``GET /api/progress``: a person's course progress (a teacher's class with
    ``?all=1``); ``POST``: a lesson's news."""
    store, person = _server(request).store, await _who(request)
    if person is None:
        raise Forbidden("Course progress is kept for people signed in through the Hub.")
    if request.method == "GET":
        if request.query_params.get("all") != "1":
            return store.progress(person.name)
        if not person.teacher:
            raise Forbidden("A class's progress is for its teachers.")
        return store.progress()
    data = await _body(request)
    if not isinstance(data, dict) or not isinstance(data.get("lesson"), str):
        raise MalformedInput('Progress is {"lesson": id, "stars": n, "done": bool, "wrong": n}.')
    result = data.get("result") if isinstance(data.get("result"), dict) else None
    store.save_progress(
        person.name,
        data["lesson"][:80],
        int(data.get("stars") or 0),
        bool(data.get("done")),
        int(data.get("wrong") or 0),
        result,
    )
    return {"ok": True}


ROUTES = [
    Route("/api/health", _answer(health)),
    Route("/api/tables", _answer(tables, 201), methods=["GET", "POST"]),
    Route("/api/tables/{table_id}", _answer(one)),
    Route("/api/tables/{table_id}/record", _answer(record)),
    Route("/api/tables/{table_id}/seats", _answer(seats), methods=["POST"]),
    Route("/api/tables/{table_id}/pause", _answer(pause), methods=["POST"]),
    Route("/api/progress", _answer(progress), methods=["GET", "POST"]),
    Route("/api/class", _answer(seat_class, 201), methods=["POST"]),
]
"""The HTTP routes (the WebSocket's is added with its server)."""


def app(
    db: str = "alhambra-tables.sqlite",
    workers: int | None = None,
    people: People | None = None,
    **limits: Any,
) -> Starlette:
    """The table server's ASGI app over the database ``db`` (a file, or a URL); on a
    JupyterHub, ``people`` (:class:`~.hub.HubPeople`) says who asks. ``limits``:
    ``tables_per_person``, ``idle_hours``."""
    server = Server(db, workers, people, **limits)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        """Start the server's pool and bots; stop them at the end."""
        await server.start()
        yield
        await server.stop()

    routes: list[Any] = [*ROUTES, WebSocketRoute("/ws", server.connection)]
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "").rstrip("/")
    if prefix:  # a Hub service: reached through the Hub's proxy under its prefix, too
        routes.append(Mount(prefix, routes=list(routes)))
    out = Starlette(routes=routes, lifespan=lifespan)
    out.state.server = server
    wrapped: Any = RequestIds(out)
    wrapped.state = out.state
    return wrapped  # type: ignore[no-any-return]
