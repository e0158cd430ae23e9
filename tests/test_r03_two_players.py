"""R3 two players: 72 cards, Dirk's tiles, giving tiles to Dirk, Dirk in majorities."""

import pytest
from helpers import dirk_ahead_at_the_end

from alhambra_widget import Buy, Card, Game, GiveToDirk, IllegalAction, TakeMoney, Tile
from alhambra_widget.engine.alhambra.components import ScoringCard
from alhambra_widget.engine.errors import MalformedInput


def test_R3_72_cards_and_six_tiles_for_dirk():
    g = Game(["Ann", "Ben"], seed=3)
    cards = sum(len(p.money) for p in g.players) + len(g.display) + len(g.deck) - 2
    assert cards == 72
    assert len(g.dirk_tiles) == 6 and len(g.bag) == 54 - 4 - 6


def test_R3_dirk_takes_6_after_round_1_and_a_third_after_round_2():
    g = Game(["Ann", "Ben"], seed=3)
    g.edit(deck_top=[ScoringCard(1)])
    bag_before = len(g.bag)
    g.apply(_take(g))
    assert len(g.dirk_tiles) == 12 and len(g.bag) == bag_before - 6
    g.edit(deck_top=[ScoringCard(2)])
    n = len(g.bag)
    g.apply(_take(g))
    assert len(g.dirk_tiles) == 12 + n // 3


def _take(g):

    return TakeMoney((g.display[0],))


def test_R3_give_a_bought_tile_to_dirk():
    g = Game(["Ann", "Ben"], seed=4, dirk_name="Matt")
    p = g.current_player
    g.edit(market={"denar": Tile("garden", 10)})
    g.edit(players={p.name: {"money": [Card("denar", 9), Card("denar", 3)]}})
    g.apply(Buy("denar", (9, 3)))
    assert GiveToDirk(Tile("garden", 10)) in g.legal_actions()
    events = g.apply(GiveToDirk(Tile("garden", 10)))
    assert Tile("garden", 10) in g.dirk_tiles and "Matt" in events[0].text
    # the action itself does not know the collector's name: it never says a wrong one
    assert "Dirk" not in str(GiveToDirk(Tile("garden", 10))) and "Dirk" not in events[0].text


def test_R3_no_dirk_with_more_players():
    g = Game(["Ann", "Ben", "Cem"], seed=4)
    p = g.current_player
    g.edit(market={"denar": Tile("garden", 10)})
    g.edit(players={p.name: {"money": [Card("denar", 9), Card("denar", 3)]}})
    g.apply(Buy("denar", (9, 3)))
    with pytest.raises(IllegalAction) as e:
        g.apply(GiveToDirk(Tile("garden", 10)))
    assert e.value.rule == "R3"


def test_R3_dirk_counts_for_majorities_but_scores_no_walls():
    g = Game(["Ann", "Ben"], seed=5)
    g.edit(dirk_tiles=[Tile("tower", 11), Tile("tower", 12)])
    r = g.scoring_preview(1)
    tower = next(k for k in r.kinds if k.kind == "tower")
    assert tower.points["Dirk"] == 6
    assert "Dirk" not in r.walls and r.totals["Dirk"] == 6  # majorities only, no wall
    assert "Dirk" not in g.scores  # Dirk's points are kept apart (winning: the next test)


@pytest.mark.parametrize("can", [False, True])
def test_R3_option_lets_dirk_win(can):
    g = dirk_ahead_at_the_end(can)  # the bag cannot refill: the end (R12)
    assert g.dirk_score == 21 + 20 and max(g.scores.values()) == 0
    assert g.winners == (["Dirk"] if can else ["Ann", "Ben"])


def test_R3_dirk_name_must_differ_from_players():
    with pytest.raises(MalformedInput):
        Game(["Dirk", "Ben"], seed=1)
