"""R11 walls: the external wall segments of a layout and a longest joined wall.

A wall segment is a pair of lattice corners; the tile at ``(x, y)`` covers the square
from corner ``(x, y)`` to corner ``(x + 1, y + 1)``.
"""

from __future__ import annotations

from collections.abc import Mapping

from .components import Tile

Pos = tuple[int, int]
Corner = tuple[int, int]
Segment = tuple[Corner, Corner]


def external_walls(tiles: Mapping[Pos, Tile]) -> list[Segment]:
    """Wall segments with no tile on their other side (R11); back-to-back walls between
    two tiles score nothing."""
    segs: list[Segment] = []
    for (x, y), t in tiles.items():
        m = t.mask
        if not m:
            continue
        if m & 1 and (x, y - 1) not in tiles:
            segs.append(((x, y), (x + 1, y)))
        if m & 2 and (x + 1, y) not in tiles:
            segs.append(((x + 1, y), (x + 1, y + 1)))
        if m & 4 and (x, y + 1) not in tiles:
            segs.append(((x, y + 1), (x + 1, y + 1)))
        if m & 8 and (x - 1, y) not in tiles:
            segs.append(((x, y), (x, y + 1)))
    return segs


def tile_walls(tile: Tile, pos: Pos) -> list[Segment]:
    """The wall segments of ``tile`` at ``pos``, external or not (north, east, south, west)."""
    x, y = pos
    m = tile.mask
    sides = [((x, y), (x + 1, y)), ((x + 1, y), (x + 1, y + 1)), ((x, y + 1), (x + 1, y + 1)), ((x, y), (x, y + 1))]
    return [s for bit, s in zip((1, 2, 4, 8), sides) if m & bit]


def joined_wall(segments: list[Segment], through: list[Segment]) -> list[Segment]:
    """The joined wall through ``through`` (R11): every segment of ``segments`` that a
    trail of segments joined end to end at corners reaches from one of ``through``
    (those included when they are among ``segments``), in the order of ``segments``.
    It is the piece of wall in which :func:`longest_trail` looks for the longest one."""
    at: dict[Corner, list[Segment]] = {}
    for s in segments:
        at.setdefault(s[0], []).append(s)
        at.setdefault(s[1], []).append(s)
    seen = set(through) & set(segments)
    todo = [c for s in seen for c in s]
    while todo:
        for s in at.get(todo.pop(), []):
            if s not in seen:
                seen.add(s)
                todo.extend(s)
    return [s for s in segments if s in seen]


def longest_trail(segments: list[Segment]) -> list[Segment]:
    """A longest trail (each segment at most once, corners may repeat) through ``segments``.

    Per connected piece: when every corner has an even number of segments, the whole
    piece is one closed trail (a ring of N scores N, R11); otherwise a longest trail
    starts at an odd corner, found by exhaustive search (corners carry at most four
    segments, so the branching is small)."""
    if not segments:
        return []
    adj: dict[Corner, list[tuple[int, Corner]]] = {}
    for i, (a, b) in enumerate(segments):
        adj.setdefault(a, []).append((i, b))
        adj.setdefault(b, []).append((i, a))
    best: list[int] = []
    seen: set[Corner] = set()
    for start in adj:
        if start in seen:
            continue
        comp = [start]
        seen.add(start)
        k = 0
        while k < len(comp):
            for _, w in adj[comp[k]]:
                if w not in seen:
                    seen.add(w)
                    comp.append(w)
            k += 1
        n_edges = sum(len(adj[v]) for v in comp) // 2
        if n_edges <= len(best):
            continue
        odd = [v for v in comp if len(adj[v]) % 2]
        if not odd:
            best = _euler_circuit(adj, comp[0])
            continue
        for s in odd:
            trail = _search(adj, s, n_edges)
            if len(trail) > len(best):
                best = trail
            if len(best) == n_edges:
                break
    return [segments[i] for i in best]


def _euler_circuit(adj: dict[Corner, list[tuple[int, Corner]]], start: Corner) -> list[int]:
    used: set[int] = set()
    stack: list[tuple[Corner, int | None]] = [(start, None)]
    out: list[int] = []
    ptr: dict[Corner, int] = {}
    while stack:
        v, via = stack[-1]
        lst = adj[v]
        i = ptr.get(v, 0)
        while i < len(lst) and lst[i][0] in used:
            i += 1
        ptr[v] = i
        if i < len(lst):
            e, w = lst[i]
            used.add(e)
            stack.append((w, e))
        else:
            stack.pop()
            if via is not None:
                out.append(via)
    out.reverse()
    return out


def _search(adj: dict[Corner, list[tuple[int, Corner]]], start: Corner, limit: int) -> list[int]:
    """Longest trail from ``start`` by depth-first search with backtracking."""
    best: list[list[int]] = [[]]
    _extend(adj, start, limit, [], set(), best)
    return best[0]


def _extend(
    adj: dict[Corner, list[tuple[int, Corner]]],
    v: Corner,
    limit: int,
    path: list[int],
    used: set[int],
    best: list[list[int]],
) -> bool:
    """Extend ``path`` (its segments in ``used``) from ``v`` every way; a longer dead end
    becomes ``best[0]``. True once a trail of ``limit`` segments is found. (A module
    function: a recursive closure would leave a reference cycle behind.)"""
    extended = False
    for e, w in adj[v]:
        if e in used:
            continue
        extended = True
        used.add(e)
        path.append(e)
        if _extend(adj, w, limit, path, used, best):
            return True
        path.pop()
        used.discard(e)
    if not extended and len(path) > len(best[0]):
        best[0] = list(path)
        return len(path) == limit
    return False
