"""R7, the building rules, each sub-rule written once; the fast tables are these rules
worked out for every cell code.

Every tile entering an Alhambra, by purchase, redesign or end-game gift, keeps the
fountain's orientation and

- (a) matches each neighbouring tile where they touch: wall against wall, open against
  open (:func:`r7a_mismatches`);
- (b) shares at least one full side with the Alhambra (:func:`r7b_touches`);
- (c) can be reached from the fountain on foot, across open sides only
  (:func:`r7c_open_sides`, and :func:`on_foot` for the whole walk);
- (d) leaves no empty cell enclosed on all sides (:func:`r7d_leaves_hole` for a tile
  that leaves a cell; for one that enters, the search of
  :meth:`.analysis.Analysis.encloses`, which :func:`seeds` shortens).

A cell is described by its code (:mod:`.packing`): the sides with a tile beside it, and
those where that tile's facing side is walled. The tables (:data:`MAY_ENTER`,
:data:`MAY_REPLACE`, :data:`WALK`, ...) are the functions above over every code, and the
refusals (``Alhambra.why_illegal``, ``violations``, the exchange check) call the same
functions.

Engine-internal (for :mod:`.grid` and :mod:`.analysis`): the names here without a
leading underscore are shared within the engine, not a user API.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .packing import (
    ALL_SIDES,
    CELL_KEY,
    CODES,
    CORNERS,
    FOUNTAIN_CELL,
    NEIGHBOURS,
    NO_SIDES,
    SIDE_COUNT,
    SIDE_SETS,
    SIDES,
    STEP,
    code_of,
    touching,
    walled,
)

# -- R7, written once ----------------------------------------------------------------


def r7a_mismatches(code: int, walls: int) -> int:
    """R7a: the sides of a tile with ``walls`` at a cell with ``code`` that touch a
    neighbour and do not match it (a wall against an open side, or an open side
    against a wall); none when every side touching a neighbour matches it."""
    return (walls ^ walled(code)) & touching(code)


def r7b_touches(code: int) -> bool:
    """R7b: the cell shares at least one full side with the Alhambra."""
    return touching(code) != NO_SIDES


def r7c_open_sides(code: int, walls: int) -> int:
    """R7c, one step on foot: the sides of a tile with ``walls`` at a cell with ``code``
    through which one walks to a neighbour (a tile there, no wall on this side). A new
    tile is reached on foot when there is one; the walk of the whole Alhambra is made of
    these steps."""
    return touching(code) & ~walls


def r7d_leaves_hole(code: int) -> bool:
    """R7d for a tile leaving a built cell: with a tile on all four sides, the cell it
    leaves would be an empty space enclosed on all sides."""
    return touching(code) == ALL_SIDES


def fits(code: int, walls: int) -> bool:
    """R7a-c for a tile with ``walls`` entering the empty cell with ``code`` (R7d is the
    search of :meth:`.analysis.Analysis.encloses`)."""
    return (
        not r7a_mismatches(code, walls)
        and r7b_touches(code)
        and r7c_open_sides(code, walls) != NO_SIDES
    )


def walk_sides(code: int) -> int:
    """R7c for a built tile: the sides through which one walks on from it. By R7a its
    walls on the sides it touches are its neighbours' walls facing it, so the code alone
    says it."""
    return r7c_open_sides(code, walled(code))


def code_at(masks: Mapping[int, int], c: int) -> int:
    """The code of cell ``c`` in the layout ``masks`` (integer cell -> walls), worked
    out afresh (the analysis keeps the codes of its cells up to date)."""
    near = NO_SIDES
    walls = NO_SIDES
    for side, step, facing in NEIGHBOURS:
        other = masks.get(CELL_KEY[c + step])
        if other is not None:
            near |= side
            if other & facing:
                walls |= side
    return code_of(near, walls)


# -- the tables: the rules above for every code ---------------------------------------
MAY_ENTER: Final[tuple[tuple[bool, ...], ...]] = tuple(
    tuple(fits(code, mask) for code in range(CODES)) for mask in range(SIDE_SETS)
)
"""A tile's walls -> an empty cell's code -> may the tile enter it (R7a-c, :func:`fits`)?"""
MAY_REPLACE: Final[tuple[tuple[bool, ...], ...]] = tuple(
    tuple(not r7a_mismatches(code, mask) for code in range(CODES)) for mask in range(SIDE_SETS)
)
"""A tile's walls -> a built cell's code -> may the tile take that cell in an exchange
(R8: only R7a can break, :func:`r7a_mismatches`)?"""
WALK: Final[tuple[int, ...]] = tuple(walk_sides(code) for code in range(CODES))
"""A built cell's code -> the sides walked through (:func:`walk_sides`)."""
MAY_LEAVE: Final[tuple[bool, ...]] = tuple(not r7d_leaves_hole(code) for code in range(CODES))
"""A built cell's code -> may its tile leave without enclosing the cell (R7d)?"""
LEAF: Final[tuple[bool, ...]] = tuple(
    MAY_LEAVE[code] and SIDE_COUNT[WALK[code]] < 2 for code in range(CODES)
)
"""A built cell's code -> its tile may leave (R7d) and is walked to from one neighbour
at most: when the walk is a tree, it leaves nothing cut off (R7c)."""
STEPS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(STEP[side] for side in SIDES if sides & side) for sides in range(SIDE_SETS)
)
"""A set of sides -> the steps to the neighbours on those sides."""


# -- R7c: the walk from the fountain ----------------------------------------------------


def on_foot(masks: Mapping[int, int], without: int | None = None) -> set[int]:
    """R7c: the built cells reached on foot from the fountain, tile to tile across
    :func:`r7c_open_sides`, never stepping on ``without``. (The tiles that may leave
    are found faster as those that cut the walk in no two: :func:`cut_cells`.)"""
    seen = {FOUNTAIN_CELL}
    todo = [FOUNTAIN_CELL]
    while todo:
        c = todo.pop()
        for step in STEPS[r7c_open_sides(code_at(masks, c), masks[c])]:
            q = c + step
            if q not in seen and q != without:
                seen.add(q)
                todo.append(q)
    return seen


def cut_cells(codes: dict[int, int], masks: Mapping[int, int]) -> set[int]:
    """R7c: the built cells whose tile, taken away, would cut some tile off from the
    fountain (``codes``: built cell -> code, the fountain left out). Tarjan's
    depth-first search from the fountain, reading the steps off the codes; the depth is
    at most the 54 tiles (R1)."""
    disc = {CELL_KEY[FOUNTAIN_CELL]: 0}
    cut: set[int] = set()
    for _side, step, _facing in NEIGHBOURS:  # the fountain has no walls
        q = CELL_KEY[FOUNTAIN_CELL + step]
        if q in masks and q not in disc:
            _low(FOUNTAIN_CELL + step, FOUNTAIN_CELL, codes, disc, cut)
    return cut


def _low(v: int, parent: int, codes: dict[int, int], disc: dict[int, int], cut: set[int]) -> int:
    """Tarjan's low point of ``v``, reached from ``parent``; adds the cut cells found
    below it to ``cut``. (A module function, not a closure: a recursive closure is a
    reference cycle, left for the garbage collector after every call.)"""
    key = CELL_KEY[v]
    d = disc[key] = len(disc)
    lo = d
    for step in STEPS[WALK[codes[key]]]:
        w = v + step
        dw = disc.get(CELL_KEY[w])
        if dw is None:
            lw = _low(w, v, codes, disc, cut)
            if lw < lo:
                lo = lw
            if lw >= d:
                cut.add(key)
        elif w != parent and dw < lo:
            lo = dw
    return lo


# -- R7d: the local test around an empty cell -------------------------------------------


def seeds(near: int, corners: int) -> tuple[int, ...]:
    """R7d's local test around an empty cell with a tile on the sides ``near`` and on
    the corners ``corners`` (:data:`.packing.CORNERS`). The empty cells beside it fall
    into groups joined through empty corner cells: going round, a side starts a new
    group unless the side before it and the corner between them are empty too. Returns
    the step to one side cell of each group, or none when there is at most one group
    (then a tile there closes nothing)."""
    found: list[int] = []
    for i, (side, step, _facing) in enumerate(NEIGHBOURS):
        before = SIDES[i - 1]  # (the side before north is west)
        corner = CORNERS[i][0]
        if not near & side and (near & before or corners & corner):
            found.append(step)
    return tuple(found) if len(found) > 1 else ()


SEEDS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(seeds(touching(code), corners) for corners in range(SIDE_SETS)) for code in range(CODES)
)
"""An empty cell's code -> the corners with a tile -> :func:`seeds`."""
