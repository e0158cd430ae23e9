"""The ladder: round robins on fixed seeds in every seating, pairwise results from each
game's placing, Bradley-Terry ratings on the Elo scale with bootstrap intervals, the same
table on any executor, and the command line writing its Markdown table."""

import math
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from alhambra_widget.engine.errors import MalformedInput
from alhambra_widget.players.ladder import (
    draw_groups,
    fit,
    main,
    pairs,
    play,
    ratings,
    run,
    schedule,
    table,
)
from alhambra_widget.whatif import InProcessExecutor


def test_the_round_robin_seats_every_group_in_every_seating_on_the_same_deals():
    jobs = schedule("alhambra:3", ["random", "greedy", "easy", "medium"], seeds=2, seed=50)
    assert len(jobs) == 4 * 2 * 3  # four groups of three, two deals, three seatings
    seats = Counter((k, i) for _, ks, _ in jobs for i, k in enumerate(ks))
    assert set(seats.values()) == {6}  # each entrant in each seat as often
    deals = Counter(s for _, _, s in jobs)
    assert deals == {50: 12, 51: 12}
    with pytest.raises(MalformedInput):
        schedule("chess:2", ["random", "greedy"], 1, 0)


def test_a_game_counts_as_games_between_every_two_players_by_placing():
    r = {"seats": ["a", "b", "c"], "points": [50.0, 80.0, 80.0], "won": [False, True, True]}
    assert pairs(r) == [("a", "b", 0.0), ("a", "c", 0.0), ("b", "c", 0.5)]
    r = {"seats": ["a", "b", "c"], "points": [90.0, 80.0, 70.0], "won": [False, True, False]}
    assert pairs(r) == [("a", "b", 0.0), ("a", "c", 1.0), ("b", "c", 1.0)]


def test_the_ratings_are_bradley_terry_on_the_elo_scale_with_one_virtual_draw():
    """Two entrants: the fit's difference is the logistic of the score with the virtual
    draw added, 400 log10(p / (1 - p)), p = (wins + 0.5) / (games + 1); a sweep stays
    finite; three in a cycle of equal results rate equal."""
    games = [("x", "random", 1.0)] * 7 + [("x", "random", 0.0)] * 3
    p = (7 + 0.5) / (10 + 1)
    elo = fit(["random", "x"], games)
    assert elo["random"] == 0.0
    assert elo["x"] == pytest.approx(400 * math.log10(p / (1 - p)), abs=0.5)
    sweep = fit(["random", "x"], [("x", "random", 1.0)] * 20)
    assert 400 < sweep["x"] < 1000
    cycle = fit(["a", "b", "c"], [("a", "b", 1.0), ("b", "c", 1.0), ("c", "a", 1.0)])
    assert max(cycle.values()) - min(cycle.values()) == pytest.approx(0.0, abs=1e-6)


def test_the_intervals_hold_the_rating_and_narrow_with_more_games():
    rng = random.Random(3)

    def results(n):
        out = []
        for _ in range(n):
            x_wins = rng.random() < 0.7
            out.append(
                {
                    "seats": ["random", "x"],
                    "points": [0.0, 1.0] if x_wins else [1.0, 0.0],
                    "won": [not x_wins, x_wins],
                    "times": [[0.0], [0.0]],
                }
            )
        return out

    few, many = ratings(["random", "x"], results(20)), ratings(["random", "x"], results(400))
    for r in (few, many):
        lo, hi = r["x"]["ci95"]
        assert lo <= r["x"]["elo"] <= hi
    assert many["x"]["ci95"][1] - many["x"]["ci95"][0] < few["x"]["ci95"][1] - few["x"]["ci95"][0]
    assert 100 < many["x"]["elo"] < 200  # 70% is about 147 Elo


def test_the_ladder_gives_the_same_table_on_any_executor_for_both_games():
    """The Alhambra and the Gardens, this process and threads: the same ratings; greedy
    rates above random (it wins nearly every game against it)."""
    kinds = ["random", "greedy"]
    base = run(["gardens:2", "alhambra:2"], kinds, seeds=1, seed=7, executor=InProcessExecutor())
    with ThreadPoolExecutor(2) as ex:
        threads = run(["gardens:2", "alhambra:2"], kinds, seeds=1, seed=7, executor=ex)
    for game in base:
        assert base[game]["jobs"] == 2
        for k in kinds:
            a, b = base[game]["table"][k], threads[game]["table"][k]
            assert (a["elo"], a["points"], a["ci95"]) == (b["elo"], b["points"], b["ci95"])
        assert base[game]["table"]["greedy"]["elo"] > base[game]["table"]["random"]["elo"] == 0


def test_the_command_line_writes_the_table_with_its_n(tmp_path):
    out = tmp_path / "ladder.md"
    main(
        [
            "--games",
            "gardens:2",
            "--entrants",
            "random",
            "greedy",
            "--seeds",
            "1",
            "--out",
            str(out),
        ]
    )
    text = out.read_text()
    assert "The Gardens, 2 players**: 2 games" in text and "| greedy |" in text
    r = play("gardens:3", ["random", "random", "greedy"], 4)
    assert len(r["points"]) == 3 and sum(r["won"]) >= 1


def test_drawn_groups_share_the_games_evenly_and_one_seating_alternates_the_seats():
    """Fewer groups than the round robin's: each entrant in as many groups as the others
    (here at most one more), no group twice, the same draw for the same seed, a shorter
    draw the first groups of a longer one; one seating a group puts each entrant first
    and second about as often."""
    kinds = ["random", "greedy", "baseline", "easy", "medium", "strong", "strong:1s"]
    drawn = draw_groups(kinds, 3, 9, seed=5)
    assert len(set(drawn)) == 9 and drawn == draw_groups(kinds, 3, 9, seed=5)
    assert draw_groups(kinds, 3, 6, seed=5) == drawn[:6]  # a shorter run's games are kept
    counts = Counter(k for g in drawn for k in g)
    assert set(counts) == set(kinds) and max(counts.values()) - min(counts.values()) <= 1
    jobs = schedule("alhambra:2", kinds, seeds=1, seed=5, seatings="one")
    assert len(jobs) == 21  # every pair once
    first = Counter(ks[0] for _, ks, _ in jobs)
    assert max(first.values()) - min(first.values()) <= 2
    assert len(schedule("alhambra:3", kinds, 1, 5, "one", groups=9)) == 9
    with pytest.raises(MalformedInput):
        schedule("alhambra:2", kinds, 1, 5, seatings="some")


def test_a_results_file_keeps_each_game_and_a_rerun_goes_on_from_it(tmp_path):
    """The games are written as they end; a rerun plays none again and gives the same
    table; a file holding part of the games has the rest played."""
    path = tmp_path / "games.jsonl"
    kinds = ["random", "greedy", "baseline"]
    first = run(["alhambra:2"], kinds, seeds=1, seed=3, results=str(path))
    lines = path.read_text().splitlines()
    assert len(lines) == first["alhambra:2"]["jobs"] == 6
    again = run(["alhambra:2"], kinds, seeds=1, seed=3, results=str(path))
    assert path.read_text().splitlines() == lines  # nothing played again
    assert again["alhambra:2"]["table"] == first["alhambra:2"]["table"]
    path.write_text("\n".join(lines[:2]) + "\n")
    third = run(["alhambra:2"], kinds, seeds=1, seed=3, results=str(path))
    assert len(path.read_text().splitlines()) == 6
    for k in ("random", "greedy", "baseline"):
        a, b = first["alhambra:2"]["table"][k], third["alhambra:2"]["table"][k]
        assert (a["elo"], a["points"], a["games"]) == (b["elo"], b["points"], b["games"])
    text = table(first, 1, 3)
    assert "6 games (seed 3, every seating of every pair of entrants)" in text
    assert "engine" in text and "load average" in text
    # written tables joined as they are (docs/_ladder.md) stay apart: a blank line ends
    # each, or the next title would be read as a row of the table before it
    assert (text + text).count("|\n\n**The") == 1
