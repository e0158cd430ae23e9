"""A finished game's "New game" (the results' button): refused while the game goes on
(R12 says when it ends), then the same players, seats and options with the next seed."""

from alhambra_widget import Game
from alhambra_widget.players.bots import make_bot
from alhambra_widget.widgets import AlhambraWidget


def click(w, **content):
    """What the front end's model.send(content) delivers."""
    w._on_msg(w, content, [])


def test_R12_new_game_is_refused_before_the_end_then_deals_the_same_table_again():
    game = Game(["You", "Ben"], seed=4, dirk_name="Zoe", dirk_can_win=True)
    w = AlhambraWidget(game, seats={"Ben": "greedy"})
    g = w.game
    click(w, kind="new_game")
    assert w.game is g and "R12" in w.message["text"] and w.message["kind"] == "error"
    me = make_bot("greedy", 1, g)
    while not g.is_over:
        if g.current_player.name == "You":
            w.act(me.choose(g))
        else:
            w.run_bots()
    click(w, kind="new_game")
    new = w.game
    assert new is not g and not new.is_over and new.step == 0
    assert [p.name for p in new.players] == ["You", "Ben"]
    assert new.seed == g.seed + 1
    assert (new.dirk_name, new.dirk_can_win) == ("Zoe", True)  # the options kept (R3)
    assert w.seats == {"You": "human", "Ben": "greedy"}
    assert w.view["step"] == 0 and w.view["results"] is None
