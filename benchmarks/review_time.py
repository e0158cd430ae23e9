"""Wall time of a whole game's review: ``python benchmarks/review_time.py``.

Prints figures; it is not a test. Finished 2-player games between greedy bots (fixed
seeds) are reviewed for both players, as the review panel does once a game is over, at
the widget's 120 simulations a decision: in one process (the steps one after another)
and on all cores (:func:`~alhambra_widget.players.parallel.parallel_review`), the two
alternated game by game. Median, min and max of each, and their decisions compared.
"""

from __future__ import annotations

import argparse
import statistics
import time

from alhambra_widget import Game, engine_info
from alhambra_widget.players.alhambra.greedy import GreedyBot
from alhambra_widget.players.alhambra.strong import reviews
from alhambra_widget.players.parallel import InProcessExecutor, cores, default_executor


def finished(seed: int) -> Game:
    g = Game(["Ann", "Ben"], seed=seed)
    bots = [GreedyBot(seed), GreedyBot(seed + 1)]
    while not g.is_over:
        g.apply(bots[g.current].choose(g))
    return g


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--first", type=int, default=1, help="the first game's seed")
    ap.add_argument("--playouts", type=int, default=120)
    args = ap.parse_args()
    print(
        f"engine {engine_info()['engine']}, {cores()} cores, {args.playouts} simulations a decision"
    )
    default_executor()  # the kept pool, started before the clock (the widget keeps it too)
    times: dict[str, list[float]] = {"one process": [], "all cores": []}
    for seed in range(args.first, args.first + args.games):
        g = finished(seed)
        found = {}
        order = list(times) if seed % 2 else list(reversed(times))
        for mode in order:
            t = time.perf_counter()
            executor = InProcessExecutor() if mode == "one process" else None
            found[mode] = reviews(g, ["Ann", "Ben"], playouts=args.playouts, executor=executor)
            times[mode].append(time.perf_counter() - t)
        same = found["one process"] == found["all cores"]
        decisions = sum(len(v) for v in found["all cores"].values())
        cells = ", ".join(f"{m} {times[m][-1]:.1f} s" for m in times)
        print(
            f"game {seed}: {len(g.history)} actions, {decisions} decisions; {cells}; same decisions: {same}",
            flush=True,
        )
    for mode, ts in times.items():
        print(
            f"{mode}: N {len(ts)}, median {statistics.median(ts):.1f} s, min {min(ts):.1f}, max {max(ts):.1f}"
        )


if __name__ == "__main__":
    main()
