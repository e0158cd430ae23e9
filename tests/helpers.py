"""Shared test helpers: tiny layouts, brute-force references, a random bot."""

from __future__ import annotations

import random

from alhambra_widget import Alhambra, Tile, building_tiles
from alhambra_widget.engine.alhambra import grid
from alhambra_widget.engine.alhambra.components import STEPS

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
    """Reference for R7: the cell is empty, touches the Alhambra, and the whole layout
    with the tile added satisfies R7 (checked from scratch)."""
    if pos in a:
        return False
    x, y = pos
    if not any((x + dx, y + dy) in a for _, dx, dy in STEPS):
        return False
    b = a.copy()
    grid.build(b, tile, pos)
    return not b.violations()


def brute_removable(a: Alhambra, pos) -> bool:
    if pos == (0, 0) or pos not in a:
        return False
    b = a.copy()
    grid.unbuild(b, pos)
    return not b.violations()


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
