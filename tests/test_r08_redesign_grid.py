"""R8 redesign on one Alhambra: removal and exchange keep R7; never the fountain."""

import random

import pytest
from helpers import OPEN_TILES, T, brute_removable, open_tile, random_alhambra
from reference import r7

from alhambra_widget import Alhambra, IllegalAction, Tile, building_tiles
from alhambra_widget.engine.errors import GameError


def test_R8_fountain_can_never_be_removed_or_exchanged():
    a = Alhambra.from_tiles({(1, 0): open_tile()})
    for call in (lambda: a.remove((0, 0)), lambda: a.exchange(open_tile("tower"), (0, 0))):
        with pytest.raises(IllegalAction) as e:
            call()
        assert e.value.rule == "R8" and "fountain" in str(e.value)


def test_R8_removal_that_cuts_the_walk_is_refused_R7c():
    a = Alhambra.from_tiles({(1, 0): open_tile(), (2, 0): open_tile("tower")})
    v = a.why_not_removable((1, 0))
    assert v.rule == "R7c" and "(2, 0)" in str(v)
    with pytest.raises(IllegalAction):
        a.remove((1, 0))
    assert a.remove((2, 0)) == open_tile("tower")
    assert a.remove((1, 0)) == open_tile()
    assert len(a) == 1


def test_R8_removal_that_leaves_a_space_is_refused_R7d():
    ring = [(1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)]
    tiles = [t for t in OPEN_TILES if t != Tile("garden", 10)][:7]
    a = Alhambra.from_tiles({**dict(zip(ring, tiles)), (1, 1): Tile("tower", 11)})
    v = a.why_not_removable((1, 1))
    assert v.rule == "R7d"
    assert (1, 1) not in a.removable()
    assert (2, 2) in a.removable()


def test_R8_exchange_takes_exactly_the_same_cell():
    a = Alhambra.from_tiles({(1, 0): open_tile()})
    old = a.exchange(open_tile("tower"), (1, 0))
    assert old == open_tile() and a[(1, 0)] == open_tile("tower")


def test_R8_exchange_must_match_neighbours_R7a():
    a = Alhambra.from_tiles({(1, 0): open_tile()})
    v = a.why_not_exchangeable(T("tower 9 NW"), (1, 0))
    assert v.rule == "R7a"
    # a west-open tile with other walls is fine where only the west side touches
    assert a.why_not_exchangeable(T("tower 9 NE"), (1, 0)) is None


def test_R8_removable_agrees_with_the_reference():
    rng = random.Random(3)
    n = 0
    for _ in range(200):
        a = random_alhambra(rng, rng.randint(0, 35))
        fast = a.removable()
        for pos in a.tiles:
            assert (pos in fast) == brute_removable(a, pos), pos
            assert (a.why_not_removable(pos) is None) == (pos in fast)
            n += 1
    assert n > 2000


def test_R8_exchange_agrees_with_the_reference():
    rng = random.Random(4)
    tiles = building_tiles()
    for _ in range(100):
        a = random_alhambra(rng, rng.randint(1, 25))
        for t in rng.sample(tiles, 5):
            for pos in a.tiles:
                if pos == (0, 0) or t in a.tiles.values():
                    continue
                broken = r7.exchanging(r7.layout_of(a), t.walls, pos)
                v = a.why_not_exchangeable(t, pos)
                assert (v is None) == (not broken), (pos, t, v)
                assert v is None or v.rule in broken


def test_R8_game_owned_alhambra_refuses_direct_changes():
    from alhambra_widget import Game

    g = Game(["Ann", "Ben", "Cem"], seed=1)
    a = g.players[0].alhambra
    with pytest.raises(GameError) as e:
        a.place(open_tile(), (1, 0))
    assert "applying an action" in str(e.value) and not isinstance(e.value, IllegalAction)
    b = a.copy()
    b.place(open_tile(), (1, 0))
    assert len(a) == 1 and len(b) == 2


def test_R8_a_copy_does_not_see_later_changes_of_the_original():
    a = Alhambra.from_tiles({(1, 0): open_tile()})
    a.legal_positions(open_tile("tower"))  # the analysis exists
    b = a.copy()
    a.place(open_tile("tower"), (0, 1))
    assert b.removable() == {(1, 0)} and (0, 1) in b.legal_positions(open_tile("tower"))
    assert b.why_illegal(open_tile("tower"), (0, 1)) is None
