"""The review's picture: chances to win step by step from what everybody
sees (R0: the hands' values are hidden), accuracy per player, mistakes on the graph."""

from __future__ import annotations

import random
import re

import pytest

from alhambra_widget import Game
from alhambra_widget.gardens import GardensGame
from alhambra_widget.players.ismcts import Decision
from alhambra_widget.players.review_graph import (
    MISTAKE,
    chances_now,
    decision_accuracy,
    review_graph,
    share_left,
)
from alhambra_widget.views.review_graph import review_svg


def played(game, seed: int):
    r = random.Random(seed)
    while not game.is_over:
        game.apply(r.choice(game.legal_actions()))
    return game


def test_one_row_of_chances_a_step_adding_up_to_one_and_the_result_at_the_end():
    g = played(Game(["Ann", "Ben", "Cem"], seed=2), 2)
    graph = review_graph(g)
    assert len(graph.chances) == len(g.history) + 1
    for row in graph.chances:
        assert len(row) == 3 and sum(row) == pytest.approx(1.0)
    assert graph.chances[-1] == tuple(
        1.0 / len(g.winners) if p.name in g.winners else 0.0 for p in g.players
    )


@pytest.mark.parametrize("seed, steps", [(1, 25), (5, 60), (9, 110)])
def test_r0_the_chances_come_from_what_everybody_sees(seed, steps):
    g = Game(["Ann", "Ben", "Cem"], seed=seed)
    r = random.Random(seed)
    for _ in range(steps):
        g.apply(r.choice(g.legal_actions()))
    for seat in range(3):  # the hands, the bag and the deck redrawn: the same chances
        assert chances_now(g.determinize(seat, seed + 7)) == pytest.approx(chances_now(g))


def test_r10_the_graph_knows_the_steps_of_the_three_scoring_rounds():
    g = played(Game(["Ann", "Ben", "Cem"], seed=2), 2)
    rounds = review_graph(g).rounds
    assert len(rounds) == 3 and list(rounds) == sorted(rounds)
    for step in rounds:  # the round is scored by that step's action, not before
        assert len(g.at(step).rounds) == len(g.at(step - 1).rounds) + 1


def test_the_gardens_graph_follows_the_scores():
    g = played(GardensGame(["Ann", "Ben"], seed=3), 3)
    graph = review_graph(g)
    assert len(graph.chances) == len(g.history) + 1 and graph.chances[0] == pytest.approx(
        (0.5, 0.5)
    )


def test_accuracy_is_lichess_s_curve_and_mistakes_give_away_enough():
    assert decision_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert decision_accuracy(0.05) > decision_accuracy(0.2) > decision_accuracy(0.6) >= 0.0
    g = played(Game(["Ann", "Ben", "Cem"], seed=4), 4)
    ds = [
        Decision(3, "Ann", "a", "b", 0.30, 0.50),
        Decision(9, "Ann", "c", "c", 0.4, 0.4),
        Decision(5, "Ann", "d", "e", 0.45, 0.50),
    ]
    graph = review_graph(g, {"Ann": ds})
    assert graph.accuracy["Ann"] == pytest.approx(sum(decision_accuracy(d.loss) for d in ds) / 3)
    assert [m.step for m in graph.mistakes] == [3]  # 0.20 given away; 0.05 is not a mistake
    assert MISTAKE == 0.10
    assert set(graph.to_dict()) == {"players", "chances", "accuracy", "mistakes", "rounds"}


def test_the_picture_has_a_line_a_player_clickable_mistakes_and_escaped_names():
    g = played(Game(["Ann", "<b>Ben</b>", "Cem & co"], seed=6), 6)
    ds = [Decision(12, "Ann", "<i>x</i>", "y", 0.1, 0.6)]
    svg = review_svg(review_graph(g, {"Ann": ds}))
    assert svg.count("<polyline") == 3
    assert re.search(r'<circle class="aw-mistake"[^>]*data-step="12"', svg)
    assert "<b>" not in svg and "<i>" not in svg and "&lt;b&gt;Ben" in svg and "Cem &amp; co" in svg
    assert "accuracy" in svg
    assert svg.count('<line class="aw-round"') == 3  # the three scoring rounds (R10)
    assert review_graph(g)._repr_svg_().startswith("<svg")


def finished_widget(widget_class, game, seats):
    """A finished game under a widget: the person plays randomly, the bot greedily."""
    from alhambra_widget.players.bots import make_bot

    bot, r = make_bot("greedy", 2, game), random.Random(1)
    while not game.is_over:
        mine = game.current_player.name == "You"
        game.apply(r.choice(game.legal_actions()) if mine else bot.choose(game))
    w = widget_class(game, seats=seats)
    w.review_playouts = 3
    return w


def reviewed(w) -> dict:
    """Ask the review as the page does (its button) and wait for the search's panel."""
    import time

    w._on_msg(w, {"kind": "review", "v": w.view["v"]}, [])
    deadline = time.time() + 120
    while (w.view.get("review") or {}).get("state") != "done":
        assert time.time() < deadline, w.view.get("review")
        time.sleep(0.05)
    return w.view["review"]


@pytest.mark.parametrize("gardens", [False, True])
def test_the_review_panel_sends_the_graph_with_every_players_accuracy(gardens):
    """The widget's review (its panel, as the page asks it) weighs every player's
    decisions: the graph has a line and an accuracy a player, the person's mistakes
    with the search's better move; another player's mistakes without it (R0: the
    search's choice for them was worked out from their hidden hand)."""
    from alhambra_widget import AlhambraWidget, GardensWidget

    if gardens:
        w = finished_widget(GardensWidget, GardensGame(["You", "Ben"], seed=6), {"Ben": "greedy"})
    else:
        w = finished_widget(AlhambraWidget, Game(["You", "Ben"], seed=4), {"Ben": "greedy"})
    panel = reviewed(w)
    graph = panel["graph"]
    assert graph["players"] == ["You", "Ben"]
    assert len(graph["chances"]) == len(w.game.history) + 1
    assert set(graph["accuracy"]) == {"You", "Ben"}
    assert all(0 <= a <= 100 for a in graph["accuracy"].values())
    assert panel["player"] == "You" and panel["decisions"] > 0
    assert {m["player"] for m in graph["mistakes"]} == {"You", "Ben"}  # a few simulations: noisy
    for m in graph["mistakes"]:
        assert m["loss"] >= MISTAKE
        assert ("best" in m) == (m["player"] == "You")
    # the panel stays while the page looks at a step (the timeline is only a view)
    w._on_msg(w, {"kind": "goto", "step": 3}, [])
    assert w.view["step"] == 3 and w.view["review"]["graph"] == graph


def test_r0_a_review_during_the_game_weighs_only_the_persons_decisions():
    """The others' decisions are weighed from their hands: hidden until the game is over."""
    from alhambra_widget import AlhambraWidget

    w = AlhambraWidget(players=["You", "Ben"], seed=4, seats={"Ben": "greedy"})
    g, r = w.game, random.Random(2)
    while g.step < 30:
        if g.current_player.name == "You":
            g.apply(r.choice(g.legal_actions()))
        w.run_bots()
    w.review_playouts = 3
    graph = reviewed(w)["graph"]
    assert set(graph["accuracy"]) == {"You"} and {m["player"] for m in graph["mistakes"]} <= {"You"}
    assert len(graph["chances"]) == len(g.history) + 1


def test_the_widgets_review_graph_from_python_weighs_whom_it_is_asked_to():
    from alhambra_widget import AlhambraWidget

    w = finished_widget(AlhambraWidget, Game(["You", "Ben"], seed=4), {"Ben": "greedy"})
    plain = w.review_graph([])
    assert (
        plain.accuracy == {}
        and plain.mistakes == ()
        and len(plain.chances) == len(w.game.history) + 1
    )
    graph = w.review_graph(playouts=2)
    assert (
        set(graph.accuracy) == {"You", "Ben"} and graph.chances[-1] == plain.chances[-1]
    )  # the result
    assert graph.chances[:-1] != plain.chances[:-1]  # the search's estimates move the lines
    assert review_svg(graph).count("<polyline") == 2 and graph._repr_svg_().startswith("<svg")


@pytest.mark.parametrize("n, low, high", [(2, 0.1, 0.9), (3, 0.0, 0.8)])
def test_r10_early_in_a_game_a_lead_in_public_points_is_no_certainty(n, low, high):
    """The scoring rounds to come weigh heavily in the public values (R10), but early
    on much can change: while 70% of the bag is left (R1), nobody is given more than
    90% (80% among three) or, of two, less than 10%, in random games. (A fixed scale of
    12 points gave 90% and more in 8 of these 12 games of two, and all 12 of three.)"""
    for seed in range(12):
        g, r = Game([f"P{i}" for i in range(n)], seed=seed), random.Random(seed)
        while share_left(g) > 0.7:
            assert all(low <= c <= high for c in chances_now(g)), (seed, g.step, chances_now(g))
            g.apply(r.choice(g.legal_actions()))


def test_g5_the_gardens_chances_start_even_and_stay_open_while_the_fields_fill():
    g, r = GardensGame(["Ann", "Ben"], seed=3), random.Random(3)
    seen = []
    while not g.is_over:
        seen.append((share_left(g), chances_now(g)))
        g.apply(r.choice(g.legal_actions()))
    assert seen[0] == (1.0, pytest.approx((0.5, 0.5)))
    assert all(0.1 <= c <= 0.9 for share, cs in seen if share > 0.75 for c in cs)


def test_a_reviewed_decision_moves_its_players_line_to_the_search_s_estimate():
    """After a decision reviewed, its player's line is nearer the search's chance after
    the move played (from what that player could see) than the public estimate alone,
    the more so the more decisions agree; rows still add up to 1, the rows before the
    first decision and the game's result (the last row) stay."""
    g = played(Game(["Ann", "Ben"], seed=3), 3)
    plain = review_graph(g).chances
    ann = [s for s, (m, _) in enumerate(g.movers) if m == 0][5:40:5]
    ds = [Decision(s, "Ann", "a", "a", 0.95, 0.95) for s in ann]
    graph = review_graph(g, {"Ann": ds}).chances
    gaps = []
    for d in ds:
        row = d.step + 1
        assert plain[row][0] < 0.9  # the public estimate is far from the search's
        assert abs(graph[row][0] - 0.95) < abs(plain[row][0] - 0.95) - 0.05
        gaps.append((0.95 - graph[row][0]) / (0.95 - plain[row][0]))
    assert gaps[-1] < gaps[0]  # agreeing decisions trusted more and more
    for row in graph:
        assert sum(row) == pytest.approx(1.0)
    assert graph[-1] == plain[-1] and graph[: ann[0] + 1] == plain[: ann[0] + 1]
