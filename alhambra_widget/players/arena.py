"""Bots against bots: ``python -m alhambra_widget.players.arena --bots strong greedy --games 40``.

Plays seeded games on all cores (a process pool), the seats rotating from game to game,
and prints for each kind of bot its share of wins (a shared win counts as a fraction;
a kind named twice, as in ``strong greedy greedy``, counts its seats together) with a
95% Wilson interval, its average points per seat and its median time per decision. A bot is a
kind that :func:`alhambra_widget.players.bots.make_bot` knows (``random``, ``greedy``,
``easy``, ``medium``, ``strong``) or ``strong:N`` for N simulations per decision.

From Python, :func:`run` takes any ``concurrent.futures.Executor`` (a Dask
``client.get_executor()``, a Ray executor; for a given seed the figures are the same
whatever the executor), and a seat may be an external bot: a picklable factory
``(seed, game) -> bot`` with a ``name`` (e.g. OpenSpiel's ISMCTS,
:class:`alhambra_widget.research.openspiel_games.IsmctsSeat`).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from ..engine.errors import MalformedInput
from .base import Bot
from .parallel import InProcessExecutor


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


Kind = Any
"""A seat: a bot kind (``"greedy"``, ``"strong:N"``, ...) or a picklable factory
``(seed, game) -> bot`` with a ``name`` (an external bot)."""


def label(kind: Kind) -> str:
    """A seat's name in the figures."""
    return kind if isinstance(kind, str) else str(getattr(kind, "name", repr(kind)))


def _bot(kind: Kind, seed: int, game: Any) -> Bot:
    from .bots import make_bot

    if callable(kind) and not isinstance(kind, str):
        return kind(seed, game)  # type: ignore[no-any-return]

    bot = make_bot(kind, seed, game)
    if bot is None:
        raise MalformedInput(f"An arena seat is a bot, not {kind!r}.")
    return bot


def play(kinds: list[Kind], seed: int, shift: int) -> dict[str, Any]:
    """One game: seat i is played by ``kinds[(i + shift) % n]``. Returns each kind's
    share of the win, points and decision times (by :func:`label`)."""
    from ..engine.alhambra.game import Game

    n = len(kinds)
    order = [(i + shift) % n for i in range(n)]
    names = [label(k) for k in kinds]
    seats = [names[j] for j in order]
    g = Game([f"P{i}" for i in range(n)], seed=seed)
    bots = [_bot(kinds[j], seed * 10 + i, g) for i, j in enumerate(order)]
    times: dict[str, list[float]] = {k: [] for k in names}  # a kind may hold several seats
    while not g.is_over:
        i = g.current
        t = time.perf_counter()
        a = bots[i].choose(g)
        times[seats[i]].append(time.perf_counter() - t)
        g.apply(a)
    winners = g.winners
    share = {k: 0.0 for k in names}
    points = {k: 0.0 for k in names}
    for i, p in enumerate(g.players):
        if p.name in winners:
            share[seats[i]] += 1.0 / len(winners)
        points[seats[i]] += p.score
    return {"share": share, "points": points, "times": times}


def run(
    kinds: list[Kind],
    games: int,
    seed: int = 1000,
    executor: Executor | None = None,
    quiet: bool = False,
) -> dict[str, Any]:
    """Play ``games`` seeded games (seeds ``seed``, ``seed + 1``, ..., seats rotating) on
    ``executor`` (by default a process pool on all cores) and return, for each seat's
    label, its wins (shared wins as fractions), rate, 95% Wilson interval, points a
    seat and median seconds a decision; printed unless ``quiet``."""
    jobs = [(kinds, seed + i, i % len(kinds)) for i in range(games)]
    own = executor is None
    ex = executor or ProcessPoolExecutor(max_workers=os.cpu_count() or 1)
    try:
        results = list(ex.map(play, *zip(*jobs)))  # in the order of the seeds
    finally:
        if own:
            ex.shutdown()
    names = [label(k) for k in kinds]
    out: dict[str, Any] = {}
    if not quiet:
        print(f"{games} games of {len(kinds)} players, seats rotating, seeds {seed}..")
    for k in dict.fromkeys(names):  # each kind once; its seats' wins together
        wins = sum(r["share"][k] for r in results)
        lo, hi = wilson(wins, games)
        ts = [t for r in results for t in r["times"][k]]
        pts = statistics.mean(r["points"][k] for r in results) / names.count(k)
        med = statistics.median(ts) if ts else 0.0
        out[k] = {
            "wins": wins,
            "games": games,
            "rate": wins / games,
            "ci95": (lo, hi),
            "points": pts,
            "s_per_decision": med,
        }
        if not quiet:
            print(
                f"  {k:>12}: wins {wins:5.1f}/{games} = {wins / games:5.1%} "
                f"(95% CI {lo:.1%}-{hi:.1%}), {pts:5.1f} points a game, "
                f"median {med * 1000:.0f} ms a decision"
            )
    return out


def main(
    argv: list[str] | None = None,
    *,
    description: str | None = __doc__,
    bots: Sequence[str] = ("strong", "greedy"),
    games: int = 20,
    seat: Callable[[str], Any] = str,
) -> dict[str, Any]:
    """The command line: play ``--games`` seeded games between ``--bots`` (one kind per seat) in
    ``--workers`` processes; returns the results. Another arena's command line passes its
    defaults and ``seat``, which turns a kind named on the line into what :func:`run` seats."""
    ap = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--bots", nargs="+", default=list(bots), help="one kind per seat")
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    # one worker: the games in this process, so a bot searching on all cores starts its
    # own processes here (a pool's worker waits for the processes it started, forever)
    with (
        InProcessExecutor()
        if args.workers <= 1
        else ProcessPoolExecutor(max_workers=args.workers) as ex
    ):
        return run([seat(k) for k in args.bots], args.games, args.seed, ex)


if __name__ == "__main__":
    main()
