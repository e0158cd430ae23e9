"""The Alhambra game: setup (R2, R3), turns (R4-R9), scoring (R10, R11), the end (R12).

A game is its options, its seed and its list of actions (R13): one
``random.Random(seed)`` owned by the game makes every draw, so replaying the actions
from the seed rebuilds the same game.

Each rule is written once:

- which actions are legal now: the listing functions (:func:`takes` for R5,
  :func:`payments` for R6, the placements of R9/R12 and the redesigns of R8, both from
  the Alhambra's own analysis of R7); ``Game.legal_actions`` is made of them;
- for each action kind, one small class in :data:`TURN_RULES` says why that kind is
  refused (the ruling id and a true sentence) and what it does to the state;
- what happened is returned as :class:`~.narration.Event` data; its sentence is
  written apart, in :mod:`.narration`.

The state a user can reach is read-only outside actions: hands, reserves, the market
and the piles are tuples or read-only mappings, and an Alhambra that belongs to a game
refuses direct changes. A position is changed by hand with :meth:`Game.edit`, a
recorded action, so undo, the timeline and saved games keep it.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from operator import itemgetter
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeVar

from ..errors import GameError, IllegalAction, MalformedInput
from ..record import RecordedGame
from .actions import (
    Action,
    Buy,
    Edit,
    Exchange,
    FromReserve,
    GiveToDirk,
    Pass,
    Place,
    Reserve,
    TakeMoney,
    ToReserve,
)
from .components import (
    CARD_NAMES,
    CURRENCIES,
    KINDS,
    Card,
    ScoringCard,
    Tile,
    building_tiles,
    money_cards,
)
from .grid import _POS, Alhambra, Violation
from .narration import Event
from .scoring import ScoringRound, score_round

FORMAT = "alhambra-widget/alhambra-game"
VERSION = 1

__all__ = [
    "TURN_RULES",
    "Event",
    "Game",
    "Player",
    "dirk_draw",
    "end_game_gifts",
    "payments",
    "takes",
]


class Player:
    """One seat: money in hand, Alhambra, reserve, tiles bought this turn, score.

    Read-only outside actions: ``money``, ``reserve`` and ``bought`` are tuples."""

    __slots__ = ("_alhambra", "_bought", "_hand", "_money", "_reserve", "_totals", "name", "score")

    def __init__(self, name: str):
        self.name = name
        self.score = 0
        self._money: list[Card] = []
        self._alhambra = Alhambra()
        self._alhambra._owner = name
        self._reserve: list[Tile] = []
        self._bought: list[Tile] = []
        self._hand: dict[str, tuple[int, ...]] | None = None
        self._totals: dict[str, int] = {}

    @property
    def money(self) -> tuple[Card, ...]:
        return tuple(self._money)

    @property
    def reserve(self) -> tuple[Tile, ...]:
        return tuple(self._reserve)

    @property
    def bought(self) -> tuple[Tile, ...]:
        """Tiles bought this turn (or end-game gifts) still to be placed."""
        return tuple(self._bought)

    @property
    def alhambra(self) -> Alhambra:
        return self._alhambra

    def hand(self) -> dict[str, tuple[int, ...]]:
        """The values held per currency, each sorted (what R6 payments are made of)."""
        h = self._hand
        if h is None:
            lists: dict[str, list[int]] = {c: [] for c in CURRENCIES}
            for cur, v in self._money:
                lists[cur].append(v)
            h = self._hand = {}
            totals = self._totals = {}
            for cur, vs in lists.items():
                vs.sort()
                h[cur] = tuple(vs)
                totals[cur] = sum(vs)
        return h

    def _gain(self, cards: tuple[Card, ...]) -> None:
        """Take ``cards`` into the hand (the grouped hand is updated, not rebuilt)."""
        self._money += cards
        h = self._hand
        if h is not None:  # new dictionaries: copies of this player share the old ones
            h = self._hand = dict(h)
            totals = self._totals = dict(self._totals)
            for cur, v in cards:
                h[cur] = tuple(sorted((*h[cur], v)))
                totals[cur] += v

    def _spend(self, currency: str, values: tuple[int, ...]) -> list[Card]:
        """Give up the held cards of ``currency`` with ``values``; returns them."""
        cards = [Card(currency, v) for v in values]
        for c in cards:
            self._money.remove(c)
        h = self._hand
        if h is not None:  # new dictionaries, as in _gain
            held = list(h[currency])
            for v in values:
                held.remove(v)
            self._hand = h | {currency: tuple(held)}
            self._totals = self._totals | {currency: self._totals[currency] - sum(values)}
        return cards

    def money_of(self, currency: str) -> int:
        """Total value in hand of one currency (R12 compares these)."""
        self.hand()
        return self._totals[currency]

    def _copy(self) -> Player:
        p = Player.__new__(Player)
        p.name = self.name
        p.score = self.score
        p._money = list(self._money)
        p._alhambra = self._alhambra.copy()
        p._alhambra._owner = self.name
        p._reserve = list(self._reserve)
        p._bought = list(self._bought)
        p._hand = self._hand
        p._totals = self._totals
        return p

    def __repr__(self) -> str:
        holding = f", holding {len(self._bought)}" if self._bought else ""
        return (
            f"<Player {self.name}: {self.score} points, {len(self._money)} cards "
            f"({sum(c.value for c in self._money)}), {len(self._alhambra) - 1} built, "
            f"{len(self._reserve)} in reserve{holding}>"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "score": self.score,
            "money": [str(c) for c in sorted(self._money)],
            "alhambra": [[x, y, t.name] for (x, y), t in sorted(self._alhambra.tiles.items())],
            "reserve": [t.name for t in self._reserve],
            "bought": [t.name for t in self._bought],
        }


# -- the listing of legal actions, one function per ruling --------------------------


class _Table(dict[Any, Any]):
    """A bounded table of shared immutable values (cleared when full)."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size

    def put(self, key: Any, value: Any) -> Any:
        if len(self) >= self.size:
            self.clear()
        self[key] = value
        return value


_SUBS = _Table(4096)
_BUYS = _Table(8192)
_ACTIONS = _Table(200_000)
"""Actions are immutable values: each is built once and shared, so the legal lists of
different states hold the same objects (and ``apply`` finds them by identity)."""


def takes(display: Sequence[Card]) -> tuple[TakeMoney, ...]:
    """R5: every choice from a money display: one card of any value, or several whose
    values add up to at most 5 (each distinct choice once, in a fixed order)."""
    cards = tuple(sorted(display))
    out = []  # (plain loops: cheaper than comprehensions for a few items on Python 3.11)
    values = []
    for c in cards:
        out.append(_take((c,)))
        values.append(c.value)
    for pick in _take_patterns(tuple(values)):
        out.append(_take(pick(cards)))
    if len(set(cards)) < len(cards):  # a card twice: each distinct choice once, first kept
        out = list(dict.fromkeys(out))
    return tuple(out)


_Picker = Callable[[tuple[Card, ...]], tuple[Card, ...]]
_PATTERNS: dict[tuple[int, ...], tuple[_Picker, ...]] = {}


def _take_patterns(values: tuple[int, ...]) -> tuple[_Picker, ...]:
    """R5 on the values of a sorted display: pickers of the sets of two or more cards
    that may be taken together (adding up to at most 5). Cached per values; only cards
    up to 4 can join a set, so values of 5 or more share one pattern."""
    pats = _PATTERNS.get(values)
    if pats is None:
        small = tuple([min(v, 5) for v in values])
        pats = _PATTERNS.get(small)
        if pats is None:
            pats = _PATTERNS[small] = tuple(
                itemgetter(*idx)
                for k in range(2, len(small) + 1)
                for idx in combinations(range(len(small)), k)
                if sum([small[i] for i in idx]) <= 5
            )
        _PATTERNS[values] = pats
    return pats


_TAKES: dict[tuple[Card, ...], TakeMoney] = {}
"""The shared TakeMoney of each card alone and of each set of small cards adding up to
at most 5 (a few hundred in all). Its own table, keyed by the cards alone: through
:func:`_one` the key nests the cards in one more tuple (7 M more instructions in 10
random games)."""


def _take(cards: tuple[Card, ...]) -> TakeMoney:
    a = _TAKES.get(cards)
    if a is None:
        a = _TAKES[cards] = TakeMoney._trusted(cards)
    return a


_TO_RESERVE: dict[int, ToReserve] = {}


def _to_reserve(q: int) -> ToReserve:
    a = _TO_RESERVE.get(q)
    if a is None:
        a = _TO_RESERVE[q] = ToReserve._trusted(_POS[q])
    return a


def payments(values: Sequence[int], price: int) -> tuple[tuple[int, ...], ...]:
    """R6: every distinct multiset of the card ``values`` (one currency) whose total is
    at least ``price``, largest cards first. Superfluous cards are allowed (no change
    is given); a payment whose total equals the price is exact (R4: another action)."""
    out = []
    for pay, total in _sub_multisets(tuple(sorted(values))):
        if total >= price:
            out.append(pay)
    return tuple(out)


def _sub_multisets(values: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every distinct multiset of the sorted ``values``, with its total, in the order of
    :func:`payments`: from the largest value down, all its copies, then fewer, then
    none. Cached per values (a hand meets many prices)."""
    subs = _SUBS.get(values)
    if subs is None:
        out: list[tuple[tuple[int, ...], int]] = [((), 0)]
        for v in sorted(set(values), reverse=True):
            ks = range(values.count(v), -1, -1)
            out = [(pay + (v,) * k, total + v * k) for pay, total in out for k in ks]
        subs = _SUBS.put(values, tuple(out))
    return subs  # type: ignore[no-any-return]


def _buys(currency: str, values: tuple[int, ...], price: int) -> tuple[Buy, ...]:
    key = (currency, values, price)
    acts = _BUYS.get(key)
    if acts is None:
        out = []
        for pay in payments(values, price):
            out.append(_one(Buy, currency, pay))
        acts = _BUYS.put(key, tuple(out))
    return acts  # type: ignore[no-any-return]


A = TypeVar("A", bound=Action)


def _one(cls: type[A], *args: Any) -> A:
    """The shared action ``cls(*args)``; ``args`` are in canonical form (see
    :meth:`~.actions.Action._trusted`)."""
    key = (cls, *args)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS.put(key, cls._trusted(*args))
    return a  # type: ignore[no-any-return]


_BY_CELL: dict[type[Action], dict[int, tuple[Tile, dict[int, Action]]]] = {
    Place: {},
    FromReserve: {},
    Exchange: {},
}
"""kind -> id(tile) -> (the tile, integer cell -> the shared action); the tile is kept
both to keep its id taken and to check it (at most 3 kinds x 54 tiles x the cells)."""


def _at_cells(out: list[Action], cls: type[Action], tile: Tile, cells: tuple[int, ...]) -> None:
    """Append ``cls(tile, cell)`` for each integer cell to ``out`` (shared objects)."""
    by_tile = _BY_CELL[cls]
    entry = by_tile.get(id(tile))
    if entry is None or entry[0] is not tile:
        if len(by_tile) > 1024:  # tiles read again and again from files: start afresh
            by_tile.clear()
        entry = by_tile[id(tile)] = (tile, {})
    table = entry[1]
    for q in cells:
        a = table.get(q)
        if a is None:
            a = table[q] = cls._trusted(tile, _POS[q])
        out.append(a)


def _placements(p: Player, dirk: bool) -> tuple[Action, ...]:
    """R9 (and R12 for gifts): each tile to place goes into a legal cell (R7), onto the
    reserve, or, with two players and a tile bought this turn, to Dirk (R3)."""
    an = p._alhambra._analysis()
    key = ("place", dirk, tuple(p._bought))
    acts: tuple[Action, ...] | None = an.memo.get(key)
    if acts is None:
        out: list[Action] = []
        for t in p._bought:
            _at_cells(out, Place, t, an.cells(t.mask))
            out.append(_one(Reserve, t))
            if dirk:
                out.append(_one(GiveToDirk, t))
        acts = an.memo[key] = tuple(out)
    return acts


def _redesigns(p: Player) -> tuple[Action, ...]:
    """R8: reserve to Alhambra (R7), Alhambra to reserve, exchanges; never the fountain."""
    an = p._alhambra._analysis()
    reserve = p._reserve
    key = tuple(reserve)
    acts: tuple[Action, ...] | None = an.memo.get(key)
    if acts is None:
        out: list[Action] = []
        for t in reserve:
            cells = an.cells(t.mask)
            if cells:
                _at_cells(out, FromReserve, t, cells)
        for q in an.removable_cells():
            out.append(_to_reserve(q))
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


# -- one class per action kind: why it is refused, what it does ----------------------


class TurnRule(Generic[A]):
    """One action kind. ``refuse`` is asked only for an action that is not among the
    legal actions now and says why (ruling id and sentence); ``do`` changes the state
    and returns the events."""

    kind: ClassVar[type[Action]]
    placing: ClassVar[bool] = False
    """True for the placements after the turn (R9, R12); else an action of the turn."""

    @staticmethod
    def refuse(g: Game, p: Player, a: Any) -> IllegalAction | None:
        raise NotImplementedError

    @staticmethod
    def do(g: Game, p: Player, a: Any) -> list[Event]:
        raise NotImplementedError


class _TakeMoney(TurnRule[TakeMoney]):
    """R5: one face-up card of any value, or several summing to at most 5."""

    kind = TakeMoney

    @staticmethod
    def refuse(g: Game, p: Player, a: TakeMoney) -> IllegalAction | None:
        have = Counter(g._display)
        for c, n in Counter(a.cards).items():
            if have[c] == 0:
                return IllegalAction("R5", f"R5: {c} is not face up in the money display.")
            if have[c] < n:
                return IllegalAction(
                    "R5",
                    f"R5: only {have[c]} {c} {'is' if have[c] == 1 else 'are'} face up; "
                    f"it cannot be taken {n} times.",
                )
        total = sum(c.value for c in a.cards)
        if len(a.cards) > 1 and total > 5:
            return IllegalAction(
                "R5",
                "R5: several cards may be taken only if their values add up to at most 5 "
                f"(these make {total}); or take one card of any value.",
            )
        return None

    @staticmethod
    def do(g: Game, p: Player, a: TakeMoney) -> list[Event]:
        for c in a.cards:
            g._display.remove(c)
        p._gain(a.cards)
        g._takes = None
        ev = [Event("take_money", {"player": p.name, "cards": [CARD_NAMES[c] for c in a.cards]})]
        return g._turn_over(p, ev)


class _Buy(TurnRule[Buy]):
    """R6: pay a market tile with its slot's currency, at least its price, no change."""

    kind = Buy

    @staticmethod
    def refuse(g: Game, p: Player, a: Buy) -> IllegalAction | None:
        tile = g._market[a.currency]
        if tile is None:
            return IllegalAction("R6", f"R6: the {a.currency} slot of the market is empty.")
        have = Counter(v for v in p.hand()[a.currency])
        for v, n in Counter(a.pay).items():
            if have[v] < n:
                cards = "card" if n == 1 else "cards"
                return IllegalAction(
                    "R6", f"R6: {p.name} does not hold {n} {a.currency} {cards} of value {v}."
                )
        if sum(a.pay) < tile.price:
            return IllegalAction(
                "R6",
                f"R6: the {tile} costs {tile.price} {a.currency}; "
                f"{'+'.join(map(str, a.pay))} = {sum(a.pay)} is not enough.",
            )
        return None

    @staticmethod
    def do(g: Game, p: Player, a: Buy) -> list[Event]:
        tile = g._market[a.currency]
        assert tile is not None
        exact = g.is_exact(a)
        g._discard += p._spend(a.currency, a.pay)
        g._market[a.currency] = None
        p._bought.append(tile)
        ev = [
            Event(
                "buy",
                {
                    "player": p.name,
                    "tile": tile.name,
                    "price": tile.price,
                    "currency": a.currency,
                    "pay": list(a.pay),
                    "exact": exact,
                },
            )
        ]
        if exact:  # R4: an exact payment gives another action
            return ev
        return g._turn_over(p, ev)


def _error(v: Violation | None) -> IllegalAction | None:
    """The Alhambra's violation (R7, R8) as the refusal, if any."""
    return v.error() if v is not None else None


def _not_held(g: Game, p: Player, tile: Tile) -> IllegalAction | None:
    if tile in p._bought:
        return None
    if g.phase == "gift":
        return IllegalAction("R12", f"R12: the {tile} is not among {p.name}'s end-game gifts.")
    return IllegalAction("R9", f"R9: the {tile} is not among {p.name}'s tiles bought this turn.")


class _Place(TurnRule[Place]):
    """R9/R12: build a tile bought this turn (or a gift) into a legal cell (R7)."""

    kind = Place
    placing = True

    @staticmethod
    def refuse(g: Game, p: Player, a: Place) -> IllegalAction | None:
        return _not_held(g, p, a.tile) or _error(p._alhambra.why_illegal(a.tile, a.pos))

    @staticmethod
    def do(g: Game, p: Player, a: Place) -> list[Event]:
        p._bought.remove(a.tile)
        p._alhambra._put(a.tile, a.pos)
        ev = [Event("place", {"player": p.name, "tile": a.tile.name, "pos": list(a.pos)})]
        return g._placed(p, ev)


class _Reserve(TurnRule[Reserve]):
    """R9/R12: put a tile bought this turn (or a gift) onto the reserve."""

    kind = Reserve
    placing = True

    @staticmethod
    def refuse(g: Game, p: Player, a: Reserve) -> IllegalAction | None:
        return _not_held(g, p, a.tile)

    @staticmethod
    def do(g: Game, p: Player, a: Reserve) -> list[Event]:
        p._bought.remove(a.tile)
        p._reserve.append(a.tile)
        return g._placed(p, [Event("reserve", {"player": p.name, "tile": a.tile.name})])


class _GiveToDirk(TurnRule[GiveToDirk]):
    """R3: with two players, a tile bought this turn may go to Dirk."""

    kind = GiveToDirk
    placing = True

    @staticmethod
    def refuse(g: Game, p: Player, a: GiveToDirk) -> IllegalAction | None:
        if g.phase == "gift":
            return IllegalAction(
                "R3", "R3: only tiles bought this turn can go to Dirk, not end-game gifts."
            )
        return _not_held(g, p, a.tile)

    @staticmethod
    def do(g: Game, p: Player, a: GiveToDirk) -> list[Event]:
        p._bought.remove(a.tile)
        g._dirk.append(a.tile)
        data = {"player": p.name, "tile": a.tile.name, "dirk": g.dirk_name}
        return g._placed(p, [Event("give_to_dirk", data)])


def _not_in_reserve(p: Player, tile: Tile) -> IllegalAction | None:
    if tile in p._reserve:
        return None
    return IllegalAction("R8", f"R8: the {tile} is not in {p.name}'s reserve.")


class _FromReserve(TurnRule[FromReserve]):
    """R8: build a reserve tile into a legal cell (R7). Ends the turn."""

    kind = FromReserve

    @staticmethod
    def refuse(g: Game, p: Player, a: FromReserve) -> IllegalAction | None:
        return _not_in_reserve(p, a.tile) or _error(p._alhambra.why_illegal(a.tile, a.pos))

    @staticmethod
    def do(g: Game, p: Player, a: FromReserve) -> list[Event]:
        p._reserve.remove(a.tile)
        p._alhambra._put(a.tile, a.pos)
        data = {"player": p.name, "tile": a.tile.name, "pos": list(a.pos), "how": "from_reserve"}
        return g._turn_over(p, [Event("redesign", data)])


class _ToReserve(TurnRule[ToReserve]):
    """R8: move a tile to the reserve; what stays keeps R7. Ends the turn."""

    kind = ToReserve

    @staticmethod
    def refuse(g: Game, p: Player, a: ToReserve) -> IllegalAction | None:
        return _error(p._alhambra.why_not_removable(a.pos))

    @staticmethod
    def do(g: Game, p: Player, a: ToReserve) -> list[Event]:
        t = p._alhambra._take(a.pos)
        p._reserve.append(t)
        data = {"player": p.name, "tile": t.name, "pos": list(a.pos), "how": "to_reserve"}
        return g._turn_over(p, [Event("redesign", data)])


class _Exchange(TurnRule[Exchange]):
    """R8: a reserve tile takes exactly the cell of a built tile, which goes to the
    reserve; the result keeps R7. Ends the turn."""

    kind = Exchange

    @staticmethod
    def refuse(g: Game, p: Player, a: Exchange) -> IllegalAction | None:
        why = _not_in_reserve(p, a.tile)
        return why or _error(p._alhambra.why_not_exchangeable(a.tile, a.pos))

    @staticmethod
    def do(g: Game, p: Player, a: Exchange) -> list[Event]:
        p._reserve.remove(a.tile)
        old = p._alhambra._swap(a.tile, a.pos)
        p._reserve.append(old)
        data = {
            "player": p.name,
            "tile": a.tile.name,
            "old": old.name,
            "pos": list(a.pos),
            "how": "exchange",
        }
        return g._turn_over(p, [Event("redesign", data)])


class _Pass(TurnRule[Pass]):
    """Legal only when nothing else is (the rulebook is silent on this corner)."""

    kind = Pass

    @staticmethod
    def refuse(g: Game, p: Player, a: Pass) -> IllegalAction | None:
        return IllegalAction(
            "R4",
            "R4: a turn is one of: take money, buy a tile, redesign; passing is allowed "
            "only when none of them is possible.",
        )

    @staticmethod
    def do(g: Game, p: Player, a: Pass) -> list[Event]:
        return g._turn_over(p, [Event("pass", {"player": p.name})])


TURN_RULES: dict[type[Action], type[TurnRule[Any]]] = {
    r.kind: r
    for r in (
        _TakeMoney,
        _Buy,
        _Place,
        _Reserve,
        _GiveToDirk,
        _FromReserve,
        _ToReserve,
        _Exchange,
        _Pass,
    )
}
"""Action kind -> its rule (refusal and effect). ``Edit`` is not a move: see Game.edit."""


class Game(RecordedGame[Action, Event]):
    """A game of Alhambra for 2 to 6 players (with two: Dirk, R3).

    >>> g = Game(players=["Ann", "Ben", "Cem"], seed=7)
    >>> g.current_player.name in ("Ann", "Ben", "Cem")
    True

    A game is its options, its seed and its actions (R13): see
    :class:`~alhambra_widget.record.RecordedGame` for ``apply``, ``undo``, ``at``,
    ``replay``, ``copy``, ``to_json`` and ``from_json``.
    """

    FORMAT = FORMAT
    TITLE = "Alhambra game"
    VERSION = VERSION
    OPTIONS: ClassVar[dict[str, tuple[str, Any]]] = {
        "dirk": ("dirk_name", "Dirk"),
        "dirk_can_win": ("dirk_can_win", False),
    }

    @staticmethod
    def action_from_json(data: object) -> Action:
        return Action.from_json(data)

    players: tuple[Player, ...]
    phase: str
    """``"act"`` (the turn's actions), ``"place"`` (R9), ``"gift"`` (R12) or ``"over"``."""

    def __init__(
        self,
        players: Sequence[str],
        seed: int | None = None,
        *,
        dirk: str = "Dirk",
        dirk_can_win: bool = False,
    ):
        names = list(players) if isinstance(players, (list, tuple)) else None
        if names is None or not 2 <= len(names) <= 6:
            raise IllegalAction(
                "R1", "R1: Alhambra is played by 2 to 6 players: give a list of names."
            )
        if not all(isinstance(n, str) and n.strip() for n in names):
            raise MalformedInput("Player names are non-empty strings.")
        if len(set(names)) != len(names):
            raise MalformedInput("Player names must differ.")
        if len(names) == 2 and (not isinstance(dirk, str) or not dirk.strip() or dirk in names):
            raise MalformedInput("Dirk's name (R3) must be a non-empty string unlike the players'.")
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if type(seed) is not int:
            raise MalformedInput(f"The seed is an integer, not {seed!r}.")
        super().__init__(seed)
        self.dirk_name = dirk
        self.dirk_can_win = bool(dirk_can_win)
        self._setup(names)

    # -- setup (R2, R3) ---------------------------------------------------
    def _setup(self, names: list[str]) -> None:
        rng = self.rng = random.Random(self.seed)
        two = len(names) == 2
        self.players = tuple(Player(n) for n in names)
        self._bag: list[Tile] = list(building_tiles())
        rng.shuffle(self._bag)
        self._market: dict[str, Tile | None] = {c: self._bag.pop() for c in CURRENCIES}
        self._dirk: list[Tile] = [self._bag.pop() for _ in range(6)] if two else []
        self.dirk_score = 0
        cards = money_cards(two)
        rng.shuffle(cards)
        for p in self.players:  # R2: deal in seat order until 20 or more
            while sum(c.value for c in p._money) < 20:
                p._money.append(cards.pop())
        self._display: list[Card] = [cards.pop() for _ in range(4)]
        self._takes: tuple[TakeMoney, ...] | None = None  # R5 choices of this display
        # Five piles as equal as possible (the first piles take the extra cards);
        # scoring card 1 at a random place in pile 2, card 2 in pile 4 (R2).
        q, r = divmod(len(cards), 5)
        piles: list[list[Card | ScoringCard]] = []
        at = 0
        for i in range(5):
            size = q + (1 if i < r else 0)
            piles.append(list(cards[at : at + size]))
            at += size
        starts = [sum(len(p) for p in piles[:i]) for i in range(5)]
        for rnd, pile in ((1, piles[1]), (2, piles[3])):
            pile.insert(rng.randint(0, len(pile)), ScoringCard(rnd))
        # Where each scoring card may lie, counted in draws from the top (pile 2 holds
        # card 1; pile 4 holds card 2, below card 1): public knowledge, for display.
        self._windows = {
            1: (starts[1], starts[1] + len(piles[1]) - 1),
            2: (starts[3] + 1, starts[3] + len(piles[3])),
        }
        # The deck is drawn from its end: pile 1 on top means pile 1 last in the list.
        self._deck: list[Card | ScoringCard] = [
            c for pile in reversed(piles) for c in reversed(pile)
        ]
        self._deck_size = len(self._deck)
        self._discard: list[Card] = []
        # R2: fewest cards, then the lowest total, then the seed
        fewest = min(len(p._money) for p in self.players)
        by_count = [i for i, p in enumerate(self.players) if len(p._money) == fewest]
        low = min(sum(c.value for c in self.players[i]._money) for i in by_count)
        tied = [i for i in by_count if sum(c.value for c in self.players[i]._money) == low]
        self.starting_player = tied[0] if len(tied) == 1 else rng.choice(tied)
        how = "fewest money cards"
        if len(by_count) > 1:
            how += ", then lowest total" + (", then drawn by the seed" if len(tied) > 1 else "")
        self.current = self.starting_player
        self.phase = "act"
        self.turn = 1
        self.rounds: list[ScoringRound] = []
        self.scoring_cards_drawn: list[int] = []
        self._due: list[int] = []
        self.log = []
        if two:
            self.log.append(self._dirk_event([t.name for t in self._dirk], "setup"))
        start = self.players[self.current].name
        self.log.append(Event("turn", {"player": start, "turn": 1, "how": how}))

    def _dirk_event(self, tiles: list[str], when: str) -> Event:
        return Event("dirk_tiles", {"dirk": self.dirk_name, "tiles": tiles, "when": when})

    # -- reading ----------------------------------------------------------
    @property
    def current_player(self) -> Player:
        """The player who decides next (during end-game gifts: the receiver)."""
        return self.players[self.current]

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def two_players(self) -> bool:
        return len(self.players) == 2

    @property
    def market(self) -> Mapping[str, Tile | None]:
        """Currency -> the tile in that market slot (read-only)."""
        return MappingProxyType(self._market)

    @property
    def display(self) -> tuple[Card, ...]:
        """The face-up money cards."""
        return tuple(self._display)

    @property
    def deck(self) -> tuple[Card | ScoringCard, ...]:
        """The money deck, drawn from the end (hidden information)."""
        return tuple(self._deck)

    @property
    def discard(self) -> tuple[Card, ...]:
        return tuple(self._discard)

    @property
    def bag(self) -> tuple[Tile, ...]:
        """The tiles in the bag, drawn from the end (hidden information)."""
        return tuple(self._bag)

    @property
    def dirk(self) -> tuple[Tile, ...]:
        """Dirk's tiles (R3; empty with 3 or more players)."""
        return tuple(self._dirk)

    @property
    def scores(self) -> dict[str, int]:
        """Points per real player (Dirk's are in :attr:`dirk_score`)."""
        return {p.name: p.score for p in self.players}

    @property
    def winners(self) -> list[str]:
        """The names with the highest total (equal totals share the win, R12); empty
        before the end. Dirk is among them only with ``dirk_can_win``."""
        if not self.is_over:
            return []
        board = dict(self.scores)
        if self.two_players and self.dirk_can_win:
            board[self.dirk_name] = self.dirk_score
        top = max(board.values())
        return [n for n, s in board.items() if s == top]

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def scoring_approach(self) -> dict[int, tuple[int, int] | None]:
        """For scoring cards 1 and 2: ``None`` once drawn, else (fewest, most) further
        draws from the money deck until it shows (known from the five piles, R2)."""
        drawn = self._deck_size - len(self._deck)
        out: dict[int, tuple[int, int] | None] = {}
        for rnd, (lo, hi) in self._windows.items():
            if rnd in self.scoring_cards_drawn:
                out[rnd] = None
            else:
                out[rnd] = (max(0, lo - drawn), hi - drawn)
        return out

    def counts(self) -> dict[str, dict[str, int]]:
        """Tiles per kind in each Alhambra (and Dirk's), as scoring counts them (R10)."""
        out = {p.name: p._alhambra.counts() for p in self.players}
        if self.two_players:
            out[self.dirk_name] = dict(Counter(t.kind for t in self._dirk))
        return {n: {k: c.get(k, 0) for k in KINDS} for n, c in out.items()}

    def is_exact(self, buy: Buy) -> bool:
        """R4: does ``buy`` pay exactly the price of its slot's tile (another action)?"""
        tile = self._market[buy.currency]
        return tile is not None and sum(buy.pay) == tile.price

    def gifts(self) -> list[tuple[str, Tile, str | None, int]]:
        """R12, as it would go now: for each market tile ``(currency, tile, receiver or
        None, amount)`` (see :func:`end_game_gifts`)."""
        holdings = {p.name: {c: sum(v) for c, v in p.hand().items()} for p in self.players}
        return end_game_gifts(self._market, holdings)

    # -- legal actions ----------------------------------------------------
    def _list_legal(self) -> list[Action]:
        if self.phase == "over":
            return []
        p = self.players[self.current]
        if self.phase != "act":
            return list(_placements(p, self.phase == "place" and self.two_players))
        t = self._takes
        if t is None:
            t = self._takes = takes(self._display)
        out: list[Action] = list(t)
        hand = p._hand or p.hand()
        totals = p._totals
        for cur, tile in self._market.items():
            if tile is not None and totals[cur] >= tile.price:
                out += _buys(cur, hand[cur], tile.price)
        out.extend(_redesigns(p))
        return out or [_one(Pass)]

    def _refuse(self, action: object) -> Exception | None:
        if not isinstance(action, Action):
            return MalformedInput(f"{action!r} is not an action.")
        if type(action) is Edit:  # not a move, so never listed: checked here
            if self.phase == "over":
                return IllegalAction("R12", "R12: the game is over; it cannot be edited.")
            try:
                self._edit_plan(action)
            except GameError as e:
                return e
            return None
        if self.phase == "over":
            return IllegalAction("R12", "R12: the game is over.")
        p = self.players[self.current]
        rule = TURN_RULES[type(action)]
        if type(action) is GiveToDirk and not self.two_players:
            return IllegalAction("R3", "R3: only in a two-player game can a tile go to Dirk.")
        if rule.placing and self.phase == "act":
            if p._bought:
                held = ", ".join(map(str, p._bought))
                return IllegalAction(
                    "R9",
                    f"R9: {p.name} places the tiles bought this turn ({held}) after the "
                    "turn's last action; after an exact payment another action comes first (R4).",
                )
            return IllegalAction(
                "R9",
                f"R9: {p.name} has bought nothing this turn; bought tiles are placed after "
                "the turn's last action.",
            )
        if not rule.placing and self.phase == "place":
            return IllegalAction(
                "R9",
                f"R9: {p.name}'s turn is over: place the tiles bought this turn first "
                f"({', '.join(map(str, p._bought))}).",
            )
        if not rule.placing and self.phase == "gift":
            return IllegalAction(
                "R12",
                f"R12: the game has ended; {p.name} places the end-game gifts first "
                f"({', '.join(map(str, p._bought))}), then round 3 is scored.",
            )
        why = rule.refuse(self, p, action)
        return why or IllegalAction("R4", f"R4: {action} is not among the legal actions now.")

    def _do(self, action: Action) -> list[Event]:
        ev: list[Event]
        if type(action) is Edit:
            ev = self._edit_plan(action)()
        else:
            ev = TURN_RULES[type(action)].do(self, self.players[self.current], action)
        self.log.extend(ev)
        return ev

    # -- the turn's course (R4, R9) ------------------------------------------------
    def _turn_over(self, p: Player, ev: list[Event]) -> list[Event]:
        """The turn's last action is done: place what was bought (R9), or end the turn."""
        if p._bought:
            self.phase = "place"
            return ev
        return ev + self._end_turn()

    def _placed(self, p: Player, ev: list[Event]) -> list[Event]:
        if p._bought:
            return ev
        if self.phase == "place":
            return ev + self._end_turn()
        nxt = self._next_receiver()  # the gift phase (R12): the next receiver, or round 3
        if nxt is not None:
            self.current = nxt
            return ev
        return ev + self._finish()

    def _next_receiver(self) -> int | None:
        n = len(self.players)
        for k in range(n):
            i = (self.current + k) % n
            if self.players[i]._bought:
                return i
        return None

    # -- end of turn (R9), scoring (R10, R11), the end (R12) -----------------
    def _end_turn(self) -> list[Event]:
        ev: list[Event] = []
        drawn: list[str] = []
        display = self._display
        while len(display) < 4:
            if not self._deck:
                if not self._discard:
                    ev.append(Event("money_empty", {"empty": 4 - len(display)}))
                    break
                self._deck = list(self._discard)
                self._discard = []
                self.rng.shuffle(self._deck)
                ev.append(Event("reshuffled", {"cards": len(self._deck)}))
            c = self._deck.pop()
            if type(c) is ScoringCard:
                self._due.append(c.round)
                self.scoring_cards_drawn.append(c.round)
                ev.append(Event("scoring_card", {"round": c.round}))
                continue
            display.append(c)  # type: ignore[arg-type]
            drawn.append(CARD_NAMES[c])  # type: ignore[index]
        if drawn:
            self._takes = None
            ev.append(Event("money_refilled", {"cards": drawn}))
        filled: list[list[str]] = []
        short = False
        for cur, t in self._market.items():
            if t is None:
                if self._bag:
                    nt = self._market[cur] = self._bag.pop()
                    filled.append([cur, nt.name])
                else:
                    short = True
        if filled:
            ev.append(Event("market_refilled", {"tiles": filled}))
        if self._due:
            for rnd in self._due:
                ev += self._score(rnd)
            self._due = []
        if short:
            return ev + self._game_end()
        self.current = (self.current + 1) % len(self.players)
        self.turn += 1
        self.phase = "act"
        ev.append(Event("turn", {"player": self.players[self.current].name, "turn": self.turn}))
        return ev

    def _game_end(self) -> list[Event]:
        ev = [Event("game_ending", {})]
        for cur, t, receiver, amount in self.gifts():
            if receiver is not None:
                self._market[cur] = None
                self.player(receiver)._bought.append(t)
            data = {"player": receiver, "tile": t.name, "currency": cur, "amount": amount}
            ev.append(Event("gift", data))
        nxt = self._next_receiver()
        if nxt is not None:
            self.phase = "gift"
            self.current = nxt
            return ev
        return ev + self._finish()

    def _finish(self) -> list[Event]:
        ev = self._score(3)
        self.phase = "over"
        data: dict[str, Any] = {"winners": self.winners, "scores": self.scores}
        if self.two_players:
            data |= {"dirk": self.dirk_name, "dirk_score": self.dirk_score}
        ev.append(Event("game_over", data))
        return ev

    def scoring_preview(
        self, number: int, alhambras: Mapping[str, Alhambra] | None = None
    ) -> ScoringRound:
        """What scoring round ``number`` would give now, without scoring it (R10, R11:
        walls score in every round). ``alhambras`` (player -> Alhambra) stand in for
        those players' own: what the round would give if they looked like that."""
        own = {p.name: p._alhambra for p in self.players}
        if alhambras:
            for name in alhambras:
                if name not in own:
                    raise MalformedInput(f"{name!r} is not a player of this game.")
            own.update(alhambras)
        counts = {n: a.counts() for n, a in own.items()}
        if self.two_players:
            counts[self.dirk_name] = dict(Counter(t.kind for t in self._dirk))
        walls = {n: a.longest_wall_segments() for n, a in own.items()}
        return score_round(number, counts, walls)

    def _score(self, number: int) -> list[Event]:
        r = self.scoring_preview(number)
        self.rounds.append(r)
        for p in self.players:
            p.score += r.totals[p.name]
        if self.two_players:
            self.dirk_score += r.totals[self.dirk_name]
        ev = [Event("round_scored", {"round": number, "totals": dict(r.totals)})]
        if self.two_players:
            k = dirk_draw(number, len(self._bag))
            if k:
                got = [self._bag.pop() for _ in range(k)]
                self._dirk.extend(got)
                ev.append(self._dirk_event([t.name for t in got], f"round {number}"))
        return ev

    # -- editing by hand (a recorded action) -----------------------------------------
    def edit(self, **changes: Any) -> list[Event]:
        """Change the position by hand, as a recorded :class:`~.actions.Edit` (so undo,
        the timeline and the saved game keep it). Keywords: ``players`` (name ->
        {"money", "reserve", "alhambra"}), ``market``, ``display``, ``deck_top``,
        ``bag``, ``dirk``; tiles and cards as objects or their names. Refused whole
        when anything is malformed or an Alhambra breaks R7.

        >>> g = Game(["Ann", "Ben", "Cem"], seed=1)
        >>> _ = g.edit(market={"denar": "garden 10"}, players={"Ann": {"money": ["denar 9", "denar 1"]}})
        >>> g.market["denar"], g.player("Ann").money
        (Tile('garden', 10, walls=''), (Card(currency='denar', value=9), Card(currency='denar', value=1)))
        """
        return self.apply(Edit(json.dumps(_plain(changes), sort_keys=True)))

    def _edit_plan(self, action: Edit) -> Any:
        """Parse and check an edit completely; return the function that carries it out
        (so a refused edit changes nothing)."""
        try:
            d = json.loads(action.changes)
        except ValueError:
            raise MalformedInput("Edit.changes is not JSON.") from None
        if not isinstance(d, dict):
            raise MalformedInput("An edit is a dict of changes.")
        known = {
            "players",
            "market",
            "display",
            "deck",
            "deck_top",
            "discard",
            "bag",
            "dirk",
            "current",
        }
        if set(d) - known:
            raise MalformedInput(
                f"Unknown edits {sorted(set(d) - known)}; the edits are {sorted(known)}."
            )

        def tiles(v: object) -> list[Tile]:
            if not isinstance(v, list):
                raise MalformedInput(f"A list of tiles, not {v!r}.")
            return [Tile.parse(t) for t in v]

        def cards(v: object) -> list[Card]:
            if not isinstance(v, list):
                raise MalformedInput(f"A list of money cards, not {v!r}.")
            return [Card.parse(c) for c in v]

        steps: list[Any] = []
        players = d.get("players", {})
        if not isinstance(players, dict):
            raise MalformedInput("'players' maps player names to their changes.")
        for name, pd in players.items():
            try:
                p = self.player(name)
            except KeyError:
                raise MalformedInput(f"There is no player {name!r}.") from None
            if not isinstance(pd, dict) or set(pd) - {"money", "reserve", "alhambra"}:
                raise MalformedInput("A player's edit has 'money', 'reserve', 'alhambra'.")
            if "money" in pd:
                steps.append((p, "_money", cards(pd["money"])))
            if "reserve" in pd:
                steps.append((p, "_reserve", tiles(pd["reserve"])))
            if "alhambra" in pd:
                rows = pd["alhambra"]
                if not isinstance(rows, list) or not all(
                    isinstance(r, list) and len(r) == 3 for r in rows
                ):
                    raise MalformedInput("An Alhambra is a list of [x, y, tile].")
                a = Alhambra.from_tiles([((r[0], r[1]), Tile.parse(r[2])) for r in rows])
                a._owner = p.name
                steps.append((p, "_alhambra", a))
        if "market" in d:
            m = d["market"]
            if not isinstance(m, dict) or set(m) - set(CURRENCIES):
                raise MalformedInput(
                    f"The market edit maps currencies ({', '.join(CURRENCIES)}) to tiles."
                )
            market = dict(self._market)
            for cur, t in m.items():
                market[cur] = None if t is None else Tile.parse(t)
            steps.append((self, "_market", market))
        if "display" in d:
            shown = cards(d["display"])
            if len(shown) > 4:
                raise IllegalAction("R2", "R2: four money cards at most are face up.")
            steps.append((self, "_display", shown))

        def deck(v: object) -> list[Card | ScoringCard]:
            if not isinstance(v, list):
                raise MalformedInput(f"A list of money cards or scoring cards, not {v!r}.")
            return [
                ScoringCard(int(c[-1]))
                if c in ("scoring card 1", "scoring card 2")
                else Card.parse(c)
                for c in v
            ]

        if "deck" in d:
            steps.append((self, "_deck", deck(d["deck"])[::-1]))
        if "deck_top" in d:
            below = steps[-1][2] if "deck" in d else self._deck
            steps.append((self, "_deck", below + deck(d["deck_top"])[::-1]))
        if "discard" in d:
            steps.append((self, "_discard", cards(d["discard"])))
        if "bag" in d:
            steps.append((self, "_bag", tiles(d["bag"])[::-1]))
        if "dirk" in d:
            if not self.two_players:
                raise IllegalAction("R3", "R3: Dirk plays only in a two-player game.")
            steps.append((self, "_dirk", tiles(d["dirk"])))

        if "current" in d:
            names = [p.name for p in self.players]
            if d["current"] not in names or self.phase != "act":
                raise MalformedInput("'current' names a player, and only while a turn is on.")
            steps.append((self, "current", names.index(d["current"])))

        def carry_out() -> list[Event]:
            self._takes = None
            for obj, attr, value in steps:
                setattr(obj, attr, value)
                if isinstance(obj, Player):
                    obj._hand = None
            return [Event("edit", {"what": sorted(d)})]

        return carry_out

    # -- copies, hidden information ------------------------------------------------
    def _copy_state(self) -> Game:
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.players = tuple(p._copy() for p in self.players)
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g._bag = list(self._bag)
        g._market = dict(self._market)
        g._dirk = list(self._dirk)
        g._display = list(self._display)
        g._deck = list(self._deck)
        g._discard = list(self._discard)
        g.rounds = list(self.rounds)
        g.scoring_cards_drawn = list(self.scoring_cards_drawn)
        g._due = list(self._due)
        return g

    def sample_hidden(self, seed: int) -> Game:
        """A copy in which what nobody can know is redrawn: the bag and the order of
        the money cards in the deck (the scoring cards keep their places), with a
        fresh generator. For playouts; its record no longer replays to it."""
        g = self.copy()
        g.rng = random.Random(seed)
        g.rng.shuffle(g._bag)
        slots = [i for i, c in enumerate(g._deck) if type(c) is Card]
        cards = [g._deck[i] for i in slots]
        g.rng.shuffle(cards)
        for i, c in zip(slots, cards):
            g._deck[i] = c
        return g

    def determinize(self, seat: int, seed: int | str) -> Game:
        """A copy as player ``seat`` may imagine it, for search (ISMCTS): everything that
        player has not seen is redrawn, and only from what they could know.

        * The other players' money: their cards and the money cards left in the deck
          are pooled and dealt again, each player keeping the number of cards they hold
          (the hands are secret, R2; the numbers are public).
        * The money deck: in a new order, each scoring card at a place its five piles
          allow (:meth:`scoring_approach`).
        * The bag: in a new order. The generator is new too.

        The pools are sorted before they are shuffled, so the copy depends only on what
        the seat may know and on ``seed``: rearranging what it cannot see (the deck, the
        bag, which unseen cards the others hold) gives the same copy. Its record no
        longer replays to it."""
        g = self.copy()
        rng = random.Random(f"determinize:{seed}")
        others = [p for i, p in enumerate(g.players) if i != seat]
        cards = [c for c in g._deck if type(c) is Card] + [c for p in others for c in p._money]
        cards.sort()
        rng.shuffle(cards)
        for p in others:
            n = len(p._money)
            p._money, cards = cards[:n], cards[n:]
            p._hand = None
        pool: list[Card | ScoringCard] = list(cards)
        approach = self.scoring_approach()
        for rnd in sorted(r for r, w in approach.items() if w is not None):
            lo, hi = approach[rnd]  # type: ignore[misc]
            k = rng.randint(min(lo, len(pool)), min(hi, len(pool)))  # draws before it shows
            pool.insert(len(pool) - k, ScoringCard(rnd))
        g._deck = pool
        g._bag = sorted(g._bag, key=lambda t: (t.kind, t.price, t.walls))
        rng.shuffle(g._bag)
        g.rng = random.Random(rng.getrandbits(64))
        g._legal = None
        return g

    def state_dict(self) -> dict[str, Any]:
        """The whole state as plain data (hidden parts included: bag and deck order, and
        a digest of the generator's state)."""
        return {
            "turn": self.turn,
            "phase": self.phase,
            "current": self.players[self.current].name,
            "players": [p.to_dict() for p in self.players],
            "market": {c: (t.name if t else None) for c, t in self._market.items()},
            "display": [str(c) for c in self._display],
            "deck": [str(c) for c in self._deck],
            "discard": [str(c) for c in self._discard],
            "bag": [t.name for t in self._bag],
            "dirk": [t.name for t in self._dirk],
            "dirk_score": self.dirk_score,
            "rounds": [r.to_dict() for r in self.rounds],
            "scoring_cards_drawn": list(self.scoring_cards_drawn),
            "rng": self._rng_digest(self.rng),
        }

    def __repr__(self) -> str:
        if self.is_over:
            status = f"over, won by {' and '.join(self.winners)}"
        else:
            doing = "place" if self.phase != "act" else "act"
            status = f"turn {self.turn}, {self.current_player.name} to {doing}"
        return (
            f"<Alhambra game, {len(self.players)} players, seed {self.seed}: {status}; "
            f"scores {self.scores}>"
        )


def _plain(v: Any) -> Any:
    """Tiles and cards as their names, tuples as lists: the JSON form of an edit."""
    if isinstance(v, Tile):
        return v.name
    if isinstance(v, (Card, ScoringCard)):
        return str(v)
    if isinstance(v, Mapping):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v
