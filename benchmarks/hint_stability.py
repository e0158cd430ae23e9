"""How stable hints are: ``python benchmarks/hint_stability.py [--positions N]
[--seed S] [--sets K] [--seeds 0,1,2,...]``.

Prints figures; it is not a test. Positions come from games of greedy bots (3 players,
fixed seeds; ``--seed`` draws a set of them, 7 is the documented one, and ``--sets K``
takes the sets ``S`` to ``S+K-1``), at a decision of the purchase phase with more than
one legal action. At each, the search behind a hint
(:func:`~alhambra_widget.players.alhambra.strong.hint_search` at the default budget,
:data:`~alhambra_widget.players.alhambra.strong.HINT_PLAYOUTS`, unless ``--playouts``)
runs with each seed of ``--seeds``, taken three at a time. A triple is *stable* when the
top hint is the same move for its three seeds.

Two figures, from the same searches: the top hint as
:func:`~alhambra_widget.players.alhambra.strong.hints` orders it (moves about equal to
the search's choice kept in the greedy bot's order), and the most tried move, both
without dominated purchases. With a Wilson 95% interval. Then how much a move's
estimate varies between the three seeds, against the noise each search gives it
(:func:`~alhambra_widget.players.ranking.noise`).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Hashable, Sequence

from alhambra_widget import Game
from alhambra_widget.players.alhambra.greedy import GreedyBot
from alhambra_widget.players.alhambra.strong import HINT_PLAYOUTS, HINT_TREE, hint_search
from alhambra_widget.players.arena import wilson
from alhambra_widget.players.ismcts import Choice
from alhambra_widget.players.ranking import noise, ranked


def positions(count: int, seed: int = 7) -> list[Game]:
    rng = random.Random(seed)
    out: list[Game] = []
    game_seed = 0
    while len(out) < count:
        g = Game(
            ["A", "B", "C"], seed=1000 + 10_000 * (seed - 7) + game_seed
        )  # seed 7: games 1000-
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


def _triple(
    g: Game, prior: Sequence[Hashable], seeds: list[int], playouts: int
) -> tuple[bool, bool, float, float]:
    """One triple of hints at ``g``: whether the top hint and the most tried move are
    the same for its seeds, and the variance of the estimates between the seeds and
    within a search (summed over the moves every seed tried 30 times or more)."""
    tops_hint, tops_visits = set(), set()
    seen: dict[object, list[Choice]] = {}
    for seed in seeds:
        choices = hint_search(g, playouts=playouts, seed=seed)
        tops_visits.add(choices[0].action)
        tops_hint.add(ranked(choices, prior)[0][0].action)
        for c in choices:
            if c.visits >= 30:
                seen.setdefault(c.action, []).append(c)
    same = [moves for moves in seen.values() if len(moves) == len(seeds)]
    between = sum(statistics.variance([c.value for c in moves]) for moves in same)
    within = sum(statistics.mean([noise(c) ** 2 for c in moves]) for moves in same)
    return len(tops_hint) == 1, len(tops_visits) == 1, between, within


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=20, help="positions per set")
    ap.add_argument("--playouts", type=int, default=HINT_PLAYOUTS)
    ap.add_argument(
        "--seed", type=int, default=7, help="the first set of positions (7: the documented figures)"
    )
    ap.add_argument(
        "--sets", type=int, default=1, help="sets of positions: --seed, --seed + 1, ..."
    )
    ap.add_argument(
        "--seeds",
        default="0,1,2",
        help="the hints' seeds, taken three at a time (0,1,2,3,4,5: two triples)",
    )
    args = ap.parse_args()
    seeds = [int(x) for x in args.seeds.split(",")]
    triples = [seeds[i : i + 3] for i in range(0, len(seeds) - len(seeds) % 3, 3)]
    ranker = GreedyBot(0)
    stable_hint = stable_visits = total = 0
    between = within = (
        0.0  # how a move's estimate varies between the seeds, against its standard error
    )
    t0 = time.perf_counter()
    for s in range(args.seed, args.seed + args.sets):
        for n, g in enumerate(positions(args.positions, s)):
            legal = g.legal_actions()
            prior = ranker.rank(g, legal)
            line = []
            for triple in triples:
                hint_same, tried_same, var_between, var_within = _triple(
                    g, prior, triple, args.playouts
                )
                stable_hint += hint_same
                stable_visits += tried_same
                between += var_between
                within += var_within
                total += 1
                line.append("same" if hint_same else "differs")
            print(
                f"set {s} position {n + 1}: {len(legal)} legal, top hint {', '.join(line)}",
                flush=True,
            )
    for name, k in (
        ("top hint (about-equal order)", stable_hint),
        ("most tried move", stable_visits),
    ):
        lo, hi = wilson(k, total)
        print(
            f"{name}: same for 3 seeds in {k}/{total} = {k / total:.1%} of triples (95% {lo:.1%}-{hi:.1%}),"
            f" {args.playouts} simulations in trees of at most {HINT_TREE}, position sets {args.seed}-{args.seed + args.sets - 1}"
            f" x {args.positions}, seeds {args.seeds}"
        )
    ratio = (
        math.sqrt(between / within) if within else float("nan")
    )  # nan: no move tried 30 times by every seed
    print(
        f"between the seeds a move's estimate varies {ratio:.2f} times the noise one search"
        " gives it (ranking.noise; root of the pooled variances of the moves every seed tried 30 times or more)"
    )
    print(f"{time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
