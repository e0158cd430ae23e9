"""Decision times of the search bot: ``python benchmarks/decision_time.py``.

Prints figures; it is not a test. Wall time of ``StrongBot.choose`` at each level named
(default: ``strong``, 1000 simulations on one tree, and the widgets' ``strong:1s`` on
all cores) over positions from greedy 3-player games (fixed seeds, decisions with more
than one legal action): median and 90th percentile, and the engine loaded.
"""

from __future__ import annotations

import argparse
import statistics
import time

from alhambra_widget import Game, engine_info
from alhambra_widget.players import BOT_LEVEL
from alhambra_widget.players.alhambra.greedy import GreedyBot
from alhambra_widget.players.alhambra.strong import StrongBot


def positions(count: int) -> list[Game]:
    out: list[Game] = []
    seed = 0
    while len(out) < count:
        g = Game(["A", "B", "C"], seed=2000 + seed)
        bots = [GreedyBot(seed * 10 + i) for i in range(3)]
        for _ in range(10 + 17 * (seed % 8)):
            if g.is_over:
                break
            g.apply(bots[g.current].choose(g))
        if not g.is_over and len(g.legal_actions()) > 1:
            out.append(g)
        seed += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--levels", nargs="+", default=["strong", BOT_LEVEL.split(":", 1)[1]])
    args = ap.parse_args()
    games = positions(args.positions)
    print(f"engine: {engine_info()['engine']}; {len(games)} positions")
    for level in args.levels:
        bot = StrongBot(1, playouts=level)
        bot.choose(games[0])  # warm: the pool of a time budget starts here
        times = []
        for g in games:
            t0 = time.perf_counter()
            bot.choose(g)
            times.append(time.perf_counter() - t0)
        times.sort()
        p90 = times[min(len(times) - 1, round(0.9 * (len(times) - 1)))]
        print(
            f"{level:>8}: median {statistics.median(times):.2f} s, 90th percentile {p90:.2f} s, "
            f"lowest {times[0]:.2f}, highest {times[-1]:.2f} (N={len(times)})",
            flush=True,
        )


if __name__ == "__main__":
    main()
