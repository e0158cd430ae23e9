"""What a seat may see, as numbers (observations for learning agents) and as text.

Only what that seat may see goes in (the rulebook: "each player's money is kept
secret"; the views' :func:`~alhambra_widget.views.seats.seen_hands` for one person at
the screen): the seat's own hand, and everything public: the table, the steps of a
move begun, each seat's number of cards and the cards everyone saw it take and not
pay out since (the engine's :meth:`~alhambra_widget.engine.alhambra.game.Game.known_money`,
R5, R6: what the search bot's ``determinize`` keeps), and the money paid and not yet
reshuffled (the discard pile, R6). The order of the bag and of the money deck, where
the scoring cards lie and the rest of the others' cards are never read: rearranging
them (the engine's ``determinize`` for another seat) leaves the observation unchanged.

A vector is made of *pieces* (:func:`pieces`), so that OpenSpiel's observation types
can leave one out: ``"private"`` (the seat's own hand), ``"public"`` (everything every
seat sees) and, for an all-seeing observer, ``"hands"`` (every hand). The
environments' observation is ``private`` then ``public`` (:func:`observation`); the
layout, offset by offset, is :func:`layout` (docs/research.md shows it).

Seats are listed from the observer's own (relative order), padded to six (four in
the Gardens), so one network can play any seat and any number of players.
"""

from __future__ import annotations

from typing import Any

from ..engine.alhambra.components import CURRENCIES
from ..engine.gardens.components import FIELDS, SIZE, TREES
from ..engine.gardens.components import building_tiles as gardens_buildings
from .codec import BUY, CARDS, GARDEN_TILES, PAY, TILE, TILES, Steps

VERSION = 1
"""The observation's version: the environments' ``_v1``. A change to the layout,
meanings or scales of :func:`layout` makes a new version (docs/research.md)."""

MAX_SEATS = 6
_CARD = {c: i for i, c in enumerate(CARDS)}
_TILE = {t: i for i, t in enumerate(TILES)}
_PHASES = ("act", "place", "gift", "over")
_PLACES = 6 + 3 * MAX_SEATS
"""Where a tile may be: 0 unseen (the bag), 1-4 a market slot, 5 Dirk, then for each
seat from the observer's own: its Alhambra, its reserve, its tiles to place."""
_SEAT_FEATURES = 5 + len(CARDS)
_BEGUN = 1 + 4 + 9 + len(TILES)

ALHAMBRA_LAYOUT: tuple[tuple[str, int, str], ...] = (
    ("hand", len(CARDS), "private: own money cards, a count per card (codec.CARDS order)"),
    ("phase", len(_PHASES), "one-hot: act, place, gift, over"),
    (
        "begun",
        _BEGUN,
        "a move begun: 1 if any; the tile bought (4, one-hot by currency); "
        "the cards paid so far (9, a count per value); the tile named (54, one-hot)",
    ),
    ("players", MAX_SEATS, "one-hot: the number of players, 1-6"),
    ("dirk_can_win", 1, "1 if Dirk may win (an option)"),
    ("display", len(CARDS), "the face-up money cards, a count per card"),
    ("discard", len(CARDS), "the money paid and not yet reshuffled (R6), a count per card"),
    (
        "seats",
        MAX_SEATS * _SEAT_FEATURES,
        f"per seat from the observer's own ({_SEAT_FEATURES} "
        "each): present; cards in hand / 10; points / 100; 1 if to move; reserve / 10; "
        "the cards everyone knows it holds (known_money, R5, R6), a count per card",
    ),
    (
        "tiles",
        len(TILES) * (_PLACES + 2),
        f"per tile (codec.TILES order, {_PLACES + 2} each): "
        "where, one-hot (0 bag, 1-4 market by currency, 5 Dirk, then per seat from the "
        "observer's own: Alhambra, reserve, to place); then x / 10, y / 10 if built",
    ),
    (
        "table",
        6,
        "turn / 100; deck size / 100; discard size / 100; bag size / 54; "
        "Dirk's points / 100; the next scoring round",
    ),
    (
        "scoring",
        4,
        "per scoring round 1, 2: the fewest and most cards to draw before it "
        "shows, / 100 (1, 1 once drawn)",
    ),
)
"""The Alhambra observation (``private`` then ``public``), section by section: name,
length, meaning and scale."""

MAX_GARDENERS = 4
_GARDEN_FIELD = 1 + 4 * len(TREES)
GARDENS_LAYOUT: tuple[tuple[str, int, str], ...] = (
    (
        "hand",
        len(GARDEN_TILES),
        "private: own garden tiles, 1 each held (codec.GARDEN_TILES order)",
    ),
    ("laid", len(GARDEN_TILES), "1 for each garden tile laid"),
    (
        "fields",
        FIELDS * FIELDS * _GARDEN_FIELD,
        f"per field, row by row ({_GARDEN_FIELD} each): "
        "1 if laid; per side (4) the kind of tree, one-hot, times trees / 3",
    ),
    ("buildings", SIZE * SIZE * 2, "per building, row by row: value / 5; 1 if scored"),
    (
        "seats",
        MAX_GARDENERS * (2 + len(TREES)),
        "per seat from the observer's own: points / 100; "
        "tiles in hand / 3; 1 per kind of tree it holds",
    ),
    ("to_move", MAX_GARDENERS, "one-hot: the seat to move, counted from the observer's"),
)
"""The Gardens observation (``private`` then ``public``), section by section. Nothing
of another hand is ever public in the Gardens (G3: a tile is drawn unseen)."""

ALHAMBRA_OBS = sum(n for _, n, _ in ALHAMBRA_LAYOUT)
"""The length of an Alhambra observation vector."""
GARDENS_OBS = sum(n for _, n, _ in GARDENS_LAYOUT)
"""The length of a Gardens observation vector."""
PRIVATE = {"alhambra": len(CARDS), "gardens": len(GARDEN_TILES)}
"""The length of the private piece (the seat's own hand) of each game's vector."""


def layout(game: str) -> list[tuple[str, int, int, str]]:
    """The observation of ``game``, section by section: name, offset, length, meaning."""
    rows = GARDENS_LAYOUT if game == "gardens" else ALHAMBRA_LAYOUT
    out, at = [], 0
    for name, n, what in rows:
        out.append((name, at, n, what))
        at += n
    return out


def _order(n: int, seat: int) -> list[int]:
    return [(seat + k) % n for k in range(n)]


def _counts(cards: Any) -> list[float]:
    out = [0.0] * len(CARDS)
    for c in cards:
        out[_CARD[c]] += 1.0
    return out


def _alhambra_head(steps: Steps, out: list[float]) -> None:
    g = steps.game
    out += [1.0 if g.phase == p else 0.0 for p in _PHASES]
    begun = [0.0] * _BEGUN
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
    out += _counts(g.display) + _counts(g.discard)


def _alhambra_seats(g: Any, order: list[int], out: list[float]) -> None:
    """Each seat's public numbers and where every tile is."""
    known = g.known_money()
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
        one = [1.0, len(p.money) / 10, p.score / 100, 1.0 if i == g.current else 0.0]
        seats[r * _SEAT_FEATURES : (r + 1) * _SEAT_FEATURES] = [
            *one,
            len(p.reserve) / 10,
            *_counts(known[i]),
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
        cell = [0.0] * _PLACES
        cell[where[i]] = 1.0
        out += cell
        out += pos[i]


def alhambra_public(steps: Steps, seat: int) -> list[float]:
    """The public piece of seat ``seat``'s Alhambra observation: everything after
    ``hand`` in :data:`ALHAMBRA_LAYOUT` (seats counted from ``seat``)."""
    g = steps.game
    out: list[float] = []
    _alhambra_head(steps, out)
    _alhambra_seats(g, _order(len(g.players), seat), out)
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


def alhambra_observation(steps: Steps, seat: int) -> list[float]:
    """The numbers seat ``seat`` may see (length :data:`ALHAMBRA_OBS`): its own hand, then
    the public piece."""
    return _counts(steps.game.players[seat].money) + alhambra_public(steps, seat)


def _known(cards: Any) -> str:
    return " ".join(map(str, cards)) or "-"


def alhambra_text(steps: Steps, seat: int, private: bool = True, public: bool = True) -> str:
    """The same in words (OpenSpiel's strings): the seat's hand (``private``) and what
    every seat sees (``public``)."""
    g = steps.game
    n = len(g.players)
    parts = [f"seat {seat} of {n}"]
    if private:
        parts.append("hand " + " ".join(sorted(map(str, g.players[seat].money))))
    if not public:
        return "\n".join(parts)
    parts.append(f"turn {g.turn}; phase {g.phase}; to move {g.current}")
    parts.append("begun " + ",".join(map(str, steps.prefix)))
    parts.append("display " + " ".join(sorted(map(str, g.display))))
    parts.append("discard " + " ".join(sorted(map(str, g.discard))))
    parts.append("market " + " ".join(f"{c}:{t}" for c, t in g.market.items()))
    parts.append("dirk " + " ".join(sorted(t.name for t in g.dirk_tiles)) + f" {g.dirk_score}")
    known = g.known_money()
    for i in _order(n, seat):
        p = g.players[i]
        built = sorted(f"{x},{y}:{t}" for (x, y), t in p.alhambra.tiles.items())
        parts.append(
            f"P{i} {p.score} pts {len(p.money)} cards, known {_known(known[i])}; "
            f"built {' '.join(built)}; reserve {' '.join(sorted(t.name for t in p.reserve))}; "
            f"to place {' '.join(t.name for t in p.bought)}"
        )
    parts.append(
        f"deck {len(g.deck)} discard {len(g.discard)} bag {len(g.bag)} "
        f"scoring {g.scoring_cards_drawn} {sorted(g.scoring_approach().items())}"
    )
    return "\n".join(parts)


_VALUES = sorted({b.value for b in gardens_buildings()})


def _garden_hand(g: Any, seat: int) -> list[float]:
    ids = {t.id: i for i, t in enumerate(GARDEN_TILES)}
    hand = [0.0] * len(GARDEN_TILES)
    for t in g.players[seat].hand:
        hand[ids[t.id]] = 1.0
    return hand


def gardens_public(steps: Steps, seat: int) -> list[float]:
    """The public piece of seat ``seat``'s Gardens observation: everything after ``hand``
    in :data:`GARDENS_LAYOUT`."""
    g: Any = steps.game
    ids = {t.id: i for i, t in enumerate(GARDEN_TILES)}
    laid = [0.0] * len(GARDEN_TILES)
    fields: list[float] = []
    for y in range(FIELDS):
        for x in range(FIELDS):
            cell = [0.0] * _GARDEN_FIELD
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
    return laid + fields + board + seats + turn


def gardens_observation(steps: Steps, seat: int) -> list[float]:
    """The numbers seat ``seat`` may see in the Gardens (length :data:`GARDENS_OBS`):
    its own hand, then the public piece."""
    return _garden_hand(steps.game, seat) + gardens_public(steps, seat)


def gardens_text(steps: Steps, seat: int, private: bool = True, public: bool = True) -> str:
    """What seat ``seat`` may see of a Gardens game, in words: its hand (``private``), the
    laid fields, each seat's kinds, points and hand size (``public``)."""
    g: Any = steps.game
    n = len(g.players)
    parts = [f"seat {seat} of {n}"]
    if private:
        parts.append("hand " + " ".join(sorted(t.id for t in g.players[seat].hand)))
    if not public:
        return "\n".join(parts)
    parts.append(f"turn {g.turn}; to move {g.current}")
    parts.append(
        "laid " + " ".join(f"{x},{y}:{t.id}/{r}" for (x, y), (t, r) in sorted(g.fields.items()))
    )
    for i in _order(n, seat):
        p = g.players[i]
        parts.append(f"P{i} {'/'.join(p.kinds)} {p.score} pts {len(p.hand)} in hand")
    return "\n".join(parts)


def observation(steps: Steps, seat: int) -> list[float]:
    """The observation vector of ``seat`` (only what it may see), for either game: its
    ``private`` piece, then its ``public`` piece."""
    if steps.codec.game == "gardens":
        return gardens_observation(steps, seat)
    return alhambra_observation(steps, seat)


def pieces(
    steps: Steps, seat: int, private: str = "single", public: bool = True
) -> dict[str, list[float]]:
    """The pieces of ``seat``'s observation an observer asks for: ``private`` is
    ``"single"`` (the seat's own hand, as ``"private"``), ``"none"``, or ``"all"`` (every
    hand, seats from ``seat``'s own, padded, as ``"hands"``: an observer who sees
    everything); ``public`` adds ``"public"``."""
    gardens = steps.codec.game == "gardens"

    def hand(i: int) -> list[float]:
        if gardens:
            return _garden_hand(steps.game, i)
        return _counts(steps.game.players[i].money)

    out: dict[str, list[float]] = {}
    if private == "single":
        out["private"] = hand(seat)
    elif private == "all":
        n = len(steps.game.players)
        rows = [hand(i) for i in _order(n, seat)]
        pad = (MAX_GARDENERS if gardens else MAX_SEATS) - n
        out["hands"] = [x for row in rows for x in row] + [0.0] * (pad * PRIVATE[steps.codec.game])
    if public:
        out["public"] = (gardens_public if gardens else alhambra_public)(steps, seat)
    return out


def piece_sizes(game: str, private: str = "single", public: bool = True) -> dict[str, int]:
    """The length of each piece :func:`pieces` gives for ``game`` and these choices."""
    hand = PRIVATE[game]
    total = GARDENS_OBS if game == "gardens" else ALHAMBRA_OBS
    out: dict[str, int] = {}
    if private == "single":
        out["private"] = hand
    elif private == "all":
        out["hands"] = hand * (MAX_GARDENERS if game == "gardens" else MAX_SEATS)
    if public:
        out["public"] = total - hand
    return out


def text(steps: Steps, seat: int, private: bool = True, public: bool = True) -> str:
    """The observation of ``seat`` in words, for either game (the same pieces)."""
    if steps.codec.game == "gardens":
        return gardens_text(steps, seat, private, public)
    return alhambra_text(steps, seat, private, public)


def observation_size(game: str) -> int:
    """The length of the observation vector of ``game`` ("alhambra" or "gardens")."""
    return GARDENS_OBS if game == "gardens" else ALHAMBRA_OBS
