"""Why a tile may not enter a cell, leave one, or take another's place (R1, R7, R8):
each refusal a :class:`Violation`, with the ruling id and a plain sentence.

The rules read are those of :mod:`.building` (R7a-d, each written once) on the layout
of an :class:`~.grid.Alhambra` (``tiles``: position -> tile, ``masks``: integer cell ->
walls) and its analysis. The first rule broken is named, in the rulebook's order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from ..errors import RULING_IDS, IllegalAction
from .analysis import Analysis, code_in
from .building import code_at, on_foot, r7a_mismatches, r7b_touches, r7c_open_sides, r7d_leaves_hole
from .components import FOUNTAIN, SIDE_NAMES, STEPS, Tile
from .packing import NO_SIDES, POSITION, REACH, E, S, cell, in_reach, opposite

Pos = tuple[int, int]
Tiles = Mapping[Pos, Tile]
Masks = Mapping[int, int]


@dataclass(frozen=True, slots=True)
class Violation:
    """Why a tile may not go into a cell: ``rule`` is ``"R7"`` (the cell is taken), ``"R7a"``..``"R7d"``
    (or ``"R8"`` for redesigns); ``str()`` is a plain sentence."""

    rule: str
    message: str
    pos: Pos | None = None

    def __post_init__(self) -> None:
        if self.rule not in RULING_IDS:  # (its error() could not name the ruling)
            raise TypeError(f"{self.rule!r} is not a ruling id")

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor
        return (
            type(self),
            (
                self.rule,
                self.message,
                self.pos,
            ),
        )

    def __str__(self) -> str:
        return self.message

    def error(self) -> IllegalAction:
        """The violation as the IllegalAction a refused move raises (same ruling id and
        sentence)."""
        return IllegalAction(self.rule, self.message)


ONE_FOUNTAIN: Final = "R1: an Alhambra has one fountain, at (0, 0); it is never built again."
NOT_THE_FOUNTAIN: Final = "R8: the fountain can never be removed or exchanged."


def entering(tiles: Tiles, masks: Masks, an: Analysis, tile: Tile, pos: Pos) -> Violation | None:
    """R7 for ``tile`` entering ``pos``: ``None`` if it may; else the first rule broken,
    in the order occupied, R7a (matching sides), R7b (a full side shared), R7c (on foot
    from the fountain), R7d (no enclosed space)."""
    if pos in tiles:
        there = tiles[pos]
        what = "the fountain" if there.kind == "fountain" else f"a {there.kind}"
        return Violation(
            "R7",
            f"R7: cell {pos_text(pos)} already holds {what}; a tile enters an empty cell.",
            pos,
        )
    if tile.kind == "fountain":
        return Violation("R1", ONE_FOUNTAIN, pos)
    if len(tiles) > REACH:
        return Violation(
            "R1", f"R1: there are {REACH} building tiles; this Alhambra holds {REACH}.", pos
        )
    code = code_at(masks, cell(pos)) if in_reach(pos) else NO_SIDES
    wrong = r7a_mismatches(code, tile.mask)
    if wrong:
        return _mismatch(tiles, "R7a: the", tile, pos, wrong)
    if not r7b_touches(code):
        return Violation(
            "R7b",
            f"R7b: cell {pos_text(pos)} shares no full side with the Alhambra; a new tile "
            "must touch it along at least one side, not only at a corner.",
            pos,
        )
    if not r7c_open_sides(code, tile.mask):
        return Violation(
            "R7c",
            f"R7c: a tile at {pos_text(pos)} could not be reached on foot from the fountain: "
            "every side it shares with the Alhambra is walled.",
            pos,
        )
    holes = an.enclosed_by(cell(pos))
    if holes:
        return Violation(
            "R7d",
            f"R7d: a tile at {pos_text(pos)} would enclose the empty cell{'s' if len(holes) > 1 else ''} "
            f"{_cells_text(holes)} on all sides; every empty cell must stay open to the outside.",
            pos,
        )
    return None


def leaving(tiles: Tiles, masks: Masks, an: Analysis, pos: Pos) -> Violation | None:
    """R8 for the tile at ``pos`` going to the reserve: ``None`` if it may; never the
    fountain, and what remains must satisfy R7 (no space enclosed, all on foot)."""
    if pos == (0, 0):
        return Violation("R8", NOT_THE_FOUNTAIN, pos)
    tile = tiles.get(pos)
    if tile is None:
        return Violation("R8", f"R8: there is no tile at {pos_text(pos)} to remove.", pos)
    c = cell(pos)
    if c in an.removable_cells():
        return None
    if r7d_leaves_hole(code_in(an.built, an.built_codes, c)):
        return Violation(
            "R7d",
            f"R8/R7d: removing the {tile.kind} at {pos_text(pos)} would leave an empty space "
            "enclosed on all sides.",
            pos,
        )
    seen = on_foot(masks, without=c)
    cut = sorted((POSITION[q] for q in masks if q != c and q not in seen), key=_yx)
    return Violation(
        "R7c",
        f"R8/R7c: removing the {tile.kind} at {pos_text(pos)} would cut "
        f"{', '.join(pos_text(p) for p in cut)} off from the fountain (on foot).",
        pos,
    )


def exchanging(tiles: Tiles, an: Analysis, tile: Tile, pos: Pos) -> Violation | None:
    """R8 for ``tile`` taking the place of the tile at ``pos``: ``None`` if it may. The
    new tile takes exactly the same cell, so only R7a can break: its sides facing
    neighbours must match them (and then walking and spaces are as before)."""
    if pos == (0, 0):
        return Violation("R8", NOT_THE_FOUNTAIN, pos)
    if pos not in tiles:
        return Violation("R8", f"R8: there is no tile at {pos_text(pos)} to exchange.", pos)
    if tile.kind == "fountain":
        return Violation("R1", ONE_FOUNTAIN, pos)
    wrong = r7a_mismatches(code_in(an.built, an.built_codes, cell(pos)), tile.mask)
    if wrong:
        return _mismatch(tiles, "R8/R7a: in the exchange, the", tile, pos, wrong)
    return None


def layout(tiles: Tiles, masks: Masks, an: Analysis) -> list[Violation]:
    """Every way a whole layout breaks R7 (none for a legal Alhambra): the same rules as
    :func:`entering`, read off the whole layout."""
    out: list[Violation] = []
    if tiles.get((0, 0)) != FOUNTAIN:
        out.append(Violation("R1", "The fountain must stand at (0, 0).", (0, 0)))
        return out
    for (x, y), t in tiles.items():
        wrong = r7a_mismatches(code_at(masks, cell((x, y))), t.mask)
        for side, dx, dy in ((E, 1, 0), (S, 0, 1)):  # each touching pair once
            if wrong & side:
                q = (x + dx, y + dy)
                out.append(
                    Violation(
                        "R7a",
                        f"R7a: the {t.kind} at {pos_text((x, y))} and the {tiles[q].kind} at "
                        f"{pos_text(q)} do not match where they touch.",
                        q,
                    )
                )
    seen = on_foot(masks)
    for p in tiles:
        if cell(p) not in seen:
            out.append(
                Violation("R7c", f"R7c: the tile at {pos_text(p)} cannot be reached on foot.", p)
            )
    for h in sorted((POSITION[q] for q in an.holes()), key=_yx):
        out.append(Violation("R7d", f"R7d: the empty cell {pos_text(h)} is enclosed.", h))
    return out


def _mismatch(tiles: Tiles, lead: str, tile: Tile, pos: Pos, wrong: int) -> Violation:
    """R7a's sentence for the first of the sides ``wrong`` (:func:`.building.r7a_mismatches`)
    of ``tile`` at ``pos``."""
    side, dx, dy = next(step for step in STEPS if step[0] & wrong)
    q = (pos[0] + dx, pos[1] + dy)
    other = tiles[q]
    mine = "walled" if tile.mask & side else "open"
    them = "a wall" if other.mask & opposite(side) else "no wall"
    return Violation(
        "R7a",
        f"{lead} {tile.kind}'s {SIDE_NAMES[side]} side is {mine}, but the "
        f"{other.kind} at {pos_text(q)} has {them} on the side it touches; touching "
        "sides must match, wall against wall and open against open.",
        pos,
    )


def pos_text(pos: Pos) -> str:
    """``(x, y)`` as the sentences write it."""
    return f"({pos[0]}, {pos[1]})"


def _yx(p: Pos) -> tuple[int, int]:
    return (p[1], p[0])


def _cells_text(cells: Iterable[int]) -> str:
    return ", ".join(pos_text(p) for p in sorted((POSITION[q] for q in cells), key=_yx))
