"""The Alhambra game: setup (R2, R3), turns (R4-R9), scoring (R10, R11), the end (R12).

A game is its options, its seed and its list of actions (R13): one
``random.Random(seed)`` owned by the game makes every draw, so replaying the
actions from the seed rebuilds the same game. ``apply`` refuses an illegal
action whole (``IllegalAction`` with the rule id) and leaves the state untouched.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import ClassVar

from ..errors import IllegalAction
from ..record import RecordedGame
from .actions import (
    Action,
    Buy,
    Exchange,
    FromReserve,
    GiveToDirk,
    Pass,
    Place,
    Reserve,
    TakeMoney,
    ToReserve,
)
from .components import CURRENCIES, KINDS, Card, ScoringCard, Tile, building_tiles, money_cards
from .grid import Alhambra
from .scoring import ScoringRound, score_round

FORMAT = "alhambra-widget/alhambra-game"
VERSION = 1


@dataclass(slots=True)
class Event:
    """Something that happened, in plain words, for the widget and lessons to narrate.

    ``kind`` is one of: turn, take_money, buy, place, reserve, give_to_dirk, redesign,
    pass, money_refilled, reshuffled, scoring_card, market_refilled, round_scored,
    dirk_tiles, gift, game_over."""

    kind: str
    text: str
    data: dict = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text


class Player:
    """One seat: money in hand, Alhambra, reserve, tiles bought this turn, score."""

    __slots__ = ("alhambra", "bought", "money", "name", "reserve", "score")

    def __init__(self, name: str):
        self.name = name
        self.money: list[Card] = []
        self.alhambra = Alhambra()
        self.alhambra._owner = name
        self.reserve: list[Tile] = []
        self.bought: list[Tile] = []
        self.score = 0

    def money_of(self, currency: str) -> int:
        """Total value in hand of one currency (R12 compares these)."""
        return sum(c.value for c in self.money if c.currency == currency)

    def __repr__(self) -> str:
        return (
            f"<Player {self.name}: {self.score} points, {len(self.money)} cards "
            f"({sum(c.value for c in self.money)}), {len(self.alhambra) - 1} built, "
            f"{len(self.reserve)} in reserve{f', holding {len(self.bought)}' if self.bought else ''}>"
        )

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "score": self.score,
            "money": [str(c) for c in sorted(self.money)],
            "alhambra": [[x, y, t.name] for (x, y), t in sorted(self.alhambra.tiles.items())],
            "reserve": [t.name for t in self.reserve],
            "bought": [t.name for t in self.bought],
        }


@lru_cache(maxsize=8192)
def _buys(currency: str, values: tuple[int, ...], price: int) -> tuple[Buy, ...]:
    """Every purchase of a tile costing ``price`` with a hand of ``values`` (R6), cached."""
    return tuple(_make(Buy, currency, pay) for pay in _payments(values, price))


@lru_cache(maxsize=4096)
def _takes(display: tuple[Card, ...]) -> tuple[TakeMoney, ...]:
    """Every R5 choice from a (sorted) money display, cached."""
    seen: set[tuple[Card, ...]] = set()
    out: list[TakeMoney] = []
    for k in range(1, len(display) + 1):
        for combo in combinations(display, k):
            if (k == 1 or sum(c.value for c in combo) <= 5) and combo not in seen:
                seen.add(combo)
                out.append(_make(TakeMoney, combo))
    return tuple(out)


_ACTIONS: dict = {}


def _make(cls, *args):
    """Actions are immutable values: build each (class, tile, cell) once and share it."""
    key = (cls, *args)
    a = _ACTIONS.get(key)
    if a is None:
        if len(_ACTIONS) > 100_000:
            _ACTIONS.clear()
        a = _ACTIONS[key] = cls(*args)
    return a


def _at_cells(cls, tile: Tile, cells: tuple) -> tuple:
    """``cls(tile, cell)`` for each cell, as one shared tuple."""
    key = (cls, tile, cells)
    acts = _ACTIONS.get(key)
    if acts is None:
        acts = _ACTIONS[key] = tuple(_make(cls, tile, q) for q in cells)
    return acts


def _payments(values, price: int) -> list[tuple[int, ...]]:
    """Every distinct multiset of ``values`` whose total is at least ``price`` (R6)."""
    counts = Counter(values)
    distinct = sorted(counts, reverse=True)
    out: list[tuple[int, ...]] = []
    # suffix sums let us prune branches that can no longer reach the price
    rest = [0] * (len(distinct) + 1)
    for i in range(len(distinct) - 1, -1, -1):
        rest[i] = rest[i + 1] + distinct[i] * counts[distinct[i]]

    def go(i: int, chosen: tuple[int, ...], total: int) -> None:
        if total + rest[i] < price:
            return
        if i == len(distinct):
            out.append(chosen)
            return
        v = distinct[i]
        for k in range(counts[v], -1, -1):
            go(i + 1, chosen + (v,) * k, total + v * k)

    go(0, (), 0)
    return out


class Game(RecordedGame):
    """A game of Alhambra for 2 to 6 players (with two: Dirk, R3).

    >>> g = Game(players=["Ann", "Ben", "Cem"], seed=7)
    >>> g.current_player.name in ("Ann", "Ben", "Cem")
    True

    A game is its options, its seed and its actions (R13): see
    :class:`~alhambra_widget.record.RecordedGame` for ``apply``, ``undo``, ``at``,
    ``replay``, ``to_json`` and ``from_json``.
    """

    FORMAT = FORMAT
    TITLE = "Alhambra game"
    VERSION = VERSION
    OPTIONS: ClassVar[dict] = {
        "dirk": ("dirk_name", "Dirk"),
        "dirk_can_win": ("dirk_can_win", False),
    }
    action_from_json = staticmethod(Action.from_json)

    def __init__(
        self,
        players: list[str] | tuple[str, ...],
        seed: int | None = None,
        *,
        dirk: str = "Dirk",
        dirk_can_win: bool = False,
    ):
        names = list(players) if isinstance(players, (list, tuple)) else None
        if names is None or not 2 <= len(names) <= 6:
            raise IllegalAction("R1", "Alhambra is played by 2 to 6 players: give a list of names.")
        if not all(isinstance(n, str) and n.strip() for n in names):
            raise IllegalAction("format", "Player names are non-empty strings.")
        if len(set(names)) != len(names):
            raise IllegalAction("format", "Player names must differ.")
        if len(names) == 2 and (not isinstance(dirk, str) or not dirk.strip() or dirk in names):
            raise IllegalAction("R3", "Dirk's name must be a non-empty string unlike the players'.")
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if type(seed) is not int:
            raise IllegalAction("format", f"The seed is an integer, not {seed!r}.")
        self.seed = seed
        self.dirk_name = dirk
        self.dirk_can_win = bool(dirk_can_win)
        self.history: list[Action] = []
        self.log: list[Event] = []
        self._listeners: list = []
        self._setup(names)

    # -- setup (R2, R3) ---------------------------------------------------
    def _setup(self, names: list[str]) -> None:
        rng = self.rng = random.Random(self.seed)
        two = len(names) == 2
        self.players = tuple(Player(n) for n in names)
        self.bag: list[Tile] = list(building_tiles())
        rng.shuffle(self.bag)
        self.market: dict[str, Tile | None] = {c: self.bag.pop() for c in CURRENCIES}
        self.dirk: list[Tile] = [self.bag.pop() for _ in range(6)] if two else []
        self.dirk_score = 0
        cards = money_cards(two)
        rng.shuffle(cards)
        for p in self.players:  # R2: deal in seat order until 20 or more
            while sum(c.value for c in p.money) < 20:
                p.money.append(cards.pop())
        self.display: list[Card] = [cards.pop() for _ in range(4)]
        # Five piles as equal as possible (the first piles take the extra cards);
        # scoring card 1 at a random place in pile 2, card 2 in pile 4 (R2).
        q, r = divmod(len(cards), 5)
        piles, at = [], 0
        for i in range(5):
            size = q + (1 if i < r else 0)
            piles.append(cards[at : at + size])
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
        self.deck: list[Card | ScoringCard] = [
            c for pile in reversed(piles) for c in reversed(pile)
        ]
        self._deck_size = len(self.deck)
        self.discard: list[Card] = []
        fewest = min((len(p.money), sum(c.value for c in p.money)) for p in self.players)
        tied = [
            i
            for i, p in enumerate(self.players)
            if (len(p.money), sum(c.value for c in p.money)) == fewest
        ]
        self.starting_player = tied[0] if len(tied) == 1 else rng.choice(tied)
        self.current = self.starting_player
        self.phase = "act"  # act | place | gift | over
        self.turn = 1
        self.rounds: list[ScoringRound] = []
        self.scoring_cards_drawn: list[int] = []
        self._due: list[int] = []
        self._exact = 0  # exact buys this turn
        start = self.players[self.current]
        how = "fewest money cards"
        if len({len(p.money) for p in self.players}) < len(self.players):
            how += ", then lowest total" + (", then drawn by the seed" if len(tied) > 1 else "")
        self.log = [
            Event(
                "turn",
                f"{start.name} starts ({how}): turn 1.",
                {"player": start.name, "turn": 1},
            )
        ]
        if two:
            self.log.append(
                Event(
                    "dirk_tiles",
                    f"{self.dirk_name} takes 6 tiles: {', '.join(map(str, self.dirk))}.",
                    {"tiles": [t.name for t in self.dirk]},
                )
            )

    @property
    def _names(self) -> list[str]:
        return [p.name for p in self.players]

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
        drawn = self._deck_size - len(self.deck)
        out: dict[int, tuple[int, int] | None] = {}
        for rnd, (lo, hi) in self._windows.items():
            if rnd in self.scoring_cards_drawn:
                out[rnd] = None
            else:
                out[rnd] = (max(0, lo - drawn), hi - drawn)
        return out

    # -- legal actions ----------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal choice now, payments (which cards) and placements included, in a
        fixed order (so a seeded bot replays exactly)."""
        if self.phase == "over":
            return []
        p = self.players[self.current]
        alh = p.alhambra
        memo = alh._analysis().memo
        if self.phase in ("place", "gift"):
            key = ("place", self.phase == "place" and self.two_players, tuple(p.bought))
            acts = memo.get(key)
            if acts is None:
                acts = memo[key] = self._placements(p, key[1])
            return list(acts)
        out = list(_takes(tuple(sorted(self.display))))
        hand: dict[str, list[int]] = {c: [] for c in CURRENCIES}
        for c in p.money:
            hand[c.currency].append(c.value)
        for cur, tile in self.market.items():
            if tile is not None:
                vals = hand[cur]
                if sum(vals) >= tile.price:
                    vals.sort()
                    out.extend(_buys(cur, tuple(vals), tile.price))
        key = ("redesign", tuple(p.reserve))
        acts = memo.get(key)
        if acts is None:
            acts = memo[key] = self._redesigns(p)
        out.extend(acts)
        return out or [Pass()]

    @staticmethod
    def _placements(p: Player, dirk: bool) -> tuple[Action, ...]:
        an = p.alhambra._analysis()
        out: list[Action] = []
        for t in p.bought:
            out.extend(_at_cells(Place, t, an.legal_cells(t.mask)))
            out.append(_make(Reserve, t))
            if dirk:
                out.append(_make(GiveToDirk, t))
        return tuple(out)

    @staticmethod
    def _redesigns(p: Player) -> tuple[Action, ...]:
        """R8: reserve to Alhambra, Alhambra to reserve, exchanges."""
        an = p.alhambra._analysis()
        out: list[Action] = []
        for t in p.reserve:
            out.extend(_at_cells(FromReserve, t, an.legal_cells(t.mask)))
        out.extend(_make(ToReserve, q) for q in sorted(an.removable))
        for t in p.reserve:
            out.extend(_at_cells(Exchange, t, an.exchange_cells(t.mask)))
        return tuple(out)

    def _check(self, action: Action) -> None:
        if not isinstance(action, Action):
            raise IllegalAction("format", f"{action!r} is not an action.")
        if self.phase == "over":
            raise IllegalAction("R12", "The game is over.")
        p = self.players[self.current]
        placing = self.phase in ("place", "gift")
        if isinstance(action, (Place, Reserve, GiveToDirk)):
            if not placing:
                raise IllegalAction(
                    "R9",
                    f"Bought tiles are placed only after the turn's last action (R9); "
                    f"{p.name} has nothing to place yet.",
                )
            if action.tile not in p.bought:
                what = "gifts" if self.phase == "gift" else "tiles bought this turn"
                raise IllegalAction("R9", f"{action.tile} is not among {p.name}'s {what}.")
            if isinstance(action, Place):
                v = p.alhambra.why_illegal(action.tile, action.pos)
                if v is not None:
                    raise v.error()
            elif isinstance(action, GiveToDirk):
                if not self.two_players:
                    raise IllegalAction("R3", "Only in a two-player game can a tile go to Dirk.")
                if self.phase == "gift":
                    raise IllegalAction(
                        "R3", "Only tiles bought this turn can go to Dirk, not end-game gifts."
                    )
            return
        if placing:
            raise IllegalAction(
                "R9",
                f"{p.name}'s turn is over: place the tiles bought this turn first "
                f"({', '.join(map(str, p.bought))}).",
            )
        if isinstance(action, TakeMoney):
            need = Counter(action.cards)
            have = Counter(self.display)
            for c, n in need.items():
                if have[c] < n:
                    raise IllegalAction("R5", f"{c} is not face up in the money display.")
            if len(action.cards) > 1 and sum(c.value for c in action.cards) > 5:
                raise IllegalAction(
                    "R5",
                    "R5: several cards may be taken only if their values add up to at most 5 "
                    f"(these make {sum(c.value for c in action.cards)}); or take one card of any value.",
                )
        elif isinstance(action, Buy):
            tile = self.market[action.currency]
            if tile is None:
                raise IllegalAction("R6", f"The {action.currency} slot of the market is empty.")
            have = Counter(c.value for c in p.money if c.currency == action.currency)
            for v, n in Counter(action.pay).items():
                if have[v] < n:
                    raise IllegalAction(
                        "R6", f"{p.name} does not hold {n} {action.currency} card(s) of value {v}."
                    )
            if sum(action.pay) < tile.price:
                raise IllegalAction(
                    "R6",
                    f"R6: the {tile} costs {tile.price} {action.currency}; "
                    f"{'+'.join(map(str, action.pay))} = {sum(action.pay)} is not enough.",
                )
        elif isinstance(action, (FromReserve, Exchange, ToReserve)):  # R8 redesigns
            a = p.alhambra
            if isinstance(action, ToReserve):
                v = a.why_not_removable(action.pos)
            elif action.tile not in p.reserve:
                raise IllegalAction("R8", f"{action.tile} is not in {p.name}'s reserve.")
            elif isinstance(action, FromReserve):
                v = a.why_illegal(action.tile, action.pos)
            else:
                v = a.why_not_exchangeable(action.tile, action.pos)
            if v is not None:
                raise v.error()
        elif isinstance(action, Pass):
            if self.legal_actions() != [Pass()]:
                raise IllegalAction(
                    "R4",
                    "A turn is one of: take money, buy a tile, redesign; passing is "
                    "allowed only when none of them is possible.",
                )
        else:  # pragma: no cover - every Action subclass is handled above
            raise IllegalAction("format", f"Unknown action {action!r}.")

    def _do(self, action: Action) -> list[Event]:
        p = self.players[self.current]
        ev: list[Event] = []
        ends_turn = True
        if isinstance(action, TakeMoney):
            for c in action.cards:
                self.display.remove(c)
                p.money.append(c)
            ev.append(
                Event(
                    "take_money",
                    f"{p.name} takes {' + '.join(map(str, action.cards))}.",
                    {"player": p.name, "cards": [str(c) for c in action.cards]},
                )
            )
        elif isinstance(action, Buy):
            tile = self.market[action.currency]
            assert tile is not None
            for v in action.pay:
                c = Card(action.currency, v)
                p.money.remove(c)
                self.discard.append(c)
            self.market[action.currency] = None
            p.bought.append(tile)
            exact = sum(action.pay) == tile.price
            ends_turn = not exact
            if exact:
                self._exact += 1
            ev.append(
                Event(
                    "buy",
                    f"{p.name} buys the {tile} for {'+'.join(map(str, action.pay))} {action.currency}"
                    + (
                        " (exact: another action)."
                        if exact
                        else f" (overpaid by {sum(action.pay) - tile.price}: the turn ends)."
                    ),
                    {
                        "player": p.name,
                        "tile": tile.name,
                        "currency": action.currency,
                        "pay": list(action.pay),
                        "exact": exact,
                    },
                )
            )
        elif isinstance(action, (Place, Reserve, GiveToDirk)):
            p.bought.remove(action.tile)
            if isinstance(action, Place):
                p.alhambra._put(action.tile, action.pos)
                ev.append(
                    Event(
                        "place",
                        f"{p.name} builds the {action.tile} at {action.pos}.",
                        {"player": p.name, "tile": action.tile.name, "pos": list(action.pos)},
                    )
                )
            elif isinstance(action, Reserve):
                p.reserve.append(action.tile)
                ev.append(
                    Event(
                        "reserve",
                        f"{p.name} puts the {action.tile} on the reserve.",
                        {"player": p.name, "tile": action.tile.name},
                    )
                )
            else:
                self.dirk.append(action.tile)
                ev.append(
                    Event(
                        "give_to_dirk",
                        f"{p.name} gives the {action.tile} to {self.dirk_name}.",
                        {"player": p.name, "tile": action.tile.name},
                    )
                )
            if not p.bought:
                ev += self._after_placing()
            return self._log(ev)
        elif isinstance(action, FromReserve):
            p.reserve.remove(action.tile)
            p.alhambra._put(action.tile, action.pos)
            ev.append(
                Event(
                    "redesign",
                    f"{p.name} builds the {action.tile} from the reserve at {action.pos}.",
                    {
                        "player": p.name,
                        "tile": action.tile.name,
                        "pos": list(action.pos),
                        "how": "from_reserve",
                    },
                )
            )
        elif isinstance(action, ToReserve):
            t = p.alhambra._take(action.pos)
            p.reserve.append(t)
            ev.append(
                Event(
                    "redesign",
                    f"{p.name} moves the {t} at {action.pos} to the reserve.",
                    {
                        "player": p.name,
                        "tile": t.name,
                        "pos": list(action.pos),
                        "how": "to_reserve",
                    },
                )
            )
        elif isinstance(action, Exchange):
            p.reserve.remove(action.tile)
            old = p.alhambra._swap(action.tile, action.pos)
            p.reserve.append(old)
            ev.append(
                Event(
                    "redesign",
                    f"{p.name} exchanges the {old} at {action.pos} for the {action.tile}.",
                    {
                        "player": p.name,
                        "tile": action.tile.name,
                        "old": old.name,
                        "pos": list(action.pos),
                        "how": "exchange",
                    },
                )
            )
        elif isinstance(action, Pass):
            ev.append(Event("pass", f"{p.name} can do nothing and passes.", {"player": p.name}))
        if ends_turn:
            if p.bought:
                self.phase = "place"
            else:
                ev += self._end_turn()
        return self._log(ev)

    def _log(self, ev: list[Event]) -> list[Event]:
        self.log.extend(ev)
        return ev

    def _after_placing(self) -> list[Event]:
        if self.phase == "place":
            return self._end_turn()
        # gift phase: the next receiver, or the final scoring
        nxt = self._next_receiver()
        if nxt is not None:
            self.current = nxt
            return []
        return self._finish()

    def _next_receiver(self) -> int | None:
        n = len(self.players)
        for k in range(n):
            i = (self.current + k) % n
            if self.players[i].bought:
                return i
        return None

    # -- end of turn (R9), scoring (R10, R11), the end (R12) -----------------
    def _end_turn(self) -> list[Event]:
        ev: list[Event] = []
        rng = self.rng
        drawn: list[Card] = []
        while len(self.display) < 4:
            if not self.deck:
                if not self.discard:
                    break
                self.deck = self.discard
                self.discard = []
                rng.shuffle(self.deck)
                ev.append(
                    Event(
                        "reshuffled",
                        f"The money deck is empty: the {len(self.deck)} discarded cards are shuffled into a new deck.",
                        {"cards": len(self.deck)},
                    )
                )
            c = self.deck.pop()
            if isinstance(c, ScoringCard):
                self._due.append(c.round)
                self.scoring_cards_drawn.append(c.round)
                ev.append(
                    Event(
                        "scoring_card",
                        f"Scoring card {c.round} is drawn: scoring round {c.round} is due.",
                        {"round": c.round},
                    )
                )
                continue
            self.display.append(c)
            drawn.append(c)
        if drawn:
            ev.append(
                Event(
                    "money_refilled",
                    f"Money refilled: {', '.join(map(str, drawn))}.",
                    {"cards": [str(c) for c in drawn]},
                )
            )
        filled: list[str] = []
        short = False
        for cur, t in self.market.items():
            if t is None:
                if self.bag:
                    self.market[cur] = nt = self.bag.pop()
                    filled.append(f"{nt} ({cur})")
                else:
                    short = True
        if filled:
            ev.append(
                Event(
                    "market_refilled", f"Market refilled: {', '.join(filled)}.", {"tiles": filled}
                )
            )
        for rnd in self._due:
            ev += self._score(rnd)
        self._due = []
        self._exact = 0
        if short:
            return ev + self._game_end()
        self.current = (self.current + 1) % len(self.players)
        self.turn += 1
        self.phase = "act"
        ev.append(
            Event(
                "turn",
                f"Turn {self.turn}: {self.players[self.current].name} to play.",
                {"player": self.players[self.current].name, "turn": self.turn},
            )
        )
        return ev

    def _game_end(self) -> list[Event]:
        ev = [Event("game_over", "The bag cannot refill the market: the game ends (R12).", {})]
        for cur, t in self.market.items():
            if t is None:
                continue
            held = [p.money_of(cur) for p in self.players]
            top = max(held)
            if top > 0 and held.count(top) == 1:
                i = held.index(top)
                self.market[cur] = None
                self.players[i].bought.append(t)
                ev.append(
                    Event(
                        "gift",
                        f"The {t} ({cur}) goes to {self.players[i].name}, who holds the most {cur} ({top}).",
                        {
                            "player": self.players[i].name,
                            "tile": t.name,
                            "currency": cur,
                            "amount": top,
                        },
                    )
                )
            else:
                why = "nobody holds any" if top == 0 else f"a tie at {top}"
                ev.append(
                    Event(
                        "gift",
                        f"The {t} ({cur}) stays in the market: {why}.",
                        {"player": None, "tile": t.name, "currency": cur, "amount": top},
                    )
                )
        nxt = self._next_receiver()
        if nxt is not None:
            self.phase = "gift"
            self.current = nxt
            return ev
        return ev + self._finish()

    def _finish(self) -> list[Event]:
        ev = self._score(3)
        self.phase = "over"
        board = ", ".join(f"{n} {s}" for n, s in self.scores.items())
        if self.two_players:
            board += f" ({self.dirk_name} {self.dirk_score})"
        ev.append(
            Event(
                "game_over",
                f"Game over. {' and '.join(self.winners)} win{'s' if len(self.winners) == 1 else ''}: {board}.",
                {"winners": self.winners, "scores": self.scores},
            )
        )
        return ev

    def scoring_preview(self, number: int) -> ScoringRound:
        """What scoring round ``number`` would give now, without scoring it."""
        counts = {p.name: p.alhambra.counts() for p in self.players}
        if self.two_players:
            counts[self.dirk_name] = dict(Counter(t.kind for t in self.dirk))
        walls = {p.name: p.alhambra.longest_wall_segments() for p in self.players}
        return score_round(number, counts, walls)

    def _score(self, number: int) -> list[Event]:
        r = self.scoring_preview(number)
        self.rounds.append(r)
        for p in self.players:
            p.score += r.totals[p.name]
        if self.two_players:
            self.dirk_score += r.totals[self.dirk_name]
        ev = [
            Event(
                "round_scored",
                f"Scoring round {number}: "
                + ", ".join(f"{n} +{s}" for n, s in r.totals.items())
                + ".",
                {"round": number, "totals": dict(r.totals)},
            )
        ]
        if self.two_players and number in (1, 2):
            k = 6 if number == 1 else len(self.bag) // 3
            k = min(k, len(self.bag))
            got = [self.bag.pop() for _ in range(k)]
            self.dirk.extend(got)
            ev.append(
                Event(
                    "dirk_tiles",
                    f"{self.dirk_name} takes {k} tile{'s' if k != 1 else ''} from the bag"
                    + (f": {', '.join(map(str, got))}." if got else "."),
                    {"tiles": [t.name for t in got]},
                )
            )
        return ev

    def state_dict(self) -> dict:
        """The whole state as plain data (hidden parts included: bag and deck order, and
        a digest of the generator's state)."""
        return {
            "turn": self.turn,
            "phase": self.phase,
            "current": self.players[self.current].name,
            "players": [p.to_dict() for p in self.players],
            "market": {c: (t.name if t else None) for c, t in self.market.items()},
            "display": [str(c) for c in self.display],
            "deck": [str(c) for c in self.deck],
            "discard": [str(c) for c in self.discard],
            "bag": [t.name for t in self.bag],
            "dirk": [t.name for t in self.dirk],
            "dirk_score": self.dirk_score,
            "rounds": [r.to_dict() for r in self.rounds],
            "scoring_cards_drawn": list(self.scoring_cards_drawn),
            "rng": self._rng_digest(self.rng),
        }

    # -- display ----------------------------------------------------------
    def __repr__(self) -> str:
        if self.is_over:
            status = f"over, won by {' and '.join(self.winners)}"
        else:
            status = f"turn {self.turn}, {self.current_player.name} to {'place' if self.phase != 'act' else 'act'}"
        return f"<Alhambra game, {len(self.players)} players, seed {self.seed}: {status}; scores {self.scores}>"

    def counts(self) -> dict[str, dict[str, int]]:
        """Tiles per kind in each Alhambra (and Dirk's), as scoring counts them (R10)."""
        out = {p.name: p.alhambra.counts() for p in self.players}
        if self.two_players:
            out[self.dirk_name] = dict(Counter(t.kind for t in self.dirk))
        return {n: {k: c.get(k, 0) for k in KINDS} for n, c in out.items()}
