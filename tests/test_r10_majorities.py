"""R10 building majorities: tables per round, shared places, no tile no place."""

import pytest

from alhambra_widget import IllegalAction, score_majorities
from alhambra_widget.engine.alhambra.scoring import majority_breakdown, score_kind


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


# The rulebook's points tables (000, "Wertung" = scoring round, "Platz" = place), in its
# German names and its order. The tests below score games of hand-picked counts with
# them; the engine's own table is never read.
RULEBOOK = {
    1: {
        "Pavillon": (1,),
        "Serail": (2,),
        "Arkaden": (3,),
        "Gemächer": (4,),
        "Garten": (5,),
        "Turm": (6,),
    },
    2: {
        "Pavillon": (8, 1),
        "Serail": (9, 2),
        "Arkaden": (10, 3),
        "Gemächer": (11, 4),
        "Garten": (12, 5),
        "Turm": (13, 6),
    },
    3: {
        "Pavillon": (16, 8, 1),
        "Serail": (17, 9, 2),
        "Arkaden": (18, 10, 3),
        "Gemächer": (19, 11, 4),
        "Garten": (20, 12, 5),
        "Turm": (21, 13, 6),
    },
}
KIND = {
    "Pavillon": "pavilion",
    "Serail": "seraglio",
    "Arkaden": "arcades",
    "Gemächer": "chambers",
    "Garten": "garden",
    "Turm": "tower",
}


@pytest.mark.parametrize("german", list(KIND))
@pytest.mark.parametrize("round", [1, 2, 3])
def test_R10_each_place_of_each_kind_scores_the_rulebooks_points(round, german):
    """Four players with 4, 3, 2 and 1 tiles of one kind and a fifth with none take
    places 1 to 4 and none: each place the round pays scores the rulebook's points for
    it, every other place 0, and the player with no tile takes no place."""
    counts = {"P1": 4, "P2": 3, "P3": 2, "P4": 1, "None": 0}
    pts = score_majorities({name: {KIND[german]: n} for name, n in counts.items()}, round)
    paid = RULEBOOK[round][german]
    assert [pts[name] for name in ("P1", "P2", "P3", "P4")] == [*paid, *[0] * (4 - len(paid))]
    assert pts["None"] == 0


def test_R10_a_whole_round_worked_by_hand():
    """A holds 3 tiles of every kind, B 2, C 1, D none. Added up by hand from the
    rulebook's tables: round 1, A 1+2+3+4+5+6 = 21; round 2, A 8+9+10+11+12+13 = 63 and
    B 1+2+...+6 = 21; round 3, A 16+17+18+19+20+21 = 111, B 63, C 21."""
    kinds = list(KIND.values())
    counts = {
        "A": dict.fromkeys(kinds, 3),
        "B": dict.fromkeys(kinds, 2),
        "C": dict.fromkeys(kinds, 1),
        "D": {},
    }
    assert score_majorities(counts, 1) == {"A": 21, "B": 0, "C": 0, "D": 0}
    assert score_majorities(counts, 2) == {"A": 63, "B": 21, "C": 0, "D": 0}
    assert score_majorities(counts, 3) == {"A": 111, "B": 63, "C": 21, "D": 0}


def test_R10_ties_worked_by_hand():
    """Round 3: three players tied on towers share places 1-3, (21+13+6)//3 = 13 each;
    one leader on gardens (20) and three tied behind share places 2-4, (12+5+0)//3 = 5."""
    towers = score_majorities({"A": {"tower": 4}, "B": {"tower": 4}, "C": {"tower": 4}}, 3)
    assert towers == {"A": 13, "B": 13, "C": 13}
    gardens = score_majorities(
        {"A": {"garden": 5}, "B": {"garden": 3}, "C": {"garden": 3}, "D": {"garden": 3}}, 3
    )
    assert gardens == {"A": 20, "B": 5, "C": 5, "D": 5}


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
