"""For the engine: each action kind's rule, and which actions are legal now (R3-R9, R12).

Each rule is written once:

- which actions are legal now: :func:`legal` puts the listing functions of
  :mod:`.listing` together (:func:`~.listing.takes` for R5, :func:`~.listing.buys`
  for R6, the placements of R9/R12 and the redesigns of R8, both from the Alhambra's
  own analysis of R7);
- for each action kind, one small class in :data:`TURN_RULES` says why that kind is
  refused (the ruling id and a true sentence, from the same money rules and building
  rules as the listing) and what it does to the state; the course of the turn that
  follows is :mod:`.turns`;
- :func:`refusal` adds what the phase of the turn forbids (R3, R4, R9, R12);
- what happened is returned as :class:`~.narration.Event` data.

The rules work on the engine's plain state (:class:`~.state.GameState`,
:class:`~.state.PlayerState`), never on what users hold.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar, Final, Generic, TypeVar

from ..errors import IllegalAction
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
from .components import Tile, drop_card, drop_tile
from .grid import Violation, build, rebuild, unbuild
from .listing import (
    TOGETHER,
    buys,
    may_take,
    pays,
    pays_exactly,
    placements,
    redesigns,
    shared,
    takes,
    value_of,
)
from .narration import (
    Event,
    buy_data,
    dirk_data,
    exchange_data,
    player_data,
    redesign_data,
    take_data,
    tile_data,
)
from .packing import POSITION, cell
from .state import GameState, PlayerState
from .turns import after_last_action, placed

A = TypeVar("A", bound=Action)


class TurnRule(Generic[A]):
    """One action kind's rule (one instance each, in :data:`TURN_RULES`). ``refuse`` is
    asked only for an action that is not among the legal actions now and says why
    (ruling id and sentence); ``do`` changes the state and returns the events."""

    kind: ClassVar[type[Action]]
    placing: ClassVar[bool] = False
    """True for the placements after the turn (R9, R12); else an action of the turn."""

    def refuse(self, state: GameState, player: PlayerState, a: A) -> IllegalAction | None:
        """Why ``a``, not among the legal actions now, is refused (ruling id and
        sentence); None if it is not."""
        raise NotImplementedError

    def do(self, state: GameState, player: PlayerState, a: A) -> list[Event]:
        """Apply the legal action ``a`` of ``player`` to the state; returns the events."""
        raise NotImplementedError


class TakeMoneyRule(TurnRule[TakeMoney]):
    """R5: one face-up card of any value, or several summing to at most 5."""

    kind = TakeMoney

    def refuse(self, state: GameState, player: PlayerState, a: TakeMoney) -> IllegalAction | None:
        """R5: a card not face up, taken more often than it is there, or several that
        may not be taken together (:func:`~.listing.may_take`)."""
        shown = Counter(state.display)
        for c, n in Counter(a.cards).items():
            if shown[c] == 0:
                return IllegalAction("R5", f"R5: {c} is not face up in the money display.")
            if shown[c] < n:
                are = "is" if shown[c] == 1 else "are"
                return IllegalAction(
                    "R5", f"R5: only {shown[c]} {c} {are} face up; it cannot be taken {n} times."
                )
        values = [c.value for c in a.cards]
        if not may_take(values):
            return IllegalAction(
                "R5",
                f"R5: several cards may be taken only if their values add up to at most {TOGETHER} "
                f"(these make {sum(values)}); or take one card of any value.",
            )
        return None

    def do(self, state: GameState, player: PlayerState, a: TakeMoney) -> list[Event]:
        """R5: the cards go from the display to the hand; the turn's action is done."""
        cards = a.cards  # (each field read once: the actions are interpreted objects)
        for c in cards:
            drop_card(state.display, c)
        player.gain(cards)
        state.takes = None
        return after_last_action(
            state, player, [Event("take_money", None, take_data, player.name, cards)]
        )


def is_exact(state: GameState, buy: Buy) -> bool:
    """R4: does ``buy`` pay exactly the price of its slot's tile (another action)?"""
    tile = state.market[buy.currency]
    return tile is not None and pays_exactly(value_of(buy.pay), tile.price)


class BuyRule(TurnRule[Buy]):
    """R6: pay a market tile with its slot's currency, at least its price, no change."""

    kind = Buy

    def refuse(self, state: GameState, player: PlayerState, a: Buy) -> IllegalAction | None:
        """R6: an empty slot, cards the player does not hold, or too little paid
        (:func:`~.listing.pays`)."""
        tile = state.market[a.currency]
        if tile is None:
            return IllegalAction("R6", f"R6: the {a.currency} slot of the market is empty.")
        held = Counter(player.hand()[a.currency])
        for v, n in Counter(a.pay).items():
            if held[v] < n:
                cards = "card" if n == 1 else "cards"
                return IllegalAction(
                    "R6", f"R6: {player.name} does not hold {n} {a.currency} {cards} of value {v}."
                )
        if not pays(value_of(a.pay), tile.price):
            return IllegalAction(
                "R6",
                f"R6: the {tile} costs {tile.price} {a.currency}; "
                f"{'+'.join(map(str, a.pay))} = {sum(a.pay)} is not enough.",
            )
        return None

    def do(self, state: GameState, player: PlayerState, a: Buy) -> list[Event]:
        """R6: pay, take the tile to place; an exact payment gives another action (R4)."""
        currency = a.currency
        pay = a.pay
        tile = state.market[currency]
        assert tile is not None
        exact = pays_exactly(value_of(pay), tile.price)
        state.discard += player.spend(currency, pay)
        state.market[currency] = None
        player.bought.append(tile)
        ev = [Event("buy", None, buy_data, player.name, tile, a, exact)]
        if exact:  # R4: another action
            return ev
        return after_last_action(state, player, ev)


def _error(v: Violation | None) -> IllegalAction | None:
    """The Alhambra's violation (R7, R8) as the refusal, if any."""
    return v.error() if v is not None else None


def _not_held(state: GameState, player: PlayerState, tile: Tile) -> IllegalAction | None:
    if tile in player.bought:
        return None
    if state.phase == "gift":
        return IllegalAction("R12", f"R12: the {tile} is not among {player.name}'s end-game gifts.")
    return IllegalAction(
        "R9", f"R9: the {tile} is not among {player.name}'s tiles bought this turn."
    )


class PlaceRule(TurnRule[Place]):
    """R9/R12: build a tile bought this turn (or a gift) into a legal cell (R7)."""

    kind = Place
    placing = True

    def refuse(self, state: GameState, player: PlayerState, a: Place) -> IllegalAction | None:
        """A tile not held to place, or a cell the Alhambra refuses (R7)."""
        return _not_held(state, player, a.tile) or _error(
            player.alhambra.why_illegal(a.tile, a.pos)
        )

    def do(self, state: GameState, player: PlayerState, a: Place) -> list[Event]:
        """Build the tile at its cell (R9), then the next placement or the turn's end."""
        tile = a.tile
        pos = POSITION[cell(a.pos)]  # (the cell's shared (x, y), for the event)
        player.bought.remove(tile)
        build(player.alhambra, tile, pos)
        return placed(state, player, [Event("place", None, tile_data, player.name, tile, pos)])


class ReserveRule(TurnRule[Reserve]):
    """R9/R12: put a tile bought this turn (or a gift) onto the reserve."""

    kind = Reserve
    placing = True

    def refuse(self, state: GameState, player: PlayerState, a: Reserve) -> IllegalAction | None:
        """A tile not held to place."""
        return _not_held(state, player, a.tile)

    def do(self, state: GameState, player: PlayerState, a: Reserve) -> list[Event]:
        """Put the tile on the reserve (R9), then the next placement or the turn's end."""
        tile = a.tile
        player.bought.remove(tile)
        player.reserve.append(tile)
        return placed(state, player, [Event("reserve", None, tile_data, player.name, tile)])


class GiveToDirkRule(TurnRule[GiveToDirk]):
    """R3: with two players, a tile bought this turn may go to Dirk."""

    kind = GiveToDirk
    placing = True

    def refuse(self, state: GameState, player: PlayerState, a: GiveToDirk) -> IllegalAction | None:
        """R3: an end-game gift (R12) cannot go to Dirk, nor a tile not held."""
        if state.phase == "gift":
            return IllegalAction(
                "R3", "R3: only tiles bought this turn can go to Dirk, not end-game gifts."
            )
        return _not_held(state, player, a.tile)

    def do(self, state: GameState, player: PlayerState, a: GiveToDirk) -> list[Event]:
        """R3: Dirk gets the tile, then the next placement or the turn's end."""
        tile = a.tile
        player.bought.remove(tile)
        state.dirk.append(tile)
        return placed(
            state,
            player,
            [Event("give_to_dirk", None, dirk_data, player.name, tile, state.dirk_name)],
        )


def _not_in_reserve(player: PlayerState, tile: Tile) -> IllegalAction | None:
    if tile in player.reserve:
        return None
    return IllegalAction("R8", f"R8: the {tile} is not in {player.name}'s reserve.")


class FromReserveRule(TurnRule[FromReserve]):
    """R8: build a reserve tile into a legal cell (R7). Ends the turn."""

    kind = FromReserve

    def refuse(self, state: GameState, player: PlayerState, a: FromReserve) -> IllegalAction | None:
        """A tile not in the reserve, or a cell the Alhambra refuses (R7)."""
        return _not_in_reserve(player, a.tile) or _error(player.alhambra.why_illegal(a.tile, a.pos))

    def do(self, state: GameState, player: PlayerState, a: FromReserve) -> list[Event]:
        """R8: build the reserve tile at its cell; the turn's action is done."""
        tile = a.tile
        pos = POSITION[cell(a.pos)]
        drop_tile(player.reserve, tile)
        build(player.alhambra, tile, pos)
        ev = [Event("redesign", None, redesign_data, player.name, tile, pos, "from_reserve")]
        return after_last_action(state, player, ev)


class ToReserveRule(TurnRule[ToReserve]):
    """R8: move a tile to the reserve; what stays keeps R7. Ends the turn."""

    kind = ToReserve

    def refuse(self, state: GameState, player: PlayerState, a: ToReserve) -> IllegalAction | None:
        """A tile the Alhambra may not give up (R8: the fountain, an empty cell, or R7
        broken by what stays)."""
        return _error(player.alhambra.why_not_removable(a.pos))

    def do(self, state: GameState, player: PlayerState, a: ToReserve) -> list[Event]:
        """R8: the tile goes from the Alhambra to the reserve; the turn's action is done."""
        pos = POSITION[cell(a.pos)]
        tile = unbuild(player.alhambra, pos)
        player.reserve.append(tile)
        ev = [Event("redesign", None, redesign_data, player.name, tile, pos, "to_reserve")]
        return after_last_action(state, player, ev)


class ExchangeRule(TurnRule[Exchange]):
    """R8: a reserve tile takes exactly the cell of a built tile, which goes to the
    reserve; the result keeps R7. Ends the turn."""

    kind = Exchange

    def refuse(self, state: GameState, player: PlayerState, a: Exchange) -> IllegalAction | None:
        """A tile not in the reserve, or an exchange the Alhambra refuses (R8, R7)."""
        why = _not_in_reserve(player, a.tile)
        return why or _error(player.alhambra.why_not_exchangeable(a.tile, a.pos))

    def do(self, state: GameState, player: PlayerState, a: Exchange) -> list[Event]:
        """R8: the reserve tile takes the cell, the built tile goes to the reserve; the
        turn's action is done."""
        tile = a.tile
        pos = POSITION[cell(a.pos)]
        drop_tile(player.reserve, tile)
        old = rebuild(player.alhambra, tile, pos)
        player.reserve.append(old)
        ev = [Event("redesign", None, exchange_data, player.name, tile, old, pos)]
        return after_last_action(state, player, ev)


class PassRule(TurnRule[Pass]):
    """Legal only when nothing else is (the rulebook is silent on this corner)."""

    kind = Pass

    def refuse(self, state: GameState, player: PlayerState, a: Pass) -> IllegalAction | None:
        """R4: a pass is refused whenever another action is possible (it is listed only
        when none is)."""
        return IllegalAction(
            "R4",
            "R4: a turn is one of: take money, buy a tile, redesign; passing is allowed "
            "only when none of them is possible.",
        )

    def do(self, state: GameState, player: PlayerState, a: Pass) -> list[Event]:
        """The player passes: the turn ends."""
        return after_last_action(state, player, [Event("pass", None, player_data, player.name)])


TURN_RULES: Final[dict[type[Action], TurnRule[Any]]] = {
    r.kind: r
    for r in (
        TakeMoneyRule(),
        BuyRule(),
        PlaceRule(),
        ReserveRule(),
        GiveToDirkRule(),
        FromReserveRule(),
        ToReserveRule(),
        ExchangeRule(),
        PassRule(),
    )
}
"""Action kind -> its rule (refusal and effect). ``Edit`` is not a move: see
:mod:`.editing`."""


# -- legal actions and refusals ------------------------------------------------------
def legal(state: GameState) -> list[Action]:
    """Every legal choice now, in a fixed order (so a seeded bot replays exactly)."""
    if state.phase == "over":
        return []
    player = state.seats[state.current]
    if state.phase != "act":  # R9, R12: the tiles to place, one by one
        dirk = state.phase == "place" and state.two_players
        return list(placements(player.alhambra, tuple(player.bought), dirk))
    choices = state.takes  # R5: the same display, the same choices
    if choices is None:
        choices = state.takes = takes(state.display)
    out: list[Action] = list(choices)
    hand = player.grouped or player.hand()
    totals = player.totals
    for cur, tile in state.market.items():  # R6
        if tile is not None and pays(totals[cur], tile.price):
            out += buys(cur, hand[cur], tile.price)
    out.extend(redesigns(player.alhambra, tuple(player.reserve)))  # R8
    return out or [shared(Pass)]


def refusal(state: GameState, action: Action) -> IllegalAction:
    """Why ``action``, a move (not an edit) that is not among the legal actions now,
    is refused: what the phase of the turn forbids (R3, R9, R12), else its rule's
    reason."""
    if state.phase == "over":
        return IllegalAction("R12", "R12: the game is over.")
    player = state.seats[state.current]
    rule = TURN_RULES[type(action)]
    if type(action) is GiveToDirk and not state.two_players:
        return IllegalAction("R3", "R3: only in a two-player game can a tile go to Dirk.")
    held = ", ".join(map(str, player.bought))
    if rule.placing and state.phase == "act":
        if player.bought:
            return IllegalAction(
                "R9",
                f"R9: {player.name} places the tiles bought this turn ({held}) after the "
                "turn's last action; after an exact payment another action comes first (R4).",
            )
        return IllegalAction(
            "R9",
            f"R9: {player.name} has bought nothing this turn; bought tiles are placed after "
            "the turn's last action.",
        )
    if not rule.placing and state.phase == "place":
        return IllegalAction(
            "R9",
            f"R9: {player.name}'s turn is over: place the tiles bought this turn first ({held}).",
        )
    if not rule.placing and state.phase == "gift":
        return IllegalAction(
            "R12",
            f"R12: the game has ended; {player.name} places the end-game gifts first "
            f"({held}), then round 3 is scored.",
        )
    why = rule.refuse(state, player, action)
    return why or IllegalAction("R4", f"R4: {action} is not among the legal actions now.")
