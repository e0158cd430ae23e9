"""For the engine: what everyone at the table knows of each player's money, read from
the public record (behind :meth:`~.game.Game.known_money`).

The starting hands are dealt hidden (R2): nobody but their owner knows them. But a take
is from the face-up display (R5), so everyone saw those cards go into the taker's hand;
and a payment shows its cards (R6), so everyone sees them leave it. For each player the
cards taken and not paid out since are therefore known to all: a multiset, to which a
take adds its cards and from which a payment removes the paid cards where present (the
rest were paid from the part nobody saw). Only the remainder of a hand is secret.

An edit (the position editor, :mod:`.editing`) sets a position by hand; of a player's
money it counts only what it removes: a card seen going in that the edited hand no
longer holds has left it (as if paid, R6). The cards an edit adds are not known (as if
dealt hidden, R2). So the known part is always part of the hand, whatever the edits.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..chance import shuffle
from ..errors import GameError, MalformedInput
from ..revealing import Revealing, put_last
from .actions import Action, Buy, Edit, TakeMoney
from .components import CURRENCIES, Card, ScoringCard, Tile, building_tiles, money_cards
from .editing import cards_of, deck_of, tiles_of
from .narration import Event
from .state import GameState


def known_money(
    history: Sequence[Action], movers: Sequence[int], names: Sequence[str]
) -> list[Counter[Card]]:
    """For each seat, the cards of its hand that everyone knows (see the module), from
    the record: ``history`` and, for each action, the seat that made it (``movers``)."""
    known: list[Counter[Card]] = [Counter() for _ in names]
    for action, mover in zip(history, movers):
        if type(action) is TakeMoney:
            known[mover].update(action.cards)
        elif type(action) is Buy:
            known[mover] -= Counter(Card(action.currency, v) for v in action.pay)
        elif type(action) is Edit:
            _edited(known, action.changes, names)
    return known


def _edited(known: list[Counter[Card]], changes: str, names: Sequence[str]) -> None:
    """An edit keeps of each edited hand's known part what the new hand still holds."""
    players = json.loads(changes).get("players", {})
    for name, change in players.items():
        if "money" in change:
            seat = list(names).index(name)
            known[seat] &= Counter(cards_of(change["money"]))


# -- what one seat knows: its start, the draws it is told of, its game (seat_record) --
def seat_start(t: GameState, seat: int | None, log: Sequence[Event]) -> dict[str, Any]:
    """The setup as ``seat`` saw it (``None``: a spectator): the market, Dirk's tiles
    (R3), the display, the deck's size and where its scoring cards may lie (R2), who
    starts, each hand's size and the seat's own hand (dealt hidden, R2), and the setup's
    events. ``t`` is a table just dealt."""
    return {
        "hand": None if seat is None else [str(c) for c in t.seats[seat].money],
        "hand_sizes": [len(s.money) for s in t.seats],
        "display": [str(c) for c in t.display],
        "market": {c: None if tile is None else tile.name for c, tile in t.market.items()},
        "dirk": [tile.name for tile in t.dirk],
        "deck_size": len(t.deck),
        "windows": {str(k): list(v) for k, v in t.windows.items()},
        "starting_player": t.starting_player,
        "log": [{"kind": e.kind, "data": e.data} for e in log],
    }


def seat_world(t: GameState, seat: int | None, start: dict[str, Any]) -> list[Event]:
    """Set ``t`` (a table dealt from a seed of no meaning) to the setup ``start``
    describes, guessing what ``seat`` cannot see from what it can: the other hands
    (their sizes kept), the deck's order (each scoring card within its window) and the
    bag's. Returns the setup's events. Malformed starts are :class:`MalformedInput`."""
    try:
        sizes = [int(n) for n in start["hand_sizes"]]
        own = [] if seat is None else cards_of(start["hand"])
        display = cards_of(start["display"])
        market = {c: None if v is None else Tile.parse(v) for c, v in start["market"].items()}
        dirk = tiles_of(start["dirk"])
        windows = {int(k): (int(v[0]), int(v[1])) for k, v in start["windows"].items()}
        deck_size, first = int(start["deck_size"]), int(start["starting_player"])
        log = [Event(str(e["kind"]), dict(e["data"])) for e in start["log"]]
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        raise MalformedInput(f"A seat's start is malformed ({e!r}).") from None
    if len(sizes) != len(t.seats) or set(market) != set(CURRENCIES) or sorted(windows) != [1, 2]:
        raise MalformedInput("A seat's start does not fit the game's players and currencies.")
    rng = t.rng
    pool = Counter(money_cards(t.two_players))
    pool.subtract(own + display)
    if min(pool.values(), default=0) < 0:
        raise MalformedInput("A seat's start holds more copies of a card than the game has.")
    cards = sorted(pool.elements())
    shuffle(rng, cards)
    for i, s in enumerate(t.seats):
        if i == seat:
            s.set_money(own)
        else:
            s.set_money(cards[: sizes[i]])
            cards = cards[sizes[i] :]
    order: list[Card | ScoringCard] = list(cards)  # top first
    for rnd in (1, 2):
        lo, hi = windows[rnd]
        order.insert(rng.randint(lo, hi), ScoringCard(rnd))
    if len(order) != deck_size:
        raise MalformedInput("A seat's start: the deck's size does not fit the hands.")
    t.deck, t.deck_size, t.windows = order[::-1], deck_size, windows
    t.display, t.market, t.dirk, t.takes = display, market, dirk, None
    bag = Counter(building_tiles())
    bag.subtract([tile for tile in market.values() if tile is not None] + dirk)
    t.bag = sorted(bag.elements(), key=lambda tile: (tile.kind, tile.price, tile.walls))
    shuffle(rng, t.bag)
    t.starting_player = t.current = first
    return log


def seat_reveals(before: GameState, after: GameState, events: Sequence[Event]) -> dict[str, Any]:
    """What an action showed everyone of the hidden piles: the money deck's items drawn
    (R9: money cards and scoring cards, in the order drawn, across a reshuffle of the
    discard pile), the tiles drawn from the bag (R9's market, R3's Dirk), in order; and
    when the game ends, every hand as it was (R12 gives the market's tiles to the most
    money of their currency, so the hands are shown)."""
    out: dict[str, Any] = {}
    kinds = [e.kind for e in events]
    if "game_ending" in kinds:  # R12: the market's tiles go to the most money: hands shown
        out["hands"] = [[str(c) for c in s.money] for s in before.seats]
    if "reshuffled" in kinds:
        drawn: list[Card | ScoringCard] = before.deck[::-1]  # the whole old deck, then...
        shown = [c for e in events if e.kind == "money_refilled" for c in e.data["cards"]]
        old = sum(1 for c in drawn if type(c) is Card)
        drawn += [Card.parse(c) for c in shown[old:]]  # ... what the reshuffled pile gave
    else:
        drawn = before.deck[len(after.deck) :][::-1]
    if drawn:
        out["deck"] = [str(c) for c in drawn]
    tiles = before.bag[len(after.bag) :][::-1]
    if tiles:
        out["bag"] = [tile.name for tile in tiles]
    return out


def reconcile(
    t: GameState,
    seat: int | None,
    known: Sequence[Sequence[Card]],
    action: Action,
    reveals: dict[str, Any],
) -> None:
    """Rearrange a seat's guesses (the other hands' unknown cards, the deck, the bag) so
    that ``action`` and its ``reveals`` fit: a purchase's cards (R6) in its payer's hand,
    the deck's and the bag's next items those revealed (R9). Only what the seat cannot
    see moves: its own hand and everybody's known money (``known``) stay. A record that
    cannot fit is a :class:`GameError`."""
    if "hands" in reveals:
        _show_hands(t, seat, reveals["hands"])
    fixed = [Counter(k) for k in known]
    if seat is not None:
        fixed[seat] = Counter(t.seats[seat].money)
    mover = t.current
    if type(action) is Buy and mover != seat:
        need = Counter(Card(action.currency, v) for v in action.pay)
        fixed[mover] |= need
        _bring(t, mover, need, fixed)
    try:
        deck = deck_of(reveals.get("deck", []))
        bag = tiles_of(reveals.get("bag", []))
    except (MalformedInput, ValueError, IndexError) as e:
        raise MalformedInput(f"A step's reveals are malformed ({e}).") from None
    n = len(t.deck)
    for i, item in enumerate(deck[:n]):
        target = n - 1 - i
        if item in t.deck[: target + 1]:
            put_last(t.deck, [item], i)
        else:
            _swap_in(t, item, target, fixed)  # a money card the guess gave to a hand
    if deck[n:]:  # drawn after a reshuffle: the reshuffle puts them on top
        t.rng = Revealing(t.rng.getrandbits(64), deck[n:])
    put_last(t.bag, bag)


def _show_hands(t: GameState, seat: int | None, hands: object) -> None:
    """R12: every hand is shown (for the market's last tiles): the guessed hands become
    those, and the deck's money cards what is left of the unseen cards."""
    if not isinstance(hands, list) or len(hands) != len(t.seats):
        raise MalformedInput("A step's revealed hands are one list of cards per seat.")
    shown = [cards_of(h) for h in hands]
    unseen = Counter(c for c in t.deck if type(c) is Card)
    for i, s in enumerate(t.seats):
        if i != seat:
            unseen.update(s.money)
            unseen.subtract(shown[i])
            s.set_money(shown[i])
    if min(unseen.values(), default=0) < 0:
        raise GameError(
            "The seat's record does not fit its game: the shown hands are not unseen cards."
        )
    rest = list(unseen.elements())
    for k, c in enumerate(t.deck):
        if type(c) is Card:
            t.deck[k] = rest.pop()


def _holders(t: GameState, card: Card, fixed: list[Counter[Card]]) -> list[int]:
    """The seats whose guessed (not fixed) cards include ``card``."""
    return [i for i, s in enumerate(t.seats) if s.money.count(card) > fixed[i][card]]


def _swap_in(
    t: GameState, item: Card | ScoringCard, target: int, fixed: list[Counter[Card]]
) -> None:
    """Bring money card ``item`` from a guessed hand to the deck's place ``target``,
    giving that hand a guessed money card of the deck."""
    if type(item) is not Card:
        raise GameError(f"The seat's record does not fit its game: {item} cannot be drawn.")
    holders = _holders(t, item, fixed)
    cards = [k for k in range(target + 1) if type(t.deck[k]) is Card]
    if not holders or not cards:
        raise GameError(f"The seat's record does not fit its game: {item} cannot be drawn.")
    k = cards[-1]  # the hand takes a guessed money card (a scoring card stays in the deck)
    t.deck[k], t.deck[target] = t.deck[target], t.deck[k]
    given = t.deck[target]
    assert type(given) is Card
    s = t.seats[holders[0]]
    money = list(s.money)
    money[money.index(item)] = given
    s.set_money(money)
    t.deck[target] = item


def _bring(t: GameState, payer: int, need: Counter[Card], fixed: list[Counter[Card]]) -> None:
    """Put the cards ``need`` into the payer's hand, each missing one swapped with a
    guessed card of theirs that the payment does not use, from the deck or another
    guessed hand."""
    s = t.seats[payer]
    missing = need - Counter(s.money)
    spare = list((Counter(s.money) - fixed[payer]).elements())
    for card in missing.elements():
        if not spare:
            raise GameError(f"The seat's record does not fit its game: {s.name} cannot pay {card}.")
        give = spare.pop()
        if card in t.deck:
            t.deck[t.deck.index(card)] = give
        else:
            holders = [i for i in _holders(t, card, fixed) if i != payer]
            if not holders:
                raise GameError(
                    f"The seat's record does not fit its game: {card} is nowhere unseen."
                )
            o = t.seats[holders[0]]
            money = list(o.money)
            money[money.index(card)] = give
            o.set_money(money)
        money = list(s.money)
        money[money.index(give)] = card
        s.set_money(money)
