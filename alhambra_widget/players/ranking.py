"""The order in which a hint shows a search's moves, for every game: noise, ties, ranks.

A search's estimate of a move is a mean of simulations; its noise is the standard error
of that mean. Moves whose estimates differ by less than twice the noise of the
difference are *about equal*: among the moves about equal to the search's choice, a hint
keeps a fixed order (the game's greedy bot's preference, which no simulation changes),
so a hint does not change with the seed when only noise separates moves. Nothing here
knows the rules of either game.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

from .ismcts import Choice

Z = 2.0
"""How many standard errors of a difference make it more than noise."""

FLOOR = 0.05
"""The smallest spread assumed for one simulation's result (a move tried a few times
with equal results is not known to the last digit)."""


def noise(c: Choice) -> float:
    """The standard error of a move's estimate: the spread of its simulations' results
    (at least :data:`FLOOR`) over the square root of their number."""
    return max(c.spread, FLOOR) / math.sqrt(max(c.visits, 1))


def about_equal(a: Choice, b: Choice) -> bool:
    """Whether the estimates of ``a`` and ``b`` are within the search's noise."""
    return abs(a.value - b.value) <= Z * math.hypot(noise(a), noise(b))


def ranked(choices: Sequence[Choice], prior: Sequence[Hashable]) -> list[tuple[Choice, bool]]:
    """The search's moves in the order a hint shows them, each with whether it is about
    equal to the first: the moves about equal to the search's choice (the most tried)
    first, in the order of ``prior`` (a ranking no simulation changes); then the rest,
    the most tried first."""
    if not choices:
        return []
    lead = choices[0]
    tied = [c for c in choices if c is lead or (c.visits > 0 and about_equal(c, lead))]
    place = {a: i for i, a in enumerate(prior)}
    tied.sort(key=lambda c: place.get(c.action, len(place)))
    rest = [c for c in choices if c not in tied]
    together = len(tied) > 1
    return [(c, together) for c in tied] + [(c, False) for c in rest]
