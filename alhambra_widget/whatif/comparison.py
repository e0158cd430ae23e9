"""Two positions side by side: :func:`compare`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.alhambra.components import KINDS
from ..engine.alhambra.scoring import ScoringRound
from ..engine.errors import MalformedInput
from .position import Position
from .tables import data_frame


# -- comparing two positions ---------------------------------------------------------
@dataclass
class Comparison:
    """Points per player, per kind and for walls in positions ``a`` and ``b``."""

    round: int
    a: ScoringRound
    b: ScoringRound

    def rows(self) -> list[dict[str, Any]]:
        """One row per player and item (each kind, then walls): its value in ``a``, in ``b`` and the
        change."""
        out = []
        for n in self.a.totals:
            ka = {k.kind: k.points[n] for k in self.a.kinds}
            kb = {k.kind: k.points[n] for k in self.b.kinds}
            for kind in KINDS:
                out.append(
                    {
                        "player": n,
                        "item": kind,
                        "a": ka[kind],
                        "b": kb[kind],
                        "change": kb[kind] - ka[kind],
                    }
                )
            wa = self.a.walls[n].length if n in self.a.walls else 0
            wb = self.b.walls[n].length if n in self.b.walls else 0
            out.append({"player": n, "item": "walls", "a": wa, "b": wb, "change": wb - wa})
            out.append(
                {
                    "player": n,
                    "item": "total",
                    "a": self.a.totals[n],
                    "b": self.b.totals[n],
                    "change": self.b.totals[n] - self.a.totals[n],
                }
            )
        return out

    def table(self) -> Any:
        """A DataFrame indexed by (player, item) with columns a, b, change (a
        :class:`PlainFrame` without pandas)."""
        return data_frame(self.rows(), ("player", "item"))

    def totals(self) -> dict[str, tuple[int, int, int]]:
        """Each player's total points in ``a``, in ``b`` and the change."""
        return {
            n: (self.a.totals[n], self.b.totals[n], self.b.totals[n] - self.a.totals[n])
            for n in self.a.totals
        }


def compare(a: Position, b: Position, round: int = 3) -> Comparison:
    """Side by side: what scoring round ``round`` gives in ``a`` and in ``b``."""
    if set(a.counts()) != set(b.counts()):
        raise MalformedInput("Compare positions of the same players.")
    return Comparison(round, a.score(round), b.score(round))
