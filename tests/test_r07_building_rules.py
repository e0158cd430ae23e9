"""R7 building rules: the rulebook's five forbidden placements, rule order, and a
cross-check of the fast legality analysis against the independent reference
(tests/reference/r7.py; more of it in test_r07_reference.py)."""

import random

import pytest
from helpers import OPEN_TILES, T, brute_legal, open_tile, random_alhambra
from reference import r7

from alhambra_widget import Alhambra, IllegalAction, building_tiles


def test_R7a_wrong_way_round_tiles_never_rotate():
    # A tile walled on the west only fits east of the fountain if turned round:
    # tiles keep the starting tile's orientation, so it is refused by R7a.
    a = Alhambra()
    t = T("tower 10 W")
    assert a.why_illegal(t, (1, 0)).rule == "R7a"
    assert not hasattr(t, "rotate")
    # west of the fountain its *east* side touches the fountain: open, matches
    assert a.why_illegal(t, (-1, 0)) is None
    assert a.legal_positions(t) == {(-1, 0), (0, -1), (0, 1)}


def test_R7a_wall_joined_to_open_side_is_refused_and_named():
    a = Alhambra()
    v = a.why_illegal(T("tower 9 NE"), (-1, 0))  # its east wall against the open fountain
    assert v.rule == "R7a"
    assert "east side is walled" in str(v) and "fountain" in str(v)
    with pytest.raises(IllegalAction) as e:
        a.place(T("tower 9 NE"), (-1, 0))
    assert e.value.rule == "R7a"
    assert len(a) == 1


def test_R7a_wall_against_wall_matches():
    a = Alhambra.from_tiles({(1, 0): T("arcades 7 ES")})
    assert a.why_illegal(T("seraglio 7 W"), (2, 0)).rule == "R7c"  # matches, but walled off
    assert a.why_illegal(T("tower 9 NW"), (2, 0)).rule == "R7c"


def test_R7b_touching_only_at_a_corner_is_refused():
    a = Alhambra()
    v = a.why_illegal(open_tile(), (1, 1))
    assert v.rule == "R7b" and "corner" in str(v)
    assert a.why_illegal(open_tile(), (5, 5)).rule == "R7b"


def test_R7c_on_foot_rule_tower_behind_a_wall():
    # Rulebook picture 3: the tower touches the Alhambra only across a wall.
    a = Alhambra.from_tiles({(1, 0): T("tower 13 E")})
    v = a.why_illegal(T("seraglio 7 W"), (2, 0))
    assert v.rule == "R7c" and "on foot" in str(v)


def test_R7d_arcades_enclosing_an_empty_space():
    # Rulebook picture 5: a ring of tiles around (1, 1) with one gap; arcades closing it.
    a = Alhambra.from_tiles(
        {
            (1, 0): open_tile("garden"),
            (2, 0): open_tile("tower"),
            (0, 1): open_tile("chambers"),
            (2, 1): open_tile("pavilion"),
            (0, 2): open_tile("seraglio"),
        }
    )
    v = a.why_illegal(open_tile("arcades"), (1, 2))
    assert v.rule == "R7d" and "(1, 1)" in str(v)
    assert (1, 2) not in a.legal_positions(open_tile("arcades"))
    # and the space itself may be filled
    assert a.why_illegal(open_tile("arcades"), (1, 1)) is None


OPEN = OPEN_TILES


def test_R7d_enclosing_a_group_of_empty_cells():
    # A 4x3 frame around the two empty cells (1, 1) and (2, 1), open at (2, 2).
    frame = [(1, 0), (2, 0), (3, 0), (0, 1), (3, 1), (0, 2), (1, 2), (3, 2)]
    a = Alhambra.from_tiles(dict(zip(frame, OPEN)))
    v = a.why_illegal(OPEN[8], (2, 2))
    assert v.rule == "R7d"
    assert "(1, 1), (2, 1)" in str(v)
    assert not brute_legal(a, OPEN[8], (2, 2))
    # filling one of the two inner cells is fine: the other still opens through (2, 2)
    assert a.why_illegal(OPEN[8], (1, 1)) is None


def test_R7_occupied_cell_comes_first():
    a = Alhambra()
    v = a.why_illegal(T("tower 9 NE"), (0, 0))
    assert v.rule == "R7" and "fountain" in str(v)


def test_R7_rule_order_a_before_b_before_c_before_d():
    a = Alhambra.from_tiles({(1, 0): T("tower 13 E")})
    # (2, 0): touches the east wall; an open west side breaks R7a first
    assert a.why_illegal(open_tile(), (2, 0)).rule == "R7a"


def test_R7_place_refused_leaves_alhambra_unchanged():
    a = Alhambra.from_tiles({(1, 0): open_tile()})
    before = dict(a.tiles)
    for pos in [(0, 0), (5, 5), (-1, 0)]:
        with pytest.raises(IllegalAction):
            a.place(T("tower 9 NE"), pos)
    assert dict(a.tiles) == before


def test_R7_from_tiles_refuses_illegal_layouts():
    with pytest.raises(IllegalAction) as e:
        Alhambra.from_tiles({(2, 0): open_tile()})
    assert e.value.rule == "R7c"
    with pytest.raises(IllegalAction) as e:
        Alhambra.from_tiles({(1, 0): T("tower 9 W")})
    assert e.value.rule == "R7a"


def test_R7_legal_positions_agree_with_the_reference_on_random_alhambras():
    rng = random.Random(1)
    tiles = building_tiles()
    checked = 0
    for k in range(150):
        a = random_alhambra(rng, rng.randint(0, 30))
        x0, y0, x1, y1 = a.bounds()
        for t in rng.sample(tiles, 6):
            fast = a.legal_positions(t)
            for x in range(x0 - 2, x1 + 3):
                for y in range(y0 - 2, y1 + 3):
                    ref = brute_legal(a, t, (x, y))
                    assert ((x, y) in fast) == ref, (k, t, (x, y))
                    assert (a.why_illegal(t, (x, y)) is None) == ref
                    checked += 1
    assert checked > 20000


def test_R7_why_illegal_names_the_first_rule_broken_per_the_reference():
    rng = random.Random(2)
    for _ in range(80):
        a = random_alhambra(rng, rng.randint(3, 25))
        layout = r7.layout_of(a)
        t = rng.choice(building_tiles())
        x0, y0, x1, y1 = a.bounds()
        for x in range(x0 - 1, x1 + 2):
            for y in range(y0 - 1, y1 + 2):
                v = a.why_illegal(t, (x, y))
                assert (None if v is None else v.rule) == r7.placing(layout, t.walls, (x, y)), (
                    v,
                    (x, y),
                )
