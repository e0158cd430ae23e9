"""What a wrong count of the longest wall counted instead (R11): a straight stretch,
the tiles, a ring less one. Read off the engine's segments of the longest wall."""

from __future__ import annotations

from ...engine.alhambra.grid import Alhambra

Pos = tuple[int, int]


def straight_stretch(segments: list[tuple[Pos, Pos]]) -> int:
    """The longest straight stretch of a wall given segment by segment, in order (the
    engine's segments: a stretch goes on while the direction stays the same)."""
    best = run = 0
    last = None
    for (ax, ay), (bx, by) in segments:
        d = (bx - ax == 0, by - ay == 0)
        run = run + 1 if d == last else 1
        best, last = max(best, run), d
    return best


def wall_mistake(a: Alhambra, got: int, want: int) -> tuple[str, str] | None:
    """A count of the longest wall that counted something else: a straight stretch, the
    tiles, a ring less one (the kind of mistake and what it missed), or None."""
    seg = a.longest_wall_segments()
    ring = len(seg) > 2 and bool(set(seg[0]) & set(seg[-1]))
    if ring and got == want - 1:
        return "ring", "a ring scores every one of its segments, once each, not one less"
    if got == straight_stretch(seg) and got != want:
        return "straight", "that is one straight stretch; the wall goes on around the corners"
    walled = sum(1 for t in a.tiles.values() if t.walls)
    if got in (len(a.tiles) - 1, walled) and got != want:
        return "tiles", "that counts tiles; a tile can give the wall several segments: count sides"
    return None
