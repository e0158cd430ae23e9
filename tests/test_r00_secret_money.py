"""Whose eyes: "From now on each player's money is kept secret." The view model is built
for the people at the screen, at every step of the game and of its timeline."""

from __future__ import annotations

import random

import pytest

from alhambra_widget import AlhambraWidget
from alhambra_widget.gardens import GardensWidget
from alhambra_widget.views.seats import seen_hands


def play(w, steps: int, seed: int) -> None:
    """Random moves for every seat (people included), from Python."""
    rng = random.Random(seed)
    for _ in range(steps):
        if w.game.is_over:
            return
        w.game.apply(rng.choice(w.game.legal_actions()))


def check_alhambra_view(w, expected_seen) -> None:
    v = w.view
    game = w.session.shown()
    seen = expected_seen(game)
    for i, p in enumerate(v["players"]):
        assert (p["money"] is not None) == (i in seen), (v["step"], i, seen)
        if p["money"] is not None:
            assert p["money"] == [(c.currency, c.value) for c in game.players[i].money]
    legal = v["legal"]
    if legal is not None and legal["phase"] == "act":
        mover = legal["player"]
        assert ("buy" in legal) == (mover in seen) and ("pass" in legal) == (mover in seen)


@pytest.mark.parametrize("seed", range(3))
def test_one_person_against_bots_sees_only_their_own_hand_at_every_step(seed):
    w = AlhambraWidget(
        players=["Ann", "Ben", "Cem"], seed=seed, seats={"Ben": "greedy", "Cem": "random"}
    )
    w.autoplay_bots = False
    rng = random.Random(seed)
    for _ in range(120):
        if w.game.is_over:
            break
        check_alhambra_view(w, lambda g: {0})
        w.game.apply(rng.choice(w.game.legal_actions()))
    # the timeline: every past step is built for the same eyes
    for step in range(0, len(w.game.history) + 1, 7):
        w.goto(step)
        check_alhambra_view(w, lambda g: {0})


@pytest.mark.parametrize("seed", range(3))
def test_hot_seat_shows_only_the_hand_of_the_person_to_move(seed):
    w = AlhambraWidget(players=["Ann", "Ben", "Cem"], seed=seed, seats={"Cem": "random"})
    w.autoplay_bots = False

    def seen(g):
        return set() if g.is_over or g.current == 2 else {g.current}

    rng = random.Random(seed)
    movers = set()
    for _ in range(150):
        if w.game.is_over:
            break
        movers.add(w.game.current)
        check_alhambra_view(w, seen)
        w.game.apply(rng.choice(w.game.legal_actions()))
    assert movers == {0, 1, 2}  # the bot's turns were checked too
    for step in range(0, len(w.game.history) + 1, 5):
        w.goto(step)
        check_alhambra_view(w, seen)


def test_show_all_money_opens_every_hand_for_teaching_and_bots_only_show_none():
    w = AlhambraWidget(players=["Ann", "Ben"], seed=4, seats={"Ann": "random", "Ben": "random"})
    w.autoplay_bots = False
    play(w, 30, 4)
    check_alhambra_view(w, lambda g: set())
    w.show_all_money = True
    check_alhambra_view(w, lambda g: {0, 1})


def test_no_payment_of_a_bot_reaches_the_page_while_it_is_to_move():
    w = AlhambraWidget(players=["Ann", "Ben"], seed=2, seats={"Ben": "greedy"})
    w.autoplay_bots = False
    could_buy = 0
    for _ in range(200):
        if w.game.is_over:
            break
        if w.game.current_player.name == "Ben" and w.game.phase == "act":
            legal = w.view["legal"]
            assert "buy" not in legal and w.view["players"][1]["money"] is None
            could_buy += any(type(a).__name__ == "Buy" for a in w.game.legal_actions())
        w.game.apply(random.Random(len(w.game.history)).choice(w.game.legal_actions()))
    assert could_buy > 5  # the bot had payments to hide


@pytest.mark.parametrize("seed", range(2))
def test_gardens_hands_follow_the_same_eyes(seed):
    w = GardensWidget(players=["Ann", "Ben", "Cem"], seed=seed, seats={"Cem": "random"})
    w.autoplay_bots = False
    rng = random.Random(seed)
    for _ in range(40):
        if w.game.is_over:
            break
        g = w.session.shown()
        expected = set() if g.is_over or g.current == 2 else {g.current}
        got = {i for i, p in enumerate(w.view["players"]) if p["hand"] is not None}
        assert got == expected
        w.game.apply(rng.choice(w.game.legal_actions()))


def test_seen_hands_reads_the_seats():
    names = ["Ann", "Ben", "Cem"]
    assert seen_hands(names, {"Ben": "greedy", "Cem": "random"}, 1) == {0}
    assert seen_hands(names, {"Cem": "random"}, 1) == {1}
    assert seen_hands(names, {"Cem": "random"}, 2) == set()
    assert seen_hands(names, {"Cem": "random"}, None) == set()
    assert seen_hands(names, {n: "random" for n in names}, 0) == set()
    assert seen_hands(names, {"Cem": "random"}, 2, show_all=True) == {0, 1, 2}
