"""G1/G2: the board's geometry and the tiles of The Gardens of the Alhambra.

Buildings stand on a 7x7 grid of squares ``(bx, by)``, 0-6, x east and y south.
The 36 octagonal garden fields ``(fx, fy)``, 0-5, lie at the inner corners: field
``(fx, fy)`` touches the buildings ``(fx, fy)`` (north-west of it), ``(fx+1, fy)``
(north-east), ``(fx+1, fy+1)`` (south-east) and ``(fx, fy+1)`` (south-west) with its
four diagonal sides, and up to four fields with its straight sides.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from ..data import read_text
from ..errors import IllegalAction

TREES: Final = ("lemon", "orange", "palm", "lavender")
"""The four tree kinds; a player's colour is a kind (yellow, orange, green, purple)."""

# A field's diagonal sides, clockwise (NE, SE, SW, NW); a tile's sides are listed in
# this order.
# diagonal side index -> offset from field (fx, fy) to the building it faces
FACING: Final = ((1, 0), (1, 1), (0, 1), (0, 0))
SIZE: Final = 7  # buildings per row
FIELDS: Final = 6  # fields per row


def buildings_of(field: tuple[int, int]) -> list[tuple[int, tuple[int, int]]]:
    """(diagonal side, building) for the four buildings a field touches."""
    fx, fy = field
    return [(k, (fx + dx, fy + dy)) for k, (dx, dy) in enumerate(FACING)]


def fields_of(building: tuple[int, int]) -> list[tuple[tuple[int, int], int]]:
    """(field, the field's diagonal side facing it) for the fields touching a building:
    4 inside the board, 2 on an edge, 1 in a corner (G1)."""
    bx, by = building
    out = []
    for k, (dx, dy) in enumerate(FACING):
        f = (bx - dx, by - dy)
        if 0 <= f[0] < FIELDS and 0 <= f[1] < FIELDS:
            out.append((f, k))
    return out


def on_outer_ring(field: tuple[int, int]) -> bool:
    """Edge and corner fields (G3: not for the starting player's first tile)."""
    return field[0] in (0, FIELDS - 1) or field[1] in (0, FIELDS - 1)


@dataclass(frozen=True, slots=True)
class GardenTile:
    """A garden tile (G2): ``trees`` of each kind, one kind per diagonal side, listed
    clockwise from the north-east side when the tile is not turned."""

    id: str
    trees: int
    sides: tuple[str, str, str, str]

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor
        return (
            type(self),
            (
                self.id,
                self.trees,
                self.sides,
            ),
        )

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or type(self.trees) is not int:
            raise TypeError(f"A garden tile is (id: str, trees: int, sides), not {self!r}.")
        if not 1 <= self.trees <= 6 or sorted(self.sides) != sorted(TREES):
            raise IllegalAction(
                "G2",
                f"G2: a garden tile shows 1-6 trees a side and each tree kind once, not {self!r}.",
            )

    def side(self, k: int, turn: int) -> str:
        """The kind on diagonal side ``k`` (0=NE .. 3=NW) after ``turn`` quarter turns
        clockwise."""
        return self.sides[(k - turn) % 4]

    def __str__(self) -> str:
        return f"{self.id} ({self.trees} tree{'s' if self.trees > 1 else ''} a side: {'/'.join(self.sides)})"


@dataclass(frozen=True, slots=True)
class Building:
    """A building tile (G2): its value 1-5 and the kind of building printed with it."""

    value: int
    kind: str

    def __post_init__(self) -> None:
        if type(self.value) is not int or not isinstance(self.kind, str):
            raise TypeError(f"A building tile is (value: int, kind: str), not {self!r}.")
        if not 1 <= self.value <= 5:
            raise IllegalAction("G2", f"G2: a building tile's value is 1 to 5, not {self.value}.")

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor
        return (
            type(self),
            (
                self.value,
                self.kind,
            ),
        )


@lru_cache(maxsize=1)
def garden_tiles() -> tuple[GardenTile, ...]:
    """The 36 garden tiles shipped in ``alhambra_widget/engine/data`` (G2)."""
    text = read_text("gardens_garden_tiles.csv")
    out = []
    for r in csv.DictReader(io.StringIO(text)):
        sides = (r["side1_cw"], r["side2_cw"], r["side3_cw"], r["side4_cw"])
        if sorted(sides) != sorted(TREES):
            raise IllegalAction("G2", f"Tile {r['tile_id']} must show each tree kind once.")
        out.append(GardenTile(r["tile_id"], int(r["trees_per_side"]), sides))
    return tuple(out)


@lru_cache(maxsize=1)
def building_tiles() -> tuple[Building, ...]:
    """The 49 building tiles (G2): ten each of values 1-4, nine of value 5."""
    text = read_text("gardens_building_tiles.csv")
    out = []
    for r in csv.DictReader(io.StringIO(text)):
        out += [Building(int(r["value"]), r["type_en"])] * int(r["count"])
    return tuple(out)


def winning_kind(counts: dict[str, int]) -> str | None:
    """G4: the kind whose count is the highest among the counts no other kind shares
    (every kind of the four competes; a missing kind counts 0), or ``None`` when
    every count is shared.

    >>> winning_kind({"orange": 3, "palm": 3, "lavender": 2, "lemon": 0})
    'lavender'
    """
    unknown = set(counts) - set(TREES)
    if unknown:
        raise IllegalAction("G4", f"Tree kinds are {', '.join(TREES)}, not {sorted(unknown)}.")
    full = {k: counts.get(k, 0) for k in TREES}
    values = list(full.values())
    unique = [(c, k) for k, c in full.items() if values.count(c) == 1]
    return max(unique)[1] if unique else None


def building_points(value: int, counts: dict[str, int], winner: str | None) -> tuple[int, int]:
    """G4: (the multiplier, the points) of a building of ``value`` with ``counts`` trees
    per kind facing it: the multiplier is the number of kinds with a tree facing it,
    and the winning kind (``winner``, see :func:`winning_kind`) scores value x
    multiplier; nothing when no kind wins.

    >>> building_points(7, {"orange": 3, "palm": 1}, "orange")
    (2, 14)
    """
    multiplier = sum(1 for c in counts.values() if c > 0)
    return multiplier, value * multiplier if winner is not None else 0


def explain_winner(counts: dict[str, int]) -> tuple[str | None, str]:
    """The G4 winner and a sentence saying why (ties drop out)."""
    winner = winning_kind(counts)
    full = {k: counts.get(k, 0) for k in TREES}
    groups: dict[int, list[str]] = {}
    for k, c in full.items():
        groups.setdefault(c, []).append(k)
    ties = [
        f"{' and '.join(ks)} tie at {c}"
        for c, ks in sorted(groups.items(), reverse=True)
        if len(ks) > 1
    ]
    dropped = ("; ".join(ties) + " and drop out; ") if ties else ""
    if winner is None:
        return None, f"{dropped}every count is shared, so nobody wins".replace(
            "drop out; every", "drop out: every"
        )
    return winner, f"{dropped}{winner}'s {full[winner]} is the highest count no other kind shares"
