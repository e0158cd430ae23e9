"""The table server under load: ``python benchmarks/online.py``.

Prints figures; it is not a test. It starts a real server process on 127.0.0.1
(``alhambra-widget serve``, SQLite in a temporary folder, or ``--db
postgresql://...``), opens K tables (two people each, no bot: the smallest work per
action, one step frame per seat) and lets P of them play at once for S seconds. The
players are scripted clients in this one process: one raw WebSocket a seat (the
``websockets`` asyncio client, with the notebook link's defaults), each seat keeping
its own game from its record (:mod:`alhambra_widget.engine.seat_record`) and sending a
random legal move when its seat is to move. A table waits ``--think`` seconds on
average (exponential) before each move, as a person thinks; ``--think 0`` plays as fast
as the server answers (each table has one move in flight). A finished game's table is
replaced by a new one, so K stay open and P play.

Measured in each run:

- actions a second: the steps the server applied (counted from the frames every seat
  received) during the S seconds;
- the latency from sending an intent to EVERY seat of its table having received the
  step: p50, p99 and max (timed in this process, so they include its own delays: the
  client's event-loop lag is printed beside them; its garbage collector is off during
  the S seconds, so that its pauses do not count as the server's);
- the CPU (in cores) of the server process, of this process and of the rest of the
  machine (other work, and a PostgreSQL server's own processes), during the S seconds;
- memory per table: the server process's RSS (``/proc/PID/status``) before and after
  opening K tables, after playing, after connecting once to each open table; then a
  server restarted on the same database, before and after connecting once to each open
  table (which loads it: replayed from its stored actions), the tables played first,
  then the others. Differences divided by the tables counted.

Each run starts a fresh server (and, for SQLite or ``--db auto-postgresql``, a fresh
database). ``--repeats N`` runs; each run's figures, then the median with the spread
(min-max). ``--quick``: K 50, P 10, 10 s, one run, to check the script works.

``--processes N`` (PostgreSQL only): N server processes on the one database. Tables
are opened through process 0; seat i of table j connects to process (i + j) % N, so with
two processes every move crosses from one process to the other's clients (its commit's
``NOTIFY``, the other process reading the new action and telling its seats). The server
CPU is then the sum over the processes, each process's RSS is printed, and the memory a
table is the processes' RSS summed; the restart part restarts process 0 alone.
``--compare``: runs with one process and with two, alternating (1, 2, 1, 2, ...; N
each), each set's median and spread, then actions a second and p99 side by side.

``--db auto-postgresql``: a throwaway PostgreSQL cluster (``initdb`` and ``pg_ctl`` in a
temporary folder, as the ``postgres`` user when run as root, on its own port, as
``tests/online/conftest.py`` starts one), a new database in it for each run, stopped
at the end.

The machine this project measures on has 2 cores: this client process competes with
the server for them, so the figures are the server's under that load, not alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import statistics
import subprocess
import tempfile
import time
import urllib.request
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from alhambra_widget.engine.seat_record import SeatRecord, advance, seat_game
from alhambra_widget.online.local import free_port, serve_command, wait_healthy

PLAYERS = ["Ann", "Ben"]
ANSWER_SECONDS = 30.0
"""An intent unanswered this long counts as lost (and the table stops)."""
CLOCK_TICK = os.sysconf("SC_CLK_TCK")


# -- the server process --------------------------------------------------------------
class ServerProcess:
    """``python -m alhambra_widget.online serve`` on 127.0.0.1, its memory and CPU time."""

    def __init__(self, db: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        cmd = serve_command(self.port, db, "--workers", "1", "--log-level", "warning")
        self.process = subprocess.Popen(cmd, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        wait_healthy(self.url, self.process)

    def rss_mb(self) -> float:
        """The process's resident memory (MB)."""
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS")

    def cpu_seconds(self) -> float:
        """The process's CPU time so far (user + system)."""
        with open(f"/proc/{self.process.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICK

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it lingers."""
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Servers:
    """N server processes on one database (``--processes``); process 0 opens tables."""

    def __init__(self, db: str, n: int):
        self.list: list[ServerProcess] = []
        try:
            for _ in range(n):
                self.list.append(ServerProcess(db))
        except BaseException:
            self.stop()
            raise
        self.url = self.list[0].url
        self.urls = [s.url for s in self.list]

    def rss_mb(self) -> float:
        """The processes' resident memory, summed (MB)."""
        return sum(s.rss_mb() for s in self.list)

    def cpu_seconds(self) -> float:
        """The processes' CPU time so far, summed."""
        return sum(s.cpu_seconds() for s in self.list)

    def stop(self) -> None:
        for s in self.list:
            with contextlib.suppress(Exception):
                s.stop()


# -- a throwaway PostgreSQL cluster (--db auto-postgresql) ------------------------------
PG_BIN = "/usr/lib/postgresql/15/bin"


@contextlib.contextmanager
def throwaway_postgres() -> Any:
    """initdb + pg_ctl in a temporary folder on a free port (as ``postgres`` when root:
    initdb refuses root); yields the cluster's URL; stopped and removed in a finally."""
    import shutil

    base = tempfile.mkdtemp(prefix="alhambra-online-bench-pg-")
    os.chmod(base, 0o755)
    root = os.geteuid() == 0
    if root:
        shutil.chown(base, "postgres", "postgres")
    as_pg = ["runuser", "-u", "postgres", "--"] if root else []
    data, port = os.path.join(base, "data"), free_port()
    started = False
    try:
        try:
            subprocess.run(
                [*as_pg, f"{PG_BIN}/initdb", "-D", data, "-A", "trust", "-U", "postgres"],
                check=True,
                capture_output=True,
            )
            subprocess.run(
                [
                    *as_pg,
                    f"{PG_BIN}/pg_ctl",
                    "-D",
                    data,
                    "-w",
                    "-l",
                    os.path.join(base, "log"),
                    "-o",
                    f"-k {base} -p {port} -c listen_addresses=127.0.0.1 -c fsync=off",
                    "start",
                ],
                check=True,
                capture_output=True,
            )
        except subprocess.CalledProcessError as e:
            raise SystemExit(
                f"a throwaway PostgreSQL cluster did not start: {e.cmd}: "
                f"{e.stderr.decode(errors='replace')}"
            ) from e
        started = True
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        if started:
            subprocess.run(
                [*as_pg, f"{PG_BIN}/pg_ctl", "-D", data, "stop", "-m", "immediate"],
                capture_output=True,
            )
        shutil.rmtree(base, ignore_errors=True)


def new_database(cluster: str, name: str) -> str:
    """A new, empty database in the cluster at ``cluster``; its URL."""
    import sqlalchemy as sa

    eng = sa.create_engine(
        cluster.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT"
    )
    with eng.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    eng.dispose()
    return cluster.rsplit("/", 1)[0] + "/" + name


def machine_busy() -> float:
    """Seconds of CPU the whole machine has spent busy so far (all cores; /proc/stat)."""
    with open("/proc/stat") as f:
        t = [int(x) for x in f.readline().split()[1:]]
    return (sum(t[:8]) - t[3] - t[4]) / CLOCK_TICK  # all but idle and iowait (guests are in user)


def post_table(url: str, seed: int) -> dict[str, Any]:
    """Open a two-person table; its id and join codes."""
    body = json.dumps(
        {"game": "alhambra", "players": PLAYERS, "seats": {}, "seed": seed, "options": {}}
    )
    req = urllib.request.Request(
        url + "/api/tables", body.encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        out: dict[str, Any] = json.loads(r.read())
    return out


def ws_url(url: str) -> str:
    return "ws" + url[4:] + "/ws"


async def hello(url: str, code: str) -> tuple[ClientConnection, dict[str, Any]]:
    """A seat's connection and its welcome."""
    ws = await connect(ws_url(url), max_size=None, proxy=None, open_timeout=60)
    await ws.send(json.dumps({"type": "hello", "code": code}))
    welcome = json.loads(await ws.recv())
    if welcome.get("type") != "welcome":
        raise RuntimeError(f"not welcomed: {welcome}")
    return ws, welcome


# -- the scripted players ----------------------------------------------------------------
@dataclass
class Run:
    """One measurement's window and what was seen in it."""

    seconds: float
    think: float
    start: float = 0.0
    end: float = float("inf")
    going: bool = True
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    lost: int = 0
    finished: int = 0
    cpu: list[float] = field(default_factory=list)  # server, client, machine: CPU s in the window
    cpu_each: list[float] = field(default_factory=list)  # each server process's CPU s
    lag: list[float] = field(default_factory=list)  # the client's event-loop lag (s)
    played: dict[str, int] = field(default_factory=dict)  # table id -> its steps when left
    at_end: int = 0  # tables playing when the S seconds end (others being replaced)

    def inside(self, t: float) -> bool:
        return self.start <= t < self.end


@dataclass(eq=False)
class Seat:
    """One seat's connection and its game as it knows it."""

    ws: ClientConnection
    game: Any
    got: dict[int, float] = field(default_factory=dict)  # step -> when its frame came


class Table:
    """A table's two seats, played by random legal moves."""

    def __init__(self, opened: dict[str, Any], run: Run, rng: random.Random):
        self.id, self.codes = opened["id"], [opened["codes"][n] for n in PLAYERS]
        self.index: int = opened["index"]  # the table's number: its seats' processes
        self.run, self.rng = run, rng
        self.seats: list[Seat] = []
        self.readers: list[asyncio.Task[None]] = []
        self.waiting: tuple[int, asyncio.Future[Any]] | None = None
        self.over = False

    async def join(self, urls: list[str]) -> None:
        """Seat i connects to process (i + the table's number) % N."""
        for i, code in enumerate(self.codes):
            ws, welcome = await hello(urls[(i + self.index) % len(urls)], code)
            self.seats.append(Seat(ws, seat_game(SeatRecord.from_data(welcome["record"]))))
        self.readers = [asyncio.create_task(self.read(s)) for s in self.seats]

    async def read(self, seat: Seat) -> None:
        try:
            await self._read(seat)
        except ConnectionClosed:
            pass
        except Exception as e:  # a seat's game that cannot follow: counted, and said
            self.run.refusals[f"client {type(e).__name__}"] += 1

    async def _read(self, seat: Seat) -> None:
        async for text in seat.ws:
            now = time.perf_counter()
            frame = json.loads(text)
            kind = frame.get("type")
            if kind == "step" and frame["step"] == seat.game.step + 1:
                advance(
                    seat.game,
                    {"action": frame["action"], "reveals": frame.get("reveals") or {}},
                )
                seat.got[frame["step"]] = now
                self.reached()
            elif kind == "over":
                self.over = True
            elif kind in ("refused", "ack"):
                self.run.refusals[frame.get("kind", kind)] += 1
                if self.waiting is not None and not self.waiting[1].done():
                    self.waiting[1].set_result(frame)

    def reached(self) -> None:
        if self.waiting is None:
            return
        target, fut = self.waiting
        if not fut.done() and all(s.game.step >= target for s in self.seats):
            fut.set_result(max(s.got[target] for s in self.seats))

    async def play(self) -> None:
        """Move until the game is over or the run ends."""
        run = self.run
        while run.going and not self.over and not self.seats[0].game.is_over:
            if run.think > 0:
                await asyncio.sleep(self.rng.expovariate(1 / run.think))
            game = self.seats[0].game
            mover = self.seats[game.current]
            action = self.rng.choice(mover.game.legal_actions())
            target = mover.game.step + 1
            fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
            self.waiting = (target, fut)
            intent = {
                "type": "intent",
                "id": uuid.uuid4().hex,
                "step": mover.game.step,
                "action": action.to_json(),
            }
            sent = time.perf_counter()
            await mover.ws.send(json.dumps(intent))
            try:
                answer = await asyncio.wait_for(fut, ANSWER_SECONDS)
            except asyncio.TimeoutError:
                run.lost += 1
                return
            self.waiting = None
            if isinstance(answer, dict):  # refused: choose again (after a moment, for the rate)
                if answer.get("kind") == "rate":
                    await asyncio.sleep(0.2)
                continue
            if run.inside(sent):
                run.latencies.append(answer - sent)
            if run.inside(answer):
                run.actions += 1
        if self.seats[0].game.is_over:
            run.finished += 1

    def finished(self) -> bool:
        """Whether the table's game is over."""
        return self.over or (bool(self.seats) and self.seats[0].game.is_over)

    async def close(self) -> None:
        if self.seats:
            self.run.played[self.id] = self.seats[0].game.step
        for s in self.seats:
            with contextlib.suppress(Exception):
                await s.ws.close()
        for r in self.readers:
            r.cancel()
        self.seats, self.readers = [], []


async def loop_lag(run: Run, out: list[float]) -> None:
    """How late this process's event loop wakes from a 10 ms sleep (its own load)."""
    while run.going:
        t = time.perf_counter()
        await asyncio.sleep(0.01)
        if run.inside(t):
            out.append(time.perf_counter() - t - 0.01)


# -- one run ---------------------------------------------------------------------------------
def pct(xs: list[float], q: float) -> float:
    """The q-quantile of xs (nearest rank)."""
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * len(s)) - 1))] if s else float("nan")


async def connect_each(url: str, opened: list[dict[str, Any]], at_once: int = 20) -> None:
    """Connect once to the first seat of each table (the server loads it), then leave."""
    gate = asyncio.Semaphore(at_once)

    async def one(t: dict[str, Any]) -> None:
        async with gate:
            ws, _ = await hello(url, t["codes"][PLAYERS[0]])
            await ws.close()

    await asyncio.gather(*(one(t) for t in opened))


async def play(
    server: Servers,
    opened: list[dict[str, Any]],
    args: argparse.Namespace,
    run: Run,
    rng: random.Random,
    seeds: list[int],
) -> list[dict[str, Any]]:
    """P tables play for S seconds; a finished one is replaced by a new table (K stay
    open). Returns the tables still open."""
    url = server.url
    idle = list(opened)
    rng.shuffle(idle)
    playing: dict[asyncio.Task[None], Table] = {}
    done_ids: set[str] = set()

    async def start_one() -> None:
        t = Table(idle.pop(), run, random.Random(rng.random()))
        await t.join(server.urls)
        playing[asyncio.create_task(t.play())] = t

    await asyncio.gather(*(start_one() for _ in range(min(args.playing, len(idle)))))
    lagger = asyncio.create_task(loop_lag(run, run.lag))
    gc.collect()  # this process's pauses would count as the server's latency: its collector
    gc.disable()  # is off in the window (it grows by some tens of MB, measured at --think 0)
    run.cpu = [server.cpu_seconds(), time.process_time(), machine_busy()]
    run.cpu_each = [s.cpu_seconds() for s in server.list]
    run.start = time.perf_counter()
    run.end = run.start + run.seconds
    replacing: set[asyncio.Task[None]] = set()

    async def replace(t: Table) -> None:  # (in parallel: a join waits for the server)
        if t.finished():
            done_ids.add(t.id)
            seeds[0] += 1
            new = await asyncio.to_thread(post_table, url, seeds[0])  # K stay open
            new["index"] = len(opened)
            opened.append(new)
            idle.insert(0, new)
        await t.close()
        if run.going and idle:
            await start_one()

    while time.perf_counter() < run.end:
        if not playing:
            await asyncio.sleep(0.01)
            continue
        finished, _ = await asyncio.wait(
            list(playing),
            timeout=max(0.0, run.end - time.perf_counter()),
            return_when=asyncio.FIRST_COMPLETED,
        )
        for task in finished:
            r = asyncio.create_task(replace(playing.pop(task)))
            replacing.add(r)
            r.add_done_callback(replacing.discard)
    run.going = False
    run.at_end = len(playing)
    gc.enable()
    run.cpu = [
        b - a for a, b in zip(run.cpu, [server.cpu_seconds(), time.process_time(), machine_busy()])
    ]
    run.cpu_each = [s.cpu_seconds() - a for s, a in zip(server.list, run.cpu_each)]
    if replacing:
        await asyncio.wait(list(replacing), timeout=ANSWER_SECONDS)
    if playing:
        await asyncio.wait(list(playing), timeout=ANSWER_SECONDS)
    for t in playing.values():
        if t.finished():
            done_ids.add(t.id)
        await t.close()
    lagger.cancel()
    return [t for t in opened if t["id"] not in done_ids]


async def one_run(args: argparse.Namespace, n: int, processes: int) -> dict[str, float]:
    """Start the server processes, open K tables, play, measure; stop them."""
    tmp = tempfile.mkdtemp(prefix="alhambra-online-bench-")
    if args.cluster:  # --db auto-postgresql: a new database each run
        db = new_database(
            args.cluster, f"bench_{os.getpid()}_{n}_{processes}_{uuid.uuid4().hex[:6]}"
        )
    else:
        db = args.db or os.path.join(tmp, "tables.sqlite")
    server: Servers | ServerProcess = Servers(db, processes)
    rng = random.Random(n)
    fig: dict[str, float] = {}
    try:
        await asyncio.sleep(0.5)
        rss0 = server.rss_mb()
        t = time.perf_counter()
        seeds = [n * 1_000_000]
        opened = []
        for _ in range(args.tables):
            seeds[0] += 1
            opened.append(await asyncio.to_thread(post_table, server.url, seeds[0]))
            opened[-1]["index"] = len(opened) - 1
        fig["open_per_s"] = args.tables / (time.perf_counter() - t)
        rss1 = server.rss_mb()
        run = Run(args.seconds, args.think)
        assert isinstance(server, Servers)
        still = await play(server, opened, args, run, rng, seeds)
        rss_each = [s.rss_mb() for s in server.list]
        load = os.getloadavg()[0]
        cpu, me, busy = run.cpu
        rss2 = server.rss_mb()
        await connect_each(server.url, still)
        rss3 = server.rss_mb()
        lat = [x * 1000 for x in run.latencies]
        lag = [x * 1000 for x in run.lag]
        fig.update(
            {
                "actions_per_s": run.actions / run.seconds,
                "p50_ms": pct(lat, 0.50),
                "p99_ms": pct(lat, 0.99),
                "max_ms": max(lat, default=float("nan")),
                "server_cpu": cpu / run.seconds,
                "client_cpu": me / run.seconds,
                "others_cpu": (busy - cpu - me) / run.seconds,
                "load": load,
                "client_lag_p99_ms": pct(lag, 0.99),
                "client_lag_max_ms": max(lag, default=0.0),
                "kb_opened": (rss1 - rss0) * 1024 / args.tables,
                "kb_played": (rss2 - rss0) * 1024 / args.tables,
                "kb_connected": (rss3 - rss0) * 1024 / args.tables,
                "games_finished": run.finished,
                "playing_at_end": run.at_end,
                "lost": run.lost,
                "refused": sum(run.refusals.values()),
                "processes": processes,
            }
        )
        for i, (c, r) in enumerate(zip(run.cpu_each, rss_each)):
            fig[f"cpu_{i}"], fig[f"rss_{i}_mb"] = c / run.seconds, r
        server.stop()
        server = ServerProcess(db)  # the same database: the tables load when connected to
        await asyncio.sleep(0.5)
        played = [t for t in still if run.played.get(t["id"])]
        fresh = [t for t in still if not run.played.get(t["id"])]
        rss4 = server.rss_mb()
        t = time.perf_counter()
        await connect_each(server.url, played)
        rss5 = server.rss_mb()
        await connect_each(server.url, fresh)
        rss6 = server.rss_mb()
        fig["load_per_s"] = len(still) / (time.perf_counter() - t)
        fig["kb_loaded"] = (rss6 - rss4) * 1024 / len(still)
        fig["kb_loaded_played"] = (rss5 - rss4) * 1024 / max(1, len(played))
        fig["kb_loaded_fresh"] = (rss6 - rss5) * 1024 / max(1, len(fresh))
        fig["played_steps"] = statistics.mean([run.played[t["id"]] for t in played] or [0])
        fig["open_tables"] = len(still)
        fig["rss0_mb"] = rss0 / processes
        if run.refusals:
            print(f"  refusals: {dict(run.refusals)}")
    finally:
        server.stop()
        for f in os.listdir(tmp):  # (empty with --db)
            os.remove(os.path.join(tmp, f))
        os.rmdir(tmp)
    return fig


# -- the report ----------------------------------------------------------------------------
ROWS = [
    ("actions_per_s", "actions a second", "{:.0f}"),
    ("p50_ms", "latency p50 (ms)", "{:.1f}"),
    ("p99_ms", "latency p99 (ms)", "{:.1f}"),
    ("max_ms", "latency max (ms)", "{:.1f}"),
    ("client_lag_p99_ms", "client loop lag p99 (ms)", "{:.1f}"),
    ("client_lag_max_ms", "client loop lag max (ms)", "{:.1f}"),
    ("server_cpu", "server CPU (cores)", "{:.2f}"),
    ("client_cpu", "client CPU (cores)", "{:.2f}"),
    ("others_cpu", "other processes' CPU (cores)", "{:.2f}"),
    ("load", "load average (1 min) after", "{:.1f}"),
    ("games_finished", "games finished (each replaced)", "{:.0f}"),
    ("playing_at_end", "tables playing at the end", "{:.0f}"),
    ("refused", "intents refused", "{:.0f}"),
    ("lost", "intents lost", "{:.0f}"),
    ("open_per_s", "tables opened a second", "{:.0f}"),
    ("load_per_s", "tables loaded a second (restart)", "{:.0f}"),
    ("rss0_mb", "server RSS at start (MB)", "{:.1f}"),
    ("kb_opened", "KB a table: opened", "{:.1f}"),
    ("kb_played", "KB a table: opened + played", "{:.1f}"),
    ("kb_connected", "KB a table: + connected once each", "{:.1f}"),
    ("kb_loaded", "KB a table: loaded after a restart", "{:.1f}"),
    ("kb_loaded_fresh", "  of them, KB a table not played", "{:.1f}"),
    ("kb_loaded_played", "  of them, KB a table played", "{:.1f}"),
    ("played_steps", "  its actions (mean)", "{:.0f}"),
    ("open_tables", "open tables at the end", "{:.0f}"),
]


def rows(runs: list[dict[str, float]]) -> list[tuple[str, str, str]]:
    """ROWS, with the server CPU summed over the processes and, for more than one, each
    process's CPU and RSS."""
    n = int(max(r.get("processes", 1) for r in runs))
    out = []
    for key, label, f in ROWS:
        if key == "server_cpu" and n > 1:
            label = f"server CPU, {n} processes summed (cores)"
        out.append((key, label, f))
        if key == "server_cpu" and n > 1:
            out += [(f"cpu_{i}", f"  server process {i} CPU (cores)", "{:.2f}") for i in range(n)]
        if key == "rss0_mb":
            out += [
                (f"rss_{i}_mb", f"server process {i} RSS after playing (MB)", "{:.1f}")
                for i in range(n)
            ]
    return out


def line(n: int, fig: dict[str, float]) -> str:
    return f"run {n}: " + ", ".join(
        f"{label.strip()} {f.format(fig[k])}" for k, label, f in rows([fig])
    )


def spread(xs: list[float], f: str) -> str:
    return f"{f.format(statistics.median(xs)):>8s}  ({f.format(min(xs))}-{f.format(max(xs))})"


def report(runs: list[dict[str, float]], title: str = "") -> None:
    print(f"\n{title}over N = {len(runs)} runs: median (min-max)")
    for key, label, f in rows(runs):
        print(f"  {label:42s} {spread([r[key] for r in runs], f)}")


def compare(by: dict[int, list[dict[str, float]]]) -> None:
    """Actions a second and p99 latency, one process against two."""
    print(
        f"\nactions a second and the p99 latency, two processes against one "
        f"(median (min-max) over N = {len(by[1])} runs each, alternating):"
    )
    print(f"  {'':28s} {'1 process':>22s} {'2 processes':>22s}")
    for key, label, f in [
        ("actions_per_s", "actions a second", "{:.0f}"),
        ("p99_ms", "latency p99 (ms)", "{:.1f}"),
        ("p50_ms", "latency p50 (ms)", "{:.1f}"),
        ("server_cpu", "server CPU, summed (cores)", "{:.2f}"),
    ]:
        a, b = (spread([r[key] for r in by[p]], f) for p in (1, 2))
        print(f"  {label:28s} {a:>22s} {b:>22s}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", "-k", type=int, default=None, help="open tables K (1000)")
    ap.add_argument(
        "--playing", "-p", type=int, default=None, help="tables playing at once P (100)"
    )
    ap.add_argument("--seconds", "-s", type=float, default=None, help="the measured run S (60)")
    ap.add_argument(
        "--repeats", "-n", type=int, default=None, help="runs N (3; with --compare, N each)"
    )
    ap.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="a table's mean pause before each move, seconds (1.0; 0: as fast as it can)",
    )
    ap.add_argument(
        "--db",
        default=None,
        help="postgresql://..., or auto-postgresql: a throwaway cluster (default: SQLite in a temp folder)",
    )
    ap.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes on the one database (1; more needs PostgreSQL)",
    )
    ap.add_argument(
        "--compare",
        action="store_true",
        help="runs with 1 and with 2 processes, alternating (needs PostgreSQL)",
    )
    ap.add_argument("--quick", action="store_true", help="K 50, P 10, 10 s, one run")
    args = ap.parse_args()
    quick = {"tables": 50, "playing": 10, "seconds": 10.0, "repeats": 1}
    full = {"tables": 1000, "playing": 100, "seconds": 60.0, "repeats": 3}
    for k, v in (quick if args.quick else full).items():
        if getattr(args, k) is None:
            setattr(args, k, v)
    postgres = bool(args.db) and (
        args.db == "auto-postgresql" or args.db.startswith("postgresql://")
    )
    if args.processes < 1:
        ap.error("--processes must be 1 or more")
    if (args.processes > 1 or args.compare) and not postgres:
        ap.error(
            "several server processes share their tables through PostgreSQL: "
            "--processes N > 1 and --compare need --db postgresql://... (or --db auto-postgresql)"
        )
    counts = [1, 2] * args.repeats if args.compare else [args.processes] * args.repeats
    args.cluster = None
    with contextlib.ExitStack() as stack:
        if args.db == "auto-postgresql":
            args.cluster = stack.enter_context(throwaway_postgres())
        where = (
            "SQLite (temp)"
            if not args.db
            else f"a throwaway PostgreSQL cluster ({args.cluster.split('@')[-1]}), a new database each run"
            if args.cluster
            else args.db.split("@")[-1]
        )
        print(
            f"{os.cpu_count()} CPUs (this client process shares them with the server); "
            f"K {args.tables} open tables of {len(PLAYERS)} people, P {args.playing} playing at once, "
            f"S {args.seconds:g} s, think {args.think:g} s, N {args.repeats}"
            f"{' each' if args.compare else ''}, server processes "
            f"{'1 and 2, alternating' if args.compare else args.processes}, db {where}"
        )
        by: dict[int, list[dict[str, float]]] = {}
        for n, processes in enumerate(counts):
            fig = asyncio.run(one_run(args, n, processes))
            by.setdefault(processes, []).append(fig)
            print(
                f"[{processes} process{'es' if processes > 1 else ''}] " + line(n + 1, fig),
                flush=True,
            )
    for processes, runs in sorted(by.items()):
        report(runs, f"{processes} server process{'es' if processes > 1 else ''}, ")
    if args.compare:
        compare(by)


if __name__ == "__main__":
    main()
