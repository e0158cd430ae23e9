"""One player's Alhambra: the building rules (R7), redesign checks (R8) and walls (R11).

Coordinates are ``(x, y)`` with the fountain at ``(0, 0)``, x growing east and
y growing south. A wall segment is a pair of lattice corners; the tile at
``(x, y)`` covers the square from corner ``(x, y)`` to corner ``(x + 1, y + 1)``.

The rules themselves (R7a-d, each written once) are in :mod:`.building`, the fast
per-layout analysis in :mod:`.analysis`, the sentences of the refusals
(:class:`Violation`) in :mod:`.violations`, the longest wall (R11) in :mod:`.walls`.
This module holds the :class:`Alhambra` and the engine's own operations on one
(:func:`build`, :func:`unbuild`, :func:`rebuild`, :func:`analysis`, :func:`own`), which
skip the checks the game has already made.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Final

from ..errors import GameError, IllegalAction, MalformedInput, int_pair
from ..pictures import svg_of
from .analysis import SEEN, Analysis, analyse, cell_hash, layout_hash
from .components import FOUNTAIN, Tile, kind_counts
from .packing import CELL_KEY, FOUNTAIN_CELL, OFFSET, POSITION, REACH, cell, in_reach
from .violations import Violation, entering, exchanging, layout, leaving, pos_text
from .walls import (
    Corner,
    Segment,
    external_walls,
    joined_wall,
    longest_corners,
    segments_of,
    tile_walls,
    wall_corners,
)

__all__ = [
    "Alhambra",
    "Corner",
    "Pos",
    "Segment",
    "Violation",
    "analysis",
    "build",
    "own",
    "positions",
    "rebuild",
    "unbuild",
]

Pos = tuple[int, int]


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
        # keyed by the cells' shared (x, y) objects (POSITION): a lookup finds its key by
        # identity. Never changed in place (see _set), so every new Alhambra shares these.
        self._tiles: dict[Pos, Tile] = _FOUNTAIN_TILES
        self._masks: dict[int, int] = _FOUNTAIN_MASKS  # integer cell -> walls, for the analysis
        self._hash = _FOUNTAIN_HASH
        self._seen: dict[int, Analysis] | None = None  # made on first use, shared by copies
        self._base: tuple[Analysis, int, int | None] | None = None
        self._cache: Analysis | None = None
        self._walls: list[int] | None = None  # the external walls' corners (walls.wall_corners)
        self._longest: list[int] | None = None
        self._owner: str | None = None

    @classmethod
    def from_tiles(cls, tiles: Mapping[Pos, Tile] | Iterable[tuple[Pos, Tile]]) -> Alhambra:
        """An Alhambra holding ``tiles`` (position -> tile; the fountain may be left out).

        The whole layout must satisfy R7; otherwise ``IllegalAction`` names the
        first rule it breaks."""
        placed: dict[Pos, Tile] = dict(_FOUNTAIN_TILES)
        masks: dict[int, int] = dict(_FOUNTAIN_MASKS)
        items = tiles.items() if isinstance(tiles, Mapping) else tiles
        for pos, tile in items:
            pos = as_pos(pos)
            if tile == FOUNTAIN:
                if pos != (0, 0):
                    raise IllegalAction("R1", "The fountain stands at (0, 0).")
                continue
            if not isinstance(tile, Tile):
                raise MalformedInput(f"{tile!r} is not a Tile.")
            if pos in placed:
                raise IllegalAction("R7", f"R7: cell {pos_text(pos)} is given twice.")
            if not in_reach(pos):
                raise IllegalAction(
                    "R7c",
                    f"R7c: no tile at {pos_text(pos)} could be reached from the fountain (R1: 54 tiles).",
                )
            placed[POSITION[cell(pos)]] = tile
            masks[CELL_KEY[cell(pos)]] = tile.mask
        if len(placed) > REACH + 1:
            raise IllegalAction(
                "R1", f"R1: there are {REACH} building tiles, not {len(placed) - 1}."
            )
        a = cls()
        a._tiles = placed
        a._masks = masks
        a._hash = layout_hash(masks)
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
        """The tile at ``pos``, or ``default`` where there is none."""
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
        return kind_counts(self._tiles.values())

    def bounds(self) -> tuple[int, int, int, int]:
        """(min x, min y, max x, max y) of the tiles."""
        x0, y0, x1, y1 = self._analysis().box
        return (x0 - OFFSET, y0 - OFFSET, x1 - OFFSET, y1 - OFFSET)

    def copy(self) -> Alhambra:
        """A free copy (not owned by any game), made in constant time: the tile
        dictionary is never changed in place (every change makes a new one), so the
        copy shares it and its per-state analysis until either side changes."""
        a = Alhambra()
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

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # pickles compiled (mypyc) as well: the layout and owner, no analysis (worked out
        # anew when asked)
        return (_unpickled, (self._tiles, self._masks, self._owner))

    def __deepcopy__(self, memo: object) -> Alhambra:
        a = self.copy()
        a._owner = self._owner
        return a

    def _analysis(self) -> Analysis:
        an = self._cache
        if an is None:
            masks = self._masks
            seen = self._seen
            if seen is None:
                seen = self._seen = {}
            an = seen.get(self._hash)
            if an is None or an.masks != masks:
                base = self._base
                # one change since the last analysis: derive it; else analyse the layout whole
                an = base[0].derive(masks, base[1], base[2]) if base is not None else analyse(masks)
                if len(seen) >= SEEN:
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
        new = self._masks.get(CELL_KEY[c])
        h = self._hash
        if old is not None:
            h ^= cell_hash(c, old)
        if new is not None:
            h ^= cell_hash(c, new)
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
        from the fountain), R7d (no enclosed space): :func:`.violations.entering`."""
        return entering(self._tiles, self._masks, self._analysis(), tile, as_pos(pos))

    def is_legal(self, tile: Tile, pos: Pos) -> bool:
        """True when ``tile`` may be built at ``pos`` (R7); :meth:`why_illegal` says why not."""
        return self.why_illegal(tile, pos) is None

    def legal_positions(self, tile: Tile) -> set[Pos]:
        """Every cell where ``tile`` may be built now (R7; none for a fountain, R1)."""
        if tile.kind == "fountain":
            return set()
        return set(positions(self._analysis().legal_cells(tile.mask)))

    def place(self, tile: Tile, pos: Pos) -> None:
        """Build ``tile`` at ``pos``; ``IllegalAction`` (with ``.rule``) if R7 forbids it,
        and then nothing changes."""
        self._check_owner()
        v = self.why_illegal(tile, pos)
        if v is not None:
            raise v.error()
        build(self, tile, as_pos(pos))

    def _set(self, pos: Pos, tile: Tile | None) -> Tile | None:
        """Put ``tile`` at ``pos`` (``None``: empty it) and return what stood there; the
        one place the layout changes (copy-on-write: copies and analyses share the old
        dictionaries)."""
        tiles = dict(self._tiles)
        masks = dict(self._masks)
        c = cell(pos)
        key = CELL_KEY[c]
        at = POSITION[c]
        if tile is None:
            old: Tile | None = tiles[at]
            before: int | None = masks[key]
            del tiles[at]  # (del, not pop(): compiled, a dictionary's pop is a generic call)
            del masks[key]
        else:  # (replaced in place: the dictionaries keep their order)
            old = tiles.get(at)
            before = masks.get(key)
            tiles[at] = tile
            masks[key] = tile.mask
        self._tiles = tiles
        self._masks = masks
        self._changed(c, before)
        return old

    # -- R8 redesign ------------------------------------------------------
    def why_not_removable(self, pos: Pos) -> Violation | None:
        """``None`` if the tile at ``pos`` may go to the reserve (R8): never the
        fountain, and what remains must satisfy R7 (all on foot, no space):
        :func:`.violations.leaving`."""
        return leaving(self._tiles, self._masks, self._analysis(), as_pos(pos))

    def removable(self) -> set[Pos]:
        """Positions whose tile may go to the reserve (R8)."""
        return set(positions(self._analysis().removable_cells()))

    def remove(self, pos: Pos) -> Tile:
        """Take the tile at ``pos`` out (to the reserve) and return it (R8)."""
        self._check_owner()
        v = self.why_not_removable(pos)
        if v is not None:
            raise v.error()
        return unbuild(self, as_pos(pos))

    def why_not_exchangeable(self, tile: Tile, pos: Pos) -> Violation | None:
        """``None`` if ``tile`` may take the place of the tile at ``pos`` (R8 exchange):
        only R7a can break, as the new tile takes exactly the same cell
        (:func:`.violations.exchanging`)."""
        return exchanging(self._tiles, self._analysis(), tile, as_pos(pos))

    def exchangeable(self, tile: Tile) -> set[Pos]:
        """Cells whose tile ``tile`` may replace (R8 exchange)."""
        if tile.kind == "fountain":
            return set()
        return set(positions(self._analysis().exchange_cells(tile.mask)))

    def exchange(self, tile: Tile, pos: Pos) -> Tile:
        """Put ``tile`` where the tile at ``pos`` stands and return the old one (R8)."""
        self._check_owner()
        v = self.why_not_exchangeable(tile, pos)
        if v is not None:
            raise v.error()
        return rebuild(self, tile, as_pos(pos))

    # -- whole-layout check ---------------------------------------------
    def violations(self) -> list[Violation]:
        """Every way the whole layout breaks R7 (empty for a legal Alhambra): the same
        rules as :meth:`why_illegal`, read off the whole layout."""
        return layout(self._tiles, self._masks, self._analysis())

    # -- R11 walls ----------------------------------------------------------
    def external_walls(self) -> list[Segment]:
        """Wall segments with no tile on their other side (R11); back-to-back walls are left out."""
        return segments_of(self._wall_corners())

    def _wall_corners(self) -> list[int]:
        walls = self._walls
        if walls is None:
            walls = self._walls = wall_corners(self._masks)
        return walls

    def _longest_corners(self) -> list[int]:
        longest = self._longest
        if longest is None:
            longest = self._longest = longest_corners(self._wall_corners())
        return longest

    def longest_wall_segments(self) -> list[Segment]:
        """The segments of one longest joined wall (R11), in order along the wall."""
        return segments_of(self._longest_corners())

    def longest_wall(self) -> int:
        """Points for walls (R11): the length of the longest joined external wall."""
        return len(self._longest_corners()) // 2

    def longest_wall_if(self, tile: Tile, pos: Pos) -> int:
        """The longest joined external wall (R11) if ``tile`` stood at ``pos`` (built
        there, or exchanged for the tile there). Kept with the state's analysis, so copies
        of one layout (the worlds a search imagines) work it out once. ``pos`` is not
        checked against R7."""
        an = self._analysis()
        c = cell(pos)
        key = ("wall", c, tile.mask)
        n: int | None = an.memo.get(key)
        if n is None:
            masks = dict(self._masks)
            masks[CELL_KEY[c]] = tile.mask
            n = an.memo[key] = len(longest_corners(wall_corners(masks))) // 2
        return n

    def walls_joined_by(self, tile: Tile, pos: Pos) -> list[Segment]:
        """The external walls already standing that ``tile`` built at ``pos`` would join
        (R11): the joined wall through the tile's own external segments in the Alhambra
        with the tile in it, less those segments. Empty for a tile whose walls touch no
        other wall, or that has none. ``pos`` is not checked against R7."""
        tiles = dict(self._tiles)
        tiles[pos] = tile
        segs = external_walls(tiles)
        own = set(tile_walls(tile, pos))
        return [s for s in joined_wall(segs, [s for s in segs if s in own]) if s not in own]

    # -- display ------------------------------------------------------------
    def __repr__(self) -> str:
        n = len(self._tiles) - 1
        counts = ", ".join(f"{k} {v}" for k, v in sorted(self.counts().items()))
        return f"<Alhambra: fountain + {n} tile{'s' if n != 1 else ''}{': ' + counts if counts else ''}; longest wall {self.longest_wall()}>"

    def _repr_svg_(self) -> str | None:
        return svg_of(self)


_FOUNTAIN_TILES: Final[dict[Pos, Tile]] = {POSITION[FOUNTAIN_CELL]: FOUNTAIN}
_FOUNTAIN_MASKS: Final[dict[int, int]] = {CELL_KEY[FOUNTAIN_CELL]: FOUNTAIN.mask}
_FOUNTAIN_HASH: Final = layout_hash(_FOUNTAIN_MASKS)


def _unpickled(tiles: dict[Pos, Tile], masks: dict[int, int], owner: str | None) -> Alhambra:
    """An unpickled Alhambra: its layout and owner (see :meth:`Alhambra.__reduce__`)."""
    a = Alhambra()
    a._tiles = tiles
    a._masks = masks
    a._hash = layout_hash(masks)
    a._owner = owner
    return a


# -- the engine's own operations (no checks: the game has made them) -------------


def analysis(a: Alhambra) -> Analysis:
    """For the engine: the per-state analysis of ``a`` (R7, R8), kept until it changes."""
    return a._analysis()


def build(a: Alhambra, tile: Tile, pos: Pos) -> None:
    """For the engine: build ``tile`` at the empty cell ``pos``, checked already (R7)."""
    a._set(pos, tile)


def unbuild(a: Alhambra, pos: Pos) -> Tile:
    """For the engine: take the tile at ``pos`` out, checked already (R8); returns it."""
    old = a._set(pos, None)
    assert old is not None
    return old


def rebuild(a: Alhambra, tile: Tile, pos: Pos) -> Tile:
    """For the engine: ``tile`` takes the cell of the tile at ``pos`` (R8 exchange,
    checked already); returns the old tile."""
    old = a._set(pos, tile)
    assert old is not None
    return old


def own(a: Alhambra, owner: str | None) -> Alhambra:
    """For the engine: mark ``a`` as a game seat's (it then refuses direct changes) or,
    with ``None``, as free; returns ``a``."""
    a._owner = owner
    return a


def positions(cells: Iterable[int]) -> list[Pos]:
    """Integer cells as their ``(x, y)`` positions (each the cell's shared tuple)."""
    return [POSITION[c] for c in cells]


def as_pos(pos: object) -> Pos:
    """A cell given by the user, as ``(x, y)`` integers (``MalformedInput`` if not)."""
    return int_pair(pos, "A cell")
