"""R11 walls: the external wall segments of a layout and a longest joined wall.

A wall segment is a pair of lattice corners; the tile at ``(x, y)`` covers the square
from corner ``(x, y)`` to corner ``(x + 1, y + 1)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .cells import CELL, POS
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
    ends: list[Any] = []
    for a, b in segments:
        ends.append(a)
        ends.append(b)
    return [segments[i] for i in _trail(ends)]


# -- the same on integer corners, for the engine's own Alhambras -----------------------
# A corner is numbered as a cell is (see .cells: ``(x + 64) * 128 + (y + 64)``; the tile
# at cell ``c`` has the corners c, c + 128 (east of it), c + 1 (south) and c + 129), and
# a segment is ``a << 14 | b``: one integer, no tuples made (nor kept for the garbage
# collector).
_BITS: Final = 14
_LOW: Final = (1 << _BITS) - 1


def wall_codes(masks: Mapping[int, int]) -> list[int]:
    """:func:`external_walls` of the layout ``masks`` (integer cell -> walls, the
    fountain's 0 included, keyed by the cells' own objects of :data:`.cells.CELL`), in
    the same order, as segment codes."""
    segs: list[int] = []
    held: Mapping[Any, int] = masks
    for c, m in held.items():
        if not m:
            continue
        if m & 1 and CELL[c - 1] not in held:
            segs.append(c << _BITS | (c + 128))
        if m & 2 and CELL[c + 128] not in held:
            segs.append((c + 128) << _BITS | (c + 129))
        if m & 4 and CELL[c + 1] not in held:
            segs.append((c + 1) << _BITS | (c + 129))
        if m & 8 and CELL[c - 128] not in held:
            segs.append(c << _BITS | (c + 1))
    return segs


def longest_codes(codes: list[int]) -> list[int]:
    """:func:`longest_trail` on segment codes: the same trail, in the same order."""
    ends: list[Any] = []
    for s in codes:
        ends.append(s >> _BITS)
        ends.append(s & _LOW)
    return [codes[i] for i in _trail(ends)]


def segments_of(codes: list[int]) -> list[Segment]:
    """Segment codes as ``((x, y), (x, y))`` corner pairs (each corner the shared
    ``(x, y)`` of :data:`.cells.POS`)."""
    return [(POS[s >> _BITS], POS[s & _LOW]) for s in codes]


def _trail(ends: list[Any]) -> list[int]:
    """The indices, in order, of a longest trail through the segments whose corners are
    ``ends`` (two per segment, any hashable values; see :func:`longest_trail`). Corners
    are numbered in order of first appearance; each corner's list holds (segment,
    other corner) pairs, flat. (Marks in lists: compiled, a list's reads are machine
    operations, a byte array's generic.)"""
    n = len(ends) >> 1
    if not n:
        return []
    ids: dict[Any, int] = {}
    adj: list[list[int]] = []
    for i in range(n):
        a = ends[2 * i]
        b = ends[2 * i + 1]
        va = ids.get(a)
        if va is None:
            va = ids[a] = len(adj)
            adj.append([])
        vb = ids.get(b)
        if vb is None:
            vb = ids[b] = len(adj)
            adj.append([])
        here = adj[va]
        here.append(i)
        here.append(vb)
        there = adj[vb]
        there.append(i)
        there.append(va)
    best: list[int] = []
    seen = [False] * len(adj)
    for start in range(len(adj)):
        if seen[start]:
            continue
        comp = [start]
        seen[start] = True
        k = 0
        degree = 0
        while k < len(comp):
            nb = adj[comp[k]]
            degree += len(nb)
            for j in range(1, len(nb), 2):
                w = nb[j]
                if not seen[w]:
                    seen[w] = True
                    comp.append(w)
            k += 1
        n_edges = degree // 4
        if n_edges <= len(best):
            continue
        odd = [v for v in comp if len(adj[v]) & 2]
        if not odd:
            best = _euler_circuit(adj, comp[0], n)
            continue
        for s in odd:
            trail = _search(adj, s, n_edges, n)
            if len(trail) > len(best):
                best = trail
            if len(best) == n_edges:
                break
    return best


def _euler_circuit(adj: list[list[int]], start: int, n: int) -> list[int]:
    used = [False] * n
    stack: list[int] = [start, -1]  # (corner, segment that led there) pairs, flat
    out: list[int] = []
    ptr = [0] * len(adj)
    while stack:
        v = stack[-2]
        lst = adj[v]
        i = ptr[v]
        while i < len(lst) and used[lst[i]]:
            i += 2
        ptr[v] = i
        if i < len(lst):
            e = lst[i]
            used[e] = True
            stack.append(lst[i + 1])
            stack.append(e)
        else:
            via = stack.pop()
            stack.pop()
            if via >= 0:
                out.append(via)
    out.reverse()
    return out


def _search(adj: list[list[int]], start: int, limit: int, n: int) -> list[int]:
    """Longest trail from ``start`` by depth-first search with backtracking."""
    best: list[list[int]] = [[]]
    _extend(adj, start, limit, [], [False] * n, best)
    return best[0]


def _extend(adj: list[list[int]], v: int, limit: int, path: list[int], used: list[bool], best: list[list[int]]) -> bool:
    """Extend ``path`` (its segments marked in ``used``) from ``v`` every way; a longer
    dead end becomes ``best[0]``. True once a trail of ``limit`` segments is found. (A
    module function: a recursive closure would leave a reference cycle behind.)"""
    extended = False
    nb = adj[v]
    for j in range(0, len(nb), 2):
        e = nb[j]
        if used[e]:
            continue
        extended = True
        used[e] = True
        path.append(e)
        if _extend(adj, nb[j + 1], limit, path, used, best):
            return True
        path.pop()
        used[e] = False
    if not extended and len(path) > len(best[0]):
        best[0] = list(path)
        return len(path) == limit
    return False
