"""R11 walls: the external wall segments of a layout, and a longest joined wall.

A wall segment is a pair of lattice corners; the tile at ``(x, y)`` covers the square
from corner ``(x, y)`` to corner ``(x + 1, y + 1)``. The engine numbers a corner as it
numbers a cell (:mod:`.packing`): the tile at cell ``c`` spans the corners ``c`` and
``c + EAST + SOUTH``. R11 is written once, on those numbers (:func:`wall_corners`,
:func:`longest_corners`); the ``(x, y)`` segments are made only when read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .components import Tile
from .packing import CELL_KEY, EAST, NEIGHBOURS, NO_SIDES, POSITION, SOUTH, E, N, S, W, cell

Pos = tuple[int, int]
Corner = tuple[int, int]
Segment = tuple[Corner, Corner]

_ENDS: Final = {N: (0, EAST), E: (EAST, EAST + SOUTH), S: (SOUTH, EAST + SOUTH), W: (0, SOUTH)}
"""A side -> its two corners, as steps from the corner of the cell."""
_SIDE_WALLS: Final[tuple[tuple[int, int, int, int], ...]] = tuple(
    (side, step, _ENDS[side][0], _ENDS[side][1]) for side, step, _facing in NEIGHBOURS
)
"""For each side: (the side, the step to the neighbour there, its two corners)."""


def wall_corners(masks: Mapping[int, int]) -> list[int]:
    """R11: the external wall segments of the layout ``masks`` (integer cell -> walls,
    keyed by :data:`.packing.CELL_KEY`), as their corners, two per segment. A wall
    segment is external when the cell on its other side holds no tile: back-to-back
    walls between two tiles score nothing. In the layout's order, each tile's sides in
    the order north, east, south, west."""
    ends: list[int] = []
    for c, walls in masks.items():
        if walls == NO_SIDES:
            continue
        for side, step, first, last in _SIDE_WALLS:
            if walls & side and CELL_KEY[c + step] not in masks:
                ends.append(c + first)
                ends.append(c + last)
    return ends


def longest_corners(ends: list[int]) -> list[int]:
    """R11: a longest joined wall through the segments with corners ``ends`` (two per
    segment, :func:`wall_corners`): its segments' corners, in order along the wall."""
    out: list[int] = []
    for i in _trail(ends):
        out.append(ends[2 * i])
        out.append(ends[2 * i + 1])
    return out


def segments_of(ends: list[int]) -> list[Segment]:
    """Segments given as corners, two per segment, as ``((x, y), (x, y))`` corner pairs
    (each corner the shared ``(x, y)`` of :data:`.packing.POSITION`)."""
    return [(POSITION[ends[i]], POSITION[ends[i + 1]]) for i in range(0, len(ends), 2)]


def external_walls(tiles: Mapping[Pos, Tile]) -> list[Segment]:
    """R11: the wall segments of ``tiles`` (position -> tile) with no tile on their other
    side (:func:`wall_corners`)."""
    return segments_of(wall_corners({CELL_KEY[cell(pos)]: t.mask for pos, t in tiles.items()}))


def tile_walls(tile: Tile, pos: Pos) -> list[Segment]:
    """The wall segments of ``tile`` at ``pos``, external or not (north, east, south, west)."""
    c = cell(pos)
    out: list[Segment] = []
    for side, _step, first, last in _SIDE_WALLS:
        if tile.mask & side:
            out.append((POSITION[c + first], POSITION[c + last]))
    return out


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
    """A longest trail (each segment at most once, corners may repeat) through
    ``segments``, given as ``(x, y)`` corner pairs: :func:`longest_corners` on them."""
    ends: list[Any] = []
    for a, b in segments:
        ends.append(a)
        ends.append(b)
    return [segments[i] for i in _trail(ends)]


def _trail(ends: list[Any]) -> list[int]:
    """The indices, in order, of a longest trail through the segments whose corners are
    ``ends`` (two per segment, any hashable values).

    Per connected piece: when every corner has an even number of segments, the whole
    piece is one closed trail (a ring of N scores N, R11); otherwise a longest trail
    starts at an odd corner, found by exhaustive search (corners carry at most four
    segments, so the branching is small)."""
    n = len(ends) // 2
    adj = _corner_graph(ends)
    best: list[int] = []
    seen = [False] * len(adj)
    for start in range(len(adj)):
        if seen[start]:
            continue
        piece = _piece(adj, start, seen)
        entries = 0  # each segment is in the lists of both its corners, twice each
        for v in piece:
            entries += len(adj[v])
        segments = entries // 4
        if segments <= len(best):
            continue
        odd = [v for v in piece if len(adj[v]) // 2 % 2 == 1]
        if not odd:
            best = _euler_circuit(adj, piece[0], n)
            continue
        for s in odd:
            trail = _search(adj, s, segments, n)
            if len(trail) > len(best):
                best = trail
            if len(best) == segments:
                break
    return best


def _corner_graph(ends: list[Any]) -> list[list[int]]:
    """The corners of the segments with ``ends``, numbered in order of first appearance:
    each corner's list holds (segment, other corner) pairs, flat. (Marks in lists:
    compiled, a list's reads are machine operations, a byte array's generic.)"""
    ids: dict[Any, int] = {}
    adj: list[list[int]] = []
    for i in range(len(ends) // 2):
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
    return adj


def _piece(adj: list[list[int]], start: int, seen: list[bool]) -> list[int]:
    """The corners joined to ``start`` by segments (marked in ``seen``)."""
    piece = [start]
    seen[start] = True
    k = 0
    while k < len(piece):
        nb = adj[piece[k]]
        for j in range(1, len(nb), 2):
            w = nb[j]
            if not seen[w]:
                seen[w] = True
                piece.append(w)
        k += 1
    return piece


def _euler_circuit(adj: list[list[int]], start: int, n: int) -> list[int]:
    """Hierholzer's closed trail through every segment of the piece of ``start``."""
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
    best: list[int] = []
    _extend(adj, start, limit, [], [False] * n, best)
    return best


def _extend(
    adj: list[list[int]], v: int, limit: int, path: list[int], used: list[bool], best: list[int]
) -> bool:
    """Extend ``path`` (its segments marked in ``used``) from ``v`` every way; a dead end
    longer than ``best`` becomes ``best`` (in place). True once a trail of ``limit``
    segments is found. (A module function: a recursive closure would leave a reference
    cycle behind.)"""
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
    if not extended and len(path) > len(best):
        best[:] = path
        return len(path) == limit
    return False
