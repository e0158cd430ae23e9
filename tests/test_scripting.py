"""Playing from Python without a page (a script, a test): after a person's ``w.act``
the bots answer at once; a bot's seat is refused with a sentence naming ``run_bots``;
acting at a past step branches (``resolve="branch"``) or is refused, and the bare
``w.game.apply`` at a past step is taken back and refused. With a page drawing the
board, the page paces the bots as before."""

import pytest

from alhambra_widget import Game
from alhambra_widget.engine.errors import GameError, MalformedInput
from alhambra_widget.widgets import AlhambraWidget, GardensWidget
from alhambra_widget.widgets.session import Session


def _ann_first(players=("Ann", "Ben")):
    return next(s for s in range(50) if Game(list(players), seed=s).current_player.name == "Ann")


def test_after_a_persons_act_the_bot_answers_in_a_script():
    w = AlhambraWidget(players=["Ann", "Ben"], seed=_ann_first(), seats={"Ben": "greedy"})
    g = w.game
    while g.current_player.name == "Ann" and not g.is_over:
        w.act(g.legal_actions()[0])
    assert g.current_player.name == "Ann" or g.is_over  # Ben answered by himself
    assert any(g.players[who].name == "Ben" for who, _ in g.movers)


def test_acting_for_a_bots_seat_is_refused_with_a_sentence_naming_run_bots():
    seed = next(s for s in range(50) if Game(["Ann", "Ben"], seed=s).current_player.name == "Ben")
    w = AlhambraWidget(players=["Ann", "Ben"], seed=seed, seats={"Ben": "greedy"})
    g = w.game
    digest = g.digest()
    with pytest.raises(GameError, match=r"Ben is played by the greedy bot: run_bots\(\)"):
        w.act(g.legal_actions()[0])
    assert g.digest() == digest and not g.history
    assert w.run_bots() >= 1 and g.current_player.name == "Ann"


def test_with_a_page_the_page_paces_the_bots():
    w = AlhambraWidget(players=["Ann", "Ben"], seed=_ann_first(), seats={"Ben": "greedy"})
    w._on_msg(w, {"kind": "hello"}, [])  # a page drew the board
    w.act(w.game.legal_actions()[0])
    while w.game.current_player.name == "Ann":
        w.act(w.game.legal_actions()[0])
    assert w.session.bot_to_move()  # left to the page's bot ticks (autoplay_bots)
    w._on_msg(w, {"kind": "bot", "v": w.view["v"]}, [])
    assert w.game.players[w.game.movers[-1][0]].name == "Ben"


def test_the_gardens_bot_answers_too():
    w = GardensWidget(players=["Ann", "Ben"], seed=1, seats={"Ben": "random"})
    w.run_bots()
    n = len(w.game.history)
    w.act(w.game.legal_actions()[0])
    assert w.game.current_player.name == "Ann" and len(w.game.history) >= n + 2


def test_act_after_goto_branches_there_or_is_refused():
    w = AlhambraWidget(players=["Ann", "Ben"], seed=3)
    g = w.game
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    w.goto(2)
    with pytest.raises(GameError, match="looking at step 2 of 4"):
        w.act(g.legal_actions()[0])
    assert len(g.history) == 4
    other = w.game.at(2).legal_actions()[-1]
    w.act(other, resolve="branch")
    assert len(g.history) == 3 and g.history[2] == other
    assert len(w.variations) == 2  # the old line is kept


def test_bare_apply_while_a_past_step_is_shown_is_taken_back_and_refused():
    w = AlhambraWidget(players=["Ann", "Ben"], seed=3)
    g = w.game
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    digest, history = g.digest(), list(g.history)
    w.goto(2)
    with pytest.raises(GameError, match=r"shows step 2 of 4.*resolve='branch'"):
        g.apply(g.legal_actions()[0])
    assert g.digest() == digest and list(g.history) == history and w.step == 2
    assert len(w.variations) == 1
    w.last()
    g.apply(g.legal_actions()[0])  # at the live end the bare game plays on
    assert len(g.history) == 5


def test_a_second_board_on_the_same_game_may_look_at_the_past_while_the_first_plays():
    g = Game(["Ann", "Ben"], seed=3)
    a, b = AlhambraWidget(g), AlhambraWidget(g)
    for _ in range(3):
        a.act(g.legal_actions()[0])
    b.goto(1)
    a.act(g.legal_actions()[0])  # made through a board: b keeps looking at step 1
    assert len(g.history) == 4 and b.step == 1


def test_set_game_refuses_unknown_players_with_malformed_input_and_changes_nothing():
    g = Game(["Ann", "Ben"], seed=1)
    s = Session(g, {"Ben": "greedy"})
    with pytest.raises(MalformedInput, match="No such player"):
        s.set_game(Game(["Cem", "Dan"], seed=1), {"Ben": "greedy"})
    assert s.game is g and s.seat_kind("Ben") == "greedy"
