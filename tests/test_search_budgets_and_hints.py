"""Search on all cores and by time, and hints one can trust.

Dominance is R6 (a purchase pays with cards of the slot's currency, no change given):
of two payments for the same tile, the one holding the other's cards and more spends
cards for nothing."""

from __future__ import annotations

import math
import random
import time
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from alhambra_widget import Buy, Game, MalformedInput
from alhambra_widget.players import BOT_LEVEL, BOT_SECONDS
from alhambra_widget.players.alhambra.hinting import undominated
from alhambra_widget.players.alhambra.strong import (
    LEVELS,
    StrongBot,
    evaluate,
    focus,
    hints,
    rollout_policy,
)
from alhambra_widget.players.bots import make_bot
from alhambra_widget.players.ismcts import Choice, budget, search
from alhambra_widget.players.parallel import InProcessExecutor, merge, parallel_search
from alhambra_widget.players.ranking import about_equal, ranked


def midgame(n: int, seed: int, steps: int) -> Game:
    g = Game([f"P{i}" for i in range(n)], seed=seed)
    r = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(r.choice(g.legal_actions()))
    return g


def dominated_by_another(legal, action) -> bool:
    """Written out plainly: another legal buy of the same slot whose payment is a part
    of this one's, with fewer cards."""
    if not isinstance(action, Buy):
        return False
    for other in legal:
        if (
            isinstance(other, Buy)
            and other.currency == action.currency
            and len(other.pay) < len(action.pay)
        ):
            rest = list(action.pay)
            try:
                for v in other.pay:
                    rest.remove(v)
            except ValueError:
                continue
            return True
    return False


# -- budgets ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "level, expected",
    [
        ("strong", (1000, None)),
        ("easy", (50, None)),
        (30, (30, None)),
        ("1s", (None, 1.0)),
        ("0.5s", (None, 0.5)),
        ("250ms", (None, 0.25)),
        ("40", (40, None)),
    ],
)
def test_a_budget_is_simulations_or_a_time(level, expected):
    assert budget(level, LEVELS) == expected


@pytest.mark.parametrize("level", ["0s", "-1s", "fast", "nans", "1 h", 0])
def test_a_budget_that_is_neither_is_refused(level):
    with pytest.raises(ValueError):
        budget(level, LEVELS)


def test_a_seat_by_time_and_the_widgets_default_level():
    bot = make_bot("strong:1.5s", 1)
    assert bot.seconds == 1.5 and bot.playouts is None
    assert BOT_LEVEL == "strong:1s" and BOT_SECONDS == 1.0
    assert make_bot(BOT_LEVEL, 1).seconds == BOT_SECONDS
    with pytest.raises(MalformedInput):
        make_bot("strong:0s", 1)


# -- root parallel ---------------------------------------------------------------------


def test_merge_adds_visits_and_weights_values_by_visits():
    a = [Choice("x", 30, 0.5), Choice("y", 10, 0.2)]
    b = [Choice("y", 30, 0.6), Choice("x", 10, 0.1)]
    out = merge([a, b])
    assert [(c.action, c.visits) for c in out] == [("y", 40), ("x", 40)]
    got = {c.action: c.value for c in out}
    assert got["x"] == pytest.approx((30 * 0.5 + 10 * 0.1) / 40)
    assert got["y"] == pytest.approx((10 * 0.2 + 30 * 0.6) / 40)
    # equal visits: the higher value first (y: 0.5 against 0.4)


def test_merge_pools_the_spread_of_all_the_simulations():
    # tree 1 saw results 0 and 1 for x, tree 2 saw 1 and 1: together 0, 1, 1, 1
    out = merge([[Choice("x", 2, 0.5, 0.5)], [Choice("x", 2, 1.0, 0.0)]])
    assert out[0].value == pytest.approx(0.75)
    assert out[0].spread == pytest.approx(math.sqrt(0.75 - 0.75**2))


def test_a_search_reports_the_spread_of_each_moves_results():
    g = midgame(2, 4, 10)
    for c in search(g, playouts=120, seed=1, **KW):
        assert 0.0 <= c.spread <= 0.5 + 1e-9  # results in [0, 1]
        if c.visits > 5:
            assert c.spread > 0.0


KW = {"policy": rollout_policy, "evaluate": evaluate, "focus": focus, "rollout": 6}


def test_one_tree_is_exactly_the_serial_search():
    g = midgame(3, 5, 30)
    one = parallel_search(g, playouts=60, seconds=None, seed="s", trees=1, **KW)
    serial = search(g, playouts=60, seed="s", **KW)
    assert [(c.action, c.visits, c.value) for c in one] == [
        (c.action, c.visits, c.value) for c in serial
    ]


def test_several_trees_split_the_simulations_and_replay_exactly():
    g = midgame(3, 6, 24)
    runs = [
        parallel_search(
            g, playouts=90, seconds=None, seed=3, trees=3, executor=InProcessExecutor(), **KW
        )
        for _ in range(2)
    ]
    assert [(c.action, c.visits) for c in runs[0]] == [(c.action, c.visits) for c in runs[1]]
    assert sum(c.visits for c in runs[0]) == 90


def test_the_same_trees_give_the_same_result_on_any_number_of_workers():
    """Tree k keeps its seed whichever process runs it, and the trees merge in order:
    one process, a pool of one worker (this process runs trees 0, 2, 4), of two."""
    from alhambra_widget.players.parallel import process_pool

    g = midgame(3, 9, 26)
    found = [
        parallel_search(
            g, playouts=100, seconds=None, seed=5, trees=5, executor=InProcessExecutor(), **KW
        )
    ]
    for workers in (1, 2):
        pool = process_pool(workers)
        assert pool is not None
        with pool:
            found.append(
                parallel_search(g, playouts=100, seconds=None, seed=5, trees=5, executor=pool, **KW)
            )
    rows = [[(c.action, c.visits, round(c.value, 12)) for c in f] for f in found]
    assert rows[0] == rows[1] == rows[2]
    assert sum(c.visits for c in found[0]) == 100


def test_progress_counts_every_tree_and_stops_them_all():
    """In one process the trees run one after another: the count goes on across them,
    and a True answer stops the tree running and the ones after it."""
    g = midgame(3, 6, 24)
    told: list[int] = []
    parallel_search(
        g,
        playouts=96,
        seconds=None,
        seed=1,
        trees=3,
        executor=InProcessExecutor(),
        progress=lambda n: told.append(n) is not None,
        **KW,
    )
    assert told == sorted(told) and told[-1] == 96 and len(told) == 6  # 16 and 32 per tree of 32
    told.clear()
    stopped = parallel_search(
        g,
        playouts=96,
        seconds=None,
        seed=1,
        trees=3,
        executor=InProcessExecutor(),
        progress=lambda n: told.append(n) is None and n >= 48,
        **KW,
    )
    assert told[-1] == 48 and sum(c.visits for c in stopped) == 48


def test_a_bot_by_time_decides_within_its_time_on_local_processes():
    g = midgame(4, 7, 20)
    bot = StrongBot(1, playouts="0.4s")
    t0 = time.perf_counter()
    action = bot.choose(g)
    assert time.perf_counter() - t0 < 4.0  # the budget, plus starting the pool on a busy machine
    assert action in g.legal_actions()
    in_process = StrongBot(1, playouts="0.2s", trees=2, executor=InProcessExecutor()).analyse(g)
    assert sum(c.visits for c in in_process) > 0


# -- hints -------------------------------------------------------------------------------


def test_r6_the_overpaying_payment_is_never_hinted_when_a_part_of_it_pays():
    """An overpayment: garden 8 in the ducat slot, 9 and 3 ducat in hand. Paying 9+3
    holds the 9 and more: never hinted, never tried by the search."""
    g = Game(["Ann", "Ben", "Cem"], seed=3)
    g.edit(
        market={"ducat": "garden 8"},
        players={"Ann": {"money": ["ducat 9", "ducat 3", "denar 2"]}},
        current="Ann",
    )
    legal = g.legal_actions()
    assert Buy("ducat", (9, 3)) in legal and Buy("ducat", (9,)) in legal
    assert Buy("ducat", (9, 3)) not in undominated(legal)
    assert Buy("ducat", (9,)) in undominated(legal)
    shown = [h.action for h in hints(g, playouts=60, seed=1, k=10)]
    assert Buy("ducat", (9, 3)) not in shown


@settings(max_examples=12, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_r6_no_hint_is_a_dominated_purchase(n, seed, steps):
    g = midgame(n, seed, steps)
    if g.is_over:
        return
    legal = g.legal_actions()
    kept = undominated(legal)
    assert [a for a in legal if not dominated_by_another(legal, a)] == kept
    for h in hints(g, playouts=24, seed=seed, k=5):
        assert not dominated_by_another(legal, h.action)


def test_moves_within_the_noise_are_about_equal_and_keep_a_fixed_order():
    close = [Choice("a", 200, 0.51, 0.3), Choice("b", 190, 0.50, 0.3), Choice("c", 150, 0.20, 0.3)]
    assert about_equal(close[0], close[1]) and not about_equal(close[0], close[2])
    # the prior prefers b: among the tied moves, the prior decides, not the noise
    order = ranked(close, ["b", "c", "a"])
    assert [(c.action, tied) for c, tied in order] == [("b", True), ("a", True), ("c", False)]
    clear = [Choice("a", 400, 0.70), Choice("b", 100, 0.40)]
    assert [(c.action, tied) for c, tied in ranked(clear, ["b", "a"])] == [
        ("a", False),
        ("b", False),
    ]
    # the noise is the results' own spread: 0.03 apart over 200 simulations is clear
    # when each result spreads by 0.05, and noise when they spread by 0.4
    steady = [Choice("a", 200, 0.53, 0.05), Choice("b", 200, 0.50, 0.05)]
    assert not about_equal(*steady)
    assert about_equal(Choice("a", 200, 0.53, 0.4), Choice("b", 200, 0.50, 0.4))


def test_a_hint_gives_money_left_and_what_it_leaves_for_the_next_player():
    g = Game(["Ann", "Ben", "Cem"], seed=3)
    g.edit(
        market={"ducat": "garden 8"},
        players={"Ann": {"money": ["ducat 9", "ducat 3", "denar 2"]}},
        current="Ann",
    )
    buy = next(h for h in hints(g, playouts=40, seed=1, k=20) if h.action == Buy("ducat", (9,)))
    assert "money left: 2 cards, 5 in all" in buy.reasons
    left = [r for r in buy.reasons if r.startswith("leaves in the market for Ben: ")]
    assert left and "(ducat)" not in left[0]
    assert buy.to_dict()["about_equal"] in (True, False)
    counts = Counter(type(h.action).__name__ for h in hints(g, playouts=40, seed=2, k=20))
    assert counts  # something is hinted


def test_trees_travel_as_json_in_and_out_so_a_compiled_engine_can_use_processes():
    """Compiled engine objects do not pickle: the game goes as its saved JSON and the
    roots' actions come back as theirs, one list per tree."""
    import json

    from alhambra_widget.players.parallel import _trees

    g = midgame(3, 8, 30)
    include = [g.legal_actions()[-1]]
    two = _trees(
        Game, g.to_json(), 20, ["x", "y"], None, {**KW, "include": [a.to_json() for a in include]}
    )
    assert len(two) == 2 and two[0] != two[1]
    rows = two[0]
    assert json.loads(json.dumps(rows)) == [list(r) for r in rows]
    assert {Game.action_from_json(a) for a, _n, _v, _sd in rows} <= set(g.legal_actions())
    assert include[0] in {Game.action_from_json(a) for a, _n, _v, _sd in rows}


def test_the_arena_with_one_worker_ends_when_a_bot_searches_on_all_cores():
    """With ``--workers 1`` the games run in the arena's own process: a bot by time starts
    its processes there (in a pool's worker they kept the worker, and the arena, waiting)."""
    import subprocess
    import sys

    cmd = [
        sys.executable,
        "-m",
        "alhambra_widget.players.arena",
        "--bots",
        "strong:0.02s",
        "greedy",
        "--games",
        "1",
        "--workers",
        "1",
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "1 games of 2 players" in done.stdout, done.stderr[-2000:]
