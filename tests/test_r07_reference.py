"""R7/R8 checked against an independent reference (tests/reference/r7.py), written
from the rulings on plain dictionaries: the engine's placement, its refusals (which
rule), its whole-layout check (``Alhambra.from_tiles``), removal and exchange must
agree with it on hand-made, grown and arbitrary layouts.

The reference is first checked on the rulebook's own pictures and on hand-made
layouts whose answer is known by construction."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import r7

from alhambra_widget import Alhambra, IllegalAction, Tile, building_tiles

KINDS = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
PRICES = {"pavilion": 2, "seraglio": 3, "arcades": 4, "chambers": 5, "garden": 6, "tower": 7}
ALL_WALLS = [
    frozenset(w)
    for w in (
        "",
        "N",
        "E",
        "S",
        "W",
        "NE",
        "ES",
        "SW",
        "NW",
        "NS",
        "EW",
        "NES",
        "ESW",
        "NSW",
        "NEW",
    )
]
REAL_WALLS = [frozenset(t.walls) for t in building_tiles()]
WALLS = st.sampled_from(REAL_WALLS + ALL_WALLS)


def tile_with(walls, i: int = 0) -> Tile:
    """A building tile walled on ``walls`` (kind and price only tell tiles apart)."""
    kind = KINDS[i % 6]
    return Tile(kind, PRICES[kind] + (i // 6) % 7, walls="".join(sorted(walls)))


def engine(layout) -> Alhambra:
    return Alhambra.from_tiles(
        {p: tile_with(w, i) for i, (p, w) in enumerate(layout.items()) if p != (0, 0)}
    )


def ref(*rows: str) -> dict:
    """A layout drawn as text: ``F`` the fountain, ``o`` an open tile, ``.`` empty; the
    fountain's row and column are (0, 0)."""
    (fy,) = [y for y, r in enumerate(rows) if "F" in r]
    fx = rows[fy].index("F")
    return {
        (x - fx, y - fy): frozenset()
        for y, r in enumerate(rows)
        for x, c in enumerate(r)
        if c in "Fo"
    }


# -- the reference on the rulebook's pictures and hand-made layouts -----------------
def test_R7_reference_on_the_rulebooks_forbidden_placements():
    F = {(0, 0): frozenset()}
    # R7a: a wall against an open side (west-walled tile east of the fountain)
    assert r7.placing(F, "W", (1, 0)) == "R7a"
    assert r7.placing(F, "W", (-1, 0)) is None  # its open east side faces the fountain
    # R7b: touching only at a corner
    assert r7.placing(F, "", (1, 1)) == "R7b"
    assert r7.placing(F, "", (4, -3)) == "R7b"
    # R7c: the tower touches the Alhambra only across a wall (wall against wall matches)
    A = {**F, (1, 0): frozenset("E")}
    assert r7.placing(A, "W", (2, 0)) == "R7c"
    # R7d: arcades closing a ring around (1, 1)
    ring = ref("Foo", "o.o", "o..")
    assert r7.placing(ring, "", (1, 2)) == "R7d"
    assert r7.enclosed({**ring, (1, 2): frozenset()}) == {(1, 1)}
    assert r7.placing(ring, "", (1, 1)) is None
    # occupied
    assert r7.placing(F, "", (0, 0)) == "R7"


def test_R7d_reference_empty_cells_join_through_sides_not_corners():
    # (1, 1) is surrounded on its four sides; its corner to (2, 2) is open but is no way out
    pinch = ref("Foo.", "o.o.", ".o..")
    assert r7.enclosed(pinch) == {(1, 1)}
    # a group of two empty cells inside a frame is enclosed as a group
    frame = ref("Fooo", "o..o", "oooo")
    assert r7.enclosed(frame) == {(1, 1), (2, 1)}
    # and one gap in the frame opens the whole group
    assert r7.enclosed(ref("Fooo", "o..o", "oo.o")) == set()


def test_R7c_reference_walks_only_through_open_sides():
    lay = {(0, 0): frozenset(), (1, 0): frozenset("E"), (2, 0): frozenset("W")}
    assert r7.on_foot(lay) == {(0, 0), (1, 0)}
    assert r7.broken(lay) == {"R7c"}
    # the long way round through open tiles reaches (2, 0)
    lay2 = {**lay, (0, 1): frozenset(), (1, 1): frozenset(), (2, 1): frozenset()}
    assert (2, 0) in r7.on_foot(lay2) and r7.broken(lay2) == set()


def test_R8_reference_removal_and_exchange_by_construction():
    line = ref("Foo")
    assert r7.removable(line) == {(2, 0)}  # (1, 0) carries the walk to (2, 0)
    assert r7.removing(line, (1, 0)) == {"R7c"}
    assert r7.removing(line, (0, 0)) == {"R8"}
    full = ref("Foo", "ooo", "ooo")
    assert r7.removing(full, (1, 1)) == {"R7d"}  # the emptied cell is surrounded
    assert (2, 2) in r7.removable(full)
    assert r7.exchanging(line, "N", (2, 0)) == set()  # a wall where nothing touches
    assert r7.exchanging(line, "W", (2, 0)) == {"R7a", "R7c"}


# -- the engine against the reference ---------------------------------------------
def assert_placements_agree(layout, walls) -> int:
    """Every cell around ``layout``: the engine's legal cells and first broken rule for a
    tile walled on ``walls`` are the reference's."""
    a = engine(layout)
    t = tile_with(walls, 99)
    want = r7.legal_cells(layout, walls)
    assert a.legal_positions(t) == want, (sorted(layout.items()), sorted(walls))
    xs = [p[0] for p in layout]
    ys = [p[1] for p in layout]
    n = 0
    for x in range(min(xs) - 2, max(xs) + 3):
        for y in range(min(ys) - 2, max(ys) + 3):
            v = a.why_illegal(t, (x, y))
            got = None if v is None else v.rule
            assert got == r7.placing(layout, walls, (x, y)), (
                sorted(layout.items()),
                sorted(walls),
                (x, y),
                v,
            )
            n += 1
    return n


def assert_redesigns_agree(layout, walls) -> None:
    a = engine(layout)
    want = r7.removable(layout)
    assert a.removable() == want, sorted(layout.items())
    for p in layout:
        v = a.why_not_removable(p)
        broken = r7.removing(layout, p)
        assert (v is None) == (not broken), (sorted(layout.items()), p, v)
        if v is not None:
            assert v.rule in broken, (sorted(layout.items()), p, v, broken)
    t = tile_with(walls, 98)
    cells = sorted(
        (p for p in layout if not r7.exchanging(layout, walls, p)), key=lambda p: (p[0], p[1])
    )
    assert sorted(a.exchangeable(t)) == cells
    for p in layout:
        v = a.why_not_exchangeable(t, p)
        broken = r7.exchanging(layout, walls, p)
        assert (v is None) == (not broken), (sorted(layout.items()), sorted(walls), p, v)
        if v is not None:
            assert v.rule in broken


SIZES = st.integers(0, 22)


@st.composite
def grown(draw, size=SIZES):
    """A legal layout grown one tile at a time by the *reference's* legal placements."""
    layout = {(0, 0): frozenset()}
    for _ in range(draw(size)):
        w = draw(WALLS)
        cells = sorted({r7.neighbour(p, s) for p in layout for s in "NESW"} - set(layout))
        cells = [c for c in cells if r7.placing(layout, w, c) is None]
        if cells:
            layout[draw(st.sampled_from(cells))] = w
    return layout


@st.composite
def arbitrary(draw):
    """Any set of tiles in the 5 x 5 box around the fountain, walls drawn mostly open: many
    break R7 (pieces cut off, holes, mismatched sides), some do not."""
    box = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if (x, y) != (0, 0)]
    cells = draw(st.sets(st.sampled_from(box), max_size=20))
    layout = {(0, 0): frozenset()}
    for c in sorted(cells):
        layout[c] = draw(st.one_of(st.just(frozenset()), WALLS))
    return layout


@st.composite
def shapes(draw, repair=False):
    """The fountain's connected piece of a random set of cells in the 7 x 7 box around it,
    open where tiles touch, walls drawn only on sides facing no tile: legal unless it
    encloses a space. With ``repair``, a tile beside each space is taken away until none
    is left (keeping the fountain's piece): legal, and one tile short of a space, where
    building the missing tile breaks R7d."""
    box = [(x, y) for x in range(-3, 4) for y in range(-3, 4) if (x, y) != (0, 0)]
    rng = random.Random(draw(st.integers(0, 2**32)))
    density = draw(st.sampled_from([0.4, 0.5, 0.6, 0.7, 0.8]))
    cells = {c for c in box if rng.random() < density} | {(0, 0)}

    def piece(cells):
        seen = {(0, 0)}
        todo = [(0, 0)]
        while todo:
            p = todo.pop()
            for s in "NESW":
                q = r7.neighbour(p, s)
                if q in cells and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return seen

    cells = piece(cells)
    while repair:
        holes = r7.enclosed(dict.fromkeys(cells, frozenset()))
        if not holes:
            break
        walls = sorted(
            q
            for h in holes
            for q in (r7.neighbour(h, s) for s in "NESW")
            if q in cells and q != (0, 0)
        )
        cells = piece(cells - {rng.choice(walls)})
    layout = {}
    for p in sorted(cells):
        free = [s for s in "NESW" if r7.neighbour(p, s) not in cells]
        w = set(rng.sample(free, rng.randint(0, min(3, len(free))))) if p != (0, 0) else set()
        layout[p] = frozenset(w)
    return layout


SLOW = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(layout=grown(), walls=WALLS)
def test_R7_placements_agree_with_the_reference_on_grown_layouts(layout, walls):
    assert_placements_agree(layout, walls)


@SLOW
@given(layout=grown(), walls=WALLS)
def test_R8_removal_and_exchange_agree_with_the_reference_on_grown_layouts(layout, walls):
    assert_redesigns_agree(layout, walls)


@settings(max_examples=400, deadline=None)
@given(layout=st.one_of(arbitrary(), shapes()))
def test_R7_whole_layout_check_agrees_with_the_reference(layout):
    broken = r7.broken(layout)
    tiles = {p: tile_with(w, i) for i, (p, w) in enumerate(layout.items()) if p != (0, 0)}
    if not broken:
        a = Alhambra.from_tiles(tiles)
        assert r7.layout_of(a) == layout
    else:
        with pytest.raises(IllegalAction) as e:
            Alhambra.from_tiles(tiles)
        assert e.value.rule in broken, (sorted(layout.items()), e.value, broken)


@SLOW
@given(layout=shapes(repair=True), walls=WALLS)
def test_R7_R8_agree_with_the_reference_on_near_rings(layout, walls):
    """Shapes growth rarely makes (rings with a gap, combs, snakes): where a tile would
    close a space (R7d) or a removal would cut the walk (R7c)."""
    assert not r7.broken(layout)
    assert_placements_agree(layout, walls)
    assert_redesigns_agree(layout, walls)


def test_R7_R8_agree_with_the_reference_on_real_tiles():
    """Alhambras of the real tiles built by random legal moves, every real tile tried."""
    rng = random.Random(7)
    tiles = building_tiles()
    n = 0
    for _ in range(40):
        layout = {(0, 0): frozenset()}
        for t in rng.sample(tiles, rng.randint(5, 35)):
            cells = sorted(r7.legal_cells(layout, t.walls))
            if cells:
                layout[rng.choice(cells)] = frozenset(t.walls)
        for t in rng.sample(tiles, 4):
            n += assert_placements_agree(layout, t.walls)
        assert_redesigns_agree(layout, rng.choice(tiles).walls)
    assert n > 5000
