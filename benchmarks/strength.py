"""Strength of the search bot: ``python benchmarks/strength.py --games N``.

Prints figures; it is not a test. Two-player games, seats alternating, seeds fixed:

* ``--against greedy``: this checkout's search bot at ``--level`` against the greedy bot;
* ``--against b3bc743``: this checkout's search bot against the search of commit
  b3bc743 (built from the repository's history into ``build/baseline-b3bc743``, with a
  venv of its own: ``baseline.py``), both with the same time per decision
  (``--seconds``) and one tree (one core each: a fair comparison of the searches). The
  old bot runs in a subprocess of that venv, on its own copy of the game, kept in step
  through the actions' JSON (the engines give identical games: the golden tests).

The share of the games won (a shared win counts its share) with a Wilson 95% interval.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time
from typing import Any

from baseline import BASELINE, HOME, baseline_python

from alhambra_widget import Action, Game
from alhambra_widget.players.alhambra.greedy import GreedyBot
from alhambra_widget.players.alhambra.strong import StrongBot
from alhambra_widget.players.arena import wilson

# Runs in the baseline's venv: one JSON line in (a new game, or the actions played since
# the last question), one JSON line out (the action its search chooses).
OLD_SEAT = r"""
import json, sys
from alhambra_widget.alhambra import strong
from alhambra_widget.alhambra.actions import Action
from alhambra_widget.alhambra.game import Game
from alhambra_widget.ismcts import search
game, seed, seconds = None, 0, 0.0
for line in sys.stdin:
    ask = json.loads(line)
    if "names" in ask:
        game = Game(ask["names"], seed=ask["game_seed"])
        seed, seconds = ask["seed"], ask["seconds"]
        continue
    for a in ask["played"]:
        game.apply(Action.from_json(a))
    choices = search(
        game, playouts=10**9, seconds=seconds, seed=f"{seed}:{game.step}",
        policy=strong.rollout_policy, evaluate=strong.evaluate, focus=strong.focus,
    )
    print(json.dumps(choices[0].action.to_json()), flush=True)
"""


class OldSeat:
    """b3bc743's search, in its own process and venv, with a time per decision."""

    def __init__(self, seed: int, names: list[str], game_seed: int, seconds: float):
        self.told = 0  # the actions of the game the old process has applied
        # run from the baseline's folder: never import this checkout's package by mistake
        self.process = subprocess.Popen(
            [str(baseline_python()), "-c", OLD_SEAT],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=HOME,
        )
        self.ask({"names": names, "game_seed": game_seed, "seed": seed, "seconds": seconds})

    def ask(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def choose(self, game: Game) -> Action:
        self.ask({"played": [a.to_json() for a in game.history[self.told :]]})
        self.told = len(game.history)
        assert self.process.stdout is not None
        return Action.from_json(json.loads(self.process.stdout.readline()))

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


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
    ap.add_argument(
        "--trees", type=int, default=1, help="the new bot's trees (processes); the old one has one"
    )
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
        if args.against == BASELINE:
            old = OldSeat(seed, seat_names, seed, args.seconds)
            order = [new, old] if n % 2 == 0 else [old, new]
        winners = game_of(order, seat_names, seed)
        if isinstance(old, OldSeat):
            old.close()
        if "New" in winners:
            share += 1.0 / len(winners)
        lo, hi = wilson(share, n + 1)
        print(
            f"game {n + 1}: winners {winners}; new bot {share:g}/{n + 1} ({lo:.0%}-{hi:.0%})",
            flush=True,
        )
    lo, hi = wilson(share, args.games)
    from alhambra_widget import engine_info

    level = (
        f"{args.seconds}s a decision, {args.trees} tree(s) against one, {engine_info()['engine']} engine"
        if args.against == "b3bc743"
        else args.level
    )
    print(
        f"new search vs {args.against} ({level}), 2 players: won {share:g} of {args.games} = "
        f"{share / args.games:.0%} (Wilson 95% {lo:.0%}-{hi:.0%}); {time.perf_counter() - t0:.0f} s"
    )


if __name__ == "__main__":
    main()
