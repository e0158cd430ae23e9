"""The per-state analysis of an Alhambra: the facts the building rules (R7, R8) ask
about, kept per layout.

Engine-internal (for :mod:`.grid` and the listing of legal actions). One pass over the
tiles (:func:`analyse`) finds the frontier (each empty cell beside a tile, with its
code), the built cells (each but the fountain, with its code), the steps on foot
between neighbours, and the tiles' box; after a single change the next analysis is
derived from the last around that cell (:meth:`Analysis.derive`). What depends on a
tile's walls (its legal cells, its exchange cells) or needs a search (R7d's enclosed
spaces, the removable tiles of R8) is worked out on first use and kept.

The cells are integer cells and their codes cell codes (:mod:`.packing`); the rules
read on them are those of :mod:`.building`. Both lists of cells are kept sorted, with
their codes in lists beside them: a copy is a few list copies, a lookup a binary
search, and the legal cells come out in cell order with no sort.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .building import LEAF, MAY_ENTER, MAY_LEAVE, MAY_REPLACE, SEEDS, WALK, cut_cells
from .packing import (
    CELL_KEY,
    COLUMN,
    EAST,
    FOUNTAIN_CELL,
    NE,
    NEIGHBOURS,
    NO_SIDES,
    NORTH,
    NW,
    REACH,
    ROW,
    SE,
    SIDE_COUNT,
    SIDE_SETS,
    SOUTH,
    STRIDE,
    SW,
    WEST,
    column,
    row,
    touching,
    with_neighbour,
    without_neighbour,
)

Box = tuple[int, int, int, int]
"""The tiles' box: the lowest and highest column and row of their cells."""
_AROUND: Final[tuple[int, ...]] = tuple(step for _side, step, _facing in NEIGHBOURS)
"""The steps to a cell's four neighbours."""


def index_in(cells: list[int], c: int) -> int:
    """Where cell ``c`` is in the sorted ``cells``, or where it would go."""
    lo = 0
    hi = len(cells)
    while lo < hi:  # (a loop, not bisect: compiled, no call with boxed arguments)
        mid = (lo + hi) // 2
        if cells[mid] < c:
            lo = mid + 1
        else:
            hi = mid
    return lo


def code_in(cells: list[int], codes: list[int], c: int) -> int:
    """The code of cell ``c`` in the sorted ``cells`` with their ``codes``; 0 (no tile
    beside it) if it is not among them."""
    i = index_in(cells, c)
    if i < len(cells) and cells[i] == c:
        return codes[i]
    return NO_SIDES


class Analysis:
    """What one layout of an Alhambra is, for the rules: see the module.

    ``masks``: the layout (integer cell -> walls, keyed by :data:`.packing.CELL_KEY`);
    ``frontier``, ``frontier_codes``: the empty cells beside a tile, sorted, and their
    codes; ``built``, ``built_codes``: the built cells but the fountain (never exchanged
    or removed, R8), sorted, and their codes; ``steps``: the steps on foot between
    neighbouring tiles (R7c); ``box``: the tiles' box. ``memo`` holds callers'
    per-layout results (the action lists).
    """

    __slots__ = (
        "_encloses",
        "_exchange",
        "_legal",
        "_removable",
        "box",
        "built",
        "built_codes",
        "frontier",
        "frontier_codes",
        "masks",
        "memo",
        "steps",
    )

    def __init__(
        self,
        masks: dict[int, int],
        frontier: list[int],
        frontier_codes: list[int],
        built: list[int],
        built_codes: list[int],
        steps: int,
        box: Box,
    ) -> None:
        self.masks = masks
        self.frontier = frontier
        self.frontier_codes = frontier_codes
        self.built = built
        self.built_codes = built_codes
        self.steps = steps
        self.box = box
        self._removable: tuple[int, ...] | None = None
        self._encloses: dict[int, bool] | None = None  # (made on first use: fewer objects)
        # the legal and exchange cells per wall mask (lists made on first use)
        self._legal: list[tuple[int, ...] | None] | None = None
        self._exchange: list[tuple[int, ...] | None] | None = None
        self.memo: dict[Any, Any] = {}  # callers' results

    def derive(self, masks: dict[int, int], c: int, old: int | None) -> Analysis:
        """The analysis of ``masks``, which differs from this layout at cell ``c`` only
        (``old``: its walls before, ``None`` if it was empty): the one-pass facts change
        only around ``c``, the rest is worked out anew on first use."""
        frontier = self.frontier.copy()
        frontier_codes = self.frontier_codes.copy()
        built = self.built
        built_codes = self.built_codes
        entered = CELL_KEY[c] in masks
        if entered and old is not None:
            # an exchange: the new tile matches its neighbours as the old one did (R7a):
            # the built cells and the steps stay, only the empty cells beside it change
            _exchanged(frontier, frontier_codes, masks, c)
            change = 0
        else:
            built = built.copy()
            built_codes = built_codes.copy()
            if entered:
                change = _entered(frontier, frontier_codes, built, built_codes, masks, c)
            else:
                change = -_left(frontier, frontier_codes, built, built_codes, masks, c)
        box = _box_after(self.box, masks, c, entered)
        return Analysis(
            masks, frontier, frontier_codes, built, built_codes, self.steps + change, box
        )

    # -- R7d: no enclosed space ------------------------------------------------------
    def encloses(self, q: int) -> bool:
        """R7d: would a tile at the empty cell ``q`` cut some empty cell off from the
        outside? A local test around ``q`` settles most cells; only where the empty
        cells beside it are not joined around it does a bounded search run."""
        found = self._encloses
        if found is None:
            found = self._encloses = {}
        key = CELL_KEY[q]
        hit = found.get(key)
        if hit is None:
            hit = found[key] = self._search_encloses(q)
        return hit

    def _seeds_at(self, q: int, code: int) -> tuple[int, ...]:
        """:data:`.building.SEEDS` for the empty cell ``q`` whose code is ``code``: one
        step to each group of empty cells around it that a tile at ``q`` might cut apart.
        (The four corners spelt out: a loop over them costs a third more, compiled.)"""
        masks = self.masks
        corners = NO_SIDES
        if CELL_KEY[q + NORTH + WEST] in masks:
            corners |= NW
        if CELL_KEY[q + NORTH + EAST] in masks:
            corners |= NE
        if CELL_KEY[q + SOUTH + EAST] in masks:
            corners |= SE
        if CELL_KEY[q + SOUTH + WEST] in masks:
            corners |= SW
        return SEEDS[code][corners]

    def _search_encloses(self, q: int) -> bool:
        if not self._in_box(q):
            return False  # beyond the box: its only tile neighbour is inward, nothing closes
        seeds = self._seeds_at(q, code_in(self.frontier, self.frontier_codes, q))
        return any(self.empty_group(q + step, q) is not None for step in seeds)

    def _in_box(self, q: int) -> bool:
        x0, y0, x1, y1 = self.box
        return x0 <= COLUMN[q] <= x1 and y0 <= ROW[q] <= y1

    def enclosed_by(self, q: int) -> set[int]:
        """R7d: the empty cells a tile at the empty cell ``q`` would enclose (none when
        :meth:`encloses` is false)."""
        out: set[int] = set()
        if self.encloses(q):
            for step in self._seeds_at(q, code_in(self.frontier, self.frontier_codes, q)):
                out |= self.empty_group(q + step, q) or set()
        return out

    def holes(self) -> set[int]:
        """R7d for the layout as it stands: the empty cells enclosed on all sides."""
        x0, y0, x1, y1 = self.box
        out: set[int] = set()
        for q in self.frontier:  # an enclosed group has a cell beside a tile
            if q not in out and x0 < column(q) < x1 and y0 < row(q) < y1:
                out |= self.empty_group(q, None) or set()
        return out

    def empty_group(self, start: int, blocked: int | None) -> set[int] | None:
        """R7d, the one search: the empty cells joined to the empty cell ``start``
        through empty cells (``blocked`` counted as a tile), or ``None`` as soon as one
        of them reaches the outside (the edge of the tiles' box: its outward neighbour
        is outside, or it is outside)."""
        masks = self.masks
        x0, y0, x1, y1 = self.box
        first = CELL_KEY[start]
        seen = {first}
        if blocked is not None:
            seen.add(CELL_KEY[blocked])
        todo: list[int] = [first]
        while todo:
            c = todo.pop()
            x = COLUMN[c]
            y = ROW[c]
            if x <= x0 or x >= x1 or y <= y0 or y >= y1:
                return None
            for step in _AROUND:
                q = CELL_KEY[c + step]
                if q not in seen and q not in masks:
                    seen.add(q)
                    todo.append(q)
        if blocked is not None:
            seen.discard(CELL_KEY[blocked])
        return seen

    # -- R8: the tiles that may leave, and where a tile may go ----------------------------
    def removable_cells(self) -> tuple[int, ...]:
        """R8, as sorted integer cells: the tiles that may go to the reserve: not the
        fountain, leaving no empty space enclosed (R7d), and leaving every other tile on
        foot from the fountain (R7c: not a cut cell of the walk)."""
        free = self._removable
        if free is None:
            found: list[Any] = []  # (a loop: cheaper than a comprehension for so few cells)
            if self.steps == len(self.built):
                # the walk is a tree (connected, R7c, with a step less than its tiles):
                # the tiles walked to from two neighbours or more are the cut cells
                for c, code in zip(self.built, self.built_codes):
                    if LEAF[code]:
                        found.append(CELL_KEY[c])
            else:
                codes = {CELL_KEY[c]: code for c, code in zip(self.built, self.built_codes)}
                cut = cut_cells(codes, self.masks)
                for c, code in zip(self.built, self.built_codes):
                    key = CELL_KEY[c]
                    if MAY_LEAVE[code] and key not in cut:
                        found.append(key)
            free = self._removable = tuple(found)
        return free

    def legal_cells(self, mask: int) -> tuple[int, ...]:
        """R7, as sorted integer cells: where a tile with walls ``mask`` may be built. A
        frontier cell it may enter (R7a-c: one table lookup), then R7d: settled at once
        beyond the tiles' box, or where the local test finds no groups of empty cells to
        cut apart (most cells); only the rest asks :meth:`encloses` (its search, kept per
        cell). Kept per mask."""
        kept = self._legal
        if kept is None:
            kept = self._legal = [None] * SIDE_SETS
        found = kept[mask]
        if found is not None:
            return found
        out: list[Any] = []  # (cells from CELL_KEY, stored as they are: see .packing)
        if len(self.masks) <= REACH:  # else R1: every tile is built
            may_enter = MAY_ENTER[mask]
            x0, y0, x1, y1 = self.box
            for q, code in zip(self.frontier, self.frontier_codes):
                if may_enter[code] and not (
                    x0 <= COLUMN[q] <= x1
                    and y0 <= ROW[q] <= y1
                    and self._seeds_at(q, code)
                    and self.encloses(q)
                ):
                    out.append(CELL_KEY[q])
        found = kept[mask] = tuple(out)
        return found

    def exchange_cells(self, mask: int) -> tuple[int, ...]:
        """R8 exchange, as sorted integer cells: the built cells whose tile a tile with
        walls ``mask`` may replace (its sides facing neighbours match them, R7a). Kept
        per mask."""
        kept = self._exchange
        if kept is None:
            kept = self._exchange = [None] * SIDE_SETS
        found = kept[mask]
        if found is None:
            may_replace = MAY_REPLACE[mask]
            out: list[Any] = []
            for c, code in zip(self.built, self.built_codes):
                if may_replace[code]:
                    out.append(CELL_KEY[c])
            found = kept[mask] = tuple(out)
        return found


def analyse(masks: dict[int, int]) -> Analysis:
    """The analysis of the layout ``masks`` (integer cell -> walls, the fountain
    included), in one pass over its tiles."""
    frontier: dict[int, int] = {}
    built: dict[int, int] = {}
    ends = 0  # each step on foot is counted from both its ends
    x0 = x1 = column(FOUNTAIN_CELL)
    y0 = y1 = row(FOUNTAIN_CELL)
    for c, walls in masks.items():
        x = column(c)
        y = row(c)
        x0 = min(x0, x)
        x1 = max(x1, x)
        y0 = min(y0, y)
        y1 = max(y1, y)
        code = NO_SIDES
        for side, step, facing in NEIGHBOURS:
            q = CELL_KEY[c + step]
            other = masks.get(q)
            if other is None:  # q is empty: it has a neighbour on its `facing` side
                frontier[q] = with_neighbour(
                    frontier.get(q, NO_SIDES), facing, (walls & side) != NO_SIDES
                )
            else:
                code = with_neighbour(code, side, (other & facing) != NO_SIDES)
        if c != FOUNTAIN_CELL:  # the fountain is never exchanged or removed (R8)
            built[c] = code
        ends += SIDE_COUNT[WALK[code]]
    frontier_cells = sorted(frontier)
    built_cells = sorted(built)
    return Analysis(
        masks,
        frontier_cells,
        [frontier[q] for q in frontier_cells],
        built_cells,
        [built[c] for c in built_cells],
        ends // 2,
        (x0, y0, x1, y1),
    )


def _entered(
    frontier: list[int],
    frontier_codes: list[int],
    built: list[int],
    built_codes: list[int],
    masks: dict[int, int],
    c: int,
) -> int:
    """:meth:`Analysis.derive` for a tile that entered the empty cell ``c``: updates the
    lists; returns the steps on foot it added."""
    walls = masks[CELL_KEY[c]]
    i = index_in(frontier, c)
    del frontier[i]
    del frontier_codes[i]
    code = NO_SIDES
    for side, step, facing in NEIGHBOURS:
        n = c + step
        other = masks.get(CELL_KEY[n])
        wall = (walls & side) != NO_SIDES  # the new tile's wall facing n
        if other is None:
            _gain_neighbour(frontier, frontier_codes, n, facing, wall)
        else:
            code = with_neighbour(code, side, (other & facing) != NO_SIDES)
            if n != FOUNTAIN_CELL:
                j = index_in(built, n)
                built_codes[j] = with_neighbour(built_codes[j], facing, wall)
    i = index_in(built, c)
    built.insert(i, CELL_KEY[c])
    built_codes.insert(i, code)
    return SIDE_COUNT[WALK[code]]


def _exchanged(
    frontier: list[int], frontier_codes: list[int], masks: dict[int, int], c: int
) -> None:
    """:meth:`Analysis.derive` for a tile exchanged at cell ``c`` (R8): the empty cells
    beside it see its walls."""
    walls = masks[CELL_KEY[c]]
    for side, step, facing in NEIGHBOURS:
        n = c + step
        if CELL_KEY[n] not in masks:
            _gain_neighbour(frontier, frontier_codes, n, facing, (walls & side) != NO_SIDES)


def _gain_neighbour(
    frontier: list[int], frontier_codes: list[int], n: int, side: int, wall: bool
) -> None:
    """The empty cell ``n`` has a tile on ``side`` now, with a wall facing it or not
    (it joins the frontier if it was not on it)."""
    j = index_in(frontier, n)
    if j < len(frontier) and frontier[j] == n:
        frontier_codes[j] = with_neighbour(frontier_codes[j], side, wall)
    else:
        frontier.insert(j, CELL_KEY[n])
        frontier_codes.insert(j, with_neighbour(NO_SIDES, side, wall))


def _left(
    frontier: list[int],
    frontier_codes: list[int],
    built: list[int],
    built_codes: list[int],
    masks: dict[int, int],
    c: int,
) -> int:
    """:meth:`Analysis.derive` for the tile that left cell ``c``: updates the lists;
    returns the steps on foot it took away."""
    i = index_in(built, c)
    change = SIDE_COUNT[WALK[built_codes[i]]]
    del built[i]
    del built_codes[i]
    code = NO_SIDES
    for side, step, facing in NEIGHBOURS:
        n = c + step
        other = masks.get(CELL_KEY[n])
        if other is None:
            j = index_in(frontier, n)
            if j < len(frontier) and frontier[j] == n:
                left = without_neighbour(frontier_codes[j], facing)
                if touching(left) != NO_SIDES:
                    frontier_codes[j] = left
                else:  # no tile beside it any more: off the frontier
                    del frontier[j]
                    del frontier_codes[j]
            continue
        code = with_neighbour(code, side, (other & facing) != NO_SIDES)
        if n != FOUNTAIN_CELL:
            j = index_in(built, n)
            built_codes[j] = without_neighbour(built_codes[j], facing)
    if code != NO_SIDES:
        j = index_in(frontier, c)
        frontier.insert(j, CELL_KEY[c])
        frontier_codes.insert(j, code)
    return change


def _box_after(box: Box, masks: Mapping[int, int], c: int, entered: bool) -> Box:
    """The tiles' box once a tile entered (or left) cell ``c``."""
    x0, y0, x1, y1 = box
    x = COLUMN[c]
    y = ROW[c]
    if x0 < x < x1 and y0 < y < y1:  # inside the box, off its edge: the box stays
        return box
    if entered:  # (comparisons, not min() and max(): no builtin called)
        return (x if x < x0 else x0, y if y < y0 else y0, x if x > x1 else x1, y if y > y1 else y1)
    # it stood on the box's edge: the box anew
    x0 = y0 = STRIDE
    x1 = y1 = 0
    for q in masks:
        x = COLUMN[q]
        y = ROW[q]
        if x < x0:
            x0 = x
        if x > x1:
            x1 = x
        if y < y0:
            y0 = y
        if y > y1:
            y1 = y
    return (x0, y0, x1, y1)


SEEN: Final = 4
"""Recent analyses kept per Alhambra (and its copies), by layout: random and real play
often come back to a layout a few turns later (a tile moved to the reserve and back).
Few: 4 keep nearly all the hits of 32 (about 20% of new layouts in random play), and
fewer analyses alive keep the garbage collector's work down."""


def cell_hash(c: int, walls: int) -> int:
    """A cell's part of :func:`layout_hash`: its cell and walls as one number, times an
    odd constant. Both factors under 2**30 and the product under 2**48, so the compiled
    engine multiplies machine integers and the XOR of these stays one (no big integer,
    no tuple made and hashed per change)."""
    return (c * SIDE_SETS + walls) * 0x2545F491


def layout_hash(masks: Mapping[int, int]) -> int:
    """XOR of :func:`cell_hash` over the cells: kept up to date change by change, and
    only a hint (a hit is confirmed by comparing the layouts)."""
    h = 0
    for c, walls in masks.items():
        h ^= cell_hash(c, walls)
    return h
