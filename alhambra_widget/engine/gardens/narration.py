"""What happens in a Gardens game, as data (:class:`Event`) and in plain words
(:data:`NARRATORS`, one sentence writer per event kind)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from ..alhambra.narration import game_over
from ..events import Event as _Event
from ..events import Narrator, does
from .components import fields_of


def _gardens_turn(d: dict[str, Any]) -> str:
    if d.get("start"):
        return f"{does(d['player'], 'starts')} (drawn by the seed): turn 1."
    return f"Turn {d['turn']}: {d['player']} to play."


def building_place(building: tuple[int, int] | list[int]) -> str:
    """Where a building stands, in the fields' coordinates (the board's axes number the
    fields 0-5): between the two fields at opposite corners of it, or beside the one
    field a corner building touches (G1)."""
    bx, by = building[0], building[1]
    fields = sorted(f for f, _ in fields_of((bx, by)))
    if len(fields) == 1:
        return f"beside field ({fields[0][0]}, {fields[0][1]})"
    (ax, ay), (zx, zy) = fields[0], fields[-1]
    return f"between fields ({ax}, {ay}) and ({zx}, {zy})"


def _scored(d: dict[str, Any]) -> str:
    s = d["scoring"]
    trees = ", ".join(f"{k} {c}" for k, c in s["counts"].items())
    where = building_place(s["building"])
    kinds = "kind" if s["multiplier"] == 1 else "kinds"
    if s["owner"]:
        result = f"{s['winner'].capitalize()} wins: {s['value']} x {s['multiplier']} {kinds} = {s['points']} for {s['owner']}"
    elif s["winner"]:
        result = f"{s['winner'].capitalize()} wins, but nobody owns it"
    else:
        result = "Nobody scores"
    why = s["why"][0].upper() + s["why"][1:]
    return f"The {s['kind']} ({s['value']}) {where} is enclosed: {trees}. {why}. {result}."


CORNERS: Final = ("north-east", "south-east", "south-west", "north-west")
"""The tile's four tree sides, in the order of its ``side(k, turn)`` (k = 0 is north-east)."""


def _lay(d: dict[str, Any]) -> str:
    f = d["field"]
    # a tile is named by what it shows as laid (its trees, corner by corner), not by its id
    trees = f"{d['trees']} tree{'s' if d['trees'] > 1 else ''}"
    sides = ", ".join(
        f"{kind} {corner}" for kind, corner in zip(d.get("sides", ()), CORNERS, strict=False)
    )
    return f"{does(d['player'], 'lays')} a tile with {trees} a side at ({f[0]}, {f[1]}){': ' + sides if sides else ''}."


NARRATORS: Final[dict[str, Narrator]] = {
    "gardens_turn": _gardens_turn,
    "lay": _lay,
    "scored": _scored,
    "game_over": game_over,
}


class Event(_Event):
    """Something that happened in a Gardens game (``kind`` is a key of
    :data:`NARRATORS`)."""

    __slots__ = ()
    NARRATORS: ClassVar[Mapping[str, Narrator]] = NARRATORS
