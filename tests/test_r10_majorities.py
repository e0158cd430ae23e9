"""R10 building majorities: tables per round, shared places, no tile no place."""

import pytest

from alhambra_widget import IllegalAction, score_majorities
from alhambra_widget.engine.alhambra.scoring import POINTS, majority_breakdown, score_kind


def test_R10_rulebook_example_kim_and_nina_share_first_and_second_towers():
    pts = score_majorities({"Kim": {"tower": 4}, "Nina": {"tower": 4}, "Ole": {"tower": 2}}, 2)
    assert pts == {"Kim": 9, "Nina": 9, "Ole": 0}  # (13+6)//2 = 9; nobody gets second place


def test_R10_rulebook_example_most_chambers_round_1_gets_4():
    assert score_majorities({"A": {"chambers": 3}, "B": {"chambers": 2}}, 1) == {"A": 4, "B": 0}


def test_R10_rulebook_example_round_2_towers_13_and_6():
    assert score_majorities({"A": {"tower": 3}, "B": {"tower": 2}}, 2) == {"A": 13, "B": 6}


def test_R10_rulebook_example_round_3_pavilions_16_8_1():
    pts = score_majorities(
        {"A": {"pavilion": 3}, "B": {"pavilion": 2}, "C": {"pavilion": 1}, "D": {}}, 3
    )
    assert pts == {"A": 16, "B": 8, "C": 1, "D": 0}


def test_R10_tables_match_the_rulebook():
    assert POINTS["pavilion"] == ((1,), (8, 1), (16, 8, 1))
    assert POINTS["tower"] == ((6,), (13, 6), (21, 13, 6))
    for i, kind in enumerate(["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"]):
        assert POINTS[kind] == ((1 + i,), (8 + i, 1 + i), (16 + i, 8 + i, 1 + i))


def test_R10_no_tile_no_place():
    ks = score_kind("garden", {"A": 0, "B": 0}, 3)
    assert ks.places == {} and ks.points == {"A": 0, "B": 0}
    ks = score_kind("garden", {"A": 0, "B": 1}, 3)
    assert ks.places == {"B": 1} and ks.points == {"A": 0, "B": 20}


def test_R10_three_way_tie_in_round_2_shares_places_beyond_the_table_as_zero():
    # places 1..3 pooled, round 2 pays only 1st and 2nd: (12+5+0)//3 = 5
    ks = score_kind("garden", {"A": 2, "B": 2, "C": 2, "D": 1}, 2)
    assert ks.points == {"A": 5, "B": 5, "C": 5, "D": 0}
    assert ks.places == {"A": 1, "B": 1, "C": 1, "D": 4}
    assert ks.shared["A"] == (1, 2, 3)


def test_R10_tie_for_second_shares_second_and_third_rounded_down():
    ks = score_kind("pavilion", {"A": 5, "B": 3, "C": 3}, 3)
    assert ks.points == {"A": 16, "B": 4, "C": 4}  # (8+1)//2
    assert ks.places == {"A": 1, "B": 2, "C": 2}


def test_R10_round_1_tie_for_first_shares_first_with_nothing():
    assert score_kind("tower", {"A": 2, "B": 2}, 1).points == {"A": 3, "B": 3}


def test_R10_breakdown_sums_to_the_totals():
    counts = {"A": {"tower": 3, "garden": 1}, "B": {"tower": 3, "pavilion": 2}, "C": {"garden": 1}}
    for rnd in (1, 2, 3):
        kinds = majority_breakdown(counts, rnd)
        totals = score_majorities(counts, rnd)
        for name in counts:
            assert sum(k.points[name] for k in kinds) == totals[name]


def test_R10_bad_round_or_counts_refused():
    with pytest.raises(IllegalAction):
        score_majorities({"A": {"tower": 1}}, 4)
    with pytest.raises(IllegalAction):
        score_majorities({"A": {"castle": 1}}, 1)
    with pytest.raises(IllegalAction):
        score_majorities({"A": {"tower": -1}}, 1)
