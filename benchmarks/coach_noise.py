"""How sure the coach is: ``python benchmarks/coach_noise.py [--game alhambra|gardens]
[--positions N] [--budgets 60,400,1600] [--thresholds 0.05,0.1,0.15] [--seed S]``.

Prints figures; it is not a test. Positions come from two-player games of greedy bots
(``You`` against ``Ben``, as the coached game), stopped at a random decision of
``You`` with a choice; the move weighed there is a plausible one, drawn from the
greedy bot's six favourites (what a learner might play). At each budget the coach's own
search (:mod:`alhambra_widget.course.principles`) weighs that move with three seeds
(the hint's seed, and two others), and for each threshold the figures are:

* how often the verdict (flag or not, :attr:`~alhambra_widget.course.judgement.Judgement.sure`)
  is the same for the three seeds, with a Wilson 95% interval;
* how often a verdict flags the move, and how often the hint's top move would be
  flagged (the coach's seed is the hint's: it never should be);
* the spread of the loss between the seeds (the standard deviation of the three
  estimates of the loss, its mean and largest over the positions).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from alhambra_widget.course.judgement import TREE, Judgement
from alhambra_widget.course.principles import (
    alhambra_search,
    alhambra_top,
    gardens_search,
    gardens_top,
)
from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.engine.gardens.game import GardensGame
from alhambra_widget.players.alhambra.greedy import GreedyBot
from alhambra_widget.players.arena import wilson
from alhambra_widget.players.gardens.greedy import GreedyGardensBot

SHIFTS = (0, 1, 2)
"""The three seeds: the hint's (shift 0) and two others."""


def positions(game: str, count: int, seed: int) -> list[tuple[Any, Any]]:
    """``count`` (position, move) pairs: ``You`` to move with a choice, and a move drawn
    from the greedy bot's six favourites there."""
    rng = random.Random(seed)
    out: list[tuple[Any, Any]] = []
    k = 0
    while len(out) < count:
        k += 1
        if game == "alhambra":
            g: Any = Game(["You", "Ben"], seed=seed * 1000 + k)
            bot: Any = GreedyBot(k)
        else:
            g = GardensGame(["You", "Ben"], seed=seed * 1000 + k)
            bot = GreedyGardensBot(k)
        for _ in range(rng.randrange(2, 60)):
            if g.is_over:
                break
            g.apply(bot.choose(g))
        if g.is_over or g.current_player.name != "You" or len(g.legal_actions()) < 2:
            continue
        out.append((g, rng.choice(bot.rank(g, g.legal_actions())[:6])))
    return out


def judgements(game: str, g: Any, move: Any, playouts: int) -> list[Judgement]:
    """The coach's judgement of ``move`` at ``g`` with each seed of :data:`SHIFTS`."""
    out = []
    for shift in SHIFTS:
        if game == "alhambra":
            analyse = alhambra_search(playouts, shift)
            top = alhambra_top
        else:
            analyse, top = gardens_search(playouts, TREE, shift), gardens_top(150)
        choices = analyse(g, [move])
        mine = next((c for c in choices if c.action == move), None)
        out.append(Judgement(choices, mine, choices[0], top(g, choices), 0.0))
    return out


def with_threshold(j: Judgement, t: float) -> Judgement:
    """The same weighing judged against threshold ``t``."""
    return Judgement(j.choices, j.mine, j.lead, j.top, t)


def top_flagged(j: Judgement, t: float) -> bool:
    """Whether the hint's top move, weighed by this search, would be flagged."""
    mine = next((c for c in j.choices if c.action == j.top), None)
    return Judgement(j.choices, mine, j.lead, None, t).sure and mine is not None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="alhambra", choices=("alhambra", "gardens"))
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--budgets", default="60,400,1600")
    ap.add_argument("--thresholds", default="0.05,0.1,0.15")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    found = positions(args.game, args.positions, args.seed)
    thresholds = [float(x) for x in args.thresholds.split(",")]
    for playouts in (int(x) for x in args.budgets.split(",")):
        t0 = time.perf_counter()
        rows = [judgements(args.game, g, move, playouts) for g, move in found]
        spreads = [statistics.pstdev([j.loss for j in row]) for row in rows]
        n = len(rows)
        print(
            f"{args.game}, {playouts} simulations, {n} positions (seed {args.seed}), "
            f"{time.perf_counter() - t0:.0f} s: the loss's spread between 3 seeds "
            f"mean {statistics.mean(spreads):.3f}, largest {max(spreads):.3f}",
            flush=True,
        )
        for t in thresholds:
            verdicts = [[with_threshold(j, t).sure for j in row] for row in rows]
            same = sum(len(set(v)) == 1 for v in verdicts)
            flagged = sum(v[0] for v in verdicts)
            tops = sum(top_flagged(row[0], t) for row in rows)
            lo, hi = wilson(same, n)
            print(
                f"  threshold {t}: same verdict for 3 seeds in {same}/{n} = {same / n:.0%} "
                f"(95% {lo:.0%}-{hi:.0%}); flagged with the hint's seed {flagged}/{n}; "
                f"the hint's top move flagged {tops}/{n}",
                flush=True,
            )


if __name__ == "__main__":
    main()
