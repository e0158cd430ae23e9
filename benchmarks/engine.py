"""Benchmark of the Alhambra engine: ``python benchmarks/engine.py [--json]``.

Prints figures; it is not a test. Two measurements:

* ``ms_per_game_4p``: complete 4-player games in which every decision is a uniformly
  random choice from ``legal_actions()`` (setup, listing and applying included);
  median over the games.
* ``us_per_legal_positions``: ``Alhambra.legal_positions(tile)`` on a fixed set of
  25-tile Alhambras built from the real tiles, each query on a fresh copy (so the
  per-state analysis is paid every time: a cold query); median. The warm figure
  (the same Alhambra asked again for another tile) is printed too.

* ``s_per_1000_continuations``: :func:`alhambra_widget.whatif.win_chances` from a
  fixed 4-player mid-game position: 4 candidate moves x 250 continuations played by
  the random bot (hidden bag and deck reshuffled each time), in seconds.

With ``--json`` the last line is one JSON object with these figures.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time

from alhambra_widget.engine.alhambra.components import building_tiles
from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.engine.alhambra.grid import Alhambra


def random_game(seed: int, players: int = 4) -> tuple[float, int]:
    rng = random.Random(seed)
    t0 = time.perf_counter()
    g = Game([f"P{i + 1}" for i in range(players)], seed=seed)
    steps = 0
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        steps += 1
    return time.perf_counter() - t0, steps


def alhambras_25(count: int, seed: int = 2024) -> list[Alhambra]:
    """``count`` Alhambras of exactly 25 real tiles (fountain apart), built by random
    legal placements from a seeded generator."""
    rng = random.Random(seed)
    out: list[Alhambra] = []
    while len(out) < count:
        a = Alhambra()
        pool = list(building_tiles())
        rng.shuffle(pool)
        for t in pool:
            cells = sorted(a.legal_positions(t))
            if cells:
                a.place(t, rng.choice(cells))
            if len(a) == 26:
                out.append(a)
                break
    return out


def bench_legal_positions(alhambras: list[Alhambra], queries: int, seed: int = 7):
    rng = random.Random(seed)
    tiles = building_tiles()
    cold: list[float] = []
    warm: list[float] = []
    sizes: list[int] = []
    for k in range(queries):
        a = Alhambra.from_tiles(dict(alhambras[k % len(alhambras)].tiles))  # a cold query
        t1, t2 = rng.choice(tiles), rng.choice(tiles)
        t0 = time.perf_counter()
        cells = a.legal_positions(t1)
        t_cold = time.perf_counter()
        a.legal_positions(t2)
        t_warm = time.perf_counter()
        cold.append(t_cold - t0)
        warm.append(t_warm - t_cold)
        sizes.append(len(cells))
    return cold, warm, sizes


def continuations(total: int, seed: int = 1) -> float:
    """Wall seconds for ``total`` win-chance continuations (4 candidate moves) from a
    fixed 4-player mid-game position (public API only: it runs on older versions too)."""
    from alhambra_widget.whatif import win_chances

    g = Game(["P1", "P2", "P3", "P4"], seed=5)
    rng = random.Random(5)
    for _ in range(150):
        g.apply(rng.choice(g.legal_actions()))
    cands = g.legal_actions()[:4]
    t0 = time.perf_counter()
    win_chances(g, cands, n=max(1, total // len(cands)), bot="random", seed=seed, progress=False)
    return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--games", type=int, default=200, help="4-player random games (default 200)")
    ap.add_argument(
        "--queries", type=int, default=5000, help="legal_positions queries (default 5000)"
    )
    ap.add_argument(
        "--continuations",
        type=int,
        default=1000,
        help="what-if continuations (default 1000, 0 to skip)",
    )
    ap.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    args = ap.parse_args(argv)

    random_game(10_000)  # warm up imports and caches of pure functions
    times, steps = [], []
    for seed in range(args.games):
        dt, n = random_game(seed)
        times.append(dt)
        steps.append(n)
    alh = alhambras_25(50)
    cold, warm, sizes = bench_legal_positions(alh, args.queries)

    ms = [t * 1000 for t in times]
    cont = continuations(args.continuations) if args.continuations else None
    result = {
        "ms_per_game_4p": round(statistics.median(ms), 2),
        "ms_per_game_4p_p90": round(sorted(ms)[int(0.9 * len(ms))], 2),
        "actions_per_game_4p": round(statistics.median(steps), 1),
        "us_per_action_4p": round(sum(times) / sum(steps) * 1e6, 1),
        "us_per_legal_positions": round(statistics.median(cold) * 1e6, 1),
        "us_per_legal_positions_warm": round(statistics.median(warm) * 1e6, 2),
        "legal_cells_per_query": round(statistics.mean(sizes), 1),
        "s_per_1000_continuations": round(cont * 1000 / args.continuations, 1) if cont else None,
        "games": args.games,
        "queries": args.queries,
        "python": platform.python_version(),
    }
    print(f"Alhambra engine benchmark (Python {result['python']}, {platform.machine()})")
    print(
        f"  random 4-player games: median {result['ms_per_game_4p']} ms per game "
        f"(p90 {result['ms_per_game_4p_p90']} ms), {result['actions_per_game_4p']} actions, "
        f"{result['us_per_action_4p']} us per action, over {args.games} games"
    )
    print(
        f"  legal_positions on 25-tile Alhambras: median {result['us_per_legal_positions']} us "
        f"cold, {result['us_per_legal_positions_warm']} us warm "
        f"({result['legal_cells_per_query']} legal cells on average), {args.queries} queries"
    )
    if cont:
        print(
            f"  what-if: {args.continuations} random-bot continuations in {cont:.1f} s "
            f"({result['s_per_1000_continuations']} s per 1000; bar 60 s)"
        )
    if args.json:
        print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
