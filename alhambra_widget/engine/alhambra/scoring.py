"""R10 building majorities and the scoring-round breakdown (R10 + R11).

Scoring returns explanations, not only totals: for each kind the counts, the
places and the shared points; for walls the segments of each longest wall.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ..errors import IllegalAction
from .components import KINDS

Segment = tuple[tuple[int, int], tuple[int, int]]

POINTS: Final[dict[str, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]] = {
    "pavilion": ((1,), (8, 1), (16, 8, 1)),
    "seraglio": ((2,), (9, 2), (17, 9, 2)),
    "arcades": ((3,), (10, 3), (18, 10, 3)),
    "chambers": ((4,), (11, 4), (19, 11, 4)),
    "garden": ((5,), (12, 5), (20, 12, 5)),
    "tower": ((6,), (13, 6), (21, 13, 6)),
}
"""R10: points per kind, per scoring round (1-3), per place."""


@dataclass(frozen=True)
class KindScore:
    """One kind in one scoring round: who holds how many, who takes which place, who gets what.

    ``places[name]`` is the first place of the (possibly shared) group; players with
    no tile of the kind take no place (R10). ``shared[name]`` lists the places whose
    points were pooled for that player's group."""

    kind: str
    counts: dict[str, int]
    places: dict[str, int]
    points: dict[str, int]
    shared: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def __init__(
        self,
        kind: str,
        counts: dict[str, int],
        places: dict[str, int],
        points: dict[str, int],
        shared: dict[str, tuple[int, ...]] | None = None,
    ) -> None:
        # written out, as the dataclass would write it (a frozen dataclass's own
        # __setattr__ refuses): compiled, the constructor the dataclass makes is
        # interpreted, and these are made every scoring round
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "places", places)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "shared", {} if shared is None else shared)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor
        return (
            type(self),
            (
                self.kind,
                self.counts,
                self.places,
                self.points,
                self.shared,
            ),
        )

    def explain(self) -> str:
        """The kind's scoring in one line: each player's count, place (or shared places) and points
        (R10)."""
        if not self.places:
            return f"{self.kind}: nobody has one"
        parts = []
        for name, place in sorted(self.places.items(), key=lambda kv: (kv[1], kv[0])):
            pooled = self.shared.get(name, (place,))
            how = (
                f"shares places {'+'.join(map(str, pooled))}"
                if len(pooled) > 1
                else f"place {place}"
            )
            parts.append(f"{name} {self.counts[name]} ({how}: {self.points[name]})")
        return f"{self.kind}: " + ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """The kind's scoring as JSON: counts, places, points and shared places per player."""
        return {
            "kind": self.kind,
            "counts": dict(self.counts),
            "places": dict(self.places),
            "points": dict(self.points),
            "shared": {k: list(v) for k, v in self.shared.items()},
        }


@dataclass(frozen=True)
class WallScore:
    """R11 for one player: the longest joined external wall and its segments."""

    name: str
    length: int
    segments: tuple[Segment, ...]
    """Empty when only the length is known (a player described by counts)."""

    def __init__(self, name: str, length: int, segments: tuple[Segment, ...]) -> None:
        # written out: see KindScore
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "length", length)
        object.__setattr__(self, "segments", segments)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor
        return (
            type(self),
            (
                self.name,
                self.length,
                self.segments,
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The wall's score as JSON: the player, the length and the segments ``[[x, y], [x, y]]``
        (R11)."""
        return {
            "name": self.name,
            "length": self.length,
            "segments": [[list(a), list(b)] for a, b in self.segments],
        }


@dataclass(frozen=True)
class ScoringRound:
    """The full explanation of scoring round 1, 2 or 3."""

    number: int
    kinds: tuple[KindScore, ...]
    walls: dict[str, WallScore]
    totals: dict[str, int]

    def __init__(
        self,
        number: int,
        kinds: tuple[KindScore, ...],
        walls: dict[str, WallScore],
        totals: dict[str, int],
    ) -> None:
        # written out: see KindScore
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "walls", walls)
        object.__setattr__(self, "totals", totals)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor
        return (
            type(self),
            (
                self.number,
                self.kinds,
                self.walls,
                self.totals,
            ),
        )

    def __repr__(self) -> str:
        return f"<Scoring round {self.number}: {', '.join(f'{n} +{p}' for n, p in self.totals.items())}>"

    def explain(self) -> str:
        """The round in words: each kind, the walls and the totals."""
        lines = [f"Scoring round {self.number}:"]
        lines += ["  " + k.explain() for k in self.kinds]
        lines += [f"  walls: {w.name} {w.length}" for w in self.walls.values()]
        lines.append("  totals: " + ", ".join(f"{n} +{p}" for n, p in self.totals.items()))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The round as JSON: number, kinds, walls and totals."""
        return {
            "number": self.number,
            "kinds": [k.to_dict() for k in self.kinds],
            "walls": {n: w.to_dict() for n, w in self.walls.items()},
            "totals": dict(self.totals),
        }


def _check_round(round: int) -> None:
    if round not in (1, 2, 3):
        raise IllegalAction("R10", f"There are scoring rounds 1, 2 and 3, not {round!r}.")


def place_points(kind: str, round: int, place: int) -> int:
    """R10: what ``place`` (1, 2, 3, ...) of ``kind`` is worth in scoring round
    ``round``: the rulebook's table, and 0 for a place beyond the round's table."""
    table = POINTS[kind][round - 1]
    return table[place - 1] if place <= len(table) else 0


def score_kind(kind: str, counts: Mapping[str, int], round: int) -> KindScore:
    """R10 for one kind: places by count, ties share the points of the places they
    cover (:func:`place_points`), rounded down."""
    _check_round(round)
    held = dict(counts)  # (a dict: compiled, its loops are not generic iterations)
    by_count: dict[int, list[str]] = {}  # (plain loops: compiled, no generator objects)
    for n, c in held.items():
        if c > 0:
            group = by_count.get(c)
            if group is None:
                by_count[c] = [n]
            else:
                group.append(n)
    places: dict[str, int] = {}
    points: dict[str, int] = {n: 0 for n in held}
    shared: dict[str, tuple[int, ...]] = {}
    place = 1
    for c in sorted(by_count, reverse=True):
        group = by_count[c]
        size = len(group)
        pool = 0
        for p in range(place, place + size):
            pool += place_points(kind, round, p)
        covered = tuple(range(place, place + size)) if size > 1 else ()
        for n in group:
            places[n] = place
            points[n] = pool // size
            if size > 1:
                shared[n] = covered
        place += size
    return KindScore(kind, held, places, points, shared)


def majority_breakdown(
    counts: Mapping[str, Mapping[str, int]], round: int
) -> tuple[KindScore, ...]:
    """R10 for every kind. ``counts``: name -> kind -> number of tiles."""
    _check_round(round)
    held = {name: dict(per_kind) for name, per_kind in counts.items()}  # (dicts: see score_kind)
    for name, per_kind in held.items():
        for kind, n in per_kind.items():
            if kind not in POINTS:
                raise IllegalAction("R1", f"Unknown building kind {kind!r} for {name}.")
            if type(n) is not int or n < 0:
                raise IllegalAction("R10", f"{name}'s {kind} count must be a whole number >= 0.")
    out = []
    for kind in KINDS:
        out.append(score_kind(kind, {n: c.get(kind, 0) for n, c in held.items()}, round))
    return tuple(out)


def score_majorities(counts: Mapping[str, Mapping[str, int]], round: int) -> dict[str, int]:
    """R10 points per name for scoring round ``round`` (1-3).

    >>> score_majorities({"Kim": {"tower": 4}, "Nina": {"tower": 4}}, 2)
    {'Kim': 9, 'Nina': 9}
    """
    totals = {n: 0 for n in counts}
    for ks in majority_breakdown(counts, round):
        for n, p in ks.points.items():
            totals[n] += p
    return totals


def score_round(
    number: int,
    counts: Mapping[str, Mapping[str, int]],
    walls: Mapping[str, Sequence[Segment] | int],
) -> ScoringRound:
    """A whole scoring round (R10 + R11; walls score in every round): ``counts`` name
    -> kind -> tiles (Dirk included, if any), ``walls`` name -> the segments of the
    longest wall, or its length alone (players only; Dirk has no wall)."""
    kinds = majority_breakdown(counts, number)
    wall_scores = {
        n: WallScore(n, segs, ()) if isinstance(segs, int) else WallScore(n, len(segs), tuple(segs))
        for n, segs in walls.items()
    }
    totals = {n: sum(k.points[n] for k in kinds) for n in counts}
    for n, w in wall_scores.items():
        totals[n] = totals.get(n, 0) + w.length
    return ScoringRound(number, kinds, wall_scores, totals)
