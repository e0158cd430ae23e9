"""A finished game's "New game" (the results' button): refused while the game goes on
(R12 says when it ends), then the same players, seats and options with the next seed."""

from alhambra_widget import Game
from alhambra_widget.players.bots import make_bot
from alhambra_widget.widgets import AlhambraWidget


def click(w, **content):
    """What the front end's model.send(content) delivers."""
    w._on_msg(w, content, [])


def _play_to_the_end(w) -> None:
    """The table's game played to its end: your moves the greedy bot's, the bots' own."""
    g = w.game
    me = make_bot("greedy", 1, g)
    while not g.is_over:
        if g.current_player.name == "You":
            w.act(me.choose(g))
        else:
            w.run_bots()


def test_R12_new_game_is_refused_before_the_end_then_deals_the_same_table_again():
    game = Game(["You", "Ben"], seed=4, dirk_name="Zoe", dirk_can_win=True)
    w = AlhambraWidget(game, seats={"Ben": "greedy"})
    g = w.game
    click(w, kind="new_game")
    assert w.game is g and "R12" in w.message["text"] and w.message["kind"] == "error"
    _play_to_the_end(w)
    click(w, kind="new_game")
    new = w.game
    assert new is not g and not new.is_over and new.step == 0
    assert [p.name for p in new.players] == ["You", "Ben"]
    assert new.seed == g.seed + 1
    assert (new.dirk_name, new.dirk_can_win) == ("Zoe", True)  # the options kept (R3)
    assert w.seats == {"You": "human", "Ben": "greedy"}
    assert w.view["step"] == 0 and w.view["results"] is None


def test_G5_a_finished_gardens_game_deals_the_same_table_again_with_the_next_seed():
    """The Gardens results' "New game": refused before every field is filled (G5), then
    the same players, seats and options (three tiles in hand, G3) with the next seed."""
    from alhambra_widget import GardensWidget

    w = GardensWidget(players=["You", "Ben"], seed=4, seats={"Ben": "greedy"}, hand_size=3)
    g = w.game
    click(w, kind="new_game")
    assert w.game is g and "G5" in w.message["text"] and w.message["kind"] == "error"
    _play_to_the_end(w)
    # the results' ranking: the engine's totals, highest first, its winners marked
    ranking = w.view["ranking"]
    assert [(r["name"], r["score"]) for r in ranking] == sorted(
        g.scores.items(), key=lambda x: -x[1]
    )
    assert [r["name"] for r in ranking if r["winner"]] == g.winners
    click(w, kind="new_game")
    new = w.game
    assert new is not g and not new.is_over and new.step == 0 and new.seed == g.seed + 1
    assert [p.name for p in new.players] == ["You", "Ben"] and new.hand_size == 3
    assert dict(new.colours) == dict(g.colours)
    assert w.seats == {"You": "human", "Ben": "greedy"}
    assert w.view["step"] == 0 and w.view["ranking"] == []
