"""The learned baseline's strength: ``python benchmarks/learned.py [--games N] [--json]``.

Prints figures; it is not a test. For the Alhambra and the Gardens, 2 players, the
shipped weights (``make_bot("baseline")``, played without torch) against ``random``
and against ``greedy``: N seeded games each (seeds from ``--seed``, seats
alternating), the win share (a shared win counts its share) with its 95% Wilson
interval and the mean points of each side.

For comparison, the same choices picked uniformly at random (``--control``, on by
default): the network's outputs zeroed, so every available choice ties and the bot's
generator breaks the tie. What the control wins is what the choices and their fixed
rules give by themselves; the gap to it is what training adds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from alhambra_widget.players.arena import wilson
from alhambra_widget.players.ladder import play
from alhambra_widget.players.learned.bot import BaselineBot, network
from alhambra_widget.players.learned.mlp import Network


def zeroed(net: Network) -> Network:
    """``net`` with its last layer's weights and biases zero: every choice ties."""
    w, b, _ = net.layers[-1]
    out = Network.__new__(Network)
    out.meta = dict(net.meta)
    out.layers = [*net.layers[:-1], ([[0.0] * len(w[0]) for _ in w], [0.0] * len(b), False)]
    return out


class Seat:
    """A picklable seat for the ladder's ``play``: the baseline with ``net``."""

    def __init__(self, game: str, net: Network, name: str):
        self.game, self.net, self.name = game, net, name

    def __call__(self, seed: int, game: Any) -> BaselineBot:
        """A bot for one game."""
        return BaselineBot(seed, self.game, self.net)


def duel(game: str, me: Seat, opponent: str, games: int, seed: int) -> dict[str, Any]:
    """``games`` 2-player games of ``me`` against ``opponent``, seats alternating."""
    wins = 0.0
    mine, theirs, times = [], [], []
    t = time.perf_counter()
    for i in range(games):
        k = i % 2
        seats: list[Any] = [me, opponent] if k == 0 else [opponent, me]
        r = play(f"{game}:2", seats, seed + i)
        if r["won"][k]:
            wins += 1 / sum(r["won"])
        mine.append(r["points"][k])
        theirs.append(r["points"][1 - k])
        times += r["times"][k]
    lo, hi = wilson(wins, games)
    return {
        "game": game,
        "baseline": me.name,
        "opponent": opponent,
        "games": games,
        "wins": wins,
        "rate": wins / games,
        "ci95": [lo, hi],
        "points": statistics.mean(mine),
        "opponent_points": statistics.mean(theirs),
        "ms_per_decision": 1000 * statistics.median(times),
        "seconds": time.perf_counter() - t,
    }


def main() -> None:
    """Play and print (see the module)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=50_000)
    ap.add_argument("--no-control", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    for game in ("alhambra", "gardens"):
        net = network(game)
        seats = [Seat(game, net, "baseline")]
        if not args.no_control:
            seats.append(Seat(game, zeroed(net), "uniform choices"))
        for s in seats:
            for opponent in ("random", "greedy"):
                r = duel(game, s, opponent, args.games, args.seed)
                rows.append(r)
                if not args.json:
                    lo, hi = r["ci95"]
                    print(
                        f"{game:>8} {s.name:>15} vs {opponent:>6}: {r['wins']:g}/{r['games']} "
                        f"= {r['rate']:.1%} (95% CI {lo:.1%}-{hi:.1%}), points "
                        f"{r['points']:.1f} to {r['opponent_points']:.1f}, "
                        f"{r['ms_per_decision']:.1f} ms a decision",
                        flush=True,
                    )
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
