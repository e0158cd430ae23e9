"""What a seat may see, as numbers (observations for learning agents) and as text.

Only what that seat may see goes in (the rulebook: "each player's money is kept
secret"; the views' :func:`~alhambra_widget.views.seats.seen_hands` for one person at
the screen): the seat's own hand, the others' numbers of cards, everything on the
table, and the steps of a move begun. The order of the bag and of the money deck,
where the scoring cards lie and the others' cards are never read: rearranging them
(the engine's ``determinize`` for another seat) leaves the observation unchanged.

Seats are listed from the observer's own (relative order), padded to six (four in
the Gardens), so one network can play any seat and any number of players.
"""

from __future__ import annotations

from typing import Any

from ..engine.alhambra.components import CURRENCIES
from ..engine.gardens.components import FIELDS, SIZE, TREES
from ..engine.gardens.components import building_tiles as gardens_buildings
from .codec import BUY, CARDS, GARDEN_TILES, PAY, TILE, TILES, Steps

MAX_SEATS = 6
_CARD = {c: i for i, c in enumerate(CARDS)}
_TILE = {t: i for i, t in enumerate(TILES)}
_PHASES = ("act", "place", "gift", "over")
_PLACES = 6 + 3 * MAX_SEATS
"""Where a tile may be: 0 unseen (the bag), 1-4 a market slot, 5 Dirk, then for each
seat from the observer's own: its Alhambra, its reserve, its tiles to place."""
_SEAT_FEATURES = 5
ALHAMBRA_OBS = (
    len(_PHASES)
    + 1
    + 4
    + 9
    + len(TILES)  # the phase, the move begun
    + MAX_SEATS
    + 1  # the number of players
    + len(CARDS) * 2  # own hand, the display
    + MAX_SEATS * _SEAT_FEATURES
    + len(TILES) * (_PLACES + 2)
    + 10
)
"""The length of an Alhambra observation vector."""


def _order(n: int, seat: int) -> list[int]:
    return [(seat + k) % n for k in range(n)]


def _alhambra_head(steps: Steps, seat: int, out: list[float]) -> None:
    g = steps.game
    out += [1.0 if g.phase == p else 0.0 for p in _PHASES]
    begun = [0.0] * (1 + 4 + 9 + len(TILES))
    begun[0] = 1.0 if steps.prefix else 0.0
    for s in steps.prefix:
        if BUY <= s < PAY:
            begun[1 + s - BUY] = 1.0
        elif PAY <= s < PAY + 9:
            begun[5 + s - PAY] += 1.0
        elif TILE <= s < TILE + len(TILES):
            begun[14 + s - TILE] = 1.0
    out += begun
    n = len(g.players)
    out += [1.0 if k == n else 0.0 for k in range(1, MAX_SEATS + 1)]
    out.append(1.0 if g.dirk_can_win else 0.0)


def alhambra_observation(steps: Steps, seat: int) -> list[float]:
    """The numbers seat ``seat`` may see (length :data:`ALHAMBRA_OBS`)."""
    g = steps.game
    out: list[float] = []
    _alhambra_head(steps, seat, out)
    hand = [0.0] * len(CARDS)
    for c in g.players[seat].money:
        hand[_CARD[c]] += 1.0
    display = [0.0] * len(CARDS)
    for c in g.display:
        display[_CARD[c]] += 1.0
    out += hand + display
    n = len(g.players)
    order = _order(n, seat)
    where = [0] * len(TILES)
    pos = [(0.0, 0.0)] * len(TILES)
    for k, cur in enumerate(CURRENCIES):
        t = g.market[cur]
        if t is not None:
            where[_TILE[t]] = 1 + k
    for t in g.dirk_tiles:
        where[_TILE[t]] = 5
    seats = [0.0] * (MAX_SEATS * _SEAT_FEATURES)
    for r, i in enumerate(order):
        p = g.players[i]
        seats[r * _SEAT_FEATURES : (r + 1) * _SEAT_FEATURES] = [
            1.0,
            len(p.money) / 10,
            p.score / 100,
            1.0 if i == g.current else 0.0,
            len(p.reserve) / 10,
        ]
        for (x, y), t in p.alhambra.tiles.items():
            if t.kind != "fountain":
                where[_TILE[t]] = 6 + 3 * r
                pos[_TILE[t]] = (x / 10, y / 10)
        for t in p.reserve:
            where[_TILE[t]] = 7 + 3 * r
        for t in p.bought:
            where[_TILE[t]] = 8 + 3 * r
    out += seats
    for i in range(len(TILES)):
        one = [0.0] * _PLACES
        one[where[i]] = 1.0
        out += one
        out += pos[i]
    approach = g.scoring_approach()
    out += [
        g.turn / 100,
        len(g.deck) / 100,
        len(g.discard) / 100,
        len(g.bag) / 54,
        g.dirk_score / 100,
        float(g.next_scoring_round),
    ]
    for rnd in (1, 2):
        w = approach.get(rnd)
        out += [1.0, 1.0] if w is None else [w[0] / 100, w[1] / 100]
    return out


def alhambra_text(steps: Steps, seat: int) -> str:
    """The same as text (OpenSpiel's information-state and observation strings)."""
    g = steps.game
    n = len(g.players)
    parts = [f"seat {seat} of {n}; turn {g.turn}; phase {g.phase}; to move {g.current}"]
    parts.append("begun " + ",".join(map(str, steps.prefix)))
    parts.append("hand " + " ".join(sorted(map(str, g.players[seat].money))))
    parts.append("display " + " ".join(sorted(map(str, g.display))))
    parts.append("market " + " ".join(f"{c}:{t}" for c, t in g.market.items()))
    parts.append("dirk " + " ".join(sorted(t.name for t in g.dirk_tiles)) + f" {g.dirk_score}")
    for i in _order(n, seat):
        p = g.players[i]
        built = sorted(f"{x},{y}:{t}" for (x, y), t in p.alhambra.tiles.items())
        parts.append(
            f"P{i} {p.score} pts {len(p.money)} cards; built {' '.join(built)}; "
            f"reserve {' '.join(sorted(t.name for t in p.reserve))}; "
            f"to place {' '.join(t.name for t in p.bought)}"
        )
    parts.append(
        f"deck {len(g.deck)} discard {len(g.discard)} bag {len(g.bag)} "
        f"scoring {g.scoring_cards_drawn} {sorted(g.scoring_approach().items())}"
    )
    return "\n".join(parts)


MAX_GARDENERS = 4
GARDENS_OBS = (
    len(GARDEN_TILES) * 2  # own hand, laid
    + FIELDS * FIELDS * (1 + 4 * len(TREES))
    + SIZE * SIZE * 2
    + MAX_GARDENERS * (2 + len(TREES))
    + MAX_GARDENERS
)
"""The length of a Gardens observation vector."""
_VALUES = sorted({b.value for b in gardens_buildings()})


def gardens_observation(steps: Steps, seat: int) -> list[float]:
    """The numbers seat ``seat`` may see in the Gardens (length :data:`GARDENS_OBS`):
    its own hand, the laid tiles, the buildings, each seat's kinds, points and hand
    size (from its own)."""
    g: Any = steps.game
    ids = {t.id: i for i, t in enumerate(GARDEN_TILES)}
    hand = [0.0] * len(GARDEN_TILES)
    for t in g.players[seat].hand:
        hand[ids[t.id]] = 1.0
    laid = [0.0] * len(GARDEN_TILES)
    fields: list[float] = []
    for y in range(FIELDS):
        for x in range(FIELDS):
            cell = [0.0] * (1 + 4 * len(TREES))
            there = g.fields.get((x, y))
            if there is not None:
                tile, turn = there
                laid[ids[tile.id]] = 1.0
                cell[0] = 1.0
                for k in range(4):
                    cell[1 + 4 * k + TREES.index(tile.side(k, turn))] = tile.trees / 3
            fields += cell
    board: list[float] = []
    for y in range(SIZE):
        for x in range(SIZE):
            b = g.buildings[(x, y)]
            board += [b.value / 5, 1.0 if (x, y) in g.scored else 0.0]
    n = len(g.players)
    seats = [0.0] * (MAX_GARDENERS * (2 + len(TREES)))
    for r, i in enumerate(_order(n, seat)):
        p = g.players[i]
        kinds = [1.0 if k in p.kinds else 0.0 for k in TREES]
        seats[r * 6 : (r + 1) * 6] = [p.score / 100, len(p.hand) / 3, *kinds]
    turn = [1.0 if (g.current - seat) % n == r else 0.0 for r in range(MAX_GARDENERS)]
    return hand + laid + fields + board + seats + turn


def gardens_text(steps: Steps, seat: int) -> str:
    """What seat ``seat`` may see of a Gardens game, in words: its hand, the laid fields, each
    seat's kinds, points and hand size."""
    g: Any = steps.game
    n = len(g.players)
    parts = [f"seat {seat} of {n}; turn {g.turn}; to move {g.current}"]
    parts.append("hand " + " ".join(sorted(t.id for t in g.players[seat].hand)))
    parts.append(
        "laid " + " ".join(f"{x},{y}:{t.id}/{r}" for (x, y), (t, r) in sorted(g.fields.items()))
    )
    for i in _order(n, seat):
        p = g.players[i]
        parts.append(f"P{i} {'/'.join(p.kinds)} {p.score} pts {len(p.hand)} in hand")
    return "\n".join(parts)


def observation(steps: Steps, seat: int) -> list[float]:
    """The observation vector of ``seat`` (only what it may see), for either game."""
    if steps.codec.game == "gardens":
        return gardens_observation(steps, seat)
    return alhambra_observation(steps, seat)


def text(steps: Steps, seat: int) -> str:
    """The observation of ``seat`` in words, for either game."""
    if steps.codec.game == "gardens":
        return gardens_text(steps, seat)
    return alhambra_text(steps, seat)


def observation_size(game: str) -> int:
    """The length of the observation vector of ``game`` ("alhambra" or "gardens")."""
    return GARDENS_OBS if game == "gardens" else ALHAMBRA_OBS
