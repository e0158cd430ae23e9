"""The Alhambra game: setup (R2, R3), turns (R4-R9), scoring (R10, R11), the end (R12).

A game is its options, its seed and its list of actions (R13): one
``random.Random(seed)`` owned by the game makes every draw, so replaying the actions
from the seed rebuilds the same game.

Each rule is written once, in its own module: the listing of legal actions in
:mod:`.listing`; for each action kind why it is refused and what it does in
:mod:`.rules`; the course of a turn (refill, scoring rounds, the end) in :mod:`.turns`;
the scoring in :mod:`.scoring`; the deal in :mod:`.setup`; the position editor in
:mod:`.editing`; what happened is returned as :class:`~.narration.Event` data, its
sentence written apart in :mod:`.narration`. This module holds :class:`Game`: its
read-only view of the state (kept in a :class:`~.state.GameState`), its queries, copies,
hidden information and JSON.

The state a user can reach is read-only outside actions: assigning an attribute of a
game or a player raises AttributeError; hands, reserves, the market, the piles and
the record are tuples or read-only mappings, and an Alhambra that belongs to a game
refuses direct changes. A position is changed by hand with :meth:`Game.edit`, a
recorded action, so undo, the timeline and saved games keep it.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from ..chance import shuffle
from ..errors import GameError, IllegalAction, MalformedInput
from ..record import LegalCache, RecordedGame, check_name, check_names
from . import knowledge, rules, turns
from .actions import Action, Buy, Edit
from .components import Card, ScoringCard, Tile, building_tiles
from .editing import plain, plan
from .grid import Alhambra
from .knowledge import known_money
from .listing import dirk_draw, end_game_gifts, payments, takes
from .narration import Event
from .player import Player
from .rules import TURN_RULES, legal
from .scoring import ScoringRound
from .setup import deal
from .state import GameState, PlayerState

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


class Game(RecordedGame[Action, Event]):
    """A game of Alhambra for 2 to 6 players (with two: Dirk, R3).

    >>> g = Game(players=["Ann", "Ben", "Cem"], seed=7)
    >>> g.current_player.name in ("Ann", "Ben", "Cem")
    True

    A game is its options, its seed and its actions (R13): see
    :class:`~alhambra_widget.engine.record.RecordedGame` for ``apply``, ``undo``, ``at``,
    ``replay``, ``copy``, ``to_json`` and ``from_json``. Its attributes are read-only:
    the state changes only through actions (``apply``) and :meth:`edit`.
    """

    FORMAT = FORMAT
    TITLE = "Alhambra game"
    GAME = "alhambra"
    VERSION = VERSION
    OPTIONS: ClassVar[Mapping[str, tuple[str, Any]]] = MappingProxyType(
        {"dirk_name": ("dirk_name", "Dirk"), "dirk_can_win": ("dirk_can_win", False)}
    )
    OPTION_ALIASES: ClassVar[Mapping[str, str]] = MappingProxyType({"dirk": "dirk_name"})
    STATE: ClassVar[tuple[str, ...]] = ("_t", "_players")

    @staticmethod
    def action_from_json(data: object) -> Action:
        """The Alhambra action a JSON dict describes (:meth:`.Action.from_json`)."""
        return Action.from_json(data)

    def __init__(
        self,
        players: Sequence[str],
        seed: int | None = None,
        *,
        dirk_name: str = "Dirk",
        dirk_can_win: bool = False,
        dirk: str | None = None,
    ):
        if self._is_blank(players):  # (for _copy_state and pickles: see RecordedGame._blank)
            return
        names = list(players) if isinstance(players, (list, tuple)) else None
        if names is None or not 2 <= len(names) <= 6:
            raise IllegalAction(
                "R1", "R1: Alhambra is played by 2 to 6 players: give a list of names."
            )
        names = check_names(names)
        if dirk is not None:  # the older keyword
            dirk_name = dirk
        if len(names) == 2:
            check_name(dirk_name, "Dirk's name (R3)")
            if dirk_name in names:
                raise MalformedInput("Dirk's name (R3) must differ from the players'.")
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if type(seed) is not int:
            raise MalformedInput(f"The seed is an integer, not {seed!r}.")
        super().__init__(seed)
        players_state = tuple(PlayerState(n) for n in names)
        self._t = GameState(random.Random(seed), players_state, dirk_name, bool(dirk_can_win))
        self._players = tuple(Player(s) for s in self._t.seats)
        self._log = deal(self._t)

    # -- reading ----------------------------------------------------------
    @property
    def players(self) -> tuple[Player, ...]:
        """The players in seat order."""
        return self._players

    @property
    def current(self) -> int:
        """The seat of the player who decides next."""
        return self._t.current

    @property
    def current_player(self) -> Player:
        """The player who decides next (during end-game gifts: the receiver)."""
        return self._players[self._t.current]

    @property
    def phase(self) -> str:
        """``"act"`` (the turn's actions), ``"place"`` (R9), ``"gift"`` (R12) or ``"over"``."""
        return self._t.phase

    @property
    def turn(self) -> int:
        """The turn number, from 1."""
        return self._t.turn

    @property
    def starting_player(self) -> int:
        """The seat that began (R2)."""
        return self._t.starting_player

    @property
    def dirk_name(self) -> str:
        """Dirk's name (R3; an option)."""
        return self._t.dirk_name

    @property
    def dirk_can_win(self) -> bool:
        """Whether Dirk may be among the winners (an option)."""
        return self._t.dirk_can_win

    @property
    def dirk_score(self) -> int:
        """Dirk's points (R3; 0 with 3 or more players)."""
        return self._t.dirk_score

    @property
    def rounds(self) -> tuple[ScoringRound, ...]:
        """The scoring rounds scored so far, explained (R10, R11)."""
        return tuple(self._t.rounds)

    def scores_before_round(self, number: int) -> dict[str, int]:
        """Each player's points (and Dirk's, with two players) just before scoring round
        ``number`` was scored: the points now less what that round and the later ones
        gave (R10, R11). Every name of the rounds is there; a round not scored yet
        gives nothing, so before it the points are those of now."""
        now = dict(self._t.scores())
        if self._t.two_players:
            now[self._t.dirk_name] = self._t.dirk_score
        for r in self._t.rounds:
            if r.number >= number:
                for name, points in r.totals.items():
                    now[name] = now.get(name, 0) - points
        return now

    @property
    def scoring_cards_drawn(self) -> tuple[int, ...]:
        """The scoring cards drawn so far, in order (R9)."""
        return tuple(self._t.scoring_cards_drawn)

    @property
    def is_over(self) -> bool:
        """True once the game has ended (R12: the final scoring done)."""
        return self._t.phase == "over"

    @property
    def two_players(self) -> bool:
        """True in the two-player game, with Dirk (R3)."""
        return len(self._players) == 2

    @property
    def market(self) -> Mapping[str, Tile | None]:
        """Currency -> the tile in that market slot (read-only)."""
        return MappingProxyType(self._t.market)

    @property
    def display(self) -> tuple[Card, ...]:
        """The face-up money cards."""
        return tuple(self._t.display)

    @property
    def deck(self) -> tuple[Card | ScoringCard, ...]:
        """The money deck, drawn from the end (hidden information)."""
        return tuple(self._t.deck)

    @property
    def discard(self) -> tuple[Card, ...]:
        """The money cards paid so far and not yet reshuffled (R6, R9)."""
        return tuple(self._t.discard)

    @property
    def bag(self) -> tuple[Tile, ...]:
        """The tiles in the bag, drawn from the end (hidden information)."""
        return tuple(self._t.bag)

    @property
    def dirk_tiles(self) -> tuple[Tile, ...]:
        """Dirk's tiles (R3; empty with 3 or more players). His name is :attr:`dirk_name`."""
        return tuple(self._t.dirk)

    def dirk_counts(self) -> dict[str, int]:
        """Dirk's tiles per kind, as R10 counts them (R3; empty with 3 or more players)."""
        return turns.dirk_counts(self._t)

    @property
    def next_scoring_round(self) -> int:
        """The scoring round the next scoring would be (1, 2 or 3): one more than the
        scoring cards drawn so far, and round 3 at the end (R9, R12)."""
        return min(3, len(self._t.scoring_cards_drawn) + 1)

    @property
    def scores(self) -> dict[str, int]:
        """Points per real player (Dirk's are in :attr:`dirk_score`)."""
        return self._t.scores()

    @property
    def winners(self) -> list[str]:
        """The names with the highest total (equal totals share the win, R12); empty
        before the end. Dirk is among them only with ``dirk_can_win``."""
        return self._t.winners()

    def player(self, name: str) -> Player:
        """The player named ``name``; KeyError if there is none."""
        for p in self._players:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def bag_share_left(self) -> float:
        """The share of the building tiles (R1) still in the bag: the game's clock, from
        about 0.9 at setup to 0.0 when the market can no longer be refilled and the game
        ends (R12). Everyone can see the bag's height."""
        return len(self._t.bag) / len(building_tiles())

    def scoring_approach(self) -> dict[int, tuple[int, int] | None]:
        """For scoring cards 1 and 2: ``None`` once drawn, else (fewest, most) further
        draws from the money deck until it shows (known from the five piles, R2)."""
        t = self._t
        drawn = t.deck_size - len(t.deck)
        out: dict[int, tuple[int, int] | None] = {}
        for rnd, (lo, hi) in t.windows.items():
            if rnd in t.scoring_cards_drawn:
                out[rnd] = None
            else:
                out[rnd] = (max(0, lo - drawn), hi - drawn)
        return out

    def counts(self) -> dict[str, dict[str, int]]:
        """Tiles per kind in each Alhambra (and Dirk's), as scoring counts them (R10)."""
        return turns.counts(self._t)

    def is_exact(self, buy: Buy) -> bool:
        """R4: does ``buy`` pay exactly the price of its slot's tile (another action)?"""
        return rules.is_exact(self._t, buy)

    def gifts(self) -> list[tuple[str, Tile, str | None, int]]:
        """R12, as it would go now: for each market tile ``(currency, tile, receiver or
        None, amount)`` (see :func:`end_game_gifts`)."""
        return turns.gifts(self._t)

    def scoring_preview(
        self, number: int, alhambras: Mapping[str, Alhambra] | None = None
    ) -> ScoringRound:
        """What scoring round ``number`` would give now, without scoring it (R10, R11:
        walls score in every round). ``alhambras`` (player -> Alhambra) stand in for
        those players' own: what the round would give if they looked like that."""
        for name in alhambras or ():
            if name not in self.scores:
                raise MalformedInput(f"{name!r} is not a player of this game.")
        return turns.preview(self._t, number, alhambras)

    # -- legal actions, applying -------------------------------------------------
    def _list_legal(self) -> list[Action]:
        return legal(self._t)

    def _refuse(self, action: object) -> Exception | None:
        if not isinstance(action, Action):
            return MalformedInput(f"{action!r} is not an action.")
        if type(action) is Edit:  # not a move, so never listed: checked here
            if self._t.phase == "over":
                return IllegalAction("R12", "R12: the game is over; it cannot be edited.")
            try:
                plan(self._t, action)
            except GameError as e:
                return e
            return None
        return rules.refusal(self._t, action)

    def _do(self, action: Action) -> list[Event]:
        t = self._t
        rule = TURN_RULES.get(type(action))
        if rule is None:  # an Edit: not a move, so it has no turn rule
            assert type(action) is Edit
            ev = plan(t, action)()
        else:
            ev = rule.do(t, t.seats[t.current], action)
        self._log.extend(ev)
        return ev

    def edit(self, **changes: Any) -> list[Event]:
        """Change the position by hand, as a recorded :class:`~.actions.Edit` (so undo,
        the timeline and the saved game keep it). Keywords: ``players`` (name ->
        {"money", "reserve", "alhambra"}), ``market``, ``display``, ``deck`` (top
        first; each scoring card once, and none drawn already: R2), ``deck_top`` (put on
        top; a scoring card named there is moved up), ``discard``, ``bag`` (next drawn first), ``dirk_tiles``,
        ``current``; tiles and cards as objects or their names. Refused whole when
        anything is malformed or an Alhambra breaks R7.

        >>> g = Game(["Ann", "Ben", "Cem"], seed=1)
        >>> _ = g.edit(market={"denar": "garden 10"}, players={"Ann": {"money": ["denar 9", "denar 1"]}})
        >>> g.market["denar"], g.player("Ann").money
        (Tile('garden', 10, walls=''), (Card(currency='denar', value=9), Card(currency='denar', value=1)))
        """
        return self.apply(Edit(json.dumps(plain(changes), sort_keys=True)))

    # -- copies, hidden information ------------------------------------------------
    def _copy_state(self) -> Game:
        g = self._blank()
        g._t = self._t.copy()
        g._players = tuple(Player(s) for s in g._t.seats)
        return g

    def sample_hidden(self, seed: int) -> Game:
        """A copy in which what *nobody* can know is redrawn, for playouts that may see
        every hand: the order of the bag, and the order of the money cards in the deck
        (the scoring cards keep their places); the hands stay. A fresh generator from
        ``seed``. Compare :meth:`determinize`, which redraws what *one seat* cannot
        know (the other hands too, and the scoring cards' places within their piles).
        Its record no longer replays to it."""
        g = self.copy()
        t = g._t
        t.rng = random.Random(seed)
        shuffle(t.rng, t.bag)
        slots = [i for i, c in enumerate(t.deck) if type(c) is Card]
        cards = [t.deck[i] for i in slots]
        shuffle(t.rng, cards)
        for i, c in zip(slots, cards):
            t.deck[i] = c
        return g

    def known_money(self) -> tuple[tuple[Card, ...], ...]:
        """For each seat, the cards of its hand that everyone at the table knows: those
        it took from the face-up display (R5) and has not paid out since (a payment shows
        its cards, R6); the rest of the hand, from the hidden deal (R2), is secret. Read
        from the record alone (an edit counts only the known cards it removes:
        :mod:`.knowledge`), so it is part of the hand. Sorted.

        >>> g = Game(["Ann", "Ben", "Cem"], seed=1)
        >>> take = next(a for a in g.legal_actions() if type(a).__name__ == "TakeMoney")
        >>> taker = g.current
        >>> _ = g.apply(take)
        >>> g.known_money()[taker] == take.cards
        True
        """
        kept = self._legal  # worked out once per state: a search asks for every world
        if kept.record is None:
            names = [s.name for s in self._t.seats]
            known = known_money(self._history, self._movers, names)
            kept.record = tuple(tuple(sorted(k.elements())) for k in known)
        out: tuple[tuple[Card, ...], ...] = kept.record
        return out

    def determinize(self, seat: int, seed: int | str) -> Game:
        """A copy as player ``seat`` may imagine it, for search (ISMCTS): everything that
        player has not seen is redrawn, and only from what they could know (more than
        :meth:`sample_hidden`, which keeps the hands and the scoring cards' places).

        * The other players' money: each keeps the cards everyone saw them take and not
          pay out (:meth:`known_money`, R5, R6); the rest of their hands (dealt hidden,
          R2) and the money cards left in the deck are pooled and dealt again, each
          player keeping the number of cards they hold (the numbers are public).
        * The money deck: in a new order, each scoring card at a place its five piles
          allow (:meth:`scoring_approach`).
        * The bag: in a new order. The generator is new too.

        The pools are sorted before they are shuffled, so the copy depends only on what
        the seat may know and on ``seed``: rearranging what it cannot see (the deck, the
        bag, which unseen cards the others hold beside their known ones) gives the same
        copy. Its record no longer replays to it."""
        known = self.known_money()
        g = self._copy_unlisted()
        t = g._t
        rng = random.Random(f"determinize:{seed}")
        others = [i for i in range(len(t.seats)) if i != seat]
        unseen = Counter(c for c in t.deck if type(c) is Card)
        for i in others:
            unseen.update(t.seats[i].money)
            unseen.subtract(known[i])
        cards = sorted(unseen.elements())
        shuffle(rng, cards)
        for i in others:
            n = len(t.seats[i].money) - len(known[i])
            hand, cards = list(known[i]) + cards[:n], cards[n:]
            t.seats[i].set_money(hand)
        pool: list[Card | ScoringCard] = list(cards)
        approach = self.scoring_approach()
        for rnd in sorted(r for r, w in approach.items() if w is not None):
            lo, hi = approach[rnd]  # type: ignore[misc]
            k = rng.randint(min(lo, len(pool)), min(hi, len(pool)))  # draws before it shows
            pool.insert(len(pool) - k, ScoringCard(rnd))
        t.deck = pool
        t.bag = sorted(t.bag, key=lambda tile: (tile.kind, tile.price, tile.walls))
        shuffle(rng, t.bag)
        t.rng = random.Random(rng.getrandbits(64))
        return g

    # -- what one seat knows (a server's tables: engine/seat_record.py) ---------------
    def seat_start(self, seat: int | None) -> dict[str, Any]:
        """The setup as player ``seat`` saw it, as JSON-able data (``None``: a spectator):
        the public setup (market, display, Dirk's tiles, who starts, the deck's size and
        the scoring cards' windows), each hand's size and that seat's own hand (R2)."""
        g = self.at(0) if self._history else self
        return knowledge.seat_start(g._t, seat, g._log)

    def seat_reveals(self, before: Game, seat: int | None) -> dict[str, Any]:
        """What the last action showed ``seat`` of the hidden piles, ``before`` being a
        copy of this game just before it: in the Alhambra every draw is public (the
        money deck's items, the bag's tiles, in the order drawn: R3, R9)."""
        return knowledge.seat_reveals(before._t, self._t, self._log[len(before._log) :])

    @classmethod
    def seat_world(
        cls, options: Mapping[str, Any], seat: int | None, start: dict[str, Any]
    ) -> Game:
        """A game set up as ``start`` (:meth:`seat_start`) says, what ``seat`` could not
        see guessed (see :mod:`~alhambra_widget.engine.seat_record`)."""
        opts = {k: v for k, v in options.items() if k in cls.OPTIONS or k in cls.OPTION_ALIASES}
        if not isinstance(options.get("players"), list):
            raise MalformedInput("A seat's options name the players.")
        if seat is not None and not 0 <= seat < len(options["players"]):
            raise MalformedInput(f"Seat {seat} is not at this table.")
        g = cls._new({"players": options["players"], "seed": 0, **opts})
        g._log = list(knowledge.seat_world(g._t, seat, start))
        g._legal = LegalCache()
        return g

    def _reconcile(self, seat: int | None, action: Action, reveals: dict[str, Any]) -> None:
        """A seat's game: rearrange the guesses so that ``action`` and what it revealed
        fit (:func:`.knowledge.reconcile`)."""
        if type(action) is Edit:
            raise IllegalAction("R13", "R13: a table's game is played, not edited.")
        known = self.known_money()
        knowledge.reconcile(self._t, seat, known, action, reveals)
        self._legal = LegalCache(None, self._legal.record)

    def state_dict(self) -> dict[str, Any]:
        """The whole state as plain data (hidden parts included: bag and deck order, and
        a digest of the generator's state)."""
        t = self._t
        return {
            "turn": t.turn,
            "phase": t.phase,
            "current": t.seats[t.current].name,
            "players": [p.to_dict() for p in self._players],
            "market": {c: (tile.name if tile else None) for c, tile in t.market.items()},
            "display": [str(c) for c in t.display],
            "deck": [str(c) for c in t.deck],
            "discard": [str(c) for c in t.discard],
            "bag": [tile.name for tile in t.bag],
            "dirk": [tile.name for tile in t.dirk],
            "dirk_score": t.dirk_score,
            "rounds": [r.to_dict() for r in t.rounds],
            "scoring_cards_drawn": list(t.scoring_cards_drawn),
            "rng": self._rng_digest(t.rng),
        }

    def __repr__(self) -> str:
        if self.is_over:
            status = f"over, won by {' and '.join(self.winners)}"
        else:
            doing = "place" if self.phase != "act" else "act"
            status = f"turn {self.turn}, {self.current_player.name} to {doing}"
        return (
            f"<Alhambra game, {len(self._players)} players, {self._seed_words()}: {status}; "
            f"scores {self.scores}>"
        )
