"""One player's Alhambra: the building rules (R7), redesign checks (R8) and walls (R11).

Coordinates are ``(x, y)`` with the fountain at ``(0, 0)``, x growing east and
y growing south. A wall segment is a pair of lattice corners; the tile at
``(x, y)`` covers the square from corner ``(x, y)`` to corner ``(x + 1, y + 1)``.

Speed: legality queries read a per-state analysis on integer cells (see
:class:`_Analysis`): the frontier cells with the walls they must match and the wall keys
of built cells (which give the walk graph), derived from the previous state's analysis
after a single change; what depends on a tile (R7d for wall-matching cells, the removable
tiles) is computed on first use and kept until the next change.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..errors import GameError, IllegalAction, MalformedInput, int_pair
from .components import FOUNTAIN, SIDE_NAMES, STEPS, Tile, opposite

Pos = tuple[int, int]
Corner = tuple[int, int]
Segment = tuple[Corner, Corner]


@dataclass(frozen=True, slots=True)
class Violation:
    """Why a tile may not go into a cell: ``rule`` is ``"R7"`` (the cell is taken), ``"R7a"``..``"R7d"``
    (or ``"R8"`` for redesigns); ``str()`` is a plain sentence."""

    rule: str
    message: str
    pos: Pos | None = None

    def __str__(self) -> str:
        return self.message

    def error(self) -> IllegalAction:
        return IllegalAction(self.rule, self.message)


def _fmt(pos: Pos) -> str:
    return f"({pos[0]}, {pos[1]})"


# -- integer cells ------------------------------------------------------------------
# The per-state analysis works on integer cells, not (x, y) tuples: no tuple is built
# or hashed in its loops. Cell ``(x, y)`` is ``(x + 64) * 128 + (y + 64)``, so integer
# order is (x, y) order and the neighbours are a fixed offset away. An Alhambra holds at
# most the 54 tiles (R1), so its cells stay within 55 of the fountain: inside the 64 that fit.
_OFF = 64
_STRIDE = 128
_MAX_TILES = 54  # R1: no Alhambra holds more, so no cell is farther than 54 from (0, 0)
CENTRE = _OFF * _STRIDE + _OFF
"""The fountain's integer cell."""
_POS: tuple[Pos, ...] = tuple(((c >> 7) - _OFF, (c & 127) - _OFF) for c in range(_STRIDE * _STRIDE))
_SIDES = ((1, -1, 4), (2, _STRIDE, 8), (4, 1, 1), (8, -_STRIDE, 2))
"""(side bit, offset of the neighbour, the neighbour's side facing us): N, E, S, W."""
_JOINS = (  # (side, previous side, offset of the corner between them, of the side cell)
    (1, 8, -_STRIDE - 1, -1),
    (2, 1, _STRIDE - 1, _STRIDE),
    (4, 2, _STRIDE + 1, 1),
    (8, 4, 1 - _STRIDE, -_STRIDE),
)


def cell(pos: Pos) -> int:
    """The integer cell of ``(x, y)`` (see above)."""
    return ((pos[0] + _OFF) << 7) | (pos[1] + _OFF)


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


_SEEDS = tuple(_seeds(k) for k in range(256))

_POP = tuple(bin(i).count("1") for i in range(16))
_STEPS = tuple(
    tuple(c for bit, c in ((1, -1), (2, _STRIDE), (4, 1), (8, -_STRIDE)) if m & bit)
    for m in range(16)
)
"""Walk bits (sides open to a neighbour) -> the offsets of those neighbours."""

_MATCH = 16 * tuple(
    sum(1 << m for m in range(16) if m & code & 15 == code >> 4) for code in range(256)
)
"""Code (sides with a neighbour | those walled on the neighbour's side << 4; for a built
cell also its own walls << 8) -> bit set of the wall masks whose sides match every
neighbour (R7a). Its own walls do not matter, so the first 256 entries repeat."""
_FIT = tuple(f if code & ~(code >> 4) & 15 else 0 for code, f in enumerate(_MATCH[:256]))
"""As :data:`_MATCH` for an empty cell, and empty unless some neighbour side is open
(a tile there is reached on foot, R7c)."""
_WALK = tuple(code & 15 & ~(code >> 8) for code in range(4096))
"""A built cell's code -> the sides walked through: a neighbour there, no wall (R7c)."""
_OPEN = tuple(code & 15 != 15 for code in range(4096))
"""A built cell's code -> it has an empty side."""
_LEAF = tuple(o and _POP[w] < 2 for o, w in zip(_OPEN, _WALK))
"""A built cell's code -> it has an empty side and at most one neighbour on foot."""


def _cut_vertices(keys: Mapping[int, int], masks: Mapping[int, int]) -> set[int]:
    """Tiles whose removal separates some tile from the fountain in the walk graph
    (``keys``: built cell -> code, :data:`_WALK` gives its steps; the fountain is not
    among them). Tarjan's depth-first search from the fountain, reading the neighbours
    straight off the codes; the depth is at most the 54 tiles (R1)."""
    disc = {CENTRE: 0}
    cut: set[int] = set()
    for _bit, step, _facing in _SIDES:  # the fountain has no walls
        if CENTRE + step in masks and CENTRE + step not in disc:
            _low(CENTRE + step, CENTRE, keys, disc, cut)
    return cut


def _low(v: int, parent: int, keys: Mapping[int, int], disc: dict[int, int], cut: set[int]) -> int:
    """Tarjan's low point of ``v``, reached from ``parent``; adds the cut vertices found
    below it to ``cut``. (A module function, not a closure: a recursive closure is a
    reference cycle, left for the garbage collector after every call.)"""
    d = disc[v] = len(disc)
    lo = d
    for step in _STEPS[_WALK[keys[v]]]:
        w = v + step
        dw = disc.get(w)
        if dw is None:
            lw = _low(w, v, keys, disc, cut)
            if lw < lo:
                lo = lw
            if lw >= d:
                cut.add(v)
        elif w != parent and dw < lo:
            lo = dw
    return lo


class _Analysis:
    """Tile-independent facts about one state of an Alhambra, on integer cells.

    One pass over the tiles builds ``frontier`` (empty cell beside a tile -> sides with
    a neighbour | walled neighbour sides << 4), ``keys`` (the same code for built
    cells, with their own walls << 8: R8 exchanges, and the walk graph of R7c) and
    ``edges`` (the number of steps between neighbours on foot). The
    rest is computed on first use and kept: which frontier cells would enclose a space
    (R7d), the removable tiles (R8), the legal and exchange cells per wall pattern.
    ``memo`` holds callers' per-state results (the game keeps its action lists there).
    """

    __slots__ = (
        "_encloses",
        "_legal",
        "_removable",
        "_swaps",
        "bbox",
        "edges",
        "frontier",
        "keys",
        "masks",
        "memo",
    )

    def __init__(self, masks: dict[int, int]):
        self.masks = masks
        frontier: dict[int, int] = {}
        keys: dict[int, int] = {}
        links = 0
        fget = frontier.get
        mget = masks.get
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
                q = c + d
                o = mget(q)
                if o is None:  # q is empty: it has a neighbour on its `facing` side
                    frontier[q] = fget(q, 0) | facing | ((facing << 4) if m & bit else 0)
                else:
                    key |= bit | ((bit << 4) if o & facing else 0)
            keys[c] = key
            links += _POP[_WALK[key]]
        del keys[CENTRE]  # the fountain is never exchanged
        self.keys = keys
        self.edges = links >> 1
        self.frontier = frontier
        self.bbox = (x0, y0, x1, y1)
        self._reset()

    def _reset(self) -> None:
        self._removable: tuple[int, ...] | None = None
        self._encloses: dict[int, bool] = {}
        self._legal: dict[int, tuple[int, ...]] = {}
        self._swaps: dict[int, tuple[int, ...]] = {}
        self.memo: dict[Any, Any] = {}

    def derive(self, masks: dict[int, int], c: int, old: int | None) -> _Analysis:
        """The analysis of ``masks``, which differs from this state's layout at cell
        ``c`` only (``old``: its walls before, ``None`` if it was empty): the one-pass
        facts change only around ``c``, the rest is computed anew on first use."""
        an = _Analysis.__new__(_Analysis)
        an.masks = masks
        frontier = an.frontier = self.frontier.copy()
        keys = an.keys = self.keys.copy()
        an._reset()
        edges = self.edges
        if old is not None:  # the steps from the tile that was at c
            edges -= _POP[_WALK[keys[c]]]
        new = masks.get(c)
        mget = masks.get
        if new is not None:  # a tile entered c (or replaced the one there)
            frontier.pop(c, None)
            key = new << 8
            for bit, d, facing in _SIDES:
                q = c + d
                o = mget(q)
                wall = (facing << 4) if new & bit else 0
                if o is None:
                    frontier[q] = (frontier.get(q, 0) & ~(facing << 4)) | facing | wall
                    continue
                key |= bit | ((bit << 4) if o & facing else 0)
                if q != CENTRE:
                    keys[q] = (keys[q] & ~(facing << 4)) | facing | wall
            keys[c] = key
            edges += _POP[_WALK[key]]
        else:  # the tile at c left
            del keys[c]
            code = 0
            for bit, d, facing in _SIDES:
                q = c + d
                o = mget(q)
                if o is None:
                    k = frontier.get(q, 0) & ~(facing | (facing << 4))
                    if k:
                        frontier[q] = k
                    else:
                        frontier.pop(q, None)
                    continue
                code |= bit | ((bit << 4) if o & facing else 0)
                if q != CENTRE:
                    keys[q] &= ~(facing | (facing << 4))
            if code:
                frontier[c] = code
        an.edges = edges
        x0, y0, x1, y1 = bbox = self.bbox
        x = c >> 7
        y = c & 127
        if x0 < x < x1 and y0 < y < y1:  # inside the box, off its edge: the box stays
            an.bbox = bbox
        elif new is not None:
            an.bbox = (
                x if x < x0 else x0,
                y if y < y0 else y0,
                x if x > x1 else x1,
                y if y > y1 else y1,
            )
        else:  # it stood on the box's edge
            xs = [k >> 7 for k in masks]
            ys = [k & 127 for k in masks]
            an.bbox = (min(xs), min(ys), max(xs), max(ys))
        return an

    def encloses(self, q: int) -> bool:
        """R7d: would a tile at the empty cell ``q`` cut some empty cell off from the
        outside? A local test around ``q`` settles most cells; only where the empty
        cells beside it are not joined around it does a bounded search run."""
        hit = self._encloses.get(q)
        if hit is None:
            hit = self._encloses[q] = self._compute_encloses(q)
        return hit

    def _compute_encloses(self, q: int) -> bool:
        x0, y0, x1, y1 = self.bbox
        if not (x0 <= q >> 7 <= x1 and y0 <= q & 127 <= y1):
            return False  # beyond the box: its only tile neighbour is inward, nothing closes
        masks = self.masks
        k = self.frontier.get(q, 0) & 15  # the sides with a tile, then the corners (_JOINS)
        if q - _STRIDE - 1 in masks:
            k |= 16
        if q + _STRIDE - 1 in masks:
            k |= 32
        if q + _STRIDE + 1 in masks:
            k |= 64
        if q - _STRIDE + 1 in masks:
            k |= 128
        seeds = _SEEDS[k]
        return bool(seeds) and any(not self._reaches_outside(q + d, q) for d in seeds)

    def _reaches_outside(self, start: int, blocked: int) -> bool:
        masks = self.masks
        x0, y0, x1, y1 = self.bbox
        seen = {start, blocked}
        todo = [start]
        while todo:
            c = todo.pop()
            x = c >> 7
            y = c & 127
            if x <= x0 or x >= x1 or y <= y0 or y >= y1:
                # on the box's edge: its outward neighbour is outside (or it is outside)
                return True
            for q in (c - 1, c + _STRIDE, c + 1, c - _STRIDE):
                if q not in seen and q not in masks:
                    seen.add(q)
                    todo.append(q)
        return False

    def removable_cells(self) -> tuple[int, ...]:
        """R8, as sorted integer cells: tiles that may leave: not the fountain, not a
        cut vertex of the walk graph (all stays reachable on foot), and with an empty
        side (no space is left behind)."""
        free = self._removable
        if free is None:
            keys = self.keys
            if self.edges == len(keys):
                # the walk graph is a tree (it is connected, R7c; ``keys`` holds every tile
                # but the fountain): its cut vertices are exactly the tiles other than the
                # fountain with two or more neighbours
                cut: Container[int] = ()
                leaf = _LEAF
            else:
                cut = _cut_vertices(keys, self.masks)
                leaf = _OPEN
            found = []  # (a loop: cheaper than a comprehension for so few cells)
            for c, k in keys.items():
                if leaf[k] and c not in cut:
                    found.append(c)
            found.sort()
            free = self._removable = tuple(found)
        return free

    def removable(self) -> tuple[Pos, ...]:
        """:meth:`removable_cells` as ``(x, y)`` positions."""
        return tuple([_POS[c] for c in self.removable_cells()])

    def cells(self, mask: int) -> tuple[int, ...]:
        """Sorted legal integer cells for a tile with walls ``mask`` (R7), cached per
        mask: a frontier cell whose walls match (R7a) with an open side towards a tile
        (R7c), one table lookup, then R7d (settled at once for cells beyond the box)."""
        found = self._legal.get(mask)
        if found is not None:
            return found
        out: list[int] = []
        if len(self.masks) <= _MAX_TILES:  # else R1: every tile is built
            bit = 1 << mask
            x0, y0, x1, y1 = self.bbox
            for q, code in self.frontier.items():
                # (beyond the box nothing closes: settled here, no call)
                if _FIT[code] & bit and not (
                    x0 <= q >> 7 <= x1 and y0 <= q & 127 <= y1 and self.encloses(q)
                ):
                    out.append(q)
            out.sort()
        found = self._legal[mask] = tuple(out)
        return found

    def legal_cells(self, mask: int) -> tuple[Pos, ...]:
        """:meth:`cells` as ``(x, y)`` positions."""
        return tuple([_POS[c] for c in self.cells(mask)])

    def swap_cells(self, mask: int) -> tuple[int, ...]:
        """Sorted integer cells whose tile a tile with walls ``mask`` may replace (R8:
        its sides facing neighbours match them, R7a), cached per mask."""
        found = self._swaps.get(mask)
        if found is None:
            bit = 1 << mask
            out = []
            for q, code in self.keys.items():
                if _MATCH[code] & bit:
                    out.append(q)
            out.sort()
            found = self._swaps[mask] = tuple(out)
        return found

    def exchange_cells(self, mask: int) -> tuple[Pos, ...]:
        """:meth:`swap_cells` as ``(x, y)`` positions."""
        return tuple([_POS[c] for c in self.swap_cells(mask)])


_SEEN = 4
"""Recent analyses kept per Alhambra (and its copies), by layout: random and real play
often come back to a layout a few turns later (a tile moved to the reserve and back).
Few: 4 keep nearly all the hits of 32 (about 20% of new layouts in random play), and
fewer analyses alive keep the garbage collector's work down."""


def _layout_hash(masks: Mapping[int, int]) -> int:
    """XOR of ``hash((cell, walls))`` over the cells: kept up to date change by change,
    and only a hint (a hit is confirmed by comparing the layouts)."""
    h = 0
    for item in masks.items():
        h ^= hash(item)
    return h


class Alhambra:
    """One player's Alhambra: the fountain at ``(0, 0)`` and the tiles built around it.

    Every change goes through the building rules (R7, R8), so an ``Alhambra`` is
    always legal. A game's Alhambras belong to the game and refuse direct changes
    (apply an action to the game instead); :meth:`copy` gives a free one.
    """

    __slots__ = (
        "_base",
        "_cache",
        "_hash",
        "_longest",
        "_masks",
        "_owner",
        "_seen",
        "_tiles",
        "_walls",
    )

    def __init__(self) -> None:
        self._tiles: dict[Pos, Tile] = {(0, 0): FOUNTAIN}
        self._masks: dict[int, int] = {CENTRE: 0}  # integer cell -> walls, for the analysis
        self._hash = _layout_hash(self._masks)
        self._seen: dict[int, _Analysis] = {}
        self._base: tuple[_Analysis, int, int | None] | None = None
        self._cache: _Analysis | None = None
        self._walls: list[Segment] | None = None
        self._longest: list[Segment] | None = None
        self._owner: str | None = None

    @classmethod
    def from_tiles(cls, tiles: Mapping[Pos, Tile] | Iterable[tuple[Pos, Tile]]) -> Alhambra:
        """An Alhambra holding ``tiles`` (position -> tile; the fountain may be left out).

        The whole layout must satisfy R7; otherwise ``IllegalAction`` names the
        first rule it breaks."""
        a = cls()
        items = tiles.items() if isinstance(tiles, Mapping) else tiles
        for pos, tile in items:
            pos = _as_pos(pos)
            if tile == FOUNTAIN:
                if pos != (0, 0):
                    raise IllegalAction("R1", "The fountain stands at (0, 0).")
                continue
            if not isinstance(tile, Tile):
                raise MalformedInput(f"{tile!r} is not a Tile.")
            if pos in a._tiles:
                raise IllegalAction("R7", f"R7: cell {_fmt(pos)} is given twice.")
            a._tiles[pos] = tile
            a._masks[cell(pos)] = tile.mask
        a._hash = _layout_hash(a._masks)
        if len(a._tiles) > _MAX_TILES + 1:
            raise IllegalAction(
                "R1", f"R1: there are {_MAX_TILES} building tiles, not {len(a._tiles) - 1}."
            )
        problems = a.violations()
        if problems:
            raise problems[0].error()
        return a

    # -- reading ---------------------------------------------------------
    @property
    def tiles(self) -> Mapping[Pos, Tile]:
        """Read-only view: position -> tile, the fountain included."""
        return MappingProxyType(self._tiles)

    def __getitem__(self, pos: Pos) -> Tile:
        return self._tiles[pos]

    def get(self, pos: Pos, default: Tile | None = None) -> Tile | None:
        return self._tiles.get(pos, default)

    def __contains__(self, pos: object) -> bool:
        return pos in self._tiles

    def __iter__(self) -> Iterator[Pos]:
        return iter(self._tiles)

    def __len__(self) -> int:
        """Number of tiles, the fountain included."""
        return len(self._tiles)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Alhambra) and self._tiles == other._tiles

    __hash__ = None  # type: ignore[assignment]  # mutable

    def counts(self) -> dict[str, int]:
        """Tiles per building kind (the fountain is not a building); R10 counts these."""
        out: dict[str, int] = {}
        for t in self._tiles.values():
            if t.kind != "fountain":
                out[t.kind] = out.get(t.kind, 0) + 1
        return out

    def bounds(self) -> tuple[int, int, int, int]:
        """(min x, min y, max x, max y) of the tiles."""
        x0, y0, x1, y1 = self._analysis().bbox
        return (x0 - _OFF, y0 - _OFF, x1 - _OFF, y1 - _OFF)

    def copy(self) -> Alhambra:
        """A free copy (not owned by any game), made in constant time: the tile
        dictionary is never changed in place (every change makes a new one), so the
        copy shares it and its per-state analysis until either side changes."""
        a = Alhambra.__new__(Alhambra)
        a._tiles = self._tiles
        a._masks = self._masks
        a._hash = self._hash
        a._seen = self._seen
        a._base = self._base
        a._cache = self._cache
        a._walls = self._walls
        a._longest = self._longest
        a._owner = None
        return a

    def __deepcopy__(self, memo: object) -> Alhambra:
        a = self.copy()
        a._owner = self._owner
        return a

    def _analysis(self) -> _Analysis:
        an = self._cache
        if an is None:
            masks = self._masks
            seen = self._seen
            an = seen.get(self._hash)
            if an is None or an.masks != masks:
                base = self._base
                if base is not None:  # one change since the last analysis: derive it
                    an = base[0].derive(masks, base[1], base[2])
                else:
                    an = _Analysis(masks)
                if len(seen) >= _SEEN:
                    seen.clear()
                seen[self._hash] = an
            self._base = None
            self._cache = an
        return an

    def _changed(self, c: int, old: int | None) -> None:
        """The layout changed at integer cell ``c`` (``old``: its walls before). The
        next analysis is a recent one of the same layout (a redesign undone, a tile
        exchanged for one with the same walls), else derived from the last one if
        this is the only change since."""
        new = self._masks.get(c)
        h = self._hash
        if old is not None:
            h ^= hash((c, old))
        if new is not None:
            h ^= hash((c, new))
        self._hash = h
        self._base = (self._cache, c, old) if self._cache is not None else None
        self._cache = None
        self._walls = None
        self._longest = None

    def _check_owner(self) -> None:
        if self._owner is not None:
            raise GameError(
                f"This Alhambra belongs to {self._owner}'s seat in a game: change it by "
                "applying an action to the game, or work on a copy (alhambra.copy()).",
            )

    # -- R7 building rules ------------------------------------------------
    def why_illegal(self, tile: Tile, pos: Pos) -> Violation | None:
        """``None`` if ``tile`` may go into ``pos``; else the first rule broken, in the
        order occupied, R7a (matching sides), R7b (a full side shared), R7c (on foot
        from the fountain), R7d (no enclosed space)."""
        pos = _as_pos(pos)
        tiles = self._tiles
        if pos in tiles:
            there = tiles[pos]
            what = "the fountain" if there.kind == "fountain" else f"a {there.kind}"
            return Violation(
                "R7",
                f"R7: cell {_fmt(pos)} already holds {what}; a tile enters an empty cell.",
                pos,
            )
        if tile.kind == "fountain":
            return Violation(
                "R1", "R1: an Alhambra has one fountain, at (0, 0); it is never built again.", pos
            )
        if len(tiles) > _MAX_TILES:
            n = _MAX_TILES
            return Violation(
                "R1", f"R1: there are {n} building tiles; this Alhambra holds {n}.", pos
            )
        x, y = pos
        nb = wr = 0
        for bit, dx, dy in STEPS:
            other = tiles.get((x + dx, y + dy))
            if other is None:
                continue
            nb |= bit
            theirs = bool(other.mask & opposite(bit))
            if theirs:
                wr |= bit
            if theirs != bool(tile.mask & bit):
                mine = "walled" if tile.mask & bit else "open"
                them = "a wall" if theirs else "no wall"
                return Violation(
                    "R7a",
                    f"R7a: the {tile.kind}'s {SIDE_NAMES[bit]} side is {mine}, but the "
                    f"{other.kind} at {_fmt((x + dx, y + dy))} has {them} on the side it "
                    "touches; touching sides must match, wall against wall and open against open.",
                    pos,
                )
        if not nb:
            return Violation(
                "R7b",
                f"R7b: cell {_fmt(pos)} shares no full side with the Alhambra; a new tile "
                "must touch it along at least one side, not only at a corner.",
                pos,
            )
        if not nb & ~wr:
            return Violation(
                "R7c",
                f"R7c: a tile at {_fmt(pos)} could not be reached on foot from the fountain: "
                "every side it shares with the Alhambra is walled.",
                pos,
            )
        if self._analysis().encloses(cell(pos)):
            holes = self._holes(extra=pos)
            cells = ", ".join(_fmt(h) for h in sorted(holes, key=lambda p: (p[1], p[0])))
            return Violation(
                "R7d",
                f"R7d: a tile at {_fmt(pos)} would enclose the empty cell{'s' if len(holes) > 1 else ''} "
                f"{cells} on all sides; every empty cell must stay open to the outside.",
                pos,
            )
        return None

    def is_legal(self, tile: Tile, pos: Pos) -> bool:
        return self.why_illegal(tile, pos) is None

    def legal_positions(self, tile: Tile) -> set[Pos]:
        """Every cell where ``tile`` may be built now (R7; none for a fountain, R1)."""
        if tile.kind == "fountain":
            return set()
        return set(self._analysis().legal_cells(tile.mask))

    def place(self, tile: Tile, pos: Pos) -> None:
        """Build ``tile`` at ``pos``; ``IllegalAction`` (with ``.rule``) if R7 forbids it,
        and then nothing changes."""
        self._check_owner()
        v = self.why_illegal(tile, pos)
        if v is not None:
            raise v.error()
        self._put(tile, _as_pos(pos))

    def _put(self, tile: Tile, pos: Pos) -> None:
        tiles = dict(self._tiles)  # copy-on-write: copies and analyses share the old one
        tiles[pos] = tile
        self._tiles = tiles
        c = cell(pos)
        masks = dict(self._masks)
        masks[c] = tile.mask
        self._masks = masks
        self._changed(c, None)

    # -- R8 redesign ------------------------------------------------------
    def why_not_removable(self, pos: Pos) -> Violation | None:
        """``None`` if the tile at ``pos`` may go to the reserve (R8): never the
        fountain, and what remains must satisfy R7 (all on foot, no space)."""
        pos = _as_pos(pos)
        if pos == (0, 0):
            return Violation("R8", "R8: the fountain can never be removed or exchanged.", pos)
        tile = self._tiles.get(pos)
        if tile is None:
            return Violation("R8", f"R8: there is no tile at {_fmt(pos)} to remove.", pos)
        if pos in self._analysis().removable():
            return None
        x, y = pos
        if all((x + dx, y + dy) in self._tiles for _, dx, dy in STEPS):
            return Violation(
                "R7d",
                f"R8/R7d: removing the {tile.kind} at {_fmt(pos)} would leave an empty space "
                "enclosed on all sides.",
                pos,
            )
        cut = sorted(self._unreachable_without(pos), key=lambda p: (p[1], p[0]))
        return Violation(
            "R7c",
            f"R8/R7c: removing the {tile.kind} at {_fmt(pos)} would cut "
            f"{', '.join(_fmt(p) for p in cut)} off from the fountain (on foot).",
            pos,
        )

    def removable(self) -> set[Pos]:
        """Positions whose tile may go to the reserve (R8)."""
        return set(self._analysis().removable())

    def remove(self, pos: Pos) -> Tile:
        """Take the tile at ``pos`` out (to the reserve) and return it (R8)."""
        self._check_owner()
        v = self.why_not_removable(pos)
        if v is not None:
            raise v.error()
        return self._take(_as_pos(pos))

    def _take(self, pos: Pos) -> Tile:
        tiles = dict(self._tiles)
        tile = tiles.pop(pos)
        self._tiles = tiles
        c = cell(pos)
        masks = dict(self._masks)
        old = masks.pop(c)
        self._masks = masks
        self._changed(c, old)
        return tile

    def why_not_exchangeable(self, tile: Tile, pos: Pos) -> Violation | None:
        """``None`` if ``tile`` may take the place of the tile at ``pos`` (R8 exchange).

        The new tile takes exactly the same cell, so only R7a can break: its sides
        facing neighbours must match them (and then walking and spaces are as before)."""
        pos = _as_pos(pos)
        if pos == (0, 0):
            return Violation("R8", "R8: the fountain can never be removed or exchanged.", pos)
        old = self._tiles.get(pos)
        if old is None:
            return Violation("R8", f"R8: there is no tile at {_fmt(pos)} to exchange.", pos)
        if tile.kind == "fountain":
            return Violation(
                "R1", "R1: an Alhambra has one fountain, at (0, 0); it is never built again.", pos
            )
        if _MATCH[self._analysis().keys[cell(pos)]] >> tile.mask & 1:
            return None
        x, y = pos
        for bit, dx, dy in STEPS:
            other = self._tiles.get((x + dx, y + dy))
            if other is not None and bool(other.mask & opposite(bit)) != bool(tile.mask & bit):
                mine = "walled" if tile.mask & bit else "open"
                return Violation(
                    "R7a",
                    f"R8/R7a: in the exchange, the {tile.kind}'s {SIDE_NAMES[bit]} side would be "
                    f"{mine} against the {other.kind} at {_fmt((x + dx, y + dy))}; touching "
                    "sides must match.",
                    pos,
                )
        return None

    def exchangeable(self, tile: Tile) -> list[Pos]:
        """Cells whose tile ``tile`` may replace (R8 exchange), in (x, y) order."""
        if tile.kind == "fountain":
            return []
        return list(self._analysis().exchange_cells(tile.mask))

    def exchange(self, tile: Tile, pos: Pos) -> Tile:
        """Put ``tile`` where the tile at ``pos`` stands and return the old one (R8)."""
        self._check_owner()
        v = self.why_not_exchangeable(tile, pos)
        if v is not None:
            raise v.error()
        return self._swap(tile, _as_pos(pos))

    def _swap(self, tile: Tile, pos: Pos) -> Tile:
        tiles = dict(self._tiles)
        old = tiles[pos]
        tiles[pos] = tile
        self._tiles = tiles
        c = cell(pos)
        masks = dict(self._masks)
        before = masks[c]
        masks[c] = tile.mask
        self._masks = masks
        self._changed(c, before)
        return old

    # -- whole-layout check ---------------------------------------------
    def violations(self) -> list[Violation]:
        """Every way the whole layout breaks R7 (empty for a legal Alhambra)."""
        tiles = self._tiles
        out: list[Violation] = []
        if tiles.get((0, 0)) != FOUNTAIN:
            out.append(Violation("R1", "The fountain must stand at (0, 0).", (0, 0)))
            return out
        for (x, y), t in tiles.items():
            for bit, dx, dy in ((2, 1, 0), (4, 0, 1)):  # E and S: each pair once
                q = (x + dx, y + dy)
                o = tiles.get(q)
                if o is not None and bool(t.mask & bit) != bool(o.mask & opposite(bit)):
                    out.append(
                        Violation(
                            "R7a",
                            f"R7a: the {t.kind} at {_fmt((x, y))} and the {o.kind} at {_fmt(q)} "
                            "do not match where they touch.",
                            q,
                        )
                    )
        seen = self._reachable(None)
        for p in tiles:
            if p not in seen:
                out.append(
                    Violation("R7c", f"R7c: the tile at {_fmt(p)} cannot be reached on foot.", p)
                )
        for h in sorted(self._holes(), key=lambda p: (p[1], p[0])):
            out.append(Violation("R7d", f"R7d: the empty cell {_fmt(h)} is enclosed.", h))
        return out

    def _reachable(self, without: Pos | None) -> set[Pos]:
        tiles = self._tiles
        seen = {(0, 0)}
        todo = [(0, 0)]
        while todo:
            x, y = todo.pop()
            m = tiles[(x, y)].mask
            for bit, dx, dy in STEPS:
                q = (x + dx, y + dy)
                if m & bit or q in seen or q == without or q not in tiles:
                    continue
                seen.add(q)
                todo.append(q)
        return seen

    def _unreachable_without(self, pos: Pos) -> set[Pos]:
        seen = self._reachable(pos)
        return {p for p in self._tiles if p != pos and p not in seen}

    def _holes(self, extra: Pos | None = None) -> set[Pos]:
        """Empty cells that cannot reach the outside (with ``extra`` counted as a tile)."""
        tiles = self._tiles
        xs = [p[0] for p in tiles] + ([extra[0]] if extra else [])
        ys = [p[1] for p in tiles] + ([extra[1]] if extra else [])
        x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
        blocked = set(tiles)
        if extra:
            blocked.add(extra)
        seen = {(x0, y0)}
        todo = [(x0, y0)]
        while todo:
            x, y = todo.pop()
            for _, dx, dy in STEPS:
                q = (x + dx, y + dy)
                if x0 <= q[0] <= x1 and y0 <= q[1] <= y1 and q not in blocked and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return {
            (x, y)
            for x in range(x0, x1 + 1)
            for y in range(y0, y1 + 1)
            if (x, y) not in blocked and (x, y) not in seen
        }

    # -- R11 walls ----------------------------------------------------------
    def external_walls(self) -> list[Segment]:
        """Wall segments with no tile on their other side (R11); back-to-back walls are left out."""
        if self._walls is None:
            tiles = self._tiles
            segs: list[Segment] = []
            for (x, y), t in tiles.items():
                m = t.mask
                if not m:
                    continue
                if m & 1 and (x, y - 1) not in tiles:
                    segs.append(((x, y), (x + 1, y)))
                if m & 2 and (x + 1, y) not in tiles:
                    segs.append(((x + 1, y), (x + 1, y + 1)))
                if m & 4 and (x, y + 1) not in tiles:
                    segs.append(((x, y + 1), (x + 1, y + 1)))
                if m & 8 and (x - 1, y) not in tiles:
                    segs.append(((x, y), (x, y + 1)))
            self._walls = segs
        return list(self._walls)

    def longest_wall_segments(self) -> list[Segment]:
        """The segments of one longest joined wall (R11), in order along the wall."""
        if self._longest is None:
            self._longest = _longest_trail(self.external_walls())
        return list(self._longest)

    def longest_wall(self) -> int:
        """Points for walls (R11): the length of the longest joined external wall."""
        return len(self.longest_wall_segments())

    # -- display ------------------------------------------------------------
    def __repr__(self) -> str:
        n = len(self._tiles) - 1
        counts = ", ".join(f"{k} {v}" for k, v in sorted(self.counts().items()))
        return f"<Alhambra: fountain + {n} tile{'s' if n != 1 else ''}{': ' + counts if counts else ''}; longest wall {self.longest_wall()}>"

    def _repr_svg_(self) -> str:
        from .svg import alhambra_svg

        return alhambra_svg(self)


def _as_pos(pos: object) -> Pos:
    return int_pair(pos, "A cell")


def _longest_trail(segments: list[Segment]) -> list[Segment]:
    """A longest trail (each segment at most once, corners may repeat) through ``segments``.

    Per connected piece: when every corner has an even number of segments, the whole
    piece is one closed trail (a ring of N scores N, R11); otherwise a longest trail
    starts at an odd corner, found by exhaustive search (corners carry at most four
    segments, so the branching is small)."""
    if not segments:
        return []
    adj: dict[Corner, list[tuple[int, Corner]]] = {}
    for i, (a, b) in enumerate(segments):
        adj.setdefault(a, []).append((i, b))
        adj.setdefault(b, []).append((i, a))
    best: list[int] = []
    seen: set[Corner] = set()
    for start in adj:
        if start in seen:
            continue
        comp = [start]
        seen.add(start)
        k = 0
        while k < len(comp):
            for _, w in adj[comp[k]]:
                if w not in seen:
                    seen.add(w)
                    comp.append(w)
            k += 1
        n_edges = sum(len(adj[v]) for v in comp) // 2
        if n_edges <= len(best):
            continue
        odd = [v for v in comp if len(adj[v]) % 2]
        if not odd:
            best = _euler_circuit(adj, comp[0])
            continue
        for s in odd:
            trail = _search(adj, s, n_edges)
            if len(trail) > len(best):
                best = trail
            if len(best) == n_edges:
                break
    return [segments[i] for i in best]


def _euler_circuit(adj: dict[Corner, list[tuple[int, Corner]]], start: Corner) -> list[int]:
    used: set[int] = set()
    stack: list[tuple[Corner, int | None]] = [(start, None)]
    out: list[int] = []
    ptr: dict[Corner, int] = {}
    while stack:
        v, via = stack[-1]
        lst = adj[v]
        i = ptr.get(v, 0)
        while i < len(lst) and lst[i][0] in used:
            i += 1
        ptr[v] = i
        if i < len(lst):
            e, w = lst[i]
            used.add(e)
            stack.append((w, e))
        else:
            stack.pop()
            if via is not None:
                out.append(via)
    out.reverse()
    return out


def _search(adj: dict[Corner, list[tuple[int, Corner]]], start: Corner, limit: int) -> list[int]:
    """Longest trail from ``start`` by depth-first search with backtracking."""
    best: list[list[int]] = [[]]
    _extend(adj, start, limit, [], set(), best)
    return best[0]


def _extend(
    adj: dict[Corner, list[tuple[int, Corner]]],
    v: Corner,
    limit: int,
    path: list[int],
    used: set[int],
    best: list[list[int]],
) -> bool:
    """Extend ``path`` (its segments in ``used``) from ``v`` every way; a longer dead end
    becomes ``best[0]``. True once a trail of ``limit`` segments is found. (A module
    function: a recursive closure would leave a reference cycle behind.)"""
    extended = False
    for e, w in adj[v]:
        if e in used:
            continue
        extended = True
        used.add(e)
        path.append(e)
        if _extend(adj, w, limit, path, used, best):
            return True
        path.pop()
        used.discard(e)
    if not extended and len(path) > len(best[0]):
        best[0] = list(path)
        return len(path) == limit
    return False
