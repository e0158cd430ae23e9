"""Shared test helpers: tiny layouts, brute-force references, a random bot."""

from __future__ import annotations

import random
from typing import Any

from reference import r7

from alhambra_widget import Alhambra, Tile, building_tiles

OPEN_TILES = [t for t in building_tiles() if not t.walls]
"""The real tiles without walls, in the data's order: pavilion 8, seraglio 9, arcades 9
and 10, chambers 10 and 11, garden 10 and 11, tower 11 and 12."""


def T(spec: str) -> Tile:
    """T("tower 9 NE") -> Tile."""
    return Tile.parse(spec)


def open_tile(kind: str = "garden") -> Tile:
    return {
        "garden": Tile("garden", 10),
        "tower": Tile("tower", 11),
        "arcades": Tile("arcades", 9),
        "chambers": Tile("chambers", 10),
        "pavilion": Tile("pavilion", 8),
        "seraglio": Tile("seraglio", 9),
    }[kind]


def brute_legal(a: Alhambra, tile: Tile, pos) -> bool:
    """Reference for R7 (tests/reference/r7.py, written from the rulings, not the
    engine): may ``tile`` be built at ``pos``?"""
    return r7.placing(r7.layout_of(a), tile.walls, tuple(pos)) is None


def brute_removable(a: Alhambra, pos) -> bool:
    """Reference for R8 removal (tests/reference/r7.py): does what remains keep R7?"""
    return not r7.removing(r7.layout_of(a), tuple(pos))


def random_alhambra(rng: random.Random, n: int) -> Alhambra:
    """An Alhambra of up to ``n`` real tiles, built by random legal placements."""
    a = Alhambra()
    pool = list(building_tiles())
    rng.shuffle(pool)
    for t in pool:
        if len(a) > n:
            break
        cells = sorted(a.legal_positions(t))
        if cells:
            a.place(t, rng.choice(cells))
    return a


def brute_longest_trail(segments) -> int:
    """Longest trail by trying every start corner (reference for R11)."""
    adj: dict = {}
    for i, (p, q) in enumerate(segments):
        adj.setdefault(p, []).append((i, q))
        adj.setdefault(q, []).append((i, p))
    best = 0

    def go(v, used):
        nonlocal best
        best = max(best, len(used))
        for e, w in adj[v]:
            if e not in used:
                used.add(e)
                go(w, used)
                used.discard(e)

    for v in adj:
        go(v, set())
    return best


def public(game: Any) -> dict[str, Any]:
    """The state everyone at the table sees: no hand's cards (their sizes stay), no order
    of the deck, bag or supply (their sizes stay), the discard pile as a set, no generator."""
    d = game.state_dict()
    if game.GAME == "gardens":
        for p in d["players"]:
            p["hand"] = len(p["hand"])
        d["supply"] = len(d["supply"])
    else:
        for p in d["players"]:
            p["money"] = len(p["money"])
        d["deck"], d["bag"] = len(d["deck"]), len(d["bag"])
        d["discard"] = sorted(d["discard"])
    del d["rng"]
    return d


def dirk_ahead_at_the_end(can_win: bool) -> Any:
    """A two-player game ended at once (R12: the bag cannot refill the market) with
    Dirk's four tiles the only ones scored: Dirk 41 points, the players 0 (R3)."""
    from alhambra_widget import Card, Game, TakeMoney

    g = Game(["Ann", "Ben"], seed=6, dirk_can_win=can_win)
    g.edit(
        dirk_tiles=[Tile("tower", 11), Tile("tower", 12), Tile("garden", 11), Tile("garden", 12)]
    )
    g.edit(bag=[])
    g.edit(market={"denar": None})
    for p in g.players:
        g.edit(players={p.name: {"money": []}})
    g.edit(display=[Card("denar", 1)])
    g.apply(TakeMoney((Card("denar", 1),)))
    assert g.is_over
    return g
