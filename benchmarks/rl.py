"""Benchmark of the research interfaces: ``python benchmarks/rl.py [--games N] [--json]``.

Prints figures; it is not a test. Random games, each played three ways, the ways
alternated game by game in one run (so a slower moment of a shared machine falls on
all of them):

* ``engine``: the engine's own ``apply`` of a uniformly random legal move;
* ``steps``: random steps through the integer encoding (``Steps.legal``/``Steps.step``;
  an Alhambra move is one to seven steps);
* ``pettingzoo``: ``alhambra_v1.env()`` driven by a masked random agent, observation
  and mask built at each step (``env.last()`` then ``env.step``).

Each figure is engine moves a second (the median over the games, with the spread:
lowest and highest game), and steps a second for the two step-driven ways. (Random
steps make different games than random moves: the rates, not the games, compare.)

It also prints which engine ran (compiled or pure: ``alhambra_widget.engine_info()``)
and how many steps the moves take: in the games played by random steps, the moves
made; and at every position of those games, the longest legal move (a payment of k
cards is k + 2 steps).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from typing import Any

import numpy as np

from alhambra_widget import engine_info
from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.research import alhambra_v1
from alhambra_widget.research.codec import AlhambraCodec, Steps


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


def step_counts(seed: int, players: int) -> tuple[Counter[int], Counter[int]]:
    """In a game played by random steps: the steps of each move made, and at each
    position the steps of its longest legal move."""
    rng = random.Random(seed)
    s = Steps(Game([f"P{i}" for i in range(players)], seed=seed))
    made: Counter[int] = Counter()
    longest: Counter[int] = Counter()
    k = 0
    while not s.over:
        if not s.prefix:
            g = s.game
            longest[max(len(AlhambraCodec.encode(g, a)) for a in g.legal_actions())] += 1
        k += 1
        if s.step(rng.choice(s.legal())) is not None:
            made[k] += 1
            k = 0
    return made, longest


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
    out: dict[str, Any] = {"engine": engine_info()["engine"]}
    print(f"engine: {out['engine']} ({engine_info()['why']})")
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
    made: Counter[int] = Counter()
    longest: Counter[int] = Counter()
    for i in range(args.games):
        m, lg = step_counts(1000 + i, args.players)
        made += m
        longest += lg
    out["steps_a_move"] = dict(sorted(made.items()))
    out["longest_legal"] = dict(sorted(longest.items()))
    print(
        f"  steps a move made (moves by count, {sum(made.values())} moves): {out['steps_a_move']}"
    )
    print(
        f"  the longest legal move at each position ({sum(longest.values())} positions): "
        f"{out['longest_legal']}"
    )
    if args.json:
        print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
