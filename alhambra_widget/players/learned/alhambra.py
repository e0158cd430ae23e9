"""The Alhambra baseline's choices and what it sees.

Thirteen choices, each resolved to one engine action taken from
``game.legal_actions()`` (the engine decides what is legal; this module only sorts its
list), or unavailable when the list holds none of its kind:

* ``buy:<currency>`` (4): buy the market tile of that currency (R6), paying the
  legal payment that overpays least, then with the fewest cards (an exact payment
  when there is one, R4);
* ``take:<currency>`` (4): take money (R5), the legal take holding a card of that
  currency with the most value, then the fewest cards;
* ``from_reserve``: build a reserve tile into the Alhambra (R8), where the greedy
  bot's rule puts it;
* ``place``: place a tile waiting to be placed (R9, R12) in the Alhambra, at the
  legal place the greedy bot's rule prefers (the longest wall);
* ``reserve``: put a waiting tile onto the reserve (R9);
* ``dirk``: give a tile to Dirk (R3);
* ``other``: only when none of the above is available, the greedy bot's favourite
  of what is left (a redesign, or a pass).

The features read only what the seat to move may see: its own money, the publicly
known money of the others (``known_money``, R5, R6), and the public table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.alhambra.actions import (
    Action,
    Buy,
    FromReserve,
    GiveToDirk,
    Place,
    Reserve,
    TakeMoney,
)
from ...engine.alhambra.components import CURRENCIES, KINDS
from ...engine.alhambra.game import Game
from ...engine.alhambra.narration import overpaid
from ...engine.alhambra.scoring import POINTS
from ..alhambra.greedy import GreedyBot

CHOICES: tuple[str, ...] = (
    *(f"buy:{c}" for c in CURRENCIES),
    *(f"take:{c}" for c in CURRENCIES),
    "from_reserve",
    "place",
    "reserve",
    "dirk",
    "other",
)
"""The choices' names, in the order of the policy's outputs."""

_RULE = GreedyBot(0)  # its favourite() is deterministic: the generator is never read
_KINDS_OF = {FromReserve: 8, Place: 9, Reserve: 10, GiveToDirk: 11}


def _cheapest(game: Game, buys: list[Buy]) -> Buy:
    tile = game.market[buys[0].currency]
    assert tile is not None  # a legal buy has a tile
    return min(buys, key=lambda a: (overpaid(tile.price, a.pay), len(a.pay), a.pay))


def _richest(takes: list[TakeMoney]) -> TakeMoney:
    return max(takes, key=lambda a: (sum(c.value for c in a.cards), -len(a.cards)))


def options(game: Game) -> list[Action | None]:
    """One engine action per choice of :data:`CHOICES` (``None``: unavailable), each
    one of ``game.legal_actions()``; at least one is available while the game is on."""
    groups: list[list[Action]] = [[] for _ in CHOICES]
    for a in game.legal_actions():
        if isinstance(a, Buy):
            groups[CURRENCIES.index(a.currency)].append(a)
        elif isinstance(a, TakeMoney):
            for c in {card.currency for card in a.cards}:
                groups[4 + CURRENCIES.index(c)].append(a)
        else:
            groups[_KINDS_OF.get(type(a), 12)].append(a)
    out: list[Action | None] = []
    for i, acts in enumerate(groups):
        if not acts or (i == 12 and any(groups[:12])):
            out.append(None)
        elif i < 4:
            out.append(_cheapest(game, acts))  # type: ignore[arg-type]
        elif i < 8:
            out.append(_richest(acts))  # type: ignore[arg-type]
        else:
            out.append(_RULE.favourite(game, acts))
    return out


def _money(cards: Sequence[object]) -> list[float]:
    total = dict.fromkeys(CURRENCIES, 0)
    for card in cards:
        total[card.currency] += card.value  # type: ignore[attr-defined]
    return [total[c] / 20 for c in CURRENCIES]


def _slot(
    game: Game, c: str, buy: Action | None, mine: dict[str, int], top: dict[str, int]
) -> list[float]:
    tile = game.market[c]
    if tile is None:
        return [0.0] * 15
    me = game.current_player
    kind = [1.0 if tile.kind == k else 0.0 for k in KINDS]
    over = overpaid(tile.price, buy.pay) if isinstance(buy, Buy) else 10
    return [
        1.0,
        *kind,
        tile.price / 12,
        mine.get(tile.kind, 0) / 7,
        top.get(tile.kind, 0) / 7,
        POINTS[tile.kind][game.next_scoring_round - 1][0] / 20,
        1.0 if buy is not None else 0.0,
        1.0 if over == 0 else 0.0,
        over / 10,
        (tile.price - me.money_of(c)) / 12,
    ]


def _standings(game: Game) -> list[float]:
    me = game.current_player.name
    now = game.scores
    preview = game.scoring_preview(game.next_scoring_round).totals
    best_now = max(v for n, v in now.items() if n != me)
    best_preview = max(preview.get(n, 0) for n in now if n != me)
    mine_preview = preview.get(me, 0)
    return [
        now[me] / 100,
        best_now / 100,
        (now[me] - best_now) / 50,
        mine_preview / 50,
        best_preview / 50,
        (mine_preview - best_preview) / 50,
    ]


def _waiting(game: Game, opts: list[Action | None]) -> list[float]:
    me = game.current_player
    kind = me.bought[0].kind if me.bought else None
    place = opts[9]
    gain = 0
    if isinstance(place, Place):
        gain = me.alhambra.longest_wall_if(place.tile, place.pos) - me.alhambra.longest_wall()
    return [*(1.0 if kind == k else 0.0 for k in KINDS), gain / 5, len(me.bought) / 3]


def features(game: Game, opts: list[Action | None]) -> list[float]:
    """What the seat to move sees, as numbers (see the module), given its
    :func:`options`."""
    me = game.current_player
    seat = game.current
    counts = game.counts()
    mine = counts.get(me.name, {})
    top: dict[str, int] = {}
    for name, c in counts.items():
        if name != me.name:
            for k, v in c.items():
                top[k] = max(top.get(k, 0), v)
    nxt = (seat + 1) % len(game.players)
    phase = [1.0 if game.phase == p else 0.0 for p in ("act", "place", "gift")]
    rnd = [1.0 if game.next_scoring_round == r else 0.0 for r in (1, 2, 3)]
    display = _money(game.display)
    peak = dict.fromkeys(CURRENCIES, 0)
    for card in game.display:
        peak[card.currency] = max(peak[card.currency], card.value)
    counted = [sum(1 for m in me.money if m.currency == c) / 5 for c in CURRENCIES]
    out = [
        *phase,
        *rnd,
        game.bag_share_left,
        *_standings(game),
        *_money(me.money),
        *counted,
        *_money(game.known_money()[nxt]),
        me.alhambra.longest_wall() / 20,
        len(me.reserve) / 5,
        sum(mine.values()) / 20,
        *display,
        *(peak[c] / 9 for c in CURRENCIES),
    ]
    for i, cur in enumerate(CURRENCIES):
        out += _slot(game, cur, opts[i], mine, top)
    out += _waiting(game, opts)
    out += [0.0 if o is None else 1.0 for o in opts]
    return out
