"""For the engine: the course of a turn and of the game (R4, R9-R12).

After a turn's last action the tiles bought are placed (R9); then the money display
and the market are refilled, due scoring rounds are scored (R10, R11) and the next
player acts. When the bag cannot refill the market, the market's tiles are given to
the most money of their currency (R12), their receivers place them, and round 3 ends
the game. Every step returns what happened as :class:`~.narration.Event` data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..chance import shuffle
from .components import CARD_NAMES, KINDS, ScoringCard, Tile, kind_counts
from .grid import Alhambra
from .listing import dirk_draw, end_game_gifts
from .narration import Event, cards_data, market_data, turn_data
from .scoring import ScoringRound, score_round
from .state import GameState, PlayerState

DISPLAY: Final = 4
"""R2, R9: the money display holds four cards."""


def after_last_action(state: GameState, player: PlayerState, ev: list[Event]) -> list[Event]:
    """The turn's last action is done: place what was bought (R9), or end the turn."""
    if player.bought:
        state.phase = "place"
        return ev
    ev.extend(end_turn(state))
    return ev


def placed(state: GameState, player: PlayerState, ev: list[Event]) -> list[Event]:
    """A tile bought (or a gift) was placed: more to place, the turn's end, the next
    receiver of gifts, or round 3 (R9, R12)."""
    if player.bought:
        return ev
    if state.phase == "place":
        ev.extend(end_turn(state))
        return ev
    nxt = next_receiver(state)  # the gift phase (R12): the next receiver, or round 3
    if nxt is not None:
        state.current = nxt
        return ev
    return ev + finish(state)


def next_receiver(state: GameState) -> int | None:
    """The seat, from the current one on, that holds tiles to place (the gift phase,
    R12), or None."""
    n = len(state.seats)
    for k in range(n):
        i = (state.current + k) % n
        if state.seats[i].bought:
            return i
    return None


def dirk_event(state: GameState, tiles: list[str], when: str) -> Event:
    """The event of Dirk drawing ``tiles`` (R3) at the setup or after a round."""
    return Event("dirk_tiles", {"dirk": state.dirk_name, "tiles": tiles, "when": when})


# -- the end of a turn (R9) -------------------------------------------------------------
def end_turn(state: GameState) -> list[Event]:
    """R9: refill the display and the market, score what is due, next player (or the
    end, R12, when the market cannot be refilled)."""
    ev: list[Event] = []
    _refill_display(state, ev)
    short = _refill_market(state, ev)
    if state.due:
        for rnd in state.due:
            ev += score(state, rnd)
        state.due = []
    if short:
        return ev + game_end(state)
    state.current = (state.current + 1) % len(state.seats)
    state.turn += 1
    state.phase = "act"
    ev.append(Event("turn", None, turn_data, state.seats[state.current].name, state.turn))
    return ev


def _refill_display(state: GameState, ev: list[Event]) -> None:
    """R9: the display back to four cards from the deck; a scoring card drawn is set
    aside and its round is due; an empty deck is replaced by the shuffled discard pile,
    and with both empty the slots stay empty."""
    drawn: list[str] = []
    display = state.display
    while len(display) < DISPLAY:
        if not state.deck:
            if not state.discard:
                ev.append(Event("money_empty", {"empty": DISPLAY - len(display)}))
                break
            state.deck = list(state.discard)
            state.discard = []
            shuffle(state.rng, state.deck)
            ev.append(Event("reshuffled", {"cards": len(state.deck)}))
        c = state.deck.pop()
        if type(c) is ScoringCard:
            state.due.append(c.round)
            state.scoring_cards_drawn.append(c.round)
            ev.append(Event("scoring_card", {"round": c.round}))
            continue
        display.append(c)  # type: ignore[arg-type]
        drawn.append(CARD_NAMES[c])  # type: ignore[index]
    if drawn:
        state.takes = None
        ev.append(Event("money_refilled", None, cards_data, drawn))


def _refill_market(state: GameState, ev: list[Event]) -> bool:
    """R9: the empty market slots refilled from the bag, in slot order; True when the
    bag could not refill them all (R12: the game ends)."""
    market = state.market
    if not _empty_slot(market):  # nothing bought this turn
        return False
    filled: list[Any] = []  # currency, tile, currency, tile...
    short = False
    for cur, tile in market.items():
        if tile is None:
            if state.bag:
                new = market[cur] = state.bag.pop()
                filled.append(cur)
                filled.append(new)
            else:
                short = True
    if filled:
        ev.append(Event("market_refilled", None, market_data, filled))
    return short


def _empty_slot(market: dict[str, Tile | None]) -> bool:
    """Is a slot of the market empty (its tile bought this turn, R6)? (A plain loop:
    ``None in market.values()`` would call the tiles' equality, and pure, ``any()`` of a
    generator costs a generator and its frames.)"""
    for tile in market.values():  # noqa: SIM110 (see the docstring)
        if tile is None:
            return True
    return False


# -- the end (R12) ------------------------------------------------------------------
def gifts(state: GameState) -> list[tuple[str, Tile, str | None, int]]:
    """R12, as it would go now: for each market tile ``(currency, tile, receiver or
    None, amount)`` (see :func:`~.listing.end_game_gifts`)."""
    holdings = {s.name: {c: sum(v) for c, v in s.hand().items()} for s in state.seats}
    return end_game_gifts(state.market, holdings)


def game_end(state: GameState) -> list[Event]:
    """R12: the market tiles go to the most money of their currency; then the
    receivers place them, or round 3 is scored."""
    ev = [Event("game_ending", {})]
    for cur, tile, receiver, amount in gifts(state):
        if receiver is not None:
            state.market[cur] = None
            state.player(receiver).bought.append(tile)
        data = {"player": receiver, "tile": tile.name, "currency": cur, "amount": amount}
        ev.append(Event("gift", data))
    nxt = next_receiver(state)
    if nxt is not None:
        state.phase = "gift"
        state.current = nxt
        return ev
    return ev + finish(state)


def finish(state: GameState) -> list[Event]:
    """R12: the third scoring round, then the game is over (winners and scores; Dirk's
    with two players)."""
    ev = score(state, 3)
    state.phase = "over"
    data: dict[str, Any] = {"winners": state.winners(), "scores": state.scores()}
    if state.two_players:
        data |= {"dirk": state.dirk_name, "dirk_score": state.dirk_score}
    ev.append(Event("game_over", data))
    return ev


# -- scoring (R10, R11) ----------------------------------------------------------------
def dirk_counts(state: GameState) -> dict[str, int]:
    """Dirk's tiles per kind, as R10 counts them (R3; empty with 3 or more players)."""
    return kind_counts(state.dirk)


def counts(state: GameState) -> dict[str, dict[str, int]]:
    """Tiles per kind in each Alhambra (and Dirk's), as scoring counts them (R10)."""
    out = {s.name: s.alhambra.counts() for s in state.seats}
    if state.two_players:
        out[state.dirk_name] = dirk_counts(state)
    return {n: {k: c.get(k, 0) for k in KINDS} for n, c in out.items()}


def preview(
    state: GameState, number: int, alhambras: Mapping[str, Alhambra] | None = None
) -> ScoringRound:
    """What scoring round ``number`` would give now (R10, R11), with ``alhambras``
    (name -> Alhambra, names checked) standing in for those players' own."""
    own = {s.name: s.alhambra for s in state.seats}
    if alhambras:
        own.update(alhambras)
    per_kind = {n: a.counts() for n, a in own.items()}
    if state.two_players:
        per_kind[state.dirk_name] = dirk_counts(state)
    walls = {n: a.longest_wall_segments() for n, a in own.items()}
    return score_round(number, per_kind, walls)


def score(state: GameState, number: int) -> list[Event]:
    """Scoring round ``number`` (R10, R11), and Dirk's draw after it (R3)."""
    r = preview(state, number)
    state.rounds.append(r)
    for s in state.seats:
        s.score += r.totals[s.name]
    if state.two_players:
        state.dirk_score += r.totals[state.dirk_name]
    ev = [Event("round_scored", {"round": number, "totals": dict(r.totals)})]
    if state.two_players:
        k = dirk_draw(number, len(state.bag))
        if k:
            got = [state.bag.pop() for _ in range(k)]
            state.dirk.extend(got)
            ev.append(dirk_event(state, [tile.name for tile in got], f"round {number}"))
    return ev
