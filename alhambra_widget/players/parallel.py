"""Root-parallel search (either game): independent search trees on all cores, merged.

Each tree is an ordinary :func:`~alhambra_widget.players.ismcts.search` with its own
seed (tree 0 has the caller's seed, so one tree is exactly the serial search); their
root statistics are added up (visits, and rewards weighted by visits). Tree 0 runs in
the calling process; the others run on a ``concurrent.futures.Executor``: a pool of
local processes, started once and kept (the default), nothing where processes cannot
start (Pyodide: the trees then run one after another in this process), or any executor
passed as ``executor=`` (a Dask ``client.get_executor()``, a Ray executor).

Budgets are simulations (``playouts``, split between the trees) or time (``seconds``,
each tree searches until the common deadline), or both (whichever ends first).

A game's review (:func:`parallel_review`) spreads its steps the same way: each step is
weighed by its own seeded search, here or on the executor, and the decisions are the
ones a review step by step in one process gives.
"""

from __future__ import annotations

import atexit
import contextlib
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any

from .ismcts import Choice, Decision, search, spread_of, steps_of, weigh

UNLIMITED = 10**9
"""The simulations cap of a budget given by time only."""

_POOL: list[Executor] = []  # the default pool, started on first use and kept
_BACKGROUND: list[Executor] = []  # the background pool, started on first use and kept
_REPLAYED: list[tuple[str, Any]] = []  # in a worker: the last review's game, as text and replayed


class InProcessExecutor(Executor):
    """Runs each unit of work when it is submitted, in this process (the fallback where
    processes cannot start; pass it as ``executor=`` to stay in one process)."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Run ``fn(*args, **kwargs)`` now, in this process; a done future holds its
        result or its exception."""
        f: Future[Any] = Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as e:  # pragma: no cover - re-raised by result()
            f.set_exception(e)
        return f


def cores() -> int:
    """The cores this process may use (1 where processes cannot start)."""
    if sys.platform == "emscripten":
        return 1
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def process_pool(
    workers: int, initializer: Callable[[], None] | None = None
) -> ProcessPoolExecutor | None:
    """A pool of ``workers`` local processes (each starting with ``initializer()``, a
    module-level function), or ``None`` where processes cannot start.
    Fork is the fastest start and safe in a one-thread process (a plain script: no
    ``__main__`` guard needed); with threads running (a Jupyter kernel) fork may
    deadlock, so a fork server starts the workers."""
    if sys.platform == "emscripten":
        return None
    try:
        import multiprocessing
        import threading

        methods = multiprocessing.get_all_start_methods()
        if "fork" in methods and threading.active_count() == 1:
            method = "fork"
        else:
            method = "forkserver" if "forkserver" in methods else "spawn"
        return ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context(method),
            initializer=initializer,
        )
    except (ImportError, NotImplementedError, OSError):  # pragma: no cover - no processes
        return None


def default_executor() -> Executor | None:
    """The kept pool of local processes (one fewer than the cores: the calling process
    searches too), or ``None`` where there is one core or processes cannot start."""
    if _POOL:
        return _POOL[0]
    if cores() < 2:
        return None
    pool = process_pool(cores() - 1)
    if pool is None:  # pragma: no cover - no processes
        return None
    _POOL.append(pool)
    atexit.register(pool.shutdown, cancel_futures=True)
    return pool


def lower_priority() -> None:
    """Lower this process's priority (``nice`` 19, the lowest): a background worker's start, so
    that a bot's move or a hint, at the normal priority, has the cores first."""
    with contextlib.suppress(AttributeError, OSError):  # not POSIX, or not allowed
        os.nice(19)


def background_executor() -> Executor | None:
    """The kept pool for work done ahead while nobody waits for it (a game's review
    weighed as the game is played): one process per core, each at a lower priority
    (:func:`lower_priority`), so it uses the cores nobody else needs. ``None`` where
    processes cannot start (Pyodide)."""
    if _BACKGROUND:
        return _BACKGROUND[0]
    if sys.platform == "emscripten":
        return None
    pool = process_pool(cores(), lower_priority)
    if pool is None:  # pragma: no cover - no processes
        return None
    _BACKGROUND.append(pool)
    atexit.register(pool.shutdown, cancel_futures=True)
    return pool


def background_workers() -> list[int]:
    """The process ids of the background pool's workers now (none before its first use
    or once it is released: :func:`release_background`)."""
    if not _BACKGROUND:
        return []
    # the pool's own table of its processes (the standard library's, not documented)
    processes = getattr(_BACKGROUND[0], "_processes", None) or {}
    return sorted(pid for pid, p in processes.items() if p.is_alive())


def release_background() -> None:
    """End the background pool now: its work queued is dropped and its workers end
    (a step being weighed is cut short), so a kernel that nobody uses keeps no process
    busy. The next use of :func:`background_executor` starts a new pool."""
    if not _BACKGROUND:
        return
    pool = _BACKGROUND.pop()
    processes = list((getattr(pool, "_processes", None) or {}).values())
    with contextlib.suppress(RuntimeError):
        atexit.unregister(pool.shutdown)
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        with contextlib.suppress(OSError, AttributeError, ValueError):
            p.terminate()


def _trees(
    kind: type[Any],
    text: str,
    playouts: int,
    seeds: list[str | int],
    deadline: float | None,
    kwargs: dict[str, Any],
) -> list[list[tuple[dict[str, Any], int, float, float]]]:
    """Some trees, one after another (module level, plain arguments: it pickles for
    processes and clusters). The game travels as its saved JSON (``kind.from_json``
    replays it exactly) and the actions as theirs: compiled engine objects do not
    pickle. ``deadline`` is wall-clock time (``time.time()``), shared by all trees."""
    game = kind.from_json(text)
    kwargs = {**kwargs, "include": [game.action_from_json(a) for a in kwargs.get("include", ())]}
    found = _run_trees(game, playouts, seeds, deadline, None, kwargs)
    return [
        [(c.action.to_json(), c.visits, c.value, c.spread) for c in choices] for choices in found
    ]


def _run_trees(
    game: Any,
    playouts: int,
    seeds: Sequence[str | int],
    deadline: float | None,
    progress: Callable[[int], bool | None] | None,
    kwargs: dict[str, Any],
) -> list[list[Choice]]:
    """The trees of ``seeds``, one after another, each its share of the time left to
    ``deadline``; ``progress`` counts all their simulations, and True stops them all."""
    found: list[list[Choice]] = []
    done = 0  # simulations of the trees finished before the one running
    stopped = False
    tick = None
    if progress is not None:
        told = progress

        def tick(n: int) -> bool:
            nonlocal stopped
            stopped = bool(told(done + n))
            return stopped

    for i, seed in enumerate(seeds):
        if stopped:
            break
        left = None if deadline is None else max(0.0, deadline - time.time()) / (len(seeds) - i)
        choices = search(game, playouts=playouts, seed=seed, seconds=left, progress=tick, **kwargs)
        done += sum(c.visits for c in choices)
        found.append(choices)
    return found


def _workers(executor: Executor) -> int | None:
    """How many units of work ``executor`` runs at once, where it says (a local
    process pool); ``None`` for others (a cluster's: then one tree per unit)."""
    n = getattr(executor, "_max_workers", None)
    return n if isinstance(n, int) and n > 0 else None


def _choices(game: Any, rows: list[tuple[dict[str, Any], int, float, float]]) -> list[Choice]:
    return [Choice(game.action_from_json(a), n, v, sd) for a, n, v, sd in rows]


def merge(results: Sequence[Sequence[Choice]]) -> list[Choice]:
    """The root statistics of several trees added up: visits summed, values weighted by
    visits, spreads pooled over all the simulations; the most visited first (ties: the
    higher value, then the first seen)."""
    visits: dict[Any, int] = {}
    reward: dict[Any, float] = {}
    squares: dict[Any, float] = {}
    for choices in results:
        for c in choices:
            visits[c.action] = visits.get(c.action, 0) + c.visits
            reward[c.action] = reward.get(c.action, 0.0) + c.value * c.visits
            squares[c.action] = squares.get(c.action, 0.0) + (c.spread**2 + c.value**2) * c.visits
    out = []
    for a, n in visits.items():
        mean = reward[a] / n if n else 0.0
        out.append(Choice(a, n, mean, spread_of(n, reward[a], squares[a])))
    out.sort(key=lambda c: (-c.visits, -c.value))
    return out


def parallel_search(
    game: Any,
    *,
    playouts: int | None,
    seconds: float | None,
    seed: int | str,
    trees: int | None = None,
    executor: Executor | None = None,
    progress: Callable[[int], bool | None] | None = None,
    **kwargs: Any,
) -> list[Choice]:
    """The merged root of ``trees`` independent searches (default: one per core, or
    one for a budget of simulations only, which then stays reproducible on any
    machine). ``kwargs`` go to :func:`~alhambra_widget.players.ismcts.search` (the
    policy, evaluation and focus must be module-level functions to reach processes).
    Tree ``k`` has the seed ``f"{seed}:t{k}"`` (tree 0: ``seed``) whichever process runs
    it, and the trees are merged in their order: the same result on any number of
    cores. This process runs tree 0 and, where the executor has fewer workers than
    there are trees, its share of the others (so do the workers); ``progress`` counts
    this process's simulations, scaled to all the trees'."""
    return merge(
        tree_search(
            game,
            playouts=playouts,
            seconds=seconds,
            seed=seed,
            trees=trees,
            executor=executor,
            progress=progress,
            **kwargs,
        )
    )


def tree_search(
    game: Any,
    *,
    playouts: int | None,
    seconds: float | None,
    seed: int | str,
    trees: int | None = None,
    only: range | None = None,
    executor: Executor | None = None,
    progress: Callable[[int], bool | None] | None = None,
    **kwargs: Any,
) -> list[list[Choice]]:
    """The roots of the trees of :func:`parallel_search`, in their order, unmerged:
    all of them, or the trees numbered in ``only`` (each the same tree as in the whole
    search: its seed and budget come from ``seed``, ``playouts`` and ``trees``). So a
    search can be done in parts, a first answer from the first trees and the rest
    after: the parts' trees merged (:func:`merge`) are :func:`parallel_search`'s answer."""
    if playouts is None and seconds is None:
        raise ValueError("a search needs a budget: playouts, seconds or both")
    if trees is None:
        trees = cores() if seconds is not None else 1
    trees = max(1, trees)
    per_tree = UNLIMITED if playouts is None else max(1, math.ceil(playouts / trees))
    seeds: list[str | int] = [seed, *(f"{seed}:t{k}" for k in range(1, trees))]
    seeds = [seeds[k] for k in (only if only is not None else range(trees)) if 0 <= k < trees]
    if not seeds:
        return []
    if executor is None and len(seeds) > 1:
        executor = default_executor()
    if isinstance(executor, InProcessExecutor):
        executor = None  # the same trees, one after another, sharing the time
    deadline = None if seconds is None else time.time() + seconds
    if executor is None or len(seeds) == 1:  # one process: the trees one after another
        return _run_trees(game, per_tree, seeds, deadline, progress, kwargs)
    return _spread_trees(game, per_tree, seeds, deadline, executor, progress, kwargs)


def _spread_trees(
    game: Any,
    per_tree: int,
    seeds: list[str | int],
    deadline: float | None,
    executor: Executor,
    progress: Callable[[int], bool | None] | None,
    kwargs: dict[str, Any],
) -> list[list[Choice]]:
    """The trees of ``seeds`` shared between this process and ``executor``: tree k
    runs on runner k % runners; runner 0 is this process, the others are units of work
    on the executor (as many as it has workers, where it says)."""
    trees = len(seeds)
    runners = min(trees, 1 + (_workers(executor) or trees - 1))
    text = game.to_json()
    plain = {**kwargs, "include": [a.to_json() for a in kwargs.get("include", ())]}
    futures = [
        executor.submit(_trees, type(game), text, per_tree, seeds[r::runners], deadline, plain)
        for r in range(1, runners)
    ]
    mine = seeds[0::runners]
    share = None
    if progress is not None:
        told = progress

        def share(n: int) -> bool | None:  # this process's simulations, scaled to all
            return told(n * trees // len(mine))

    found = dict(
        zip(range(0, trees, runners), _run_trees(game, per_tree, mine, deadline, share, kwargs))
    )
    for r, f in enumerate(futures, start=1):
        found.update(zip(range(r, trees, runners), (_choices(game, rows) for rows in f.result())))
    return [found[k] for k in sorted(found)]


def _weigh(
    kind: type[Any],
    text: str,
    step: int,
    analyse: Callable[..., list[Choice]],
    says: Callable[[Any, Any], str],
) -> Decision | None:
    """One step of a review on the executor (the game travels as its saved JSON; a
    worker keeps the last game it replayed for the next step of the same review)."""
    if not _REPLAYED or _REPLAYED[0][0] != text:
        _REPLAYED[:] = [(text, kind.from_json(text))]
    return weigh(_REPLAYED[0][1], step, analyse, says)


def parallel_review(
    game: Any,
    players: Sequence[str],
    analyse: Callable[..., list[Choice]],
    says: Callable[[Any, Any], str],
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], bool | None] | None = None,
) -> dict[str, list[Decision]]:
    """Each decision of each of ``players`` weighed against the search's choice
    (:func:`~alhambra_widget.players.ismcts.weigh`), the steps shared between this
    process and ``executor`` (default: the kept local processes; none where processes
    cannot start): up to ``workers`` steps (default: one fewer than the cores) are out
    on it at a time while this process weighs others. ``analyse`` and ``says`` must
    pickle (a bot's bound method, module-level functions). The same decisions as
    :func:`~alhambra_widget.players.ismcts.review_decisions`, player by player.
    ``progress(done, total)`` counts every action of ``players``; True stops early
    (the steps weighed by then are kept)."""
    steps = steps_of(game, players)
    if executor is None:
        executor = default_executor()
    width = 0 if executor is None else max(1, cores() - 1 if workers is None else workers)
    found: dict[int, Decision | None] = {}
    todo = list(reversed(steps))  # this process takes from the front, the executor too
    out: dict[Future[Decision | None], int] = {}
    text = game.to_json() if width else ""
    while todo or out:
        if progress is not None and progress(len(found), len(steps)):
            for f in out:
                f.cancel()
            break
        while executor is not None and todo and len(out) < width:
            step = todo.pop()
            out[executor.submit(_weigh, type(game), text, step, analyse, says)] = step
        if todo:
            step = todo.pop()
            found[step] = weigh(game, step, analyse, says)
        done, _ = wait(list(out), timeout=None if not todo else 0, return_when=FIRST_COMPLETED)
        for f in done:
            found[out.pop(f)] = f.result()
    decisions = [d for s in steps if (d := found.get(s)) is not None]
    return {name: [d for d in decisions if d.player == name] for name in players}
