"""The per-state analysis of an Alhambra on integer cells, and R7 written once.

Engine-internal (for :mod:`.grid` and the game's listing of legal actions): the names
here without a leading underscore are shared within the engine, not a user API.

**R7, written once.** A cell's *code* says what surrounds it: bits 0-3 the sides
(N E S W) with a tile beside them, bits 4-7 those of them where that tile has a wall
facing the cell, and, for a built cell, bits 8-11 its own walls. Each sub-rule of R7
is one function below (:func:`r7a_mismatches`, :func:`r7b_touches`,
:func:`r7c_open_sides`, :func:`r7d_leaves_hole` and :meth:`Analysis.empty_component`
for R7d); the fast tables (``_MATCH``, ``_FIT``, ``_WALK``, ``_OPEN``) are those
functions tabulated, and the sentences (``Alhambra.why_illegal``, ``violations``, the
exchange check) call the same functions.

Speed: legality queries read a per-state analysis (:class:`Analysis`), derived from
the previous state's after a single change; what depends on a tile is computed on
first use and kept until the next change.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

Pos = tuple[int, int]

# -- integer cells ------------------------------------------------------------------
# The per-state analysis works on integer cells, not (x, y) tuples: no tuple is built
# or hashed in its loops. Cell ``(x, y)`` is ``(x + 64) * 128 + (y + 64)``, so integer
# order is (x, y) order and the neighbours are a fixed offset away. An Alhambra holds at
# most the 54 tiles (R1), so its cells stay within 55 of the fountain: inside the 64 that fit.
OFF: Final = 64
_STRIDE: Final = 128
MAX_TILES: Final = 54  # R1: no Alhambra holds more, so no cell is farther than 54 from (0, 0)
CENTRE: Final = OFF * _STRIDE + OFF
"""The fountain's integer cell."""
POS: Final[tuple[Any, ...]] = tuple(((c >> 7) - OFF, (c & 127) - OFF) for c in range(_STRIDE * _STRIDE))
"""Integer cell -> its ``(x, y)``, one tuple object per cell. (Elements typed ``Any``:
compiled, a ``tuple[int, int]`` read from here would be unboxed and boxed again into a
new tuple at every use; so the actions of a cell share its one ``(x, y)``.)"""
CELL: Final[tuple[Any, ...]] = tuple(range(_STRIDE * _STRIDE))
"""The one integer object of each cell: the Alhambra's layout and the analysis' sets are
keyed by these, so a lookup finds its key by identity (not by a compare call), and the
compiled engine reads a cell object here instead of making an integer (cells are > 256)."""
_SIDES: Final[tuple[tuple[int, int, int], ...]] = ((1, -1, 4), (2, _STRIDE, 8), (4, 1, 1), (8, -_STRIDE, 2))
"""(side bit, offset of the neighbour, the neighbour's side facing us): N, E, S, W."""
_JOINS: Final[tuple[tuple[int, int, int, int], ...]] = (  # (side, previous side, offset of the corner between them, of the side cell)
    (1, 8, -_STRIDE - 1, -1),
    (2, 1, _STRIDE - 1, _STRIDE),
    (4, 2, _STRIDE + 1, 1),
    (8, 4, 1 - _STRIDE, -_STRIDE),
)


def cell(pos: Pos) -> int:
    """The integer cell of ``(x, y)`` (see above); ``(x, y)`` must be :func:`in_reach`."""
    return ((pos[0] + OFF) << 7) | (pos[1] + OFF)


def in_reach(pos: Pos) -> bool:
    """Can a tile ever stand at ``pos``? Not farther than the 54 tiles (R1) reach from
    the fountain (and so inside the integer cells)."""
    return -MAX_TILES <= pos[0] <= MAX_TILES and -MAX_TILES <= pos[1] <= MAX_TILES


def _seeds(k: int) -> tuple[int, ...]:
    """R7d's local test around an empty cell: ``k`` holds its sides with a tile (bits
    0-3, N E S W) and its corners with a tile (bits 4-7, in :data:`_JOINS` order). The
    empty side cells fall into components joined through empty corner cells; side i
    starts one unless the previous side and the corner between them are empty too.
    Returns the offsets of one side cell per component, or none if there is at most one
    component (then a tile there closes nothing)."""
    nb = k & 15
    seeds = tuple(
        side
        for i, (bit, prev, _corner, side) in enumerate(_JOINS)
        if not nb & bit and (nb & prev or k >> (4 + i) & 1)
    )
    return seeds if len(seeds) > 1 else ()


_SEEDS: Final = tuple(_seeds(k) for k in range(256))

_AROUND: Final = (-1, _STRIDE, 1, -_STRIDE)
"""The offsets of a cell's four neighbours."""
_POP: Final[tuple[int, ...]] = tuple(bin(i).count("1") for i in range(16))
_STEPS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(c for bit, c in ((1, -1), (2, _STRIDE), (4, 1), (8, -_STRIDE)) if m & bit)
    for m in range(16)
)
"""Walk bits (sides open to a neighbour) -> the offsets of those neighbours."""

# -- R7, written once ---------------------------------------------------------------


def neighbour_code(masks: Mapping[int, int], c: int) -> int:
    """The code of cell ``c`` in the layout ``masks`` (integer cell -> walls): bits 0-3
    the sides with a tile beside them, bits 4-7 those where that tile's facing side is
    walled. (The analysis keeps these codes up to date; this computes one afresh.)"""
    code = 0
    for bit, d, facing in _SIDES:
        o = masks.get(c + d)
        if o is not None:
            code |= bit | ((bit << 4) if o & facing else 0)
    return code


def r7a_mismatches(code: int, walls: int) -> int:
    """R7a: the sides of a tile with ``walls`` at a cell with ``code`` that touch a
    neighbour and do not match it (wall against open side or open against wall);
    0 when every touching side matches. Bits above 3 of ``code``'s shifted part are
    cut off, so a built cell's code (own walls << 8) may be given as it is."""
    return (walls ^ (code >> 4)) & code & 15


def r7b_touches(code: int) -> bool:
    """R7b: the cell shares at least one full side with the Alhambra."""
    return code & 15 != 0


def r7c_open_sides(code: int, walls: int) -> int:
    """R7c, one step on foot: the sides of a tile with ``walls`` at a cell with ``code``
    through which one walks to a neighbour (a tile there, no wall on this side). A new
    tile is reached on foot when this is not 0 (with R7a its walls are its
    neighbours'); the walk graph of the whole Alhambra is made of these steps."""
    return code & 15 & ~walls


def r7d_leaves_hole(code: int) -> bool:
    """R7d for a tile leaving a built cell: with a tile on all four sides, the cell
    it leaves would be an empty space enclosed on all sides. (R7d for a tile entering
    a cell is :meth:`Analysis.encloses`, a search over the empty cells.)"""
    return code & 15 == 15


def fits(code: int, walls: int) -> bool:
    """R7a-c for a tile with ``walls`` entering the empty cell with ``code`` (R7d is the
    search of :meth:`Analysis.encloses`)."""
    return (
        not r7a_mismatches(code, walls) and r7b_touches(code) and r7c_open_sides(code, walls) != 0
    )


def _table(rule: Any, codes: int) -> tuple[int, ...]:
    """``rule(code, walls)`` for every code, as a bit set over the 16 wall masks."""
    return tuple(sum(1 << m for m in range(16) if rule(code, m)) for code in range(codes))


_MATCH: Final = 16 * _table(lambda code, m: not r7a_mismatches(code, m), 256)
"""Code (8 bits; or a built cell's 12, own walls << 8) -> bit set of the wall masks
that match every neighbour (:func:`r7a_mismatches`). Its own walls do not matter, so
the first 256 entries repeat."""
_FIT: Final = _table(fits, 256)
"""An empty cell's code -> bit set of the wall masks that may enter it (:func:`fits`)."""
_WALK: Final = tuple(r7c_open_sides(code, code >> 8) for code in range(4096))
"""A built cell's code -> the sides walked through (:func:`r7c_open_sides`)."""
_OPEN: Final = tuple(not r7d_leaves_hole(code) for code in range(4096))
"""A built cell's code -> it may leave without enclosing its cell (:func:`r7d_leaves_hole`)."""
_LEAF: Final = tuple(o and _POP[w] < 2 for o, w in zip(_OPEN, _WALK))
"""A built cell's code -> it has an empty side and at most one neighbour on foot."""


def _cut_vertices(keys: Mapping[int, int], masks: Mapping[int, int]) -> set[int]:
    """Tiles whose removal separates some tile from the fountain in the walk graph
    (``keys``: built cell -> code, :data:`_WALK` gives its steps; the fountain is not
    among them). Tarjan's depth-first search from the fountain, reading the neighbours
    straight off the codes; the depth is at most the 54 tiles (R1)."""
    disc = {CELL[CENTRE]: 0}
    cut: set[int] = set()
    for _bit, step, _facing in _SIDES:  # the fountain has no walls
        q = CELL[CENTRE + step]
        if q in masks and q not in disc:
            _low(CENTRE + step, CENTRE, keys, disc, cut)
    return cut


def _low(v: int, parent: int, keys: Mapping[int, int], disc: dict[int, int], cut: set[int]) -> int:
    """Tarjan's low point of ``v``, reached from ``parent``; adds the cut vertices found
    below it to ``cut``. (A module function, not a closure: a recursive closure is a
    reference cycle, left for the garbage collector after every call.)"""
    cv = CELL[v]
    d = disc[cv] = len(disc)
    lo = d
    for step in _STEPS[_WALK[keys[cv]]]:
        w = v + step
        dw = disc.get(CELL[w])
        if dw is None:
            lw = _low(w, v, keys, disc, cut)
            if lw < lo:
                lo = lw
            if lw >= d:
                cut.add(cv)
        elif w != parent and dw < lo:
            lo = dw
    return lo


def on_foot(masks: Mapping[int, int], without: int | None = None) -> set[int]:
    """R7c: the built cells reached on foot from the fountain, tile to tile across
    :func:`r7c_open_sides`, never stepping on ``without``. (The removable tiles are
    found faster as the non-cut vertices of this walk graph: :func:`_cut_vertices`.)"""
    seen = {CENTRE}
    todo = [CENTRE]
    while todo:
        c = todo.pop()
        for step in _STEPS[r7c_open_sides(neighbour_code(masks, c), masks[c])]:
            q = c + step
            if q not in seen and q != without:
                seen.add(q)
                todo.append(q)
    return seen


def _at(packed: list[int], c: int) -> int:
    """The index of cell ``c`` in ``packed`` (sorted ``cell << 12 | code``: cheap to copy,
    walked in cell order with no sort, read compiled as machine integers), or where it goes."""
    key = c << 12
    lo = 0
    hi = len(packed)
    while lo < hi:  # (a loop, not bisect: compiled, no call with boxed arguments)
        mid = (lo + hi) >> 1
        if packed[mid] < key:
            lo = mid + 1
        else:
            hi = mid
    return lo


def code_in(packed: list[int], c: int) -> int:
    """The code of cell ``c`` in ``packed`` (see :func:`_at`), 0 if it is not there."""
    i = _at(packed, c)
    if i < len(packed):
        v = packed[i]
        if v >> 12 == c:
            return v & 4095
    return 0


def _entered(frontier: list[int], keys: list[int], held: dict[Any, int], c: int, replaced: bool) -> int:
    """:meth:`Analysis.derive` for a tile that entered cell ``c`` (``replaced``: in place
    of another): updates the packed lists; returns the change in steps on foot."""
    new = held[CELL[c]]
    i = _at(frontier, c)
    if i < len(frontier) and frontier[i] >> 12 == c:
        del frontier[i]
    key = new << 8
    for bit, d, facing in _SIDES:
        n = c + d
        o = held.get(CELL[n])
        wall = (facing << 4) if new & bit else 0
        if o is None:
            j = _at(frontier, n)
            if j < len(frontier) and frontier[j] >> 12 == n:
                frontier[j] = (frontier[j] & ~(facing << 4)) | facing | wall
            else:
                frontier.insert(j, (n << 12) | facing | wall)
            continue
        key |= bit | ((bit << 4) if o & facing else 0)
        if n != CENTRE:
            j = _at(keys, n)
            keys[j] = (keys[j] & ~(facing << 4)) | facing | wall
    i = _at(keys, c)
    steps = _POP[_WALK[key]]
    if replaced:  # less the steps from the tile that was at c
        steps -= _POP[_WALK[keys[i] & 4095]]
        keys[i] = (c << 12) | key
    else:
        keys.insert(i, (c << 12) | key)
    return steps


def _left(frontier: list[int], keys: list[int], held: dict[Any, int], c: int) -> int:
    """:meth:`Analysis.derive` for the tile that left cell ``c``: updates the packed
    lists; returns the steps on foot it took away."""
    i = _at(keys, c)
    steps = _POP[_WALK[keys[i] & 4095]]
    del keys[i]
    code = 0
    for bit, d, facing in _SIDES:
        n = c + d
        o = held.get(CELL[n])
        if o is None:
            j = _at(frontier, n)
            if j < len(frontier) and frontier[j] >> 12 == n:
                k = frontier[j] & ~(facing | (facing << 4))
                if k & 255:
                    frontier[j] = k
                else:
                    del frontier[j]
            continue
        code |= bit | ((bit << 4) if o & facing else 0)
        if n != CENTRE:
            j = _at(keys, n)
            keys[j] &= ~(facing | (facing << 4))
    if code:
        frontier.insert(_at(frontier, c), (c << 12) | code)
    return steps


class Analysis:
    """Tile-independent facts about one state of an Alhambra, on integer cells.

    One pass over the tiles builds ``frontier`` (each empty cell beside a tile with its
    code), ``keys`` (each built cell but the fountain with its code, own walls << 8: R8
    exchanges, R7c's walk graph), both sorted lists of ``cell << 12 | code``, and
    ``edges`` (steps between neighbours on foot). The rest is computed on first use and
    kept: R7d per frontier cell, the removable tiles (R8), the legal and exchange cells
    per wall mask. ``memo`` also holds callers' per-state results (the action lists).
    """

    __slots__ = (
        "_encloses",
        "_removable",
        "bbox",
        "edges",
        "frontier",
        "keys",
        "masks",
        "memo",
    )

    def __init__(self, masks: dict[int, int] | None = None):
        if masks is None:  # a blank for derive() to fill in
            return
        self.masks = masks
        frontier: dict[int, int] = {}
        keys: list[int] = []
        links = 0
        x0 = x1 = CENTRE >> 7
        y0 = y1 = CENTRE & 127
        for c, m in masks.items():
            x = c >> 7
            y = c & 127
            if x < x0:
                x0 = x
            elif x > x1:
                x1 = x
            if y < y0:
                y0 = y
            elif y > y1:
                y1 = y
            key = m << 8
            for bit, d, facing in _SIDES:
                q = CELL[c + d]
                o = masks.get(q)
                if o is None:  # q is empty: it has a neighbour on its `facing` side
                    frontier[q] = frontier.get(q, 0) | facing | ((facing << 4) if m & bit else 0)
                else:
                    key |= bit | ((bit << 4) if o & facing else 0)
            if c != CENTRE:  # the fountain is never exchanged
                keys.append((c << 12) | key)
            links += _POP[_WALK[key]]
        keys.sort()
        self.keys = keys
        self.edges = links >> 1
        self.frontier = sorted([(q << 12) | k for q, k in frontier.items()])
        self.bbox = (x0, y0, x1, y1)
        self._reset()

    def _reset(self) -> None:
        self._removable: tuple[int, ...] | None = None
        self._encloses: dict[int, bool] | None = None  # (made on first use: fewer objects)
        # callers' results, and the legal (mask) and exchange (16 + mask) cells per wall mask
        self.memo: dict[Any, Any] = {}

    def derive(self, masks: dict[int, int], c: int, old: int | None) -> Analysis:
        """The analysis of ``masks``, which differs from this state's layout at cell
        ``c`` only (``old``: its walls before, ``None`` if it was empty): the one-pass
        facts change only around ``c``, the rest is computed anew on first use."""
        an = Analysis()  # blank (compiled classes have no bare __new__)
        an.masks = masks
        frontier = an.frontier = self.frontier.copy()
        keys = an.keys = self.keys.copy()
        an._reset()
        entered = CELL[c] in masks  # a tile entered c (or replaced the one there), or left
        if entered:
            an.edges = self.edges + _entered(frontier, keys, masks, c, old is not None)
        else:
            an.edges = self.edges - _left(frontier, keys, masks, c)
        an.bbox = self._bbox_after(masks, c, entered)
        return an

    def _bbox_after(
        self, masks: dict[int, int], c: int, entered: bool
    ) -> tuple[int, int, int, int]:
        """The tiles' box once a tile entered (or left) cell ``c``."""
        x0, y0, x1, y1 = bbox = self.bbox
        x = c >> 7
        y = c & 127
        if x0 < x < x1 and y0 < y < y1:  # inside the box, off its edge: the box stays
            return bbox
        elif entered:
            return (
                x if x < x0 else x0,
                y if y < y0 else y0,
                x if x > x1 else x1,
                y if y > y1 else y1,
            )
        # it stood on the box's edge: the box anew (a loop, not min() and max() over
        # lists: the compiled engine calls no builtin)
        x0 = y0 = 127
        x1 = y1 = 0
        for k in masks:
            x = k >> 7
            y = k & 127
            if x < x0:
                x0 = x
            if x > x1:
                x1 = x
            if y < y0:
                y0 = y
            if y > y1:
                y1 = y
        return (x0, y0, x1, y1)

    def encloses(self, q: int) -> bool:
        """R7d: would a tile at the empty cell ``q`` cut some empty cell off from the
        outside? A local test around ``q`` settles most cells; only where the empty
        cells beside it are not joined around it does a bounded search run."""
        found = self._encloses
        if found is None:
            found = self._encloses = {}
        key = CELL[q]
        hit = found.get(key)
        if hit is None:
            hit = found[key] = self._compute_encloses(q)
        return hit

    def _seeds_of(self, q: int) -> tuple[int, ...]:
        """:data:`_SEEDS` for the empty cell ``q``: one neighbour per group of empty
        cells around it that a tile at ``q`` might cut apart."""
        return self._seeds_at(q, code_in(self.frontier, q))

    def _seeds_at(self, q: int, code: int) -> tuple[int, ...]:
        """:meth:`_seeds_of` for the empty cell ``q`` whose frontier code is ``code``
        (0 if it is not on the frontier)."""
        masks = self.masks
        k = code & 15  # the sides with a tile, then the corners (_JOINS)
        if CELL[q - _STRIDE - 1] in masks:
            k |= 16
        if CELL[q + _STRIDE - 1] in masks:
            k |= 32
        if CELL[q + _STRIDE + 1] in masks:
            k |= 64
        if CELL[q - _STRIDE + 1] in masks:
            k |= 128
        return _SEEDS[k]

    def _compute_encloses(self, q: int) -> bool:
        x0, y0, x1, y1 = self.bbox
        if not (x0 <= q >> 7 <= x1 and y0 <= q & 127 <= y1):
            return False  # beyond the box: its only tile neighbour is inward, nothing closes
        seeds = self._seeds_of(q)
        return bool(seeds) and any(self.empty_component(q + d, q) is not None for d in seeds)

    def enclosed_by(self, q: int) -> set[int]:
        """R7d: the empty cells a tile at the empty cell ``q`` would enclose (none when
        :meth:`encloses` is false)."""
        out: set[int] = set()
        if self.encloses(q):
            for d in self._seeds_of(q):
                out |= self.empty_component(q + d, q) or set()
        return out

    def holes(self) -> set[int]:
        """R7d for the layout as it stands: the empty cells enclosed on all sides."""
        x0, y0, x1, y1 = self.bbox
        out: set[int] = set()
        for v in self.frontier:  # an enclosed group has a cell beside a tile
            q = v >> 12
            if q not in out and x0 < q >> 7 < x1 and y0 < q & 127 < y1:
                out |= self.empty_component(q, -1) or set()  # (-1: no cell blocked)
        return out

    def empty_component(self, start: int, blocked: int) -> set[int] | None:
        """R7d, the one search: the empty cells joined to the empty cell ``start``
        through empty cells (``blocked`` counted as a tile), or ``None`` as soon as one
        of them reaches the outside (the edge of the tiles' box: its outward neighbour
        is outside, or it is outside)."""
        masks = self.masks
        x0, y0, x1, y1 = self.bbox
        first = CELL[start]
        seen = {first}
        if blocked >= 0:
            seen.add(CELL[blocked])
        todo: list[Any] = [first]
        while todo:
            c: int = todo.pop()
            x = c >> 7
            y = c & 127
            if x <= x0 or x >= x1 or y <= y0 or y >= y1:
                return None
            for d in _AROUND:
                q = CELL[c + d]
                if q not in seen and q not in masks:
                    seen.add(q)
                    todo.append(q)
        seen.discard(blocked)
        return seen

    def removable_cells(self) -> tuple[int, ...]:
        """R8, as sorted integer cells: tiles that may leave: not the fountain, not a
        cut vertex of the walk graph (all stays reachable on foot), and with an empty
        side (no space is left behind)."""
        free = self._removable
        if free is None:
            keys = self.keys
            found: list[Any] = []  # (a loop: cheaper than a comprehension for so few cells)
            if self.edges == len(keys):
                # the walk graph is a tree (connected, R7c; ``keys``: every tile but the
                # fountain): its cut vertices are the other tiles with two or more neighbours
                for v in keys:
                    if _LEAF[v & 4095]:
                        found.append(CELL[v >> 12])
            else:
                cut = _cut_vertices({CELL[v >> 12]: v & 4095 for v in keys}, self.masks)
                for v in keys:
                    q = CELL[v >> 12]
                    if _OPEN[v & 4095] and q not in cut:
                        found.append(q)
            free = self._removable = tuple(found)
        return free

    def removable(self) -> tuple[Pos, ...]:
        """:meth:`removable_cells` as ``(x, y)`` positions."""
        return tuple([POS[c] for c in self.removable_cells()])

    def cells(self, mask: int) -> tuple[int, ...]:
        """Sorted legal integer cells for a tile with walls ``mask`` (R7), cached per
        mask: a frontier cell whose walls match (R7a) with an open side towards a tile
        (R7c), one table lookup, then R7d (settled at once for cells beyond the box)."""
        found: tuple[int, ...] | None = self.memo.get(mask)
        if found is not None:
            return found
        out: list[Any] = []
        if len(self.masks) <= MAX_TILES:  # else R1: every tile is built
            bit = 1 << mask
            x0, y0, x1, y1 = self.bbox
            for v in self.frontier:
                code = v & 255
                if _FIT[code] & bit:
                    q = v >> 12
                    # R7d: beyond the box nothing closes, nor where the local test finds
                    # no groups to cut apart (most cells): settled here, only the rest
                    # asks encloses() (its search, kept per cell)
                    if not (
                        x0 <= q >> 7 <= x1
                        and y0 <= q & 127 <= y1
                        and self._seeds_at(q, code)
                        and self.encloses(q)
                    ):
                        out.append(CELL[q])
        found = self.memo[mask] = tuple(out)
        return found

    def legal_cells(self, mask: int) -> tuple[Pos, ...]:
        """:meth:`cells` as ``(x, y)`` positions."""
        return tuple([POS[c] for c in self.cells(mask)])

    def swap_cells(self, mask: int) -> tuple[int, ...]:
        """Sorted integer cells whose tile a tile with walls ``mask`` may replace (R8:
        its sides facing neighbours match them, R7a), cached per mask."""
        found: tuple[int, ...] | None = self.memo.get(16 + mask)
        if found is None:
            bit = 1 << mask
            out: list[Any] = []
            for v in self.keys:
                if _MATCH[v & 4095] & bit:
                    out.append(CELL[v >> 12])
            found = self.memo[16 + mask] = tuple(out)
        return found

    def exchange_cells(self, mask: int) -> tuple[Pos, ...]:
        """:meth:`swap_cells` as ``(x, y)`` positions."""
        return tuple([POS[c] for c in self.swap_cells(mask)])


SEEN: Final = 4
"""Recent analyses kept per Alhambra (and its copies), by layout: random and real play
often come back to a layout a few turns later (a tile moved to the reserve and back).
Few: 4 keep nearly all the hits of 32 (about 20% of new layouts in random play), and
fewer analyses alive keep the garbage collector's work down."""


def cell_hash(c: int, walls: int) -> int:
    """A cell's part of :func:`layout_hash`: ``(cell << 4 | walls)`` times an odd
    constant. Both factors under 2**30 and the product under 2**48, so the compiled
    engine multiplies machine integers and the XOR of these stays one (no big integer,
    no tuple made and hashed per change)."""
    return ((c << 4) | walls) * 0x2545F491


def layout_hash(masks: Mapping[int, int]) -> int:
    """XOR of :func:`cell_hash` over the cells: kept up to date change by change, and
    only a hint (a hit is confirmed by comparing the layouts)."""
    h = 0
    for c, walls in masks.items():
        h ^= cell_hash(c, walls)
    return h
