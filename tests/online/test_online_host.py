"""Which refusal a table gives a move it cannot take, checked on the table in memory
(no server): the reasons are ordered, and the first that holds is the one said."""

from __future__ import annotations

import pytest
from online_helpers import choose

from alhambra_widget import Game
from alhambra_widget.engine.gardens.game import GardensGame
from alhambra_widget.online.host import Host, out_of_turn


@pytest.fixture(scope="module", params=["alhambra", "gardens"])
def finished(request: pytest.FixtureRequest) -> Host:
    """A two-player table played to its end by random legal moves."""
    g = (Game if request.param == "alhambra" else GardensGame)(["Ann", "Ben"], 5)
    while not g.is_over:
        g.apply(choose(g, 5))
    return Host(id="t", game=g, seats={}, intents={})


def test_R12_G5_a_move_made_before_the_last_one_is_stale_even_once_the_game_is_over(
    finished: Host,
) -> None:
    """Two people raced for the last step: the one who lost was behind, not too late for
    the game (R12, G5); they are told the table moved on, as at any other step."""
    g = finished.game
    answer = out_of_turn(finished, 0, g.step - 1, "late", held=True)
    assert answer is not None and answer["kind"] == "stale", answer
    assert f"at step {g.step - 1}, and the table is at step {g.step}" in answer["message"]


def test_R12_G5_a_move_at_the_finished_games_own_step_is_refused_as_over(finished: Host) -> None:
    g = finished.game
    rule = "R12" if g.GAME == "alhambra" else "G5"
    answer = out_of_turn(finished, 0, g.step, "after", held=True)
    assert answer is not None, answer
    assert (answer["kind"], answer["rule"]) == ("illegal", rule), answer
    assert answer["message"] == "The game is over: no more moves."
    finished.paused = True  # over before paused: a paused finished table says it is over
    try:
        assert out_of_turn(finished, 0, g.step, "after", held=True)["kind"] == "illegal"
    finally:
        finished.paused = False
