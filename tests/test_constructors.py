"""Every public constructor of the engine gives a working object or raises: an object
that fails later with AttributeError is never handed out. Copies and pickles, which
start from a blank game inside the engine, keep working."""

import copy
import pickle

import pytest

import alhambra_widget.engine.record as record
from alhambra_widget import Alhambra, Event, Game, GameError, Player, Tile
from alhambra_widget.engine.gardens.components import Building, GardenTile
from alhambra_widget.engine.gardens.game import GardenPlayer
from alhambra_widget.gardens import GardensGame

ODD = [True, None, [], (), 0, "", "Ann", [1, 2], {"players": []}]


def test_an_alhambra_takes_no_argument():
    with pytest.raises(TypeError):
        Alhambra(True)  # type: ignore[call-arg]
    a = Alhambra()
    assert len(a) == 1 and a.longest_wall() == 0 and (1, 0) in a.legal_positions(Tile("garden", 8))


def test_no_public_blank_game():
    assert not hasattr(record, "BLANK")  # the marker of a blank game is private
    for cls in (Game, GardensGame):
        with pytest.raises(GameError):
            cls([])


@pytest.mark.parametrize("odd", ODD, ids=repr)
@pytest.mark.parametrize("cls", [Alhambra, Game, GardensGame, Player, Tile, Event])
def test_a_constructor_given_something_odd_works_or_refuses(cls, odd):
    try:
        obj = cls(odd)
    except (TypeError, GameError):
        return
    repr(obj)  # every reading works
    for name in dir(obj):
        if not name.startswith("_"):
            getattr(obj, name)


@pytest.mark.parametrize(
    "args",
    [
        ("x", -3, ("a",)),
        ("x", 7, ("lemon", "orange", "palm", "lavender")),
        ("x", 2, ("lemon", "lemon", "palm", "lavender")),
        (5, 2, ("lemon", "orange", "palm", "lavender")),
    ],
    ids=repr,
)
def test_G2_a_garden_tile_shows_1_to_6_trees_a_side_each_kind_once(args):
    with pytest.raises((TypeError, GameError)):
        GardenTile(*args)
    assert GardenTile("g1", 3, ("lemon", "orange", "palm", "lavender")).side(0, 1) == "lavender"


@pytest.mark.parametrize("args", [(99, "x"), (0, "pavilion"), ("3", "x"), (2, None)], ids=repr)
def test_G2_a_building_tile_is_worth_1_to_5(args):
    with pytest.raises((TypeError, GameError)):
        Building(*args)
    assert Building(5, "pavilion").value == 5


@pytest.mark.parametrize("args", [(5, "ab"), ("Ann", "lemon"), ("Ann", ["figs"]), ("", ["palm"])])
def test_a_gardens_player_has_a_name_and_tree_kinds(args):
    with pytest.raises((TypeError, GameError)):
        GardenPlayer(*args)
    assert GardenPlayer("Ann", ["palm"]).points == {"palm": 0}


def test_the_bases_of_the_action_kinds_are_not_actions():
    from alhambra_widget.engine.alhambra.actions import Action, AtCell

    with pytest.raises(TypeError):
        Action()
    with pytest.raises(TypeError):
        AtCell(Tile("garden", 8), (1, 0))


def test_a_violation_names_a_ruling_and_an_event_of_an_unknown_kind_still_reads():
    from alhambra_widget.engine.alhambra.violations import Violation

    with pytest.raises(TypeError):
        Violation("R99", "no such rule")
    assert Violation("R7a", "sides differ").error().rule == "R7a"
    assert Event("nope", {"x": 1}).text == "nope: {'x': 1}"


@pytest.mark.parametrize("cls", [Game, GardensGame])
def test_copies_and_pickles_of_a_game_are_whole(cls):
    g = cls(["A", "B", "C"], seed=3)
    for _ in range(12):
        g.apply(g.legal_actions()[0])
    for twin in (g.copy(), copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert type(twin) is cls and twin.digest() == g.digest() and twin.history == g.history
        assert twin.legal_actions() == g.legal_actions()
        twin.apply(twin.legal_actions()[-1])
        assert twin.step == g.step + 1


def test_an_alhambra_pickles_with_its_layout_and_owner():
    g = Game(["A", "B"], seed=2)
    for _ in range(40):
        g.apply(g.legal_actions()[-1])
    for p in g.players:
        a = p.alhambra
        for twin in (pickle.loads(pickle.dumps(a)), copy.deepcopy(a), copy.copy(a)):
            assert twin == a and twin.longest_wall() == a.longest_wall()
            assert twin.removable() == a.removable() and twin.legal_positions(
                Tile("tower", 9, "N")
            ) == a.legal_positions(Tile("tower", 9, "N"))
            with pytest.raises(GameError):  # still the game's: it refuses direct changes
                twin.remove(next(iter(twin.removable() or {(9, 9)})))
