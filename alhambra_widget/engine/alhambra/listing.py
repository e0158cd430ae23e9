"""The legal actions (R5, R6, R8, R9, R12), one function per ruling, the money rules
(R5, R6) that the listing and the refusals (:mod:`.rules`) share, and the counts the
rules give (R3's draws for Dirk, R12's gifts).

The actions listed are shared immutable values: each is built once (:func:`made`, the
engine's one way to build an action) and kept in a table, so the legal lists of
different states hold the same objects (and ``apply`` finds them by identity).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, Final, TypeVar

from .actions import (
    Action,
    Buy,
    Exchange,
    FromReserve,
    GiveToDirk,
    Place,
    Reserve,
    TakeMoney,
    ToReserve,
)
from .analysis import Analysis
from .components import CARDS, CURRENCIES, PRICES, TILE_CODES, Card, Tile
from .grid import Alhambra, analysis
from .packing import CELLS, POSITION, VALUES, card_code, card_value, digits

A = TypeVar("A", bound=Action)
V = TypeVar("V")

# -- R5 and R6, written once -------------------------------------------------------------
TOGETHER: Final = 5
"""R5: several face-up cards may be taken together when their values add up to at most this."""


def may_take(values: Sequence[int]) -> bool:
    """R5: may face-up cards of these values be taken in one action? One card of any
    value, or several whose values add up to at most 5. Currency does not matter."""
    return len(values) == 1 or sum(values) <= TOGETHER


def value_of(values: tuple[int, ...]) -> int:
    """The total value of cards with these values (a payment, R6; a hand's currency)."""
    out = 0
    for v in values:  # (a loop, not sum(): compiled, a builtin is a generic call)
        out += v
    return out


def pays(total: int, price: int) -> bool:
    """R6: cards of the slot's currency with this total pay for a tile of this price:
    at least the price (no change is given)."""
    return total >= price


def pays_exactly(total: int, price: int) -> bool:
    """R4: a payment of exactly the price gives another action."""
    return total == price


# -- the engine's one way to build an action, and its tables --------------------------------


def made(cls: type[A], *values: Any) -> A:
    """The action of kind ``cls`` with these field values (in the order of
    ``cls.FIELDS``), which are already checked and canonical: the engine's own tiles,
    the cells' shared ``(x, y)``, sorted cards and payments. The class's own
    constructor, which users call, checks and canonicalises them; this skips that (the
    tables below build every legal action this way, once)."""
    a: A = _NEW(cls)
    for name, value in zip(cls.FIELDS, values):
        object.__setattr__(a, name, value)  # (a frozen dataclass's own __setattr__ refuses)
    return a


_NEW: Final = object.__new__
"""A new instance, no ``__init__`` run (the action classes are interpreted: see
``hatch_build.INTERPRETED``); held here, so the compiled engine calls it directly."""


def _put(table: dict[Any, V], size: int, key: Any, value: V) -> V:
    """Put ``value`` into ``table``, a bounded table of shared actions (cleared when it
    holds ``size``); returns ``value``. (Plain dictionaries and a function, not a
    dictionary subclass: the compiled engine reads them without a method call.)"""
    if len(table) >= size:
        table.clear()
    table[key] = value
    return value


_SHARED: Final[dict[Any, Any]] = {}
"""(kind, field values...) -> the shared action: for the kinds listed rarely."""


def shared(cls: type[A], *values: Any) -> A:
    """The shared action ``made(cls, *values)``, built on first use."""
    key = (cls, *values)
    a = _SHARED.get(key)
    if a is None:
        a = _put(_SHARED, 200_000, key, made(cls, *values))
    return a  # type: ignore[no-any-return]


# -- R5: take money --------------------------------------------------------------------
_RANK: Final[dict[str, int]] = {c: i + 1 for i, c in enumerate(sorted(CURRENCIES))}
"""Currency -> its rank in the cards' order, from 1 (see :func:`.packing.card_code`)."""
CARD_CODES: Final = (len(CURRENCIES) + 1) * VALUES
"""Every card code is below this."""
_CARD: Final[list[Card | None]] = [None] * CARD_CODES
"""Card code -> the card."""
for _c in CARDS.values():
    _CARD[card_code(_RANK[_c.currency], _c.value)] = _c
_TAKE_ONE: Final[list[TakeMoney | None]] = [None] * CARD_CODES
"""Card code -> the shared TakeMoney of that card alone (``None`` until made)."""
_TAKE_SET: Final[dict[int, TakeMoney]] = {}
"""The shared TakeMoney of each set of cards that may be taken together (a few hundred
in all), keyed by their codes as the digits of one number in base ``CARD_CODES``: no
tuple of cards made and hashed."""
_TOGETHER: Final[dict[int, tuple[tuple[int, ...], ...]]] = {}
"""A display's values (5 standing for 5 or more), as the digits of one number -> the
sets of its cards that may be taken together (:func:`_together`)."""


def takes(display: Sequence[Card]) -> tuple[TakeMoney, ...]:
    """R5: every choice from a money display: one card of any value, or several that
    may be taken together (:func:`may_take`); each distinct choice once, in a fixed
    order: by card, then the sets by size."""
    codes: list[int] = []  # the cards as their codes, sorted as the cards
    for c in display:
        codes.append(card_code(_RANK[c.currency], c.value))
    codes.sort()
    # (plain loops: cheaper than comprehensions for a few items on Python 3.11)
    out: list[TakeMoney] = []
    values = 0  # the values, 5 for 5 or more (no set holds one), as the digits of one number
    repeated = False
    for i, code in enumerate(codes):
        a = _TAKE_ONE[code]
        if a is None:
            a = _TAKE_ONE[code] = made(TakeMoney, (_CARD[code],))
        out.append(a)
        v = card_value(code)
        values = values * VALUES + (v if v < TOGETHER else TOGETHER)
        if i and codes[i - 1] == code:
            repeated = True
    for pick in _together(values, len(codes)):
        key = 0
        for i in pick:
            key = key * CARD_CODES + codes[i]
        b = _TAKE_SET.get(key)
        if b is None:
            b = _TAKE_SET[key] = made(TakeMoney, tuple([_CARD[codes[i]] for i in pick]))
        out.append(b)
    if repeated:  # a card twice (next to itself, sorted): each distinct choice once, first kept
        out = _distinct(out)
    return tuple(out)


def _together(values: int, n: int) -> tuple[tuple[int, ...], ...]:
    """The sets of two or more of a display's ``n`` cards that may be taken together
    (:func:`may_take`), as indices, in the order of ``itertools.combinations`` by size;
    ``values`` holds their values as its ``n`` digits. Only cards worth less than 5 are
    tried: one worth 5 or more is taken alone (any other card takes the sum past 5).
    Worked out once per such key."""
    found = _TOGETHER.get(values)
    if found is None:
        each = digits(values, n, VALUES)
        small = [i for i in range(n) if each[i] < TOGETHER]
        sets: list[tuple[int, ...]] = []
        for k in range(2, len(small) + 1):
            for pick in combinations(small, k):
                if may_take([each[i] for i in pick]):
                    sets.append(pick)
        found = _TOGETHER[values] = tuple(sets)
    return found


def _distinct(actions: list[TakeMoney]) -> list[TakeMoney]:
    """``actions`` without repeats, first kept. Equal choices are the same shared
    object here, so identity finds them: no dataclass ``__hash__`` or ``__eq__``
    (interpreted, hashing the cards) per action, as a dictionary would call."""
    out: list[TakeMoney] = []
    for a in actions:
        for b in out:
            if a is b:
                break
        else:
            out.append(a)
    return out


# -- R6: buy ---------------------------------------------------------------------------
_SUBSETS: Final[dict[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]] = {}


def payments(values: Sequence[int], price: int) -> tuple[tuple[int, ...], ...]:
    """R6: every distinct multiset of the card ``values`` (one currency) that pays for
    a tile of ``price`` (:func:`pays`), largest cards first. Superfluous cards are
    allowed (no change is given); a payment of exactly the price gives another action
    (R4, :func:`pays_exactly`)."""
    return _payments_of(tuple(sorted(values)), price)


def _payments_of(values: tuple[int, ...], price: int) -> tuple[tuple[int, ...], ...]:
    """:func:`payments` of the sorted ``values`` (a hand's, kept sorted: no sort per call)."""
    out = []
    multisets, totals = _sub_multisets(values)
    for pay, total in zip(multisets, totals):
        if pays(total, price):
            out.append(pay)
    return tuple(out)


def _sub_multisets(values: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Every distinct multiset of the sorted ``values``, and beside them their totals,
    in the order of :func:`payments`: from the largest value down, all its copies, then
    fewer, then none. Kept per values (a hand meets many prices). (The copies of a
    value are a slice of ``values``, and no pair is made per multiset: compiled, few
    generic operations.)"""
    subs = _SUBSETS.get(values)
    if subs is None:
        multisets: list[tuple[int, ...]] = [()]
        totals: list[int] = [0]
        i = len(values)
        while i > 0:  # each distinct value, from the largest: values[j:i] are its copies
            v = values[i - 1]
            j = i - 1
            while j > 0 and values[j - 1] == v:
                j -= 1
            more: list[tuple[int, ...]] = []
            sums: list[int] = []
            for pay, total in zip(multisets, totals):
                for k in range(i - j, -1, -1):
                    more.append(pay + values[j : j + k])
                    sums.append(total + v * k)
            multisets = more
            totals = sums
            i = j
        subs = _put(_SUBSETS, 4096, values, (tuple(multisets), tuple(totals)))
    return subs


_BUYS: Final[dict[str, list[dict[tuple[int, ...], tuple[Buy, ...]]]]] = {
    c: [{} for _ in range(PRICES)] for c in CURRENCIES
}
"""Currency -> price -> the hand's values of that currency -> its Buy actions (bounded
tables, see :func:`_put`)."""
_BUY: Final[dict[str, dict[tuple[int, ...], Buy]]] = {c: {} for c in CURRENCIES}
"""Currency -> payment -> its shared Buy: its own tables, keyed without the class."""


def buys(currency: str, values: tuple[int, ...], price: int) -> tuple[Buy, ...]:
    """R6: every Buy of the tile of ``price`` with the cards ``values`` of ``currency``,
    sorted (each payment of :func:`payments`), shared and kept."""
    table = _BUYS[currency][price]  # (no key tuple made, hashed and compared per call)
    acts = table.get(values)
    if acts is None:
        out = []
        shared_buys = _BUY[currency]
        for pay in _payments_of(values, price):  # (a hand's values are sorted)
            buy = shared_buys.get(pay)
            if buy is None:
                buy = _put(shared_buys, 20_000, pay, made(Buy, currency, pay))
            out.append(buy)
        acts = _put(table, 512, values, tuple(out))
    return acts


# -- R7 to R9: a tile at a cell -------------------------------------------------------------
class AtCellKind:
    """One kind of tile-at-cell action (:class:`~.actions.Place`,
    :class:`~.actions.FromReserve` or :class:`~.actions.Exchange`) and its slots: tile
    :attr:`~.components.Tile.code` -> the tile's slot in the rows of :data:`_AT`,
    numbered as first met (-1: none yet). By the code, not the tile (no hash per
    lookup): an equal tile read again from a file shares the actions of the first,
    which are equal to its own. (One constant per kind below: the compiled engine
    reads it directly, where the class imported from the interpreted actions module
    and a table keyed by it would be two dictionary lookups per call.)"""

    __slots__ = ("cls", "slots")

    def __init__(self, cls: type[Action]) -> None:
        self.cls = cls
        self.slots = [-1] * TILE_CODES


PLACE: Final = AtCellKind(Place)
FROM_RESERVE: Final = AtCellKind(FromReserve)
EXCHANGE: Final = AtCellKind(Exchange)
_SLOTS: Final[list[tuple[type[Action], int]]] = []
"""The kind and tile code of each slot numbered so far, in order: every row of
:data:`_AT` is as long as this list."""
_AT: Final[list[list[Action | None] | None]] = [None] * CELLS
"""Integer cell -> a row of the shared tile-at-cell actions there, one place per slot
(``None`` where none was made yet). Lists, not dictionaries: a cell's row and an action
in it are two list reads (compiled, a few machine instructions each; a dictionary
lookup by integer costs a hash and a probe)."""
_ROWS: Final[list[list[Action | None]]] = []
"""The rows of :data:`_AT` made so far (a new slot lengthens them all)."""
_TO_RESERVE: Final[list[ToReserve | None]] = [None] * CELLS
"""Integer cell -> the shared ToReserve of its tile (``None`` until made)."""


def _at_cells(out: list[Action], kind: AtCellKind, tile: Tile, cells: tuple[int, ...]) -> None:
    """Append the shared ``kind.cls(tile, the cell's (x, y))`` for each integer cell to ``out``."""
    slots = kind.slots
    slot = slots[tile.code]
    if slot < 0:  # the first action of this kind with this tile: a new slot in every row
        slot = slots[tile.code] = len(_SLOTS)
        _SLOTS.append((kind.cls, tile.code))
        for longer in _ROWS:
            longer.append(None)
    for c in cells:
        row = _AT[c]
        if row is None:
            row = _AT[c] = [None] * len(_SLOTS)
            _ROWS.append(row)
        a = row[slot]
        if a is None:
            a = row[slot] = made(kind.cls, tile, POSITION[c])
        out.append(a)


def _to_reserves(out: list[Action], cells: tuple[int, ...]) -> None:
    """Append the shared ``ToReserve(the cell's (x, y))`` for each integer cell to ``out``."""
    for c in cells:
        a = _TO_RESERVE[c]
        if a is None:
            a = _TO_RESERVE[c] = made(ToReserve, POSITION[c])
        out.append(a)


def placements(alhambra: Alhambra, bought: tuple[Tile, ...], dirk: bool) -> tuple[Action, ...]:
    """R9 (and R12 for gifts): each tile to place (``bought``) goes into a legal cell of
    ``alhambra`` (R7), onto the reserve, or, with two players and a tile bought this
    turn (``dirk``), to Dirk (R3)."""
    an = analysis(alhambra)
    key = ("place", dirk, bought)
    acts: tuple[Action, ...] | None = an.memo.get(key)
    if acts is None:
        out: list[Action] = []
        for t in bought:
            _at_cells(out, PLACE, t, an.legal_cells(t.mask))
            out.append(shared(Reserve, t))
            if dirk:
                out.append(shared(GiveToDirk, t))
        acts = an.memo[key] = tuple(out)
    return acts


def redesigns(alhambra: Alhambra, reserve: tuple[Tile, ...]) -> tuple[Action, ...]:
    """R8 for ``alhambra`` and its ``reserve``: reserve to Alhambra (R7), Alhambra to
    reserve, exchanges; never the fountain."""
    an: Analysis = analysis(alhambra)
    acts: tuple[Action, ...] | None = an.memo.get(reserve)
    if acts is None:
        out: list[Action] = []
        for t in reserve:
            cells = an.legal_cells(t.mask)
            if cells:
                _at_cells(out, FROM_RESERVE, t, cells)
        _to_reserves(out, an.removable_cells())
        for t in reserve:
            cells = an.exchange_cells(t.mask)
            if cells:
                _at_cells(out, EXCHANGE, t, cells)
        acts = an.memo[reserve] = tuple(out)
    return acts


# -- the counts the rules give ------------------------------------------------------------
def end_game_gifts(
    market: Mapping[str, Tile | None], holdings: Mapping[str, Mapping[str, int]]
) -> list[tuple[str, Tile, str | None, int]]:
    """R12: for each market tile, in slot order, ``(currency, tile, receiver, amount)``:
    the receiver holds the most money (total value in hand) of the slot's currency;
    ``None`` on a tie for most or when nobody holds any (the tile stays). ``holdings``
    maps each player to his total per currency."""
    out: list[tuple[str, Tile, str | None, int]] = []
    for cur, t in market.items():
        if t is None:
            continue
        held = {n: h.get(cur, 0) for n, h in holdings.items()}
        top = max(held.values(), default=0)
        best = [n for n, v in held.items() if v == top]
        out.append((cur, t, best[0] if top > 0 and len(best) == 1 else None, top))
    return out


def dirk_draw(after_round: int, bag: int) -> int:
    """R3: how many tiles Dirk takes from a bag of ``bag`` tiles after scoring round
    ``after_round``: 6 after round 1 (or what is left), a third rounded down after
    round 2, none after round 3."""
    if after_round == 1:
        return min(6, bag)
    if after_round == 2:
        return bag // 3
    return 0
