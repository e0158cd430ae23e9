"""Bots against bots: ``python -m alhambra_widget.players.arena --bots strong greedy --games 40``.

Plays seeded games on all cores (a process pool), the seats rotating from game to game,
and prints for each kind of bot its share of wins (a shared win counts as a fraction;
a kind named twice, as in ``strong greedy greedy``, counts its seats together) with a
95% Wilson interval, its average points per seat and its median time per decision. A bot is a
kind that :func:`alhambra_widget.players.bots.make_bot` knows (``random``, ``greedy``,
``easy``, ``medium``, ``strong``) or ``strong:N`` for N simulations per decision.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..engine.errors import MalformedInput
from .base import Bot


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def _bot(kind: str, seed: int, game: Any) -> Bot:
    from .bots import make_bot

    bot = make_bot(kind, seed, game)
    if bot is None:
        raise MalformedInput(f"An arena seat is a bot, not {kind!r}.")
    return bot


def play(kinds: list[str], seed: int, shift: int) -> dict[str, Any]:
    """One game: seat i is played by ``kinds[(i + shift) % n]``. Returns each kind's
    share of the win, points and decision times."""
    from ..engine.alhambra.game import Game

    n = len(kinds)
    seats = [kinds[(i + shift) % n] for i in range(n)]
    g = Game([f"P{i}" for i in range(n)], seed=seed)
    bots = [_bot(k, seed * 10 + i, g) for i, k in enumerate(seats)]
    times: dict[str, list[float]] = {k: [] for k in kinds}  # a kind may hold several seats
    while not g.is_over:
        i = g.current
        t = time.perf_counter()
        a = bots[i].choose(g)
        times[seats[i]].append(time.perf_counter() - t)
        g.apply(a)
    winners = g.winners
    share = {k: 0.0 for k in kinds}
    points = {k: 0.0 for k in kinds}
    for i, p in enumerate(g.players):
        if p.name in winners:
            share[seats[i]] += 1.0 / len(winners)
        points[seats[i]] += p.score
    return {"share": share, "points": points, "times": times}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bots", nargs="+", default=["strong", "greedy"], help="one kind per seat")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    kinds = args.bots
    jobs = [(kinds, args.seed + i, i % len(kinds)) for i in range(args.games)]
    with ProcessPoolExecutor(max_workers=args.workers) as ex:
        results = list(ex.map(play, *zip(*jobs)))
    out: dict[str, Any] = {}
    print(f"{args.games} games of {len(kinds)} players, seats rotating, seeds {args.seed}..")
    for k in dict.fromkeys(kinds):  # each kind once; its seats' wins together
        wins = sum(r["share"][k] for r in results)
        lo, hi = wilson(wins, args.games)
        ts = [t for r in results for t in r["times"][k]]
        pts = statistics.mean(r["points"][k] for r in results) / kinds.count(k)
        med = statistics.median(ts) if ts else 0.0
        out[k] = {"wins": wins, "games": args.games, "rate": wins / args.games, "ci95": (lo, hi), "points": pts, "s_per_decision": med}
        print(f"  {k:>12}: wins {wins:5.1f}/{args.games} = {wins / args.games:5.1%} "
              f"(95% CI {lo:.1%}-{hi:.1%}), {pts:5.1f} points a game, "
              f"median {med * 1000:.0f} ms a decision")  # fmt: skip
    return out


if __name__ == "__main__":
    main()
