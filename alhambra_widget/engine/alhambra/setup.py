"""For the engine: dealing a new game (R2, R3) onto a :class:`~.state.GameState`."""

from __future__ import annotations

from ..chance import shuffle
from .components import CURRENCIES, Card, ScoringCard, building_tiles, money_cards
from .narration import Event
from .state import GameState
from .turns import dirk_event


def deal(t: GameState) -> list[Event]:
    """R2, R3: fill the bag, the market, Dirk's tiles (two players), the hands, the
    display and the money deck with its scoring cards; pick the starting player.
    Returns the setup's events."""
    rng = t.rng
    two = t.two_players
    t.bag = list(building_tiles())
    shuffle(rng, t.bag)
    t.market = {c: t.bag.pop() for c in CURRENCIES}
    t.dirk = [t.bag.pop() for _ in range(6)] if two else []
    cards = money_cards(two)
    shuffle(rng, cards)
    for s in t.seats:  # R2: deal in seat order until 20 or more
        while sum(c.value for c in s.money) < 20:
            s.money.append(cards.pop())
    t.display = [cards.pop() for _ in range(4)]
    _money_deck(t, cards)
    how = _starting_player(t)
    t.current = t.starting_player
    log = [dirk_event(t, [tile.name for tile in t.dirk], "setup")] if two else []
    start = t.seats[t.current].name
    log.append(Event("turn", {"player": start, "turn": 1, "how": how}))
    return log


def _money_deck(t: GameState, cards: list[Card]) -> None:
    """R2: five piles as equal as possible (the first piles take the extra cards);
    scoring card 1 at a random place in pile 2, card 2 in pile 4."""
    q, r = divmod(len(cards), 5)
    piles: list[list[Card | ScoringCard]] = []
    at = 0
    for i in range(5):
        size = q + (1 if i < r else 0)
        piles.append(list(cards[at : at + size]))
        at += size
    starts = [sum(len(p) for p in piles[:i]) for i in range(5)]
    for rnd, pile in ((1, piles[1]), (2, piles[3])):
        pile.insert(t.rng.randint(0, len(pile)), ScoringCard(rnd))
    # Where each scoring card may lie, counted in draws from the top (pile 2 holds
    # card 1; pile 4 holds card 2, below card 1): public knowledge, for display.
    t.windows = {
        1: (starts[1], starts[1] + len(piles[1]) - 1),
        2: (starts[3] + 1, starts[3] + len(piles[3])),
    }
    # The deck is drawn from its end: pile 1 on top means pile 1 last in the list.
    t.deck = [c for pile in reversed(piles) for c in reversed(pile)]
    t.deck_size = len(t.deck)


def _starting_player(t: GameState) -> str:
    """R2: fewest cards, then the lowest total, then the seed; returns how it was
    decided."""
    seats = t.seats
    fewest = min(len(s.money) for s in seats)
    by_count = [i for i, s in enumerate(seats) if len(s.money) == fewest]
    low = min(sum(c.value for c in seats[i].money) for i in by_count)
    tied = [i for i in by_count if sum(c.value for c in seats[i].money) == low]
    t.starting_player = tied[0] if len(tied) == 1 else t.rng.choice(tied)
    how = "fewest money cards"
    if len(by_count) > 1:
        how += ", then lowest total" + (", then drawn by the seed" if len(tied) > 1 else "")
    return how
