"""The final ranking both games' results show: the engine's scores in order, highest
first, equal totals sharing a rank, and the engine's winners marked (R12, G5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .contract import RankJson


def final_ranking(scores: Mapping[str, int], winners: Sequence[str]) -> list[RankJson]:
    """The lines of the ranking of ``scores`` (name -> the engine's total): highest
    first (equal totals in the order given), a rank one more than the number of higher
    totals, and ``winner`` as the engine's ``winners`` say (never worked out here)."""
    order = sorted(scores, key=lambda n: -scores[n])
    return [
        {
            "name": n,
            "score": scores[n],
            "rank": 1 + sum(1 for m in order if scores[m] > scores[n]),
            "winner": n in winners,
        }
        for n in order
    ]
