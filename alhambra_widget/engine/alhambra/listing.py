"""The listing of legal actions (R5, R6, R8, R9, R12), one function per ruling, and
the counts the rules give (R3's draws for Dirk, R12's gifts).

The actions listed are shared immutable values: each is built once, so the legal lists
of different states hold the same objects (and ``apply`` finds them by identity).
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
from .cells import POS
from .components import CARDS, CURRENCIES, TILE_CODES, Card, Tile
from .grid import Alhambra, analysis

V = TypeVar("V")


def _put(table: dict[Any, V], size: int, key: Any, value: V) -> V:
    """Put ``value`` into ``table``, a bounded table of shared immutable values (cleared
    when it holds ``size``); returns ``value``. (Plain dictionaries and a function, not
    a dictionary subclass: the compiled engine reads them without a method call.)"""
    if len(table) >= size:
        table.clear()
    table[key] = value
    return value


_SUBS: Final[dict[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]] = {}
_ACTIONS: Final[dict[Any, Any]] = {}
"""Actions are immutable values: each is built once and shared, so the legal lists of
different states hold the same objects (and ``apply`` finds them by identity)."""


def takes(display: Sequence[Card]) -> tuple[TakeMoney, ...]:
    """R5: every choice from a money display: one card of any value, or several whose
    values add up to at most 5 (each distinct choice once, in a fixed order: by card,
    then the sets by size)."""
    codes: list[int] = []  # the cards as small integers (see _CARD), sorted as the cards
    for c in display:
        codes.append((_RANK[c.currency] << 4) | c.value)
    codes.sort()
    out: list[TakeMoney] = []  # (plain loops: cheaper than comprehensions for a few items on Python 3.11)
    small = 0  # the values, 5 for 5 or more, one octal digit each: only cards up to 4 join a set
    prev = -1
    twice = False
    for k in codes:
        a = _TAKE1[k]
        if a is None:
            a = _TAKE1[k] = _one_field(TakeMoney, "cards", (_CARD[k],))
        out.append(a)
        v = k & 15
        small = (small << 3) | (v if v < 5 else 5)  # (no min() call)
        if k == prev:
            twice = True
        prev = k
    for pick in _take_patterns(small, len(codes)):
        key = 0
        for i in pick:
            key = (key << 7) | codes[i]
        b = _TAKES.get(key)
        if b is None:
            b = _TAKES[key] = _one_field(TakeMoney, "cards", tuple([_CARD[codes[i]] for i in pick]))
        out.append(b)
    if twice:  # a card twice (next to itself, sorted): each distinct choice once, first kept
        out = _distinct(out)
    return tuple(out)


def _distinct(actions: list[TakeMoney]) -> list[TakeMoney]:
    """``actions`` without repeats, first kept. Equal choices are the same shared
    object here (:data:`_TAKES`), so identity finds them: no dataclass ``__hash__`` or
    ``__eq__`` (interpreted, hashing the cards) per action, as a dictionary would call."""
    out: list[TakeMoney] = []
    for a in actions:
        for b in out:
            if a is b:
                break
        else:
            out.append(a)
    return out


_PATTERNS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {}


def _take_patterns(small: int, n: int) -> tuple[tuple[int, ...], ...]:
    """R5 on the ``n`` values of a sorted display, 5 standing for 5 or more, packed one
    octal digit each in ``small`` (none is 0, so the digits name the values and their
    number): the indices of the sets of two or more cards that may be taken together
    (adding up to at most 5), cached per ``small``."""
    pats = _PATTERNS.get(small)
    if pats is None:
        values = [(small >> (3 * (n - 1 - i))) & 7 for i in range(n)]
        found: list[tuple[int, ...]] = []
        for k in range(2, n + 1):
            for idx in combinations(range(n), k):
                total = 0
                for i in idx:
                    total += values[i]
                if total <= 5:
                    found.append(idx)
        pats = _PATTERNS[small] = tuple(found)
    return pats


_RANK: Final[dict[str, int]] = {c: i + 1 for i, c in enumerate(sorted(CURRENCIES))}
"""Currency -> its rank in the cards' order (from 1): a card's code is its rank << 4 | its
value, so the codes sort as the cards do and none is 0."""
_CARD: Final[list[Card | None]] = [None] * (len(CURRENCIES) + 1 << 4)
"""Card code -> the card (see :data:`_RANK`)."""
for _c in CARDS.values():
    _CARD[(_RANK[_c.currency] << 4) | _c.value] = _c
_TAKE1: Final[list[TakeMoney | None]] = [None] * len(_CARD)
"""Card code -> the shared TakeMoney of that card alone (``None`` until made)."""
_TAKES: Final[dict[int, TakeMoney]] = {}
"""The shared TakeMoney of each set of small cards adding up to at most 5 (a few hundred
in all), keyed by their codes packed seven bits each: no tuple of cards made and hashed."""


_TO_RESERVE: Final[list[ToReserve | None]] = [None] * len(POS)
"""Integer cell -> the shared ToReserve (``None`` until made): a list, like :data:`_AT`."""


def _to_reserves(out: list[Action], cells: tuple[int, ...]) -> None:
    """Append ``ToReserve(cell)`` for each integer cell to ``out`` (shared objects)."""
    for c in cells:
        a = _TO_RESERVE[c]
        if a is None:
            a = _TO_RESERVE[c] = _one_field(ToReserve, "pos", POS[c])
        out.append(a)


def payments(values: Sequence[int], price: int) -> tuple[tuple[int, ...], ...]:
    """R6: every distinct multiset of the card ``values`` (one currency) whose total is
    at least ``price``, largest cards first. Superfluous cards are allowed (no change
    is given); a payment whose total equals the price is exact (R4: another action)."""
    return _payments_of(tuple(sorted(values)), price)


def _payments_of(values: tuple[int, ...], price: int) -> tuple[tuple[int, ...], ...]:
    """:func:`payments` of the sorted ``values`` (a hand's, kept sorted: no sort per call)."""
    out = []
    pays, totals = _sub_multisets(values)
    for pay, total in zip(pays, totals):
        if total >= price:
            out.append(pay)
    return tuple(out)


def _sub_multisets(values: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Every distinct multiset of the sorted ``values``, and beside them their totals,
    in the order of :func:`payments`: from the largest value down, all its copies, then
    fewer, then none. Cached per values (a hand meets many prices). (The copies of a
    value are a slice of ``values``, and no pair is made per multiset: compiled, few
    generic operations.)"""
    subs = _SUBS.get(values)
    if subs is None:
        pays: list[tuple[int, ...]] = [()]
        totals: list[int] = [0]
        i = len(values)
        while i > 0:  # each distinct value, from the largest: values[j:i] are its copies
            v = values[i - 1]
            j = i - 1
            while j > 0 and values[j - 1] == v:
                j -= 1
            more: list[tuple[int, ...]] = []
            sums: list[int] = []
            for pay, total in zip(pays, totals):
                for k in range(i - j, -1, -1):
                    more.append(pay + values[j : j + k])
                    sums.append(total + v * k)
            pays = more
            totals = sums
            i = j
        subs = _put(_SUBS, 4096, values, (tuple(pays), tuple(totals)))
    return subs


def buys(currency: str, values: tuple[int, ...], price: int) -> tuple[Buy, ...]:
    """Every Buy of the tile of ``price`` with the cards ``values`` of ``currency``, sorted
    (each payment of :func:`payments`), shared and cached."""
    table = _BUYS[currency][price]  # (no key tuple made, hashed and compared per call)
    acts = table.get(values)
    if acts is None:
        out = []
        shared_buys = _BUY[currency]
        for pay in _payments_of(values, price):  # (a hand's values are sorted)
            buy = shared_buys.get(pay)
            if buy is None:
                buy = _put(shared_buys, 20_000, pay, _two_fields(Buy, "currency", currency, "pay", pay))
            out.append(buy)
        acts = _put(table, 512, values, tuple(out))
    return acts


_BUYS: Final[dict[str, list[dict[tuple[int, ...], tuple[Buy, ...]]]]] = {
    c: [{} for _ in range(16)] for c in CURRENCIES
}
"""Currency -> price -> the hand's values of that currency -> its Buy actions (bounded
tables, see :func:`_put`)."""
_BUY: Final[dict[str, dict[tuple[int, ...], Buy]]] = {c: {} for c in CURRENCIES}
"""Currency -> payment -> its shared Buy: its own tables, keyed without the class."""


A = TypeVar("A", bound=Action)


def shared(cls: type[A], *args: Any) -> A:
    """The shared action ``cls(*args)``; ``args`` are in canonical form (see
    :meth:`~.actions.Action.trusted`)."""
    key = (cls, *args)
    a = _ACTIONS.get(key)
    if a is None:
        a = _put(_ACTIONS, 200_000, key, cls.trusted(*args))
    return a  # type: ignore[no-any-return]


_SLOT: Final[dict[type[Action], list[int]]] = {
    Place: [-1] * TILE_CODES,
    FromReserve: [-1] * TILE_CODES,
    Exchange: [-1] * TILE_CODES,
}
"""kind -> :attr:`~.components.Tile.code` -> the tile's slot in the rows of :data:`_AT`,
numbered as first met (-1: none yet). By the code, not the tile (no hash per lookup):
an equal tile read again from a file shares the actions of the first, which are equal
to its own."""
_AT: Final[list[list[Action | None] | None]] = [None] * len(POS)
"""Integer cell -> a row of the shared tile-at-cell actions there, one place per slot
(``None`` where none was made yet); every row made is as long as the slots numbered.
Lists, not dictionaries: a cell's row and an action in it are two list reads
(compiled, a few machine instructions each; a dictionary lookup by integer costs a
hash and a probe)."""
_ROWS: Final[list[list[Action | None]]] = []
"""The rows of :data:`_AT` made so far (a new slot lengthens them all)."""
_NUMBERED: Final[list[int]] = [0]
"""The slots numbered so far: the length of every row of :data:`_AT`."""


def _at_cells(out: list[Action], cls: type[Action], tile: Tile, cells: tuple[int, ...]) -> None:
    """Append ``cls(tile, cell)`` for each integer cell to ``out`` (shared objects)."""
    slots = _SLOT[cls]
    code = tile.code
    slot = slots[code]
    if slot < 0:
        slot = slots[code] = _NUMBERED[0]
        _NUMBERED[0] = slot + 1
        for made in _ROWS:
            made.append(None)
    for c in cells:
        row = _AT[c]
        if row is None:
            row = _AT[c] = [None] * _NUMBERED[0]
            _ROWS.append(row)
        a = row[slot]
        if a is None:
            a = row[slot] = _at_cell(cls, tile, POS[c])
        out.append(a)


def _at_cell(cls: type[Action], tile: Tile, pos: Any) -> Action:
    """``cls.trusted(tile, pos)`` for the kinds with the fields tile and pos. (``pos``
    typed ``Any``: compiled, a ``tuple[int, int]`` parameter is unboxed and boxed again
    into a new tuple, not the cell's shared one of :data:`.cells.POS`.)"""
    return _two_fields(cls, "tile", tile, "pos", pos)


def _one_field(cls: type[A], name: str, value: Any) -> A:
    """``cls.trusted(value)`` for a kind with the one field ``name``, spelt out:
    compiled, no call into the interpreted actions module's loop over fields."""
    a: A = cls.__new__(cls)
    object.__setattr__(a, name, value)
    return a


def _two_fields(cls: type[A], name: str, value: Any, name2: str, value2: Any) -> A:
    """``cls.trusted(value, value2)`` for a kind with the fields ``name`` and ``name2``
    (see :func:`_one_field`)."""
    a: A = cls.__new__(cls)
    object.__setattr__(a, name, value)
    object.__setattr__(a, name2, value2)
    return a


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
            _at_cells(out, Place, t, an.cells(t.mask))
            out.append(shared(Reserve, t))
            if dirk:
                out.append(shared(GiveToDirk, t))
        acts = an.memo[key] = tuple(out)
    return acts


def redesigns(alhambra: Alhambra, reserve: tuple[Tile, ...]) -> tuple[Action, ...]:
    """R8 for ``alhambra`` and its ``reserve``: reserve to Alhambra (R7), Alhambra to
    reserve, exchanges; never the fountain."""
    an = analysis(alhambra)
    key = reserve
    acts: tuple[Action, ...] | None = an.memo.get(key)
    if acts is None:
        out: list[Action] = []
        for t in reserve:
            cells = an.cells(t.mask)
            if cells:
                _at_cells(out, FromReserve, t, cells)
        _to_reserves(out, an.removable_cells())
        for t in reserve:
            cells = an.swap_cells(t.mask)
            if cells:
                _at_cells(out, Exchange, t, cells)
        acts = an.memo[key] = tuple(out)
    return acts


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
