"""The Gardens' action, :class:`Lay` (G3), and the record of a scoring, :class:`Scoring` (G4)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..errors import IllegalAction, MalformedInput, int_pair
from .components import FIELDS

Field = tuple[int, int]


def as_field(value: object) -> Field:
    """A field given by the user, as ``(x, y)`` on the 6 x 6 fields (G1)."""
    x, y = int_pair(value, "A field")
    if not (0 <= x < FIELDS and 0 <= y < FIELDS):
        raise IllegalAction("G1", f"The garden fields run from (0, 0) to (5, 5), not {value!r}.")
    return (x, y)


@dataclass(frozen=True, slots=True)
class Lay:
    """G3: lay the garden tile ``tile`` (its id) on ``field``, turned ``turn`` quarter
    turns clockwise (0-3). Drawing a new tile follows by itself."""

    tile: str
    field: Field
    turn: int = 0

    @property
    def type(self) -> str:
        """``"lay"``, the action's kind in JSON (a property, not a class variable: a
        compiled dataclass would take that for a field)."""
        return "lay"

    def __reduce__(self) -> tuple[Any, ...]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor
        return (type(self), (self.tile, self.field, self.turn))

    def __post_init__(self) -> None:
        if not isinstance(self.tile, str):
            raise MalformedInput(f"A garden tile is named by its id like 'G07', not {self.tile!r}.")
        object.__setattr__(self, "field", as_field(self.field))
        if type(self.turn) is not int or not 0 <= self.turn <= 3:
            raise MalformedInput(f"A tile turns 0 to 3 quarter turns, not {self.turn!r}.")

    def to_json(self) -> dict[str, Any]:
        """``{"type": "lay", "tile": ..., "field": [x, y], "turn": 0-3}``."""
        return {"type": "lay", "tile": self.tile, "field": list(self.field), "turn": self.turn}

    @staticmethod
    def from_json(data: object) -> Lay:
        """The lay a JSON dict describes (:meth:`to_json`); anything else is MalformedInput."""
        if (
            not isinstance(data, dict)
            or data.get("type") != "lay"
            or set(data) != {"type", "tile", "field", "turn"}
        ):
            raise MalformedInput(
                "A Gardens action is {'type': 'lay', 'tile': 'G07', 'field': [x, y], 'turn': 0-3}.",
            )
        return Lay(data["tile"], as_field(data["field"]), data["turn"])

    def __str__(self) -> str:
        return f"lay {self.tile} at {self.field}" + (f" turned {self.turn}" if self.turn else "")


@dataclass(frozen=True)
class Scoring:
    """G4 for one enclosed building: trees per kind facing it, the winning kind and
    why, the multiplier (kinds present), the points and who got them."""

    building: tuple[int, int]
    value: int
    kind: str
    counts: dict[str, int]
    winner: str | None
    multiplier: int
    points: int
    owner: str | None
    why: str

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    def to_dict(self) -> dict[str, Any]:
        """The scoring as JSON: every field above (building, value, counts, winner, ...)."""
        return {
            "building": list(self.building),
            "value": self.value,
            "kind": self.kind,
            "counts": dict(self.counts),
            "winner": self.winner,
            "multiplier": self.multiplier,
            "points": self.points,
            "owner": self.owner,
            "why": self.why,
        }
