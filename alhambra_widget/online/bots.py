"""The table server's bots: each decides in a worker process from its own seat's record
(it cannot peek), in a pool sized to the cores."""

from __future__ import annotations

import json
import os
import threading
import time
from concurrent.futures import Executor
from typing import Any

from ..engine.seat_record import SeatRecord, seat_game
from ..players.bots import BOT_LEVEL, make_bot


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
    return ProcessPoolExecutor(
        max_workers=workers, mp_context=ctx, initializer=_watch, initargs=(os.getpid(),)
    )
