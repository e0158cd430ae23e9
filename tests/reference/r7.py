"""A small reference of the building rules R7 (and the R8 redesigns), written from the
rulings alone, on plain dictionaries ``{(x, y): walls}`` where ``walls`` is a set of
the letters "NESW" (north up, x grows east, y grows south).

The fountain stands at (0, 0) and has no walls (R1). Nothing here imports the engine;
:func:`layout_of` only reads positions and walled sides through the public API
(``alhambra.tiles``, ``tile.walls``).

R7 (RULINGS.md, docs/rules.md):
- R7a every side touching a neighbour matches it: wall against wall, open against open;
- R7b a new tile shares at least one whole side with the Alhambra (a corner is not enough);
- R7c a new tile can be reached on foot from the fountain, walking tile to tile
  through open sides ("without crossing a wall and without going off the tiles");
- R7d no empty cell, or group of empty cells, is surrounded by tiles: every empty cell
  keeps a way out to the outside through empty cells. "Surrounded on all sides": empty
  cells join through their sides, so a way out through a corner between two
  diagonal tiles is no way out.
An illegal placement names the first of these it breaks, in that order.

R8: the fountain is never removed or exchanged; what remains after a removal, and the
layout after an exchange (the new tile in exactly the same cell), must keep R7.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

Pos = tuple[int, int]
Layout = Mapping[Pos, frozenset[str]]

STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
FACING = {"N": "S", "E": "W", "S": "N", "W": "E"}
FOUNTAIN = (0, 0)


def walls_of(text: str | Iterable[str]) -> frozenset[str]:
    w = frozenset(text)
    assert w <= set("NESW"), w
    return w


def layout_of(alhambra) -> dict[Pos, frozenset[str]]:
    """Read an engine Alhambra into a plain layout (positions and walled sides only)."""
    return {tuple(p): walls_of(t.walls) for p, t in alhambra.tiles.items()}


def neighbour(p: Pos, side: str) -> Pos:
    dx, dy = STEP[side]
    return (p[0] + dx, p[1] + dy)


def mismatches(layout: Layout) -> list[tuple[Pos, Pos]]:
    """R7a: pairs of touching tiles whose shared side is walled on one and open on the other."""
    out = []
    for p, w in layout.items():
        for side in "ES":  # each touching pair once
            q = neighbour(p, side)
            if q in layout and (side in w) != (FACING[side] in layout[q]):
                out.append((p, q))
    return out


def on_foot(layout: Layout) -> set[Pos]:
    """R7c: the tiles one can walk to from the fountain, stepping from a tile to a
    touching tile only where both of the sides they share are open."""
    if FOUNTAIN not in layout:
        return set()
    seen = {FOUNTAIN}
    todo = [FOUNTAIN]
    while todo:
        p = todo.pop()
        for side in "NESW":
            q = neighbour(p, side)
            if (
                q in layout
                and q not in seen
                and side not in layout[p]
                and FACING[side] not in layout[q]
            ):
                seen.add(q)
                todo.append(q)
    return seen


def enclosed(layout: Layout) -> set[Pos]:
    """R7d: the empty cells with no way out. Every cell outside the tiles' bounding box is
    outside; an empty cell is enclosed when no chain of empty cells, each sharing a side
    with the next, leads from it out of the box."""
    if not layout:
        return set()
    xs = [p[0] for p in layout]
    ys = [p[1] for p in layout]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)

    def inside(p: Pos) -> bool:
        return x0 <= p[0] <= x1 and y0 <= p[1] <= y1

    out: set[Pos] = set()
    free: set[Pos] = set()  # empty cells known to have a way out
    for x in range(x0, x1 + 1):
        for y in range(y0, y1 + 1):
            start = (x, y)
            if start in layout or start in free or start in out:
                continue
            group = {start}
            todo = [start]
            escapes = False
            while todo:
                p = todo.pop()
                for side in "NESW":
                    q = neighbour(p, side)
                    if q in layout or q in group:
                        continue
                    if not inside(q) or q in free:
                        escapes = True
                        continue
                    group.add(q)
                    todo.append(q)
            (free if escapes else out).update(group)
    return out


def broken(layout: Layout) -> set[str]:
    """Every R7 rule the whole layout breaks (empty: a legal Alhambra). R7b is about a
    new tile and is covered by R7c for a whole layout."""
    rules = set()
    if layout.get(FOUNTAIN) != frozenset():
        rules.add("R1")
    if mismatches(layout):
        rules.add("R7a")
    if set(layout) - on_foot(layout):
        rules.add("R7c")
    if enclosed(layout):
        rules.add("R7d")
    return rules


def is_legal(layout: Layout) -> bool:
    return not broken(layout)


def placing(layout: Layout, walls: Iterable[str], pos: Pos) -> str | None:
    """The first rule broken by building a tile walled on ``walls`` at ``pos`` in the
    (legal) ``layout``, or None: "R7" for an occupied cell, then R7a, R7b, R7c, R7d."""
    if pos in layout:
        return "R7"
    w = walls_of(walls)
    new = {**layout, pos: w}
    touching = [s for s in "NESW" if neighbour(pos, s) in layout]
    if any((s in w) != (FACING[s] in layout[neighbour(pos, s)]) for s in touching):
        return "R7a"
    if not touching:
        return "R7b"
    if pos not in on_foot(new):
        return "R7c"
    if enclosed(new):
        return "R7d"
    return None


def legal_cells(layout: Layout, walls: Iterable[str]) -> set[Pos]:
    """Every cell where a tile walled on ``walls`` may be built (searched over the whole
    box around the layout and a margin of two, so nothing is assumed about where)."""
    xs = [p[0] for p in layout]
    ys = [p[1] for p in layout]
    return {
        (x, y)
        for x in range(min(xs) - 2, max(xs) + 3)
        for y in range(min(ys) - 2, max(ys) + 3)
        if placing(layout, walls, (x, y)) is None
    }


def removing(layout: Layout, pos: Pos) -> set[str]:
    """R8 removal: the rules broken by taking the tile at ``pos`` to the reserve (empty:
    allowed). "R8" for the fountain or an empty cell."""
    if pos == FOUNTAIN or pos not in layout:
        return {"R8"}
    rest = {p: w for p, w in layout.items() if p != pos}
    return broken(rest)


def removable(layout: Layout) -> set[Pos]:
    return {p for p in layout if not removing(layout, p)}


def exchanging(layout: Layout, walls: Iterable[str], pos: Pos) -> set[str]:
    """R8 exchange: the rules broken when a tile walled on ``walls`` takes exactly the cell
    ``pos`` of a built tile (empty: allowed)."""
    if pos == FOUNTAIN or pos not in layout:
        return {"R8"}
    return broken({**layout, pos: walls_of(walls)})
