"""For the engine: the mutable state of an Alhambra game, never handed to users.

A :class:`~.game.Game` keeps its whole state in one :class:`GameState` (market, money,
piles, Dirk, whose turn, scores) and each player's in a :class:`PlayerState` (money,
Alhambra, reserve, tiles bought this turn, score). The rules (:mod:`.rules`), the setup
(:mod:`.setup`) and the editor (:mod:`.editing`) change these plain objects; users see
them only through the read-only :class:`~.game.Game` and :class:`~.player.Player`,
which show lists as tuples and dicts as read-only mappings.
"""

from __future__ import annotations

import random
from typing import Any, Final

from .actions import TakeMoney
from .components import CARDS, CURRENCIES, Card, ScoringCard, Tile, drop_card
from .grid import Alhambra, own
from .scoring import ScoringRound


class PlayerState:
    """For the engine: one player's state (users see it as a :class:`~.player.Player`).
    ``grouped`` and ``totals`` cache the hand per currency (``None`` when stale); copies
    share them, so they are replaced, never changed in place."""

    __slots__ = ("alhambra", "bought", "grouped", "money", "name", "reserve", "score", "totals")

    def __init__(self, name: str) -> None:
        self.name = name
        self.score = 0
        self.money: list[Card] = []
        self.alhambra = own(Alhambra(), name)
        self.reserve: list[Tile] = []
        self.bought: list[Tile] = []
        self.grouped: dict[str, tuple[int, ...]] | None = None
        self.totals: dict[str, int] = {}

    def hand(self) -> dict[str, tuple[int, ...]]:
        """The values held per currency, each sorted (what R6 payments are made of)."""
        h = self.grouped
        if h is None:
            lists: dict[str, list[int]] = {c: [] for c in CURRENCIES}
            for cur, v in self.money:
                lists[cur].append(v)
            h = self.grouped = {}
            totals = self.totals = {}
            for cur, vs in lists.items():
                vs.sort()
                h[cur] = tuple(vs)
                totals[cur] = sum(vs)
        return h

    def money_of(self, currency: str) -> int:
        """Total value in hand of one currency."""
        self.hand()
        return self.totals[currency]

    def gain(self, cards: tuple[Card, ...]) -> None:
        """Take ``cards`` into the hand (the grouped hand is updated, not rebuilt)."""
        self.money += cards
        h = self.grouped
        if h is not None:  # new dictionaries: copies of this seat share the old ones
            h = self.grouped = dict(h)
            totals = self.totals = dict(self.totals)
            for c in cards:
                cur = c.currency
                v = c.value
                vs = h[cur]
                i = 0  # (a sorted insert by hand: compiled, no star-unpacking or sorting call)
                while i < len(vs) and vs[i] <= v:
                    i += 1
                h[cur] = vs[:i] + (v,) + vs[i:]  # noqa: RUF005 (compiled: two slices, no unpacking)
                totals[cur] += v

    def spend(self, currency: str, values: tuple[int, ...]) -> list[Card]:
        """Give up the held cards of ``currency`` with ``values``; returns them."""
        cards = [CARDS[currency, v] for v in values]  # (the cards made once, no constructor call)
        for c in cards:
            drop_card(self.money, c)
        h = self.grouped
        if h is not None:  # new dictionaries, as in gain
            held = list(h[currency])
            for v in values:
                held.remove(v)
            h = self.grouped = dict(h)
            h[currency] = tuple(held)
            totals = self.totals = dict(self.totals)
            for v in values:  # (not sum(): compiled, a builtin is a generic call)
                totals[currency] -= v
        return cards

    def set_money(self, cards: list[Card]) -> None:
        """Replace the hand (an edit, a redraw); the grouped hand is rebuilt when asked."""
        self.money = cards
        self.grouped = None

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor,
        # then its fields (the hand's caches are worked out anew)
        fields = (self.score, self.money, self.alhambra, self.reserve, self.bought)
        return (_unpickled_player, (self.name, *fields))

    def copy(self) -> PlayerState:
        """An independent copy (its Alhambra copied)."""
        s = PlayerState(self.name)
        s.score = self.score
        s.money = list(self.money)
        s.alhambra = own(self.alhambra.copy(), self.name)
        s.reserve = list(self.reserve)
        s.bought = list(self.bought)
        s.grouped = self.grouped
        s.totals = self.totals
        return s


class GameState:
    """For the engine: everything of a game but its record and its players' views.

    ``rng`` is the game's one generator (R13); ``bag`` and ``deck`` are drawn from
    their ends; ``takes`` caches the R5 choices of this display (``None`` when stale);
    ``windows`` is where each scoring card may lie (draws from the top, public
    knowledge); ``due`` the scoring rounds drawn and not yet scored (R9)."""

    __slots__ = (
        "bag",
        "current",
        "deck",
        "deck_size",
        "dirk",
        "dirk_can_win",
        "dirk_name",
        "dirk_score",
        "discard",
        "display",
        "due",
        "market",
        "phase",
        "rng",
        "rounds",
        "scoring_cards_drawn",
        "seats",
        "starting_player",
        "takes",
        "turn",
        "windows",
    )

    def __init__(
        self,
        rng: random.Random,
        seats: tuple[PlayerState, ...],
        dirk_name: str = "",
        dirk_can_win: bool = False,
    ) -> None:
        self.rng = rng
        self.seats = seats
        self.dirk_name = dirk_name
        self.dirk_can_win = dirk_can_win
        self.bag: list[Tile] = []
        self.market: dict[str, Tile | None] = {}
        self.dirk: list[Tile] = []
        self.dirk_score = 0
        self.display: list[Card] = []
        self.takes: tuple[TakeMoney, ...] | None = None
        self.windows: dict[int, tuple[int, int]] = {}
        self.deck: list[Card | ScoringCard] = []
        self.deck_size = 0
        self.discard: list[Card] = []
        self.starting_player = 0
        self.current = 0
        self.phase = "act"
        self.turn = 1
        self.rounds: list[ScoringRound] = []
        self.scoring_cards_drawn: list[int] = []
        self.due: list[int] = []

    @property
    def two_players(self) -> bool:
        """True with two players, and so Dirk (R3)."""
        return len(self.seats) == 2

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor,
        # then the fields set after it (named: a compiled class has no slot list)
        rest = {name: getattr(self, name) for name in _SET_AFTER}
        return (_unpickled_game, (self.rng, self.seats, self.dirk_name, self.dirk_can_win, rest))

    def copy(self) -> GameState:
        """An independent copy (the generator and the players too)."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        t = GameState(rng, tuple(s.copy() for s in self.seats), self.dirk_name, self.dirk_can_win)
        # the immutable fields shared, the mutable ones copied (spelt out, not a loop over
        # __slots__: the compiled engine has no class-level slot list)
        t.dirk_score, t.takes, t.windows, t.deck_size = (
            self.dirk_score,
            self.takes,
            self.windows,
            self.deck_size,
        )
        t.starting_player, t.current, t.phase, t.turn = (
            self.starting_player,
            self.current,
            self.phase,
            self.turn,
        )
        t.bag = list(self.bag)
        t.market = dict(self.market)
        t.dirk = list(self.dirk)
        t.display = list(self.display)
        t.deck = list(self.deck)
        t.discard = list(self.discard)
        t.rounds = list(self.rounds)
        t.scoring_cards_drawn = list(self.scoring_cards_drawn)
        t.due = list(self.due)
        return t

    def player(self, name: str) -> PlayerState:
        """The state of the player named ``name``; KeyError if there is none."""
        for s in self.seats:
            if s.name == name:
                return s
        raise KeyError(name)

    def scores(self) -> dict[str, int]:
        """Each player's score, by name."""
        return {s.name: s.score for s in self.seats}

    def winners(self) -> list[str]:
        """The names with the highest total (equal totals share the win, R12); empty
        before the end. Dirk is among them only with ``dirk_can_win``."""
        if self.phase != "over":
            return []
        board = self.scores()
        if self.two_players and self.dirk_can_win:
            board[self.dirk_name] = self.dirk_score
        top = max(board.values())
        return [n for n, s in board.items() if s == top]


_SET_AFTER: Final = (
    "bag",
    "current",
    "deck",
    "deck_size",
    "dirk",
    "dirk_score",
    "discard",
    "display",
    "due",
    "market",
    "phase",
    "rounds",
    "scoring_cards_drawn",
    "starting_player",
    "takes",
    "turn",
    "windows",
)
"""The fields of a :class:`GameState` its constructor does not take."""


def _unpickled_player(
    name: str,
    score: int,
    money: list[Card],
    alhambra: Alhambra,
    reserve: list[Tile],
    bought: list[Tile],
) -> PlayerState:
    """An unpickled :class:`PlayerState` (see its ``__reduce__``)."""
    s = PlayerState(name)
    s.score = score
    s.money = money
    s.alhambra = alhambra
    s.reserve = reserve
    s.bought = bought
    return s


def _unpickled_game(
    rng: random.Random,
    seats: tuple[PlayerState, ...],
    dirk_name: str,
    dirk_can_win: bool,
    rest: dict[str, Any],
) -> GameState:
    """An unpickled :class:`GameState` (see its ``__reduce__``)."""
    t = GameState(rng, seats, dirk_name, dirk_can_win)
    for name, value in rest.items():
        setattr(t, name, value)
    return t
