"""For the engine: each action kind's rule, and the course of a turn (R4-R12).

Each rule is written once:

- which actions are legal now: :func:`legal` puts the listing functions of
  :mod:`.listing` together (:func:`~.listing.takes` for R5, :func:`~.listing.payments`
  for R6, the placements of R9/R12 and the redesigns of R8, both from the Alhambra's
  own analysis of R7);
- for each action kind, one small class in :data:`TURN_RULES` says why that kind is
  refused (the ruling id and a true sentence) and what it does to the state;
- :func:`refusal` adds what the phase of the turn forbids (R3, R4, R9, R12);
- what happened is returned as :class:`~.narration.Event` data.

The rules work on the engine's plain state (:class:`~.state.Table`,
:class:`~.state.Seat`), never on what users hold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar, Final, Generic, TypeVar

from ..chance import shuffle
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
from .cells import POS, cell
from .components import CARD_NAMES, KINDS, ScoringCard, Tile, drop_tile, kind_counts
from .grid import Alhambra, Violation, build, rebuild, unbuild
from .listing import buys, dirk_draw, end_game_gifts, placements, redesigns, shared, takes
from .narration import (
    Event,
    buy_data,
    cards_data,
    dirk_data,
    exchange_data,
    market_data,
    player_data,
    redesign_data,
    take_data,
    tile_data,
    turn_data,
)
from .scoring import ScoringRound, score_round
from .state import Seat, Table

A = TypeVar("A", bound=Action)


class TurnRule(Generic[A]):
    """One action kind. ``refuse`` is asked only for an action that is not among the
    legal actions now and says why (ruling id and sentence); ``do`` changes the state
    and returns the events."""

    kind: ClassVar[type[Action]]
    placing: ClassVar[bool] = False
    """True for the placements after the turn (R9, R12); else an action of the turn."""

    @staticmethod
    def refuse(t: Table, s: Seat, a: Any) -> IllegalAction | None:
        """Why ``a``, not among the legal actions now, is refused (ruling id and sentence); None if
        it is not."""
        raise NotImplementedError

    @staticmethod
    def do(t: Table, s: Seat, a: Any) -> list[Event]:
        """Apply the legal action ``a`` of seat ``s`` to the table; returns the events."""
        raise NotImplementedError


class TakeMoneyRule(TurnRule[TakeMoney]):
    """R5: one face-up card of any value, or several summing to at most 5."""

    kind = TakeMoney

    @staticmethod
    def refuse(t: Table, s: Seat, a: TakeMoney) -> IllegalAction | None:
        """R5: a card not face up, taken more often than it is there, or several adding up to more
        than 5."""
        have = Counter(t.display)
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
    def do(t: Table, s: Seat, a: TakeMoney) -> list[Event]:
        """R5: the cards go from the display to the hand; the turn's action is done."""
        cards = a.cards  # (each field read once: the actions are interpreted objects)
        for c in cards:
            t.display.remove(c)
        s.gain(cards)
        t.takes = None
        return turn_over(t, s, [Event("take_money", None, take_data, s.name, cards)])


def is_exact(t: Table, buy: Buy) -> bool:
    """R4: does ``buy`` pay exactly the price of its slot's tile (another action)?"""
    tile = t.market[buy.currency]
    return tile is not None and sum(buy.pay) == tile.price


class BuyRule(TurnRule[Buy]):
    """R6: pay a market tile with its slot's currency, at least its price, no change."""

    kind = Buy

    @staticmethod
    def refuse(t: Table, s: Seat, a: Buy) -> IllegalAction | None:
        """R6: an empty slot, cards the player does not hold, or too little paid."""
        tile = t.market[a.currency]
        if tile is None:
            return IllegalAction("R6", f"R6: the {a.currency} slot of the market is empty.")
        have = Counter(v for v in s.hand()[a.currency])
        for v, n in Counter(a.pay).items():
            if have[v] < n:
                cards = "card" if n == 1 else "cards"
                return IllegalAction(
                    "R6", f"R6: {s.name} does not hold {n} {a.currency} {cards} of value {v}."
                )
        if sum(a.pay) < tile.price:
            return IllegalAction(
                "R6",
                f"R6: the {tile} costs {tile.price} {a.currency}; "
                f"{'+'.join(map(str, a.pay))} = {sum(a.pay)} is not enough.",
            )
        return None

    @staticmethod
    def do(t: Table, s: Seat, a: Buy) -> list[Event]:
        """R6: pay, take the tile to place; an exact payment gives another action (R4)."""
        currency = a.currency
        pay = a.pay
        tile = t.market[currency]
        assert tile is not None
        exact = sum(pay) == tile.price  # (is_exact, the tile and payment at hand)
        t.discard += s.spend(currency, pay)
        t.market[currency] = None
        s.bought.append(tile)
        ev = [Event("buy", None, buy_data, s.name, tile, a, exact)]
        if exact:  # R4: an exact payment gives another action
            return ev
        return turn_over(t, s, ev)


def _error(v: Violation | None) -> IllegalAction | None:
    """The Alhambra's violation (R7, R8) as the refusal, if any."""
    return v.error() if v is not None else None


def _not_held(t: Table, s: Seat, tile: Tile) -> IllegalAction | None:
    if tile in s.bought:
        return None
    if t.phase == "gift":
        return IllegalAction("R12", f"R12: the {tile} is not among {s.name}'s end-game gifts.")
    return IllegalAction("R9", f"R9: the {tile} is not among {s.name}'s tiles bought this turn.")


class PlaceRule(TurnRule[Place]):
    """R9/R12: build a tile bought this turn (or a gift) into a legal cell (R7)."""

    kind = Place
    placing = True

    @staticmethod
    def refuse(t: Table, s: Seat, a: Place) -> IllegalAction | None:
        """A tile not held to place, or a cell the Alhambra refuses (R7)."""
        return _not_held(t, s, a.tile) or _error(s.alhambra.why_illegal(a.tile, a.pos))

    @staticmethod
    def do(t: Table, s: Seat, a: Place) -> list[Event]:
        """Build the tile at its cell (R9), then the next placement or the turn's end."""
        tile = a.tile
        pos = POS[cell(a.pos)]  # (the cell's shared (x, y): compiled, a.pos alone is a new tuple)
        s.bought.remove(tile)
        build(s.alhambra, tile, pos)
        return placed(t, s, [Event("place", None, tile_data, s.name, tile, pos)])


class ReserveRule(TurnRule[Reserve]):
    """R9/R12: put a tile bought this turn (or a gift) onto the reserve."""

    kind = Reserve
    placing = True

    @staticmethod
    def refuse(t: Table, s: Seat, a: Reserve) -> IllegalAction | None:
        """A tile not held to place."""
        return _not_held(t, s, a.tile)

    @staticmethod
    def do(t: Table, s: Seat, a: Reserve) -> list[Event]:
        """Put the tile on the reserve (R9), then the next placement or the turn's end."""
        tile = a.tile
        s.bought.remove(tile)
        s.reserve.append(tile)
        return placed(t, s, [Event("reserve", None, tile_data, s.name, tile)])


class GiveToDirkRule(TurnRule[GiveToDirk]):
    """R3: with two players, a tile bought this turn may go to Dirk."""

    kind = GiveToDirk
    placing = True

    @staticmethod
    def refuse(t: Table, s: Seat, a: GiveToDirk) -> IllegalAction | None:
        """R3: an end-game gift (R12) cannot go to Dirk, nor a tile not held."""
        if t.phase == "gift":
            return IllegalAction(
                "R3", "R3: only tiles bought this turn can go to Dirk, not end-game gifts."
            )
        return _not_held(t, s, a.tile)

    @staticmethod
    def do(t: Table, s: Seat, a: GiveToDirk) -> list[Event]:
        """R3: Dirk gets the tile, then the next placement or the turn's end."""
        s.bought.remove(a.tile)
        t.dirk.append(a.tile)
        return placed(t, s, [Event("give_to_dirk", None, dirk_data, s.name, a.tile, t.dirk_name)])


def _not_in_reserve(s: Seat, tile: Tile) -> IllegalAction | None:
    if tile in s.reserve:
        return None
    return IllegalAction("R8", f"R8: the {tile} is not in {s.name}'s reserve.")


class FromReserveRule(TurnRule[FromReserve]):
    """R8: build a reserve tile into a legal cell (R7). Ends the turn."""

    kind = FromReserve

    @staticmethod
    def refuse(t: Table, s: Seat, a: FromReserve) -> IllegalAction | None:
        """A tile not in the reserve, or a cell the Alhambra refuses (R7)."""
        return _not_in_reserve(s, a.tile) or _error(s.alhambra.why_illegal(a.tile, a.pos))

    @staticmethod
    def do(t: Table, s: Seat, a: FromReserve) -> list[Event]:
        """R8: build the reserve tile at its cell; the turn's action is done."""
        tile = a.tile
        pos = POS[cell(a.pos)]
        drop_tile(s.reserve, tile)
        build(s.alhambra, tile, pos)
        ev = [Event("redesign", None, redesign_data, s.name, tile, pos, "from_reserve")]
        return turn_over(t, s, ev)


class ToReserveRule(TurnRule[ToReserve]):
    """R8: move a tile to the reserve; what stays keeps R7. Ends the turn."""

    kind = ToReserve

    @staticmethod
    def refuse(t: Table, s: Seat, a: ToReserve) -> IllegalAction | None:
        """A tile the Alhambra may not give up (R8: the fountain, an empty cell, or R7 broken by
        what stays)."""
        return _error(s.alhambra.why_not_removable(a.pos))

    @staticmethod
    def do(t: Table, s: Seat, a: ToReserve) -> list[Event]:
        """R8: the tile goes from the Alhambra to the reserve; the turn's action is done."""
        pos = POS[cell(a.pos)]
        tile = unbuild(s.alhambra, pos)
        s.reserve.append(tile)
        ev = [Event("redesign", None, redesign_data, s.name, tile, pos, "to_reserve")]
        return turn_over(t, s, ev)


class ExchangeRule(TurnRule[Exchange]):
    """R8: a reserve tile takes exactly the cell of a built tile, which goes to the
    reserve; the result keeps R7. Ends the turn."""

    kind = Exchange

    @staticmethod
    def refuse(t: Table, s: Seat, a: Exchange) -> IllegalAction | None:
        """A tile not in the reserve, or an exchange the Alhambra refuses (R8, R7)."""
        why = _not_in_reserve(s, a.tile)
        return why or _error(s.alhambra.why_not_exchangeable(a.tile, a.pos))

    @staticmethod
    def do(t: Table, s: Seat, a: Exchange) -> list[Event]:
        """R8: the reserve tile takes the cell, the built tile goes to the reserve; the turn's
        action is done."""
        tile = a.tile
        pos = POS[cell(a.pos)]
        drop_tile(s.reserve, tile)
        old = rebuild(s.alhambra, tile, pos)
        s.reserve.append(old)
        ev = [Event("redesign", None, exchange_data, s.name, tile, old, pos)]
        return turn_over(t, s, ev)


class PassRule(TurnRule[Pass]):
    """Legal only when nothing else is (the rulebook is silent on this corner)."""

    kind = Pass

    @staticmethod
    def refuse(t: Table, s: Seat, a: Pass) -> IllegalAction | None:
        """R4: a pass is refused whenever another action is possible (it is listed only when none
        is)."""
        return IllegalAction(
            "R4",
            "R4: a turn is one of: take money, buy a tile, redesign; passing is allowed "
            "only when none of them is possible.",
        )

    @staticmethod
    def do(t: Table, s: Seat, a: Pass) -> list[Event]:
        """The player passes: the turn ends."""
        return turn_over(t, s, [Event("pass", None, player_data, s.name)])


TURN_RULES: Final[dict[type[Action], type[TurnRule[Any]]]] = {
    r.kind: r
    for r in (
        TakeMoneyRule,
        BuyRule,
        PlaceRule,
        ReserveRule,
        GiveToDirkRule,
        FromReserveRule,
        ToReserveRule,
        ExchangeRule,
        PassRule,
    )
}
"""Action kind -> its rule (refusal and effect). ``Edit`` is not a move: see
:mod:`.editing`."""


# -- legal actions and refusals ------------------------------------------------------
def legal(t: Table) -> list[Action]:
    """Every legal choice now, in a fixed order (so a seeded bot replays exactly)."""
    if t.phase == "over":
        return []
    s = t.seats[t.current]
    if t.phase != "act":
        return list(
            placements(s.alhambra, tuple(s.bought), t.phase == "place" and len(t.seats) == 2)
        )
    tk = t.takes
    if tk is None:
        tk = t.takes = takes(t.display)
    out: list[Action] = list(tk)
    hand = s.grouped or s.hand()
    totals = s.totals
    for cur, tile in t.market.items():
        if tile is not None and totals[cur] >= tile.price:
            out += buys(cur, hand[cur], tile.price)
    out.extend(redesigns(s.alhambra, tuple(s.reserve)))
    return out or [shared(Pass)]


def refusal(t: Table, action: Action) -> IllegalAction:
    """Why ``action``, a move (not an edit) that is not among the legal actions now,
    is refused: what the phase of the turn forbids (R3, R9, R12), else its rule's
    reason."""
    if t.phase == "over":
        return IllegalAction("R12", "R12: the game is over.")
    s = t.seats[t.current]
    rule = TURN_RULES[type(action)]
    if type(action) is GiveToDirk and not t.two_players:
        return IllegalAction("R3", "R3: only in a two-player game can a tile go to Dirk.")
    held = ", ".join(map(str, s.bought))
    if rule.placing and t.phase == "act":
        if s.bought:
            return IllegalAction(
                "R9",
                f"R9: {s.name} places the tiles bought this turn ({held}) after the "
                "turn's last action; after an exact payment another action comes first (R4).",
            )
        return IllegalAction(
            "R9",
            f"R9: {s.name} has bought nothing this turn; bought tiles are placed after "
            "the turn's last action.",
        )
    if not rule.placing and t.phase == "place":
        return IllegalAction(
            "R9",
            f"R9: {s.name}'s turn is over: place the tiles bought this turn first ({held}).",
        )
    if not rule.placing and t.phase == "gift":
        return IllegalAction(
            "R12",
            f"R12: the game has ended; {s.name} places the end-game gifts first "
            f"({held}), then round 3 is scored.",
        )
    why = rule.refuse(t, s, action)
    return why or IllegalAction("R4", f"R4: {action} is not among the legal actions now.")


# -- the turn's course (R4, R9) ------------------------------------------------------
def turn_over(t: Table, s: Seat, ev: list[Event]) -> list[Event]:
    """The turn's last action is done: place what was bought (R9), or end the turn."""
    if s.bought:
        t.phase = "place"
        return ev
    ev.extend(end_turn(t))
    return ev


def placed(t: Table, s: Seat, ev: list[Event]) -> list[Event]:
    """A tile bought (or a gift) was placed: more to place, the turn's end, the next
    receiver of gifts, or round 3 (R9, R12)."""
    if s.bought:
        return ev
    if t.phase == "place":
        ev.extend(end_turn(t))
        return ev
    nxt = next_receiver(t)  # the gift phase (R12): the next receiver, or round 3
    if nxt is not None:
        t.current = nxt
        return ev
    return ev + finish(t)


def next_receiver(t: Table) -> int | None:
    """The seat, from the current one on, that holds tiles to place (the gift phase, R12), or
    None."""
    n = len(t.seats)
    for k in range(n):
        i = (t.current + k) % n
        if t.seats[i].bought:
            return i
    return None


def dirk_event(t: Table, tiles: list[str], when: str) -> Event:
    """The event of Dirk drawing ``tiles`` (R3) at the setup or after a round."""
    return Event("dirk_tiles", {"dirk": t.dirk_name, "tiles": tiles, "when": when})


# -- end of turn (R9), scoring (R10, R11), the end (R12) -----------------------------
def _refill_display(t: Table, ev: list[Event]) -> None:
    """R9: the display back to four cards; scoring cards drawn are due."""
    drawn: list[str] = []
    display = t.display
    while len(display) < 4:
        if not t.deck:
            if not t.discard:
                ev.append(Event("money_empty", {"empty": 4 - len(display)}))
                break
            t.deck = list(t.discard)
            t.discard = []
            shuffle(t.rng, t.deck)
            ev.append(Event("reshuffled", {"cards": len(t.deck)}))
        c = t.deck.pop()
        if type(c) is ScoringCard:
            t.due.append(c.round)
            t.scoring_cards_drawn.append(c.round)
            ev.append(Event("scoring_card", {"round": c.round}))
            continue
        display.append(c)  # type: ignore[arg-type]
        drawn.append(CARD_NAMES[c])  # type: ignore[index]
    if drawn:
        t.takes = None
        ev.append(Event("money_refilled", None, cards_data, drawn))


def end_turn(t: Table) -> list[Event]:
    """R9: refill the display and the market, score what is due, next player (or the
    end, R12, when the market cannot be refilled)."""
    ev: list[Event] = []
    _refill_display(t, ev)
    filled: list[Any] = []  # currency, tile, currency, tile...
    short = False
    for cur, tile in t.market.items():
        if tile is None:
            if t.bag:
                nt = t.market[cur] = t.bag.pop()
                filled.append(cur)
                filled.append(nt)
            else:
                short = True
    if filled:
        ev.append(Event("market_refilled", None, market_data, filled))
    if t.due:
        for rnd in t.due:
            ev += score(t, rnd)
        t.due = []
    if short:
        return ev + game_end(t)
    t.current = (t.current + 1) % len(t.seats)
    t.turn += 1
    t.phase = "act"
    ev.append(Event("turn", None, turn_data, t.seats[t.current].name, t.turn))
    return ev


def gifts(t: Table) -> list[tuple[str, Tile, str | None, int]]:
    """R12, as it would go now: for each market tile ``(currency, tile, receiver or
    None, amount)`` (see :func:`~.listing.end_game_gifts`)."""
    holdings = {s.name: {c: sum(v) for c, v in s.hand().items()} for s in t.seats}
    return end_game_gifts(t.market, holdings)


def game_end(t: Table) -> list[Event]:
    """R12: the market tiles go to the most money of their currency; then the
    receivers place them, or round 3 is scored."""
    ev = [Event("game_ending", {})]
    for cur, tile, receiver, amount in gifts(t):
        if receiver is not None:
            t.market[cur] = None
            t.seat(receiver).bought.append(tile)
        data = {"player": receiver, "tile": tile.name, "currency": cur, "amount": amount}
        ev.append(Event("gift", data))
    nxt = next_receiver(t)
    if nxt is not None:
        t.phase = "gift"
        t.current = nxt
        return ev
    return ev + finish(t)


def finish(t: Table) -> list[Event]:
    """R12: the third scoring round, then the game is over (winners and scores; Dirk's with two
    players)."""
    ev = score(t, 3)
    t.phase = "over"
    data: dict[str, Any] = {"winners": t.winners(), "scores": t.scores()}
    if t.two_players:
        data |= {"dirk": t.dirk_name, "dirk_score": t.dirk_score}
    ev.append(Event("game_over", data))
    return ev


def dirk_counts(t: Table) -> dict[str, int]:
    """Dirk's tiles per kind, as R10 counts them (R3; empty with 3 or more players)."""
    return kind_counts(t.dirk)


def counts(t: Table) -> dict[str, dict[str, int]]:
    """Tiles per kind in each Alhambra (and Dirk's), as scoring counts them (R10)."""
    out = {s.name: s.alhambra.counts() for s in t.seats}
    if t.two_players:
        out[t.dirk_name] = dirk_counts(t)
    return {n: {k: c.get(k, 0) for k in KINDS} for n, c in out.items()}


def preview(t: Table, number: int, alhambras: Mapping[str, Alhambra] | None = None) -> ScoringRound:
    """What scoring round ``number`` would give now (R10, R11), with ``alhambras``
    (name -> Alhambra, names checked) standing in for those seats' own."""
    own = {s.name: s.alhambra for s in t.seats}
    if alhambras:
        own.update(alhambras)
    per_kind = {n: a.counts() for n, a in own.items()}
    if t.two_players:
        per_kind[t.dirk_name] = dirk_counts(t)
    walls = {n: a.longest_wall_segments() for n, a in own.items()}
    return score_round(number, per_kind, walls)


def score(t: Table, number: int) -> list[Event]:
    """Scoring round ``number`` (R10, R11), and Dirk's draw after it (R3)."""
    r = preview(t, number)
    t.rounds.append(r)
    for s in t.seats:
        s.score += r.totals[s.name]
    if t.two_players:
        t.dirk_score += r.totals[t.dirk_name]
    ev = [Event("round_scored", {"round": number, "totals": dict(r.totals)})]
    if t.two_players:
        k = dirk_draw(number, len(t.bag))
        if k:
            got = [t.bag.pop() for _ in range(k)]
            t.dirk.extend(got)
            ev.append(dirk_event(t, [tile.name for tile in got], f"round {number}"))
    return ev

