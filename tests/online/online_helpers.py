"""Helpers for the table server's tests: raw WebSocket clients that keep every frame
they receive (and, for a seat, the seat's game built from the frames alone), HTTP calls,
the database read directly, seeded choices, and the secrecy checks."""

from __future__ import annotations

import contextlib
import json
import random
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import sqlalchemy as sa
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.engine.gardens.game import GardensGame
from alhambra_widget.engine.seat_record import SeatRecord, advance, seat_game
from alhambra_widget.online import store

GAMES: dict[str, Any] = {"alhambra": Game, "gardens": GardensGame}
TIMEOUT = 30.0


# -- HTTP -------------------------------------------------------------------------------
def http(url: str, body: object = None, method: str | None = None) -> tuple[int, Any]:
    """``(status, JSON answer)`` of one request."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def get(url: str) -> Any:
    status, out = http(url)
    assert status == 200, (url, status, out)
    return out


def healthy(url: str) -> None:
    status, out = http(url + "/api/health")
    assert status == 200 and out["ok"] is True, out


def open_table(url: str, **body: Any) -> dict[str, Any]:
    status, out = http(url + "/api/tables", body)
    assert status == 201, out
    return out


def table(url: str, tid: str) -> dict[str, Any]:
    out: dict[str, Any] = get(f"{url}/api/tables/{tid}")
    out.pop("waiting", None)  # how long the table has waited: a clock, not its state
    return out


# -- the database, read directly ----------------------------------------------------------
def stored_actions(db: str, tid: str) -> list[tuple[int, dict[str, Any], str | None]]:
    """The stored actions of table ``tid``: (step, action, intent id), in order."""
    eng = store.engine_for(db)
    try:
        with eng.connect() as conn:
            rows = conn.execute(
                sa.select(store.actions.c.step, store.actions.c.action, store.actions.c.intent)
                .where(store.actions.c.table_id == tid)
                .order_by(store.actions.c.step)
            ).all()
    finally:
        eng.dispose()
    return [(int(r[0]), json.loads(r[1]), r[2]) for r in rows]


def stored_game(db: str, tid: str) -> Any:
    """The table's game replayed (checked) from what the database holds."""
    st = store.Store(db)
    try:
        t = st.load(tid)
    finally:
        st.close()
    assert t is not None
    cls = GAMES[t.game]
    return cls.replay(t.options, [cls.action_from_json(a) for a in t.actions])


# -- choices --------------------------------------------------------------------------------
def key(action: Any) -> str:
    return json.dumps(action.to_json(), sort_keys=True)


def choose(game: Any, seed: object) -> Any:
    """A random legal action of ``game`` that depends only on the seat's game (its legal
    actions, in a sorted order) and on ``seed`` and the step."""
    legal = sorted(game.legal_actions(), key=key)
    return random.Random(f"{seed}:{game.step}").choice(legal)


# -- a raw WebSocket client ------------------------------------------------------------------
class Raw:
    """A WebSocket client that keeps every frame it receives (``frames``, parsed, and
    ``texts``, as received). For a seat or a spectator, it keeps the seat's game too,
    built from the welcome's record and advanced by each step frame (``game``)."""

    def __init__(
        self, url: str, hello: dict[str, Any] | str | None = None, *, wait_welcome: bool = True
    ):
        self.url = url
        self.ws_url = "ws" + url[4:] + "/ws"
        self.frames: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.game: Any = None
        self.welcomes = 0
        self.overs: list[dict[str, Any]] = []
        self.closed_code: int | None = None
        self.hello = hello
        self.ws: Any = None
        self.connect(wait_welcome)

    def connect(self, wait_welcome: bool = True) -> None:
        self.ws = contextlib.ExitStack().enter_context(
            connect(self.ws_url, open_timeout=10, max_size=None, close_timeout=1)
        )
        self.closed_code = None
        if self.hello is not None:
            self.send(self.hello)
            if wait_welcome:
                self.until(lambda f: f["type"] == "welcome")

    def send(self, frame: dict[str, Any] | str | bytes) -> None:
        self.ws.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))

    def intent(self, action: Any, step: int, iid: str) -> dict[str, Any]:
        frame = {
            "type": "intent",
            "id": iid,
            "step": step,
            "action": action if isinstance(action, dict) else action.to_json(),
        }
        self.send(frame)
        return frame

    def recv(self, timeout: float) -> dict[str, Any] | None:
        """The next frame (``None``: none came in ``timeout`` seconds)."""
        try:
            text = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        except ConnectionClosed as e:
            self.closed_code = e.rcvd.code if e.rcvd is not None else None
            raise
        if isinstance(text, bytes):
            text = text.decode()
        frame = json.loads(text)
        self.texts.append(text)
        self.frames.append(frame)
        self._follow(frame)
        return frame

    def _follow(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "welcome":
            self.welcomes += 1
            self.game = seat_game(SeatRecord.from_data(frame["record"]))
        elif kind == "step" and self.game is not None and self.game.seat_record is not None:
            if frame["step"] == self.game.step + 1:
                advance(self.game, {"action": frame["action"], "reveals": frame["reveals"]})
        elif kind == "over":
            self.overs.append(frame)

    def until(
        self, pred: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT
    ) -> dict[str, Any]:
        """Read frames until one satisfies ``pred``; returns it."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            f = self.recv(max(0.01, end - time.monotonic()))
            if f is not None and pred(f):
                return f
        raise AssertionError(f"no such frame in {timeout} s; the last ones: {self.frames[-3:]}")

    def answer(self, iid: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The answer to intent ``iid``: its step, an ack or a refusal."""
        return self.until(
            lambda f: f.get("intent") == iid and f["type"] in ("step", "ack", "refused"), timeout
        )

    def drain(self, quiet: float = 0.05) -> list[dict[str, Any]]:
        """Read every frame that comes until none comes for ``quiet`` seconds."""
        out = []
        while (f := self.recv(quiet)) is not None:
            out.append(f)
        return out

    def at_step(self, step: int, timeout: float = TIMEOUT) -> None:
        """Read frames until the seat's game is at ``step``."""
        end = time.monotonic() + timeout
        while self.game.step < step:
            if time.monotonic() > end:
                raise AssertionError(f"stuck at step {self.game.step}, waiting for {step}")
            self.recv(0.05)

    def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):  # (a connection already gone)
                self.ws.close()


def closed_with(raw: Raw, timeout: float = 10) -> int | None:
    """Read until the server closes ``raw``'s connection; its close code."""
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            raw.recv(0.1)
    except ConnectionClosed:
        return raw.closed_code
    raise AssertionError("the connection stayed open")


# -- secrecy ----------------------------------------------------------------------------------
def walk(obj: Any) -> Iterable[tuple[str, Any]]:
    """Every (key, value) pair in nested JSON data."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k, v
            yield from walk(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from walk(v)


def no_seed(text: str, frame: Any, seed: int) -> None:
    """A frame (before the game is over) holds no seed: neither the key nor the value."""
    assert str(seed) not in text, f"the seed's value is in a frame: {text[:300]}"
    keys = {k for k, _v in walk(frame)}
    assert "seed" not in keys, f"a 'seed' key is in a frame: {text[:300]}"


def cards(items: Iterable[Any]) -> Counter[str]:
    return Counter(str(c) for c in items)


def log_text(game: Any) -> list[str]:
    return [str(e) for e in game.log]


def true_reveals(before: Any, after: Any, seat: int | None) -> dict[str, Any]:
    """What the step from ``before`` to ``after`` (the true game) drew, read from the two
    states (not from the engine's seat functions), for checking a frame's ``reveals``:
    the deck's items drawn (in order), the bag's tiles drawn, and the hands when R12 shows
    them; in the Gardens, the tile the mover drew, to the mover alone (G3). ``None`` for
    a step after which the deck was reshuffled (checked less closely)."""
    b, a = before.state_dict(), after.state_dict()
    if after.GAME == "gardens":
        drawn = b["supply"][len(a["supply"]) :][::-1]
        return {"supply": drawn} if drawn and seat == before.current else {}
    kinds = [e.kind for e in after.log[len(before.log) :]]
    if "reshuffled" in kinds:
        return None  # type: ignore[return-value]
    out: dict[str, Any] = {}
    if "game_ending" in kinds:
        out["hands"] = [p["money"] for p in b["players"]]
    assert b["deck"][: len(a["deck"])] == a["deck"]
    drawn = b["deck"][len(a["deck"]) :][::-1]
    if drawn:
        out["deck"] = drawn
    assert b["bag"][: len(a["bag"])] == a["bag"]
    tiles = b["bag"][len(a["bag"]) :][::-1]
    if tiles:
        out["bag"] = tiles
    return out


class Truth:
    """The true game, replayed from its seed with the actions the frames announce, with
    every state kept (to check each step's reveals)."""

    def __init__(self, kind: str, players: list[str], seed: int, **options: Any):
        self.game = GAMES[kind](players, seed, **options)
        self.states = [self.game.copy()]

    def to(self, actions: list[dict[str, Any]]) -> Any:
        g = self.game
        for raw in actions[g.step :]:
            g.apply(g.action_from_json(raw))
            self.states.append(g.copy())
        return g

    def reveals(self, step: int, seat: int | None) -> dict[str, Any]:
        """The reveals of action ``step`` (1 for the first) as the truth says: from the
        states; at a reshuffle, the engine's own answer (its order checked by the replay)."""
        before, after = self.states[step - 1], self.states[step]
        out = true_reveals(before, after, seat)
        return out if out is not None else after.seat_reveals(before, seat)


def same_reveals(got: dict[str, Any], want: dict[str, Any]) -> bool:
    """Reveals equal (the hands R12 shows compared as multisets: their order is no secret)."""

    def norm(r: dict[str, Any]) -> dict[str, Any]:
        r = dict(r)
        if "hands" in r:
            r["hands"] = [sorted(h) for h in r["hands"]]
        return r

    return norm(got) == norm(want)


STEP_KEYS = {"type", "step", "action", "reveals", "intent"}
WELCOME_KEYS = {"type", "table", "seat", "name", "seats", "paused", "record"}
REVEAL_KEYS = {"alhambra": {"deck", "bag", "hands"}, "gardens": {"supply"}}


def check_frames(
    frames: list[dict[str, Any]], texts: list[str], truth: Truth, seat: int | None, seed: int
) -> int:
    """Every frame one client received, against the true game: no seed before the
    ``over`` frame; a welcome's start holds the seat's own true hand and no other; each
    step's action is the truth's and its reveals exactly the draws that just happened
    (what this seat may see of them). Returns how many steps were checked."""
    g0 = truth.states[0]
    kind = g0.GAME
    over_seen, steps = False, 0
    for frame, text in zip(frames, texts):
        t = frame["type"]
        if t == "over":
            over_seen = True
            continue
        assert not over_seen, f"a frame after the over frame: {text[:200]}"
        no_seed(text, frame, seed)
        if t == "welcome":
            assert set(frame) == WELCOME_KEYS, sorted(frame)
            assert frame["seat"] == seat
            rec = frame["record"]
            assert set(rec) == {"format", "version", "game", "options", "seat", "start", "steps"}
            assert rec["seat"] == seat and "seed" not in rec["options"]
            start = rec["start"]
            assert start == g0.seat_start(seat)  # the public setup and this seat's hand
            hand = start["hand"]
            if seat is None:
                assert hand is None
            elif kind == "alhambra":
                assert hand == [str(c) for c in g0.players[seat].money], "not the seat's own hand"
            else:
                assert hand == [t.id for t in g0.players[seat].hand]
            # no other hand anywhere in the start: only their sizes
            hands = [k for k, _v in walk(start) if k in ("hand", "hands", "money")]
            assert hands == ["hand"], hands
            for i, s in enumerate(rec["steps"], 1):
                assert s["action"] == truth.states[i].history[-1].to_json()
                assert same_reveals(s["reveals"], truth.reveals(i, seat)), (i, s["reveals"])
                steps += 1
        elif t == "step":
            assert set(frame) == STEP_KEYS, sorted(frame)
            n = frame["step"]
            assert frame["action"] == truth.states[n].history[-1].to_json()
            assert set(frame["reveals"]) <= REVEAL_KEYS[kind]
            assert same_reveals(frame["reveals"], truth.reveals(n, seat)), (
                n,
                seat,
                frame["reveals"],
                truth.reveals(n, seat),
            )
            steps += 1
        elif t in ("ack", "refused"):
            pass
        else:
            raise AssertionError(f"an unexpected frame: {text[:200]}")
    return steps
