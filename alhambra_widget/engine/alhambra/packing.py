"""The engine's packed representation, in one place: what its small integers mean.

The engine's hot paths work on small integers rather than on ``(x, y)`` tuples, tiles
or cards. This module names every one of them, with constants and tiny helpers (as
python-chess names its bitboards: ``BB_*``, ``square_file(sq)``); nothing else in the
engine shifts or masks (``tests/test_packing.py`` fails if a shift, or a bit operation
with a number, appears elsewhere in ``engine/alhambra``).

- **Sides** (R7): north, east, south, west are the bits :data:`N`, :data:`E`,
  :data:`S`, :data:`W`; a set of sides is their sum, 0 to 15. A tile's walls are such a
  set (``Tile.mask``), and so are the sides of a cell with a tile beside them.
- **Integer cells**: cell ``(x, y)`` is ``(x + OFFSET) * STRIDE + (y + OFFSET)``, so
  integer order is ``(x, y)`` order and a neighbour is a fixed step away
  (:data:`NORTH`, :data:`EAST`, :data:`SOUTH`, :data:`WEST`). An Alhambra holds at most
  the 54 tiles (R1), so its cells stay within 55 of the fountain: inside the 64 that fit.
- **Cell codes** (R7): what surrounds a cell, in one number below :data:`CODES`: the
  sides with a tile beside them, and of those the sides where that tile has a wall
  facing the cell (:func:`code_of`, :func:`touching`, :func:`walled`).
- **Corners** (R11): corner ``(x, y)`` is numbered as cell ``(x, y)`` is; the tile at
  cell ``c`` spans the corners ``c`` and ``c + EAST + SOUTH``.
- **Money card codes** (R5): ``10 * rank + value``, the currency's rank (from 1, in the
  cards' order) then the value in decimal: ``denar 3`` is 13, ``ducat 2`` is 32; the
  codes sort as the cards do. A few small numbers written one after another as the
  digits of one number make a key with no tuple made (a set of cards, a display's
  values); :func:`digits` reads them back.

Two tables of one object per cell, :data:`CELL_KEY` and :data:`POSITION`, let the
compiled engine (mypyc) keep the objects it files cells and positions under: it reads a
cell out of a list as a machine integer, and storing it again would make a new integer
object (cells are above 256, past Python's shared small integers) or a new tuple.
"""

from __future__ import annotations

from typing import Any, Final

Pos = tuple[int, int]

# -- sides ---------------------------------------------------------------------------
N: Final = 1
E: Final = 2
S: Final = 4
W: Final = 8
SIDES: Final[tuple[int, ...]] = (N, E, S, W)
"""The four sides, in the order north, east, south, west."""
NO_SIDES: Final = 0
ALL_SIDES: Final = N | E | S | W
SIDE_SETS: Final = 16
"""The number of sets of sides (0 to 15): a tile's wall mask is one of them."""
SIDE_COUNT: Final[tuple[int, ...]] = tuple(bin(sides).count("1") for sides in range(SIDE_SETS))
"""A set of sides -> how many sides it holds."""


def opposite(side: int) -> int:
    """The side facing ``side`` on the neighbouring tile (north <-> south, east <-> west)."""
    return ((side << 2) | (side >> 2)) & ALL_SIDES


# -- integer cells -------------------------------------------------------------------
STRIDE: Final = 128
"""Integer cells per column: a cell's east neighbour is ``STRIDE`` on."""
OFFSET: Final = 64
"""``x`` and ``y`` are stored ``OFFSET`` on, so that every cell of reach is above 0."""
CELLS: Final = STRIDE * STRIDE
"""The number of integer cells."""
REACH: Final = 54
"""R1: no Alhambra holds more than the 54 building tiles, so no cell is farther than 54
from the fountain."""

NORTH: Final = -1
EAST: Final = STRIDE
SOUTH: Final = 1
WEST: Final = -STRIDE
NEIGHBOURS: Final[tuple[tuple[int, int, int], ...]] = (
    (N, NORTH, S),
    (E, EAST, W),
    (S, SOUTH, N),
    (W, WEST, E),
)
"""For each side: (the side, the step to the neighbour there, the neighbour's side
facing back)."""
STEP: Final[dict[int, int]] = {N: NORTH, E: EAST, S: SOUTH, W: WEST}
"""A side -> the step to the neighbour on that side."""


def cell_at(x: int, y: int) -> int:
    """The integer cell of ``(x, y)``."""
    return (x + OFFSET) * STRIDE + (y + OFFSET)


def cell(pos: Pos) -> int:
    """The integer cell of ``pos``, an ``(x, y)`` within :func:`in_reach`."""
    return (pos[0] + OFFSET) * STRIDE + (pos[1] + OFFSET)


def in_reach(pos: Pos) -> bool:
    """Can a tile ever stand at ``pos``? Not farther than the 54 tiles (R1) reach from
    the fountain (and so inside the integer cells)."""
    return -REACH <= pos[0] <= REACH and -REACH <= pos[1] <= REACH


def column(c: int) -> int:
    """The stored ``x`` of cell ``c`` (``x + OFFSET``): cells east of it have more."""
    return c // STRIDE


def row(c: int) -> int:
    """The stored ``y`` of cell ``c`` (``y + OFFSET``): cells south of it have more."""
    return c % STRIDE


FOUNTAIN_CELL: Final = cell_at(0, 0)
"""The fountain's integer cell (R1: it stands at ``(0, 0)``)."""
POSITION: Final[tuple[Any, ...]] = tuple(
    (column(c) - OFFSET, row(c) - OFFSET) for c in range(CELLS)
)
"""Integer cell -> its ``(x, y)``, one tuple object per cell: the Alhambra's tiles and
the actions at a cell are filed under these (see the module)."""
CELL_KEY: Final[tuple[Any, ...]] = tuple(range(CELLS))
"""Integer cell -> the one integer object filed for it: the layouts and the analyses'
dictionaries are keyed by these, so a lookup finds its key by identity (see the
module)."""
COLUMN: Final[tuple[int, ...]] = tuple(column(c) for c in range(CELLS))
""":func:`column` of every cell, for the loops that read it per cell."""
ROW: Final[tuple[int, ...]] = tuple(row(c) for c in range(CELLS))
""":func:`row` of every cell, for the loops that read it per cell."""

# corners around a cell (R7d's local test): one bit each, in the order of CORNERS
NW: Final = 1
NE: Final = 2
SE: Final = 4
SW: Final = 8
CORNERS: Final[tuple[tuple[int, int], ...]] = (
    (NW, NORTH + WEST),
    (NE, NORTH + EAST),
    (SE, SOUTH + EAST),
    (SW, SOUTH + WEST),
)
"""(corner bit, the step to the cell diagonally there): the cells that touch a cell at
a corner only, in the order of :data:`NEIGHBOURS`: corner ``i`` lies between side
``i - 1`` and side ``i`` (north-west before north)."""

# -- cell codes ----------------------------------------------------------------------
CODES: Final = SIDE_SETS * SIDE_SETS
"""Every cell code is below this: a set of sides twice over."""


def code_of(touching: int, walled: int) -> int:
    """The code of a cell with a tile beside each of the sides ``touching``, and a wall
    facing it on the sides ``walled`` (a subset of them)."""
    return touching | (walled << 4)


def touching(code: int) -> int:
    """The sides of a cell with a tile beside them."""
    return code & ALL_SIDES


def walled(code: int) -> int:
    """The sides of a cell where the tile beside it has a wall facing it."""
    return code >> 4


def with_neighbour(code: int, side: int, wall: bool) -> int:
    """``code`` with a tile on ``side``, which has a wall facing the cell or not."""
    return (code & ~(side << 4)) | side | ((side << 4) if wall else NO_SIDES)


def without_neighbour(code: int, side: int) -> int:
    """``code`` with no tile on ``side``."""
    return code & ~(side | (side << 4))


# -- money card codes (R5) -------------------------------------------------------------
VALUES: Final = 10
"""Card values are one decimal digit: a card's code is ``VALUES * rank + value``."""


def card_code(rank: int, value: int) -> int:
    """The code of the card of value ``value`` in the currency of rank ``rank`` (from 1)."""
    return rank * VALUES + value


def card_value(code: int) -> int:
    """The value of the card with ``code``."""
    return code % VALUES


def digits(key: int, count: int, base: int) -> list[int]:
    """The ``count`` digits of ``key`` in ``base``, the first the most significant (the
    numbers a key was written from, one after another)."""
    out = [0] * count
    for i in range(count - 1, -1, -1):
        key, out[i] = divmod(key, base)
    return out
