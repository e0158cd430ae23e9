"""The Gardens of the Alhambra: G1-G5, the rulebook's scoring examples, playouts."""

import json
import random
import re
from collections import Counter

import pytest

from alhambra_widget import GameFileError, IllegalAction
from alhambra_widget.engine.errors import RULING_IDS, MalformedInput
from alhambra_widget.engine.gardens.components import FACING, buildings_of, fields_of, on_outer_ring
from alhambra_widget.engine.gardens.game import explain_winner
from alhambra_widget.gardens import GardensGame, Lay, building_tiles, garden_tiles, winning_kind

# colours of the rulebook's examples: yellow=lemon, orange=orange, green=palm, purple=lavender


# -- G1 geometry --------------------------------------------------------------------
def test_G1_enclosing_takes_4_fields_inside_2_on_an_edge_1_in_a_corner():
    sizes = Counter(len(fields_of((x, y))) for x in range(7) for y in range(7))
    assert sizes == {4: 25, 2: 20, 1: 4}
    assert [f for f, _ in fields_of((0, 0))] == [(0, 0)]


def test_G1_each_field_touches_four_buildings_with_its_diagonal_sides():
    for fx in range(6):
        for fy in range(6):
            touched = [b for _, b in buildings_of((fx, fy))]
            assert sorted(touched) == sorted(
                [(fx, fy), (fx + 1, fy), (fx, fy + 1), (fx + 1, fy + 1)]
            )
            for k, b in buildings_of((fx, fy)):
                assert ((fx, fy), k) in fields_of(b)  # the two views agree
    assert FACING[0] == (1, 0)  # side 0 is north-east


# -- G2 tiles ------------------------------------------------------------------------
def test_G2_36_garden_tiles_every_value_with_each_circular_order():
    tiles = garden_tiles()
    assert len(tiles) == 36
    assert Counter(t.trees for t in tiles) == {n: 6 for n in range(1, 7)}

    def canon(sides):
        i = sides.index("lemon")
        return sides[i:] + sides[:i]

    for n in range(1, 7):
        orders = {canon(t.sides) for t in tiles if t.trees == n}
        assert len(orders) == 6  # the six circular orders of four kinds


def test_G2_49_buildings_ten_each_of_1_to_4_nine_of_5():
    assert Counter(b.value for b in building_tiles()) == {1: 10, 2: 10, 3: 10, 4: 10, 5: 9}


def test_G2_buildings_laid_at_random_by_the_seed():
    a, b = GardensGame(["A", "B"], seed=1), GardensGame(["A", "B"], seed=2)
    assert a.buildings != b.buildings
    assert GardensGame(["A", "B"], seed=1).buildings == a.buildings
    assert Counter(x.value for x in a.buildings.values()) == {1: 10, 2: 10, 3: 10, 4: 10, 5: 9}


def test_G2_a_tile_turns_in_quarter_turns():
    t = garden_tiles()[0]
    assert [t.side(k, 0) for k in range(4)] == list(t.sides)
    assert t.side(1, 1) == t.sides[0]  # a quarter turn clockwise moves NE to SE
    for tile in garden_tiles():  # each quarter turn moves every kind one side on, clockwise
        for r in range(4):
            assert [tile.side((k + 1) % 4, r + 1) for k in range(4)] == [
                tile.side(k, r) for k in range(4)
            ]
        assert sorted(tile.side(k, 3) for k in range(4)) == sorted(tile.sides)


def test_G2_each_player_owns_a_kind_others_belong_to_nobody():
    g = GardensGame(["A", "B", "C"], seed=1)
    assert [p.kinds for p in g.players] == [("lemon",), ("orange",), ("palm",)]
    assert g.owner_of("lavender") is None
    with pytest.raises(IllegalAction):
        GardensGame(["A", "B"], seed=1, colours={"A": ["palm"], "B": ["palm"]})


# -- G3 turns ------------------------------------------------------------------------
def test_G3_first_tile_not_on_the_outer_ring():
    g = GardensGame(["A", "B"], seed=3)
    tile = g.current_player.hand[0].id
    with pytest.raises(IllegalAction) as e:
        g.apply(Lay(tile, (0, 3), 0))
    assert e.value.rule == "G3" and "edge or corner" in str(e.value)
    assert set(g.legal_fields()) == {(x, y) for x in range(1, 5) for y in range(1, 5)}
    assert all(not on_outer_ring(a.field) for a in g.legal_actions())
    g.apply(Lay(tile, (2, 2), 1))
    # later tiles: beside a laid one, edges allowed
    assert set(g.legal_fields()) == {(1, 2), (3, 2), (2, 1), (2, 3)}


def test_G3_later_tiles_share_a_straight_side_not_only_a_corner():
    g = GardensGame(["A", "B"], seed=3)
    g.apply(Lay(g.current_player.hand[0].id, (2, 2), 0))
    with pytest.raises(IllegalAction) as e:
        g.apply(Lay(g.current_player.hand[0].id, (3, 3), 0))
    assert e.value.rule == "G3" and "straight side" in str(e.value)


def test_G3_lay_then_draw_and_the_turn_passes():
    g = GardensGame(["A", "B"], seed=3)
    p = g.current_player
    supply = len(g.supply)
    g.apply(Lay(p.hand[0].id, (2, 2), 0))
    assert len(p.hand) == 1 and len(g.supply) == supply - 1
    assert g.current_player is not p


def test_G3_variant_hand_of_three():
    g = GardensGame(["A", "B", "C"], seed=3, hand_size=3)
    assert all(len(p.hand) == 3 for p in g.players)
    ids = {a.tile for a in g.legal_actions()}
    assert len(ids) == 3


def test_G3_refusals_leave_the_state_unchanged():
    g = GardensGame(["A", "B"], seed=3)
    before = g.to_json()
    for bad in [Lay("G99", (2, 2), 0), Lay(g.players[1 - g.current].hand[0].id, (2, 2), 0)]:
        with pytest.raises(IllegalAction) as e:
            g.apply(bad)
        assert e.value.rule == "G3"
    with pytest.raises(IllegalAction) as e:
        Lay("G01", (6, 0), 0)
    assert e.value.rule == "G1"
    with pytest.raises(MalformedInput):
        Lay("G01", (1, 1), 4)
    assert g.to_json() == before


# -- G4 scoring ------------------------------------------------------------------------
def test_G4_api_example():
    assert winning_kind({"orange": 3, "palm": 3, "lavender": 2, "lemon": 0}) == "lavender"


def test_G4_rulebook_orange_5_beats_green_4_yellow_3_purple_2():
    assert winning_kind({"orange": 5, "palm": 4, "lavender": 2, "lemon": 3}) == "orange"


def test_G4_rulebook_purple_6_over_several_tiles_beats_orange_5():
    assert winning_kind({"lavender": 6, "palm": 0, "orange": 5, "lemon": 0}) == "lavender"


def test_G4_rulebook_tie_for_most_gives_the_next_highest():
    assert winning_kind({"orange": 4, "lavender": 4, "palm": 3, "lemon": 1}) == "palm"


def test_G4_rulebook_kind_with_no_tree_wins_when_the_others_tie():
    assert winning_kind({"orange": 3, "palm": 3, "lavender": 3, "lemon": 0}) == "lemon"


def test_G4_rulebook_two_ties_nobody_wins():
    assert winning_kind({"orange": 5, "palm": 5, "lavender": 3, "lemon": 3}) is None
    assert winning_kind({"orange": 5, "palm": 5, "lavender": 0, "lemon": 0}) is None
    assert winning_kind({k: 2 for k in ("orange", "palm", "lavender", "lemon")}) is None


def test_G4_explanation_names_the_dropped_ties():
    w, why = explain_winner({"orange": 3, "palm": 3, "lavender": 2, "lemon": 0})
    assert w == "lavender" and "orange and palm tie at 3" in why and "drop out" in why


# The rulebook's example positions: the Gardens have no position editor (the game's
# state is read-only to users), so these helpers write the engine's own fields.


def _lay_around(g, building, plan):
    """Put tiles around ``building`` by hand: plan = [(field, tile_id, turn)]."""
    for f, tid, turn in plan:
        g._fields[f] = (g.tile(tid), turn)


def _set_building(g, b, value, kind):
    g._buildings[b] = type(g.buildings[b])(value, kind)


def _set_hand(p, tile):
    p._hand[0] = tile


def test_G4_rulebook_four_kinds_value_3_orange_wins_12():
    g = GardensGame(["Ann", "Ben", "Cem", "Dan"], seed=1)  # lemon, orange, palm, lavender
    b = (3, 3)
    _set_building(g, b, 3, "arcades")
    # fields around (3,3): (2,2) SE side, (3,2) SW, (2,3) NE, (3,3) NW
    tiles = {t.id: t for t in garden_tiles()}

    def tile_with(kind, side, n):
        return next(t for t in tiles.values() if t.trees == n and t.sides[side] == kind)

    plan = [
        ((2, 2), tile_with("orange", 1, 3).id, 0),
        ((3, 2), tile_with("palm", 2, 2).id, 0),
        ((2, 3), tile_with("lemon", 0, 1).id, 0),
    ]
    _lay_around(g, b, plan)
    last = tile_with("lavender", 3, 2)
    p = g.current_player
    _set_hand(p, last)
    g.apply(Lay(last.id, (3, 3), 0))  # encloses (3, 3): orange 3, palm 2, lavender 2, lemon 1
    s = g.scored[b]
    assert s.counts == {"lemon": 1, "orange": 3, "palm": 2, "lavender": 2}
    assert s.winner == "orange" and s.multiplier == 4 and s.points == 12 and s.owner == "Ben"
    assert g.scores["Ben"] >= 12


def test_G4_rulebook_three_kinds_orange_purple_tie_green_wins_9():
    g = GardensGame(["Ann", "Ben", "Cem", "Dan"], seed=1)  # lemon, orange, palm, lavender
    b = (3, 3)
    _set_building(g, b, 3, "arcades")
    used = set()

    def tile_with(kind, side, n):
        """A free tile with ``n`` trees a side, and the turn that brings ``kind`` to ``side``."""
        t = next(t for t in garden_tiles() if t.trees == n and t.id not in used)
        used.add(t.id)
        return t, next(r for r in range(4) if t.side(side, r) == kind)

    # around (3, 3): (2, 2) faces it with side 1, (3, 2) side 2, (2, 3) side 0, (3, 3) side 3
    g._fields[(2, 2)] = tile_with("orange", 1, 1)
    g._fields[(3, 2)] = tile_with("orange", 2, 1)
    g._fields[(2, 3)] = tile_with("lavender", 0, 2)
    last, turn = tile_with("palm", 3, 1)
    _set_hand(g.current_player, last)
    g.apply(Lay(last.id, (3, 3), turn))
    s = g.scored[b]
    assert s.counts == {"lemon": 0, "orange": 2, "palm": 1, "lavender": 2}
    assert s.winner == "palm" and s.owner == "Cem"  # green
    assert s.multiplier == 3 and s.points == 9
    assert "orange and lavender tie at 2" in s.why


def test_G4_scored_once_only_when_enclosed_and_turned_over_even_without_points():
    rng = random.Random(4)
    g = GardensGame(["A", "B"], seed=4)
    while not g.is_over:
        before = set(g.scored)
        g.apply(rng.choice(g.legal_actions()))
        new = set(g.scored) - before
        for b in new:
            assert g.enclosed(b)
        for b in g.buildings:
            assert (b in g.scored) == g.enclosed(b)
    assert len(g.scored) == 49
    assert any(s.owner is None for s in g.scored.values())  # unowned kinds or full ties
    for s in g.scored.values():
        assert s.points == (s.value * s.multiplier if s.owner else 0)


def test_G4_points_of_unowned_kinds_are_not_scored():
    g = GardensGame(["A", "B"], seed=6)
    rng = random.Random(6)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    won_by_nobody = [s for s in g.scored.values() if s.winner in ("palm", "lavender")]
    assert won_by_nobody and all(
        s.points == 0 and "belongs to nobody" in s.why for s in won_by_nobody
    )
    assert sum(g.scores.values()) == sum(s.points for s in g.scored.values())


# -- G5 end, variants -----------------------------------------------------------------------
def test_G5_game_ends_when_every_field_is_planted_equal_totals_share():
    g = GardensGame(["A", "B", "C", "D"], seed=8)
    rng = random.Random(8)
    while not g.is_over:
        assert g.legal_actions()
        g.apply(rng.choice(g.legal_actions()))
    assert len(g.fields) == 36 and len(g.scored) == 49 and g.legal_actions() == []
    top = max(g.scores.values())
    assert g.winners == [n for n, s in g.scores.items() if s == top]
    with pytest.raises(IllegalAction) as e:
        g.apply(Lay("G01", (0, 0), 0))
    assert e.value.rule in ("G5", "format")


def test_G5_two_players_two_colours_scored_apart_added_at_the_end():
    g = GardensGame(["A", "B"], seed=9, two_colours=True)
    assert [p.kinds for p in g.players] == [("lemon", "palm"), ("orange", "lavender")]
    rng = random.Random(9)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    for p in g.players:
        assert set(p.points) == set(p.kinds) and p.score == sum(p.points.values())
    assert all(s.owner is not None or s.winner is None for s in g.scored.values())
    with pytest.raises(IllegalAction):
        GardensGame(["A", "B", "C"], seed=1, two_colours=True)


# -- records: replay, JSON, undo ---------------------------------------------------------------
@pytest.mark.parametrize("seed", range(60))
def test_random_playouts_replay_and_json_round_trip_exactly(seed):
    n = 2 + seed % 3
    rng = random.Random(seed)
    g = GardensGame(
        [f"P{i}" for i in range(n)],
        seed=seed,
        hand_size=3 if seed % 4 == 0 else 1,
        two_colours=(n == 2 and seed % 2 == 1),
    )
    digests = [g.digest()]
    while not g.is_over:
        a = rng.choice(g.legal_actions())
        assert Lay.from_json(a.to_json()) == a
        g.apply(a)
        digests.append(g.digest())
        scored = list(g.scored.values())
        assert len({s.building for s in scored}) == len(scored)  # each building once
    assert len(g.scored) == 49
    h = GardensGame.replay(g._options(), [])
    for i, a in enumerate(g.history):
        h.apply(a)
        assert h.digest() == digests[i + 1]
    assert GardensGame.from_json(g.to_json()).state_dict() == g.state_dict()
    mid = rng.randrange(len(g.history) + 1)
    assert GardensGame.from_json(g.at(mid).to_json()).digest() == digests[mid]


def test_undo_restores_the_previous_state():
    g = GardensGame(["A", "B"], seed=2)
    rng = random.Random(2)
    states = [g.state_dict()]
    for _ in range(30):
        g.apply(rng.choice(g.legal_actions()))
        states.append(g.state_dict())
    for i in range(30, 0, -1):
        g.undo()
        assert g.state_dict() == states[i - 1]


def test_bad_documents_are_refused_with_a_value_error():
    g = GardensGame(["A", "B"], seed=2)
    g.apply(g.legal_actions()[0])
    doc = json.loads(g.to_json())
    for bad in [
        "{",
        json.dumps({**doc, "format": "x"}),
        json.dumps({**doc, "hand_size": 2}),
        json.dumps({**doc, "actions": [{"type": "lay"}]}),
        json.dumps(
            {**doc, "actions": [{"type": "lay", "tile": "G01", "field": [0, 0], "turn": 0}]}
        ),
        json.dumps({**doc, "digest": "0" * 20}),
    ]:
        with pytest.raises(GameFileError) as e:
            GardensGame.from_json(bad)
        assert isinstance(e.value, ValueError) and len(str(e.value)) > 10


def test_random_junk_lay_json_is_refused_whole():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    junk = st.recursive(
        st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=4),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(
                st.sampled_from(["type", "tile", "field", "turn", "x"]), inner, max_size=4
            )
        ),
        max_leaves=8,
    )

    @settings(max_examples=300, deadline=None)
    @given(data=junk)
    def run(data):
        g = GardensGame(["A", "B"], seed=1)
        before = g.to_json()
        try:
            g.apply(Lay.from_json(data))
        except MalformedInput:
            assert g.to_json() == before
        except IllegalAction as e:
            assert e.rule in RULING_IDS and g.to_json() == before
        else:
            assert g.step == 1

    run()


def test_G3_the_gardens_view_marks_the_others_lays_since_your_last_and_names_tiles_by_trees():
    """Gardens parity: the view lists what the others laid since the
    person's last lay, with the field to mark, in the engine's sentence, which names
    a tile by its trees, not by its id; once the person lays, the list starts again."""
    from alhambra_widget.views.gardens.view import gardens_view

    g = GardensGame(["You", "Ben", "Cem"], seed=4)
    seats = {"Ben": "greedy", "Cem": "greedy"}
    while g.current_player.name != "You":
        g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])  # you lay: nothing since
    view = lambda: gardens_view(g, live=True, step=g.step, steps=g.step, seats=seats)  # noqa: E731
    assert view()["recent"] == []
    laid = []
    while g.current_player.name != "You":
        a = g.legal_actions()[0]
        laid.append(f"{a.field[0]},{a.field[1]}")
        g.apply(a)
    recent = view()["recent"]
    assert [r["marks"]["fields"][0] for r in recent] == laid
    assert [g.players[r["player"]].name for r in recent] == ["Ben", "Cem"]
    for r in recent:
        assert re.search(r" lays a tile with \d trees? a side", r["text"]), r["text"]
        assert not re.search(r"\bG\d\d\b", r["text"])


def test_G3_the_log_names_each_corners_trees_as_laid():
    """A lay is narrated by what the board shows afterwards: the kind at each corner of
    the tile as turned (G3), read back from the engine's fields, never "turned 3"."""
    g = GardensGame(["Ann", "Bo"], seed=8)
    r = random.Random(8)
    corners = ("north-east", "south-east", "south-west", "north-west")
    turned = 0
    for _ in range(12):
        a = r.choice(g.legal_actions())
        turned += a.turn != 0
        g.apply(a)
        tile, turn = g.fields[a.field]
        text = next(e.text for e in reversed(g.log) if e.kind == "lay")
        named = ", ".join(f"{tile.side(k, turn)} {corners[k]}" for k in range(4))
        assert text.endswith(f"at ({a.field[0]}, {a.field[1]}): {named}."), text
        assert "turned" not in text
    assert turned > 0


def test_G1_a_scored_building_is_named_by_the_fields_the_board_numbers():
    """The board's axes number the fields 0-5; a scored building's sentence names the
    fields around it (the engine's fields_of), never its own 0-6 square."""
    from alhambra_widget.engine.gardens.components import fields_of
    from alhambra_widget.engine.gardens.game import GardensGame
    from alhambra_widget.players.gardens.greedy import GreedyGardensBot

    g = GardensGame(["You", "Ben"], seed=9)
    bot = GreedyGardensBot(9)
    seen = 0
    while not g.is_over:
        for e in g.apply(bot.choose(g)):
            if e.kind != "scored":
                continue
            b = tuple(e.data["scoring"]["building"])
            fields = sorted(f for f, _ in fields_of(b))
            assert all(0 <= x <= 5 and 0 <= y <= 5 for x, y in fields)
            assert f"({fields[0][0]}, {fields[0][1]})" in e.text, e.text
            assert f"({fields[-1][0]}, {fields[-1][1]})" in e.text, e.text
            if 6 in b:  # a building on the south or east edge: its square is off the axes
                assert f"({b[0]}, {b[1]})" not in e.text, e.text
            seen += 1
    assert seen > 10


def test_G1_the_view_names_each_building_as_the_log_does():
    """The page names a building by the fields around it, in the engine's words: the
    view's ``places`` for a scored building is the place the log's sentence gives it
    (never its own square, which the board's axes do not number)."""
    from alhambra_widget.players.gardens.greedy import GreedyGardensBot
    from alhambra_widget.views.gardens.view import gardens_view

    g = GardensGame(["You", "Ben"], seed=5)
    bot = GreedyGardensBot(5)
    seats = {"You": "human", "Ben": "greedy"}
    said: dict[str, str] = {}
    while not g.is_over:
        for e in g.apply(bot.choose(g)):
            if e.kind == "scored":
                b = e.data["scoring"]["building"]
                said[f"{b[0]},{b[1]}"] = e.text
    places = gardens_view(g, live=True, step=g.step, steps=g.step, seats=seats)["places"]
    assert len(places) == 49 and len(said) > 10
    for k, text in said.items():
        assert f"The {g.scored[tuple(map(int, k.split(',')))].kind} (" in text
        assert f") {places[k]} is enclosed" in text, (k, places[k], text)
        assert re.fullmatch(
            r"(between fields \(\d, \d\) and \(\d, \d\)|beside field \(\d, \d\))", places[k]
        )


def test_G2_a_lay_names_its_tiles_trees_in_the_singular_for_one_and_the_plural_for_more():
    """ "a tile with 1 tree a side", "a tile with 3 trees a side": read off the engine's
    own lay events over a whole game, which lays tiles of both."""
    g = GardensGame(["Ann", "Ben"], seed=4)
    said: dict[int, str] = {}
    while not g.is_over:
        for e in g.apply(g.legal_actions()[0]):
            if e.kind == "lay":
                said.setdefault(e.data["trees"], e.text)
    assert 1 in said and any(n > 1 for n in said), sorted(said)
    for n, text in said.items():
        words = "1 tree a side" if n == 1 else f"{n} trees a side"
        assert f" lays a tile with {words} at (" in text, text
        assert "a tile of" not in text and "1 trees" not in text
