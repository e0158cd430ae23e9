"""Benchmark of the research interfaces: ``python benchmarks/rl.py [--games N] [--json]``.

Prints figures; it is not a test. Random games, each played three ways, the ways
alternated game by game in one run (so a slower moment of a shared machine falls on
all of them):

* ``engine``: the engine's own ``apply`` of a uniformly random legal move;
* ``steps``: random steps through the integer encoding (``Steps.legal``/``Steps.step``;
  an Alhambra move is one to five steps);
* ``pettingzoo``: ``alhambra_v1.env()`` driven by a masked random agent, observation
  and mask built at each step (``env.last()`` then ``env.step``).

Each figure is engine moves a second (the median over the games, with the spread:
lowest and highest game), and steps a second for the two step-driven ways. (Random
steps make different games than random moves: the rates, not the games, compare.)
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import numpy as np

from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.research import alhambra_v1
from alhambra_widget.research.codec import Steps


def engine(seed: int, players: int) -> tuple[float, float]:
    rng = random.Random(seed)
    g = Game([f"P{i}" for i in range(players)], seed=seed)
    t = time.perf_counter()
    n = 0
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        n += 1
    dt = time.perf_counter() - t
    return n / dt, n / dt


def steps(seed: int, players: int) -> tuple[float, float]:
    rng = random.Random(seed)
    s = Steps(Game([f"P{i}" for i in range(players)], seed=seed))
    t = time.perf_counter()
    n = 0
    while not s.over:
        s.step(rng.choice(s.legal()))
        n += 1
    dt = time.perf_counter() - t
    return s.game.step / dt, n / dt


def pettingzoo(seed: int, players: int) -> tuple[float, float]:
    rng = np.random.default_rng(seed)
    env = alhambra_v1.env(players=players)
    env.reset(seed=seed)
    t = time.perf_counter()
    n = 0
    for _agent in env.agent_iter():
        obs, _r, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        n += 1
    dt = time.perf_counter() - t
    return env.unwrapped.steps.game.step / dt, n / dt


WAYS = {"engine": engine, "steps": steps, "pettingzoo": pettingzoo}


def main() -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rates: dict[str, list[float]] = {k: [] for k in WAYS}
    step_rates: dict[str, list[float]] = {k: [] for k in WAYS}
    order = list(WAYS)
    for i in range(args.games):
        for k in order[i % 3 :] + order[: i % 3]:  # alternated: each way goes first in turn
            moves, stepped = WAYS[k](1000 + i, args.players)
            rates[k].append(moves)
            step_rates[k].append(stepped)
    out = {}
    print(f"{args.games} random {args.players}-player games, each played three ways, alternated")
    for k, rs in rates.items():
        med = statistics.median(rs)
        st = step_rates[k]
        out[k] = {
            "moves_per_s": round(med),
            "low": round(min(rs)),
            "high": round(max(rs)),
            "n": len(rs),
            "steps_per_s": round(statistics.median(st)),
        }
        print(
            f"  {k:>10}: {med:8.0f} engine moves/s (N={len(rs)}, spread {min(rs):.0f}-{max(rs):.0f}); "
            f"{statistics.median(st):.0f} steps/s"
        )
    if args.json:
        print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
