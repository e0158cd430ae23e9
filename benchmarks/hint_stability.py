"""How stable hints are (issue 26): ``python benchmarks/hint_stability.py [--positions N] [--seed S]``.

Prints figures; it is not a test. Positions come from games of greedy bots (3 players,
fixed seeds), at a decision of the purchase phase with more than one legal action. At
each, the search behind a hint (:func:`~alhambra_widget.players.alhambra.strong.hints`,
the default budget, :data:`~alhambra_widget.players.alhambra.strong.HINT_PLAYOUTS`, unless ``--playouts``) runs with seeds 0, 1 and
2. A position is *stable* when the top hint is the same move for the three seeds.

Two figures, from the same searches: the top hint as :func:`hints` orders it (moves
about equal to the search's choice kept in the greedy bot's order), and the most
visited move (the order before issue 26), both without dominated purchases. With a
Wilson 95% interval. Then how much a move's estimate varies between the three seeds,
against the noise each search gives it (:func:`~alhambra_widget.players.ranking.noise`).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from alhambra_widget import Game
from alhambra_widget.players.alhambra.greedy import GreedyBot
from alhambra_widget.players.alhambra.hinting import dominator
from alhambra_widget.players.alhambra.strong import HINT_PLAYOUTS, StrongBot
from alhambra_widget.players.arena import wilson
from alhambra_widget.players.ismcts import Choice
from alhambra_widget.players.ranking import noise, ranked


def positions(count: int, seed: int = 7) -> list[Game]:
    rng = random.Random(seed)
    out: list[Game] = []
    game_seed = 0
    while len(out) < count:
        g = Game(["A", "B", "C"], seed=1000 + 10_000 * (seed - 7) + game_seed)  # seed 7: games 1000-
        bots = [GreedyBot(game_seed * 10 + i) for i in range(3)]
        stop = rng.randrange(6, 120)
        step = 0
        while not g.is_over and step < stop:
            g.apply(bots[g.current].choose(g))
            step += 1
        if not g.is_over and g.phase == "act" and len(g.legal_actions()) > 1:
            out.append(g)
        game_seed += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--playouts", type=int, default=HINT_PLAYOUTS)
    ap.add_argument("--seed", type=int, default=7, help="draws the positions (7: the documented figures)")
    ap.add_argument("--trees", type=int, default=1, help="independent trees merged, each of --playouts (the hint has one)")
    args = ap.parse_args()
    ranker = GreedyBot(0)
    stable_hint = stable_visits = 0
    between = within = 0.0  # how a move's estimate varies between the seeds, against its standard error
    t0 = time.perf_counter()
    for n, g in enumerate(positions(args.positions, args.seed)):
        legal = g.legal_actions()
        tops_hint, tops_visits = set(), set()
        seen: dict[object, list[Choice]] = {}
        for seed in (0, 1, 2):
            choices = [c for c in StrongBot(seed, playouts=args.playouts * args.trees, trees=args.trees).analyse(g) if dominator(legal, c.action) is None]
            tops_visits.add(choices[0].action)
            tops_hint.add(ranked(choices, ranker.rank(g, legal))[0][0].action)
            for c in choices:
                if c.visits >= 30:
                    seen.setdefault(c.action, []).append(c)
        for same in seen.values():
            if len(same) == 3:
                between += statistics.variance([c.value for c in same])
                within += statistics.mean([noise(c) ** 2 for c in same])
        stable_hint += len(tops_hint) == 1
        stable_visits += len(tops_visits) == 1
        print(f"position {n + 1}: {len(legal)} legal, top hint {'same' if len(tops_hint) == 1 else 'differs'}"
              f", most visited {'same' if len(tops_visits) == 1 else 'differs'}", flush=True)  # fmt: skip
    n = args.positions
    for name, k in (("top hint (about-equal order)", stable_hint), ("most visited move", stable_visits)):
        lo, hi = wilson(k, n)
        print(f"{name}: same for 3 seeds in {k}/{n} = {k / n:.0%} of positions (95% {lo:.0%}-{hi:.0%}), {args.playouts} simulations x {args.trees} tree(s), positions seed {args.seed}")
    ratio = math.sqrt(between / within) if within else float("nan")  # nan: no move tried 30 times by every seed
    print(f"between the seeds a move's estimate varies {ratio:.2f} times the noise one search"
          " gives it (ranking.noise; root of the pooled variances of the moves every seed tried 30 times or more)")  # fmt: skip
    print(f"{time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
