"""The final ranking both games' results show (R12, G5): written-out scores, ties among
them, and the winners as the engine named them."""

from __future__ import annotations

from alhambra_widget.views.ranking import final_ranking


def test_highest_first_equal_totals_share_a_rank_and_the_next_rank_skips():
    lines = final_ranking({"Ann": 40, "Ben": 55, "Cem": 40, "Dia": 12}, ["Ben"])
    assert [(x["name"], x["score"], x["rank"], x["winner"]) for x in lines] == [
        ("Ben", 55, 1, True),
        ("Ann", 40, 2, False),  # equal totals in the order given
        ("Cem", 40, 2, False),
        ("Dia", 12, 4, False),  # two ahead of her at 40: the fourth place, not the third
    ]


def test_equal_totals_at_the_top_share_the_win_as_the_engine_says():
    # R12, G5: equal totals share the win; the engine names both, the ranking marks both
    shared = final_ranking({"Ann": 30, "Ben": 30, "Cem": 21}, ["Ann", "Ben"])
    assert [(x["name"], x["rank"], x["winner"]) for x in shared] == [
        ("Ann", 1, True),
        ("Ben", 1, True),
        ("Cem", 3, False),
    ]
