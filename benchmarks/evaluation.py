"""How well the search's evaluation foretells the winner:
``python benchmarks/evaluation.py [--games N]``.

Prints figures; it is not a test. Plays ``N`` seeded games of 2 and of 3 players, each
move the greedy bot's or the search's rollout move at random, and looks at every fourth
position. For each position the evaluation gives each player a chance to win
(:func:`alhambra_widget.players.alhambra.strong.evaluate`); the script prints its mean
log-loss against who really won (lower is better; saying 1/n for everybody scores
``log n``). Beside it: the old curve (money 0.1, a fixed scale of 12 points), and the
best scale ``a + b * share of the bag left`` found by a grid search on the first half
of the games and scored on the second half (which is how :data:`SCALE` was chosen).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable

from alhambra_widget import Game
from alhambra_widget.players.alhambra import strong
from alhambra_widget.players.alhambra.greedy import GreedyBot
from alhambra_widget.players.ismcts import margin_chances

Row = tuple[float, list[float], list[float], list[float]]
"""A position: deck share left, points so far, money in hand, the previews' weighted points."""


def positions(n: int, games: int, seed: int) -> list[tuple[list[Row], list[float]]]:
    """Each game's positions (every fourth) and each player's share of the win."""
    out = []
    for s in range(seed, seed + games):
        g = Game([f"P{i}" for i in range(n)], seed=s)
        rng = random.Random(s)
        bots = [GreedyBot(s * 10 + i) for i in range(n)]
        rows: list[Row] = []
        k = 0
        while not g.is_over:
            if k % 4 == 0:
                points = [float(p.score) for p in g.players]
                money = [float(sum(c.value for c in p.money)) for p in g.players]
                # the scoring rounds to come, as the search's estimate weighs them
                ahead = [
                    e - p - strong.MONEY * m for e, p, m in zip(strong.estimate(g), points, money)
                ]
                rows.append((g.bag_share_left, points, money, ahead))
            move = (
                strong.rollout_policy(g, rng) if rng.random() < 0.5 else bots[g.current].choose(g)
            )
            g.apply(move)
            k += 1
        won = [1.0 / len(g.winners) if p.name in g.winners else 0.0 for p in g.players]
        out.append((rows, won))
    return out


def log_loss(
    data: list[tuple[list[Row], list[float]]], chances: Callable[[Row], list[float]]
) -> float:
    """The mean log-loss of ``chances`` against who won, over every player of every position."""
    total, count = 0.0, 0
    for rows, won in data:
        for row in rows:
            for c, w in zip(chances(row), won):
                c = min(max(c, 1e-6), 1 - 1e-6)
                total -= w * math.log(c) + (1 - w) * math.log(1 - c)
                count += 1
    return total / count


def curve(money: float, a: float, b: float) -> Callable[[Row], list[float]]:
    """The evaluation's shape: estimated points with ``money`` a unit, scale ``a + b * share``."""

    def chances(row: Row) -> list[float]:
        share, points, cash, ahead = row
        est = [p + money * m + x for p, m, x in zip(points, cash, ahead)]
        return margin_chances(est, a + b * share)

    return chances


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=10_000)
    args = ap.parse_args()
    shipped = curve(strong.MONEY, *strong.SCALE)
    for n in (2, 3):
        t0 = time.perf_counter()
        data = positions(n, args.games, args.seed)
        fit, held = data[: len(data) // 2], data[len(data) // 2 :]
        grid = [
            (m, a, b)
            for m in (0.1, 0.2, 0.3, 0.4)
            for a in (1.0, 3.0, 5.0, 8.0)
            for b in (10.0, 20.0, 30.0, 40.0, 60.0)
        ]
        best = min(grid, key=lambda p: log_loss(fit, curve(*p)))
        rows = sum(len(r) for r, _ in data)
        print(
            f"{n} players: {args.games} games, {rows} positions ({time.perf_counter() - t0:.0f} s); "
            f"log-loss on the held-out half (N={len(held)} games):"
        )
        print(
            f"  shipped (money {strong.MONEY}, scale {strong.SCALE[0]:g} + {strong.SCALE[1]:g} x bag left): "
            f"{log_loss(held, shipped):.4f}"
        )
        print(f"  old (money 0.1, scale 12): {log_loss(held, curve(0.1, 12.0, 0.0)):.4f}")
        print(
            f"  grid's best on the other half (money {best[0]}, scale {best[1]:g} + {best[2]:g} x bag left): "
            f"{log_loss(held, curve(*best)):.4f}"
        )
        print(f"  1/{n} for everybody: {log_loss(held, lambda row, n=n: [1.0 / n] * n):.4f}")


if __name__ == "__main__":
    main()
