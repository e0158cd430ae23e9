"""How well the review graph's public chances foretell the winner, and how steady they
are: ``python benchmarks/review_chances.py [--games N]``.

Prints figures; it is not a test. Plays ``N`` seeded games (Alhambra with 2 and 3
players, the Gardens with 2), each move the greedy bot's or a random legal one, and
looks at every third position: each player's public values
(:func:`~alhambra_widget.players.review_graph.public_values`, no hidden hand) and the
share of the game left. The scale ``a + b * share left`` is chosen by a grid search on
the first half of the games and scored on the second half: the mean log-loss against
who won (lower is better), the mean change of a player's chance from one position to
the next, and the share of positions in the first quarter of a game where somebody is
given more than 90% or less than 10%. Beside it: the old fixed scale of 12 points.

``--reviews K``: also reviews ``K`` finished 2-player games between greedy bots (both
players, 120 simulations a decision) and prints, for several values of
:data:`~alhambra_widget.players.review_graph.TRUST`, the graph's mean change a step and
its log-loss against who won (every step, the result excluded).
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from itertools import pairwise

from alhambra_widget import Game
from alhambra_widget.gardens import GardensGame
from alhambra_widget.players import review_graph as rg
from alhambra_widget.players.alhambra.greedy import GreedyBot
from alhambra_widget.players.alhambra.strong import reviews
from alhambra_widget.players.gardens.greedy import GreedyGardensBot
from alhambra_widget.players.ismcts import margin_chances
from alhambra_widget.players.review_graph import SCALE, chances_now, public_values, share_left

Row = tuple[float, list[float]]
"""A position: the share of the game left, and each player's public values."""


def games(kind: str, n: int, count: int, seed: int) -> list[tuple[list[Row], list[float]]]:
    """Each game's positions (every third) and each player's share of the win."""
    out = []
    for s in range(seed, seed + count):
        names = [f"P{i}" for i in range(n)]
        g = Game(names, seed=s) if kind == "alhambra" else GardensGame(names, seed=s)
        bots = [
            (GreedyBot if kind == "alhambra" else GreedyGardensBot)(s * 10 + i) for i in range(n)
        ]
        rng = random.Random(s)
        rows: list[Row] = []
        k = 0
        while not g.is_over:
            if k % 3 == 0:
                rows.append((share_left(g), public_values(g)))
            legal = g.legal_actions()
            g.apply(rng.choice(legal) if rng.random() < 0.3 else bots[g.current].choose(g))
            k += 1
        out.append(
            (rows, [1.0 / len(g.winners) if p.name in g.winners else 0.0 for p in g.players])
        )
    return out


def chances(row: Row, a: float, b: float) -> list[float]:
    raw = margin_chances(row[1], a + b * row[0])
    return [r / (sum(raw) or 1.0) for r in raw]


def figures(
    data: Sequence[tuple[list[Row], list[float]]], a: float, b: float
) -> tuple[float, float, float]:
    """Log-loss, mean change a position, share of early positions outside 10%..90%."""
    loss, count, change, steps, wild, early = 0.0, 0, 0.0, 0, 0, 0
    for rows, won in data:
        last = None
        for i, row in enumerate(rows):
            cs = chances(row, a, b)
            for c, w in zip(cs, won):
                c = min(max(c, 1e-6), 1 - 1e-6)
                loss -= w * math.log(c) + (1 - w) * math.log(1 - c)
                count += 1
            if last is not None:
                change += sum(abs(x - y) for x, y in zip(cs, last)) / len(cs)
                steps += 1
            last = cs
            if i < len(rows) / 4:
                early += 1
                wild += any(c > 0.9 or c < 0.1 for c in cs)
    return loss / count, change / max(1, steps), wild / max(1, early)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=20_000)
    ap.add_argument("--reviews", type=int, default=0)
    args = ap.parse_args()
    if args.reviews:
        with_reviews(args.reviews)
    grid = [
        (a, b)
        for a in (2.0, 3.0, 4.0, 6.0, 8.0, 10.0, 12.0)
        for b in (0.0, 6.0, 12.0, 20.0, 30.0, 40.0, 50.0, 60.0)
    ]
    for kind, sizes in (("alhambra", (2, 3)), ("gardens", (2,))):
        data = {n: games(kind, n, args.games, args.seed) for n in sizes}
        fit = [game for n in sizes for game in data[n][: args.games // 2]]
        best = min(grid, key=lambda p: figures(fit, *p)[0])
        print(f"{kind}: the grid's best on the first half of the games of {sizes} players: {best}")
        for n in sizes:
            held = data[n][args.games // 2 :]
            print(
                f"  {n} players, the held-out half (N={len(held)} games): log-loss, mean change a position, "
                "early positions outside 10-90%"
            )
            for label, (a, b) in (
                ("old, fixed 12", (12.0, 0.0)),
                (f"shipped {SCALE[kind]}", SCALE[kind]),
                (f"grid's best {best}", best),
                (f"1/{n} for everybody", (1e9, 0.0)),
            ):
                loss, change, wild = figures(held, a, b)
                print(f"    {label}: {loss:.4f}, {change:.4f}, {wild:.1%}")


def steadiness(rows: Sequence[Sequence[float]], won: Sequence[float]) -> tuple[float, float]:
    """Mean change of the first player's chance a step, and the log-loss (result excluded)."""
    rows = rows[:-1]
    change = sum(abs(a[0] - b[0]) for a, b in pairwise(rows)) / (len(rows) - 1)
    loss = -sum(
        w * math.log(max(1e-6, r[k])) + (1 - w) * math.log(max(1e-6, 1 - r[k]))
        for r in rows
        for k, w in enumerate(won)
    ) / (len(won) * len(rows))
    return change, loss


def with_reviews(count: int) -> None:
    found = []
    for seed in range(20, 20 + count):
        g = Game(["Ann", "Ben"], seed=seed)
        bots = [GreedyBot(seed), GreedyBot(seed + 1)]
        while not g.is_over:
            g.apply(bots[g.current].choose(g))
        found.append((g, reviews(g, ["Ann", "Ben"], playouts=120)))
    shipped = rg.TRUST
    print(
        f"{count} reviewed games of 2 players (120 simulations a decision): mean change a step, log-loss"
    )
    old = [
        steadiness([chances_now(g.at(i), 12.0) for i in range(len(g.history) + 1)], _won(g))
        for g, _ in found
    ]
    print(
        f"  old (fixed 12, no search): {sum(o[0] for o in old) / count:.4f}, {sum(o[1] for o in old) / count:.4f}"
    )
    for trust in (0.0, 0.2, 0.35, 0.5, 1.0):
        rg.TRUST = trust
        figs = [steadiness(rg.review_graph(g, ds).chances, _won(g)) for g, ds in found]
        mark = " (shipped)" if trust == shipped else ""
        print(
            f"  TRUST {trust}{mark}: {sum(f[0] for f in figs) / count:.4f}, {sum(f[1] for f in figs) / count:.4f}"
        )
    rg.TRUST = shipped


def _won(g: Game) -> list[float]:
    return [1.0 / len(g.winners) if p.name in g.winners else 0.0 for p in g.players]


if __name__ == "__main__":
    main()
