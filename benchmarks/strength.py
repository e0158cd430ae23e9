"""Strength of the search bot (issue 26): ``python benchmarks/strength.py --games N``.

Prints figures; it is not a test. Two-player games, seats alternating, seeds fixed:

* ``--against greedy``: this checkout's search bot at ``--level`` against the greedy bot;
* ``--against b3bc743``: this checkout's search bot against the search of commit
  b3bc743 (frozen in ``benchmarks/frozen_b3bc743``), both with the same time per
  decision (``--seconds``) and one tree (one core each: a fair comparison of the
  searches). The frozen bot plays on its own copy of the game, kept in step through
  the actions' JSON (the engines give identical games: the golden tests).

The share of the games won (a shared win counts its share) with a Wilson 95% interval.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from alhambra_widget import Action, Game
from alhambra_widget.players.alhambra.greedy import GreedyBot
from alhambra_widget.players.alhambra.strong import StrongBot
from alhambra_widget.players.arena import wilson

sys.path.insert(0, str(Path(__file__).resolve().parent))

from frozen_b3bc743.alhambra import strong as old_strong
from frozen_b3bc743.alhambra.actions import Action as OldAction
from frozen_b3bc743.alhambra.game import Game as OldGame
from frozen_b3bc743.ismcts import search as old_search


class FrozenSeat:
    """b3bc743's search, on its own copy of the game, with a time per decision."""

    def __init__(self, seed: int, names: list[str], game_seed: int, seconds: float):
        self.seed, self.seconds = seed, seconds
        self.game = OldGame(names, seed=game_seed)

    def choose(self, game: Game) -> Action:
        for a in game.history[len(self.game.history) :]:
            self.game.apply(OldAction.from_json(a.to_json()))
        choices = old_search(
            self.game, playouts=10**9, seconds=self.seconds, seed=f"{self.seed}:{self.game.step}",
            policy=old_strong.rollout_policy, evaluate=old_strong.evaluate, focus=old_strong.focus,
        )  # fmt: skip
        return Action.from_json(choices[0].action.to_json())


def game_of(seats: list[Any], names: list[str], seed: int) -> list[str]:
    g = Game(names, seed=seed)
    while not g.is_over:
        g.apply(seats[g.current].choose(g))
    return list(g.winners)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--against", choices=["greedy", "b3bc743"], default="b3bc743")
    ap.add_argument("--level", default="strong")
    ap.add_argument("--seconds", type=float, default=0.3)
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--trees", type=int, default=1, help="the new bot's trees (processes); the old one has one")
    args = ap.parse_args()
    names = ["New", "Old"]
    share = 0.0
    t0 = time.perf_counter()
    for n in range(args.games):
        seed = args.seed + n
        if args.against == "greedy":
            new: Any = StrongBot(seed, playouts=args.level)
            old: Any = GreedyBot(seed)
        else:
            new = StrongBot(seed, playouts=f"{args.seconds}s", trees=args.trees)
            old = None
        order = [new, old] if n % 2 == 0 else [old, new]
        seat_names = names if n % 2 == 0 else names[::-1]
        if args.against == "b3bc743":
            old = FrozenSeat(seed, seat_names, seed, args.seconds)
            order = [new, old] if n % 2 == 0 else [old, new]
        winners = game_of(order, seat_names, seed)
        if "New" in winners:
            share += 1.0 / len(winners)
        lo, hi = wilson(share, n + 1)
        print(f"game {n + 1}: winners {winners}; new bot {share:g}/{n + 1} ({lo:.0%}-{hi:.0%})", flush=True)
    lo, hi = wilson(share, args.games)
    from alhambra_widget import engine_info

    level = f"{args.seconds}s a decision, {args.trees} tree(s) against one, {engine_info()['engine']} engine" if args.against == "b3bc743" else args.level
    print(f"new search vs {args.against} ({level}), 2 players: won {share:g} of {args.games} = "
          f"{share / args.games:.0%} (Wilson 95% {lo:.0%}-{hi:.0%}); {time.perf_counter() - t0:.0f} s")  # fmt: skip


if __name__ == "__main__":
    main()
