"""A game's review on all cores: every player's steps weighed on the
search's executor give, for a seed, the decisions a review step by step in one process
gives; the progress counts every action; a cancelled review stops."""

from __future__ import annotations

import random

import pytest

from alhambra_widget import Game
from alhambra_widget.gardens import GardensGame
from alhambra_widget.players.alhambra import strong
from alhambra_widget.players.gardens import strong as gardens_strong
from alhambra_widget.players.ismcts import review_decisions
from alhambra_widget.players.parallel import InProcessExecutor, parallel_review, process_pool


def _played(game, seed: int, steps: int):
    r = random.Random(seed)
    for _ in range(steps):
        game.apply(r.choice(game.legal_actions()))
    return game


@pytest.fixture(scope="module")
def pool():
    p = process_pool(2)
    if p is None:  # pragma: no cover - no processes here
        pytest.skip("processes cannot start here")
    yield p
    p.shutdown(cancel_futures=True)


def _one_by_one(module, bot, game, names):
    return {name: review_decisions(game, name, bot.analyse, module._says) for name in names}


def test_a_two_player_review_on_processes_gives_the_decisions_of_one_process(pool):
    g = _played(Game(["Ann", "Ben"], seed=5), 5, 40)
    found = strong.reviews(g, ["Ann", "Ben"], playouts=16, seed=3, executor=pool)
    expected = _one_by_one(strong, strong.StrongBot(3, playouts=16), g, ["Ann", "Ben"])
    assert found == expected
    assert all(found[n] for n in found) and {d.player for d in found["Ben"]} == {"Ben"}
    assert (
        strong.review(g, "Ben", playouts=16, seed=3, executor=InProcessExecutor())
        == expected["Ben"]
    )


def test_a_gardens_review_on_processes_gives_the_decisions_of_one_process(pool):
    g = _played(GardensGame(["Ann", "Ben", "Cem"], seed=2), 2, 18)
    found = gardens_strong.reviews(g, ["Cem", "Ann"], playouts=12, executor=pool)
    assert found == _one_by_one(
        gardens_strong, gardens_strong.GardensStrongBot(0, playouts=12), g, ["Cem", "Ann"]
    )


def test_the_progress_counts_every_action_and_a_cancel_stops_the_review():
    g = _played(Game(["Ann", "Ben"], seed=6), 6, 30)
    total = sum(1 for m, _ in g.movers)  # two players: every action is one of theirs
    bot = strong.StrongBot(0, playouts=8)
    told: list[tuple[int, int]] = []
    whole = parallel_review(
        g,
        ["Ann", "Ben"],
        bot.analyse,
        strong._says,
        executor=InProcessExecutor(),
        progress=lambda d, t: told.append((d, t)),
    )
    assert {t for _d, t in told} == {total} and [d for d, _t in told] == sorted(d for d, _t in told)
    assert (
        told[0][0] == 0 and total - 2 <= told[-1][0] < total
    )  # told before the last steps are weighed
    part = parallel_review(
        g,
        ["Ann", "Ben"],
        bot.analyse,
        strong._says,
        executor=InProcessExecutor(),
        progress=lambda d, _t: d >= 6,
    )
    weighed = [d.step for n in part for d in part[n]]
    assert weighed and max(weighed) < 8 and len(weighed) < sum(len(v) for v in whole.values())
    for name in part:  # what was weighed before the stop is what the whole review says
        assert part[name] == whole[name][: len(part[name])]
