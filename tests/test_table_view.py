"""The game table's view model for direct manipulation: a market
tile's cells for a drag from its slot, and the walls a tile would join on each legal
cell (R7, R11). Every verdict is the engine's; these tests compare with the engine's
own answers on positions built with its edit API."""

from __future__ import annotations

from helpers import dirk_ahead_at_the_end

from alhambra_widget import Alhambra, Game, Tile
from alhambra_widget.engine.alhambra.actions import Buy
from alhambra_widget.views.alhambra.view import legal_view, tile_words, wall_joins
from alhambra_widget.widgets import AlhambraWidget


def _seg(s):
    return ((s[0], s[1]), (s[2], s[3]))


def test_R11_a_tile_joins_the_wall_it_touches_at_a_corner_and_nothing_else():
    a = Alhambra.from_tiles({(1, 0): Tile.parse("garden 6 N"), (2, 0): Tile.parse("tower 9 NE")})
    # the east wall of a tower at (0, -1) meets the garden's north wall at corner (1, 0):
    # the whole joined wall of the garden and the tower is marked
    joined = {_seg(s) for s in wall_joins(a, Tile.parse("tower 13 NE"), (0, -1))}
    assert joined == set(a.external_walls())
    # a north wall at (0, -1) ends at corner (1, -1): it touches no wall
    assert wall_joins(a, Tile.parse("pavilion 8 N"), (0, -1)) == []
    # a tile without walls joins nothing
    assert wall_joins(a, Tile.parse("arcades 5"), (0, -1)) == []


def test_R11_the_joined_segments_are_walls_of_the_alhambra_with_the_tile_built():
    a = Alhambra.from_tiles({(1, 0): Tile.parse("garden 6 N"), (2, 0): Tile.parse("tower 9 NE")})
    t = Tile.parse("tower 13 NE")
    after = a.copy()
    after.place(t, (0, -1))
    walls = set(after.external_walls())
    joined = {_seg(s) for s in wall_joins(a, t, (0, -1))}
    assert joined <= walls
    # with the tile, one wall runs through its segments and the joined ones
    assert after.longest_wall() == len(joined) + 2


def test_R7_a_market_tile_carries_the_engines_cells_and_joins_for_a_drag():
    g = Game(["You", "Ben"], seed=3)
    g.edit(
        market={"denar": "tower 13 NE"},
        players={
            "You": {
                "alhambra": [[1, 0, "garden 6 N"], [2, 0, "tower 9 NE"]],
                "money": ["denar 9", "denar 5"],
            }
        },
    )
    b = legal_view(g)["buy"]["denar"]
    a = g.player("You").alhambra
    t = Tile.parse("tower 13 NE")
    assert b["tile"] == "tower 13 NE"
    for k, r in b["cells"].items():
        x, y = map(int, k.split(","))
        assert (r == "") == a.is_legal(t, (x, y)), k
    assert b["joins"]["0,-1"] and "0,-1" in b["cells"] and b["cells"]["0,-1"] == ""
    assert all(b["cells"][k] == "" for k in b["joins"])


def test_R9_tiles_to_place_carry_their_joins_and_the_widget_sends_them():
    g = Game(["You", "Ben"], seed=3)
    g.edit(
        market={"denar": "tower 13 NE"},
        players={
            "You": {
                "alhambra": [[1, 0, "garden 6 N"], [2, 0, "tower 9 NE"]],
                "money": ["denar 9", "denar 5"],
            }
        },
    )
    w = AlhambraWidget(g)
    g.apply(Buy("denar", (9, 5)))  # overpaid: no other action, the tile is placed now
    assert g.phase == "place"
    t = w.view["legal"]["tiles"]["tower 13 NE"]
    assert t["joins"]["0,-1"] == wall_joins(
        g.player("You").alhambra, Tile.parse("tower 13 NE"), (0, -1)
    )


def test_the_log_names_tiles_as_the_table_shows_them_walls_in_words():
    g = Game(["You", "Ben"], seed=3)
    g.edit(market={"denar": "tower 13 NE"}, players={"You": {"money": ["denar 9", "denar 5"]}})
    g.apply(Buy("denar", (9, 5)))
    w = AlhambraWidget(g)
    line = next(t for t in w.view["log"] if "buy" in t)
    assert line.startswith(
        "You buy the tower 13 with walls north and east for denar 9 + denar 5 = 14 (overpaid by 1"
    ), line
    assert "13 NE" in g.log[-1].text or any(
        "tower 13 NE" in e.text for e in g.log
    )  # the engine's own words
    assert tile_words("chambers 5 NSW") == "chambers 5 with walls north, south and west"
    assert tile_words("pavilion 8") == "pavilion 8"


def test_the_message_after_a_move_names_the_tile_with_its_walls_in_words():
    g = Game(["You", "Ben"], seed=3)
    g.edit(market={"denar": "tower 13 NE"}, players={"You": {"money": ["denar 9", "denar 5"]}})
    w = AlhambraWidget(g)
    w._on_msg(w, {"kind": "act", "v": w.view["v"], "action": Buy("denar", (9, 5)).to_json()}, [])
    assert g.phase == "place"
    assert "You buy the tower 13 with walls north and east" in w.message["text"], w.message


def _hint_of(w: AlhambraWidget) -> dict:
    import time

    w.hint_playouts = 30
    w._on_msg(w, {"kind": "hint", "v": w.view["v"]}, [])
    end = time.time() + 60
    while (w.view.get("hint") or {}).get("state") != "done" or "refining" in w.view["hint"]:
        assert time.time() < end, w.view.get("hint")
        time.sleep(0.05)
    return w.view["hint"]


def _placing_widget() -> AlhambraWidget:
    """You have bought a tile with an overpayment (R6: the turn ends) and must place it (R9)."""
    w = AlhambraWidget(players=["You", "Ben"], seed=3, seats={"Ben": "greedy"})
    w.autoplay_bots = False
    g = w.game
    g.edit(
        market={"denar": "chambers 8"},
        players={
            "You": {"money": ["denar 9"], "alhambra": [[1, 0, "garden 6"], [0, 1, "tower 9"]]}
        },
    )
    g.apply(Buy("denar", (9,)))
    assert g.phase == "place" and g.current_player.name == "You"
    return w


def test_R9_a_hints_placement_names_the_cell_it_builds_on_and_the_engine_lists_it_legal():
    """The hint's moves carry where they show on the board, read off each action: a
    build marks its cell, which the engine lists legal for that tile (R7)."""
    w = _placing_widget()
    h = _hint_of(w)
    legal = w.view["legal"]
    built = 0
    for m in h["moves"]:
        a = m["action"]
        if a["type"] == "place":
            x, y = a["pos"]
            assert m["marks"] == {"cells": [f"{x},{y}"]}
            assert (
                legal["tiles"][a["tile"]]["cells"][f"{x},{y}"] == ""
            )  # the engine's verdict: legal
            built += 1
        else:
            assert a["type"] == "reserve" and m["marks"] == {}
    assert built >= 1


def test_R5_R6_a_hints_take_names_the_display_cards_and_a_buy_its_slot_and_the_cards_paid():
    """At the start of a turn the hint's moves are takes and buys: a take marks the cards
    it takes from the display (R5), a buy the market slot and the cards it pays (R6)."""
    from alhambra_widget.views.alhambra.view import action_marks

    w = AlhambraWidget(players=["You", "Ben"], seed=3, seats={"Ben": "greedy"})
    w.autoplay_bots = False
    g = w.game
    h = _hint_of(w)
    display = [(c.currency, c.value) for c in g.display]
    for m in h["moves"]:
        a, mk = m["action"], m["marks"]
        if a["type"] == "take_money":
            taken = [(c.split()[0], int(c.split()[1])) for c in a["cards"]]
            assert mk == {"cards": taken} and all(c in display for c in taken)
        elif a["type"] == "buy":
            assert mk == {"slot": a["currency"], "pay": [(a["currency"], v) for v in a["pay"]]}
    # every kind of action: where it shows, and a move made shows no payment (its hand's
    # cards are not the page's to mark)
    from alhambra_widget.engine.alhambra.actions import (
        Exchange,
        Place,
        Reserve,
        TakeMoney,
        ToReserve,
    )
    from alhambra_widget.engine.alhambra.components import Card

    t = Tile.parse("tower 9 N")
    assert action_marks(Place(t, (2, -1))) == {"cells": ["2,-1"]}
    assert action_marks(Exchange(t, (1, 0))) == {"cells": ["1,0"]}
    assert action_marks(ToReserve((0, 1))) == {"from": ["0,1"]}
    assert action_marks(Reserve(t)) == {}
    assert action_marks(TakeMoney((Card("ducat", 2), Card("denar", 3)))) == {
        "cards": [("denar", 3), ("ducat", 2)]
    }
    assert action_marks(Buy("ducat", (4, 5))) == {"slot": "ducat"}
    assert action_marks(Buy("ducat", (4, 5)), paid=True) == {
        "slot": "ducat",
        "pay": [("ducat", 5), ("ducat", 4)],
    }


def test_the_still_picture_shows_a_built_tiles_kind_not_its_price_its_title_names_it():
    """The picture for readers without a kernel draws a built tile as the table does:
    its kind, no price (paid already); the tile's name stays in its title."""
    import re

    from alhambra_widget.views.alhambra.svg import alhambra_svg

    a = Alhambra.from_tiles({(1, 0): Tile.parse("tower 9 N"), (0, 1): Tile.parse("garden 6")})
    svg = alhambra_svg(a)
    shown = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    assert sorted(shown) == ["Gar", "Tow"]
    assert (
        "<title>tower 9 N at (1, 0)</title>" in svg and "<title>garden 6 at (0, 1)</title>" in svg
    )


def test_the_still_pictures_size_is_the_alhambras_extent_and_a_ring_for_its_walls():
    """Three cells in a row (x -1..1, y 0) with a ring of empty cells around for the
    outer walls: 5 x 3 cells of 10 px, as the picture itself declares."""
    import re

    from alhambra_widget.views.alhambra.svg import alhambra_size, alhambra_svg

    a = Alhambra.from_tiles({(1, 0): Tile.parse("tower 9 N"), (-1, 0): Tile.parse("garden 6")})
    assert alhambra_size(a, 10) == (50, 30)
    declared = re.search(r'width="(\d+)" height="(\d+)"', alhambra_svg(a, cell=10))
    assert declared is not None and declared.groups() == ("50", "30")


def test_R3_the_view_says_whether_dirk_may_win_as_the_game_was_set_up():
    """A two-player game's Dirk (R3) wins only with the game's option; the view says
    which (the review graph's caption reads it), and a larger game has no Dirk."""
    assert AlhambraWidget(Game(["Ann", "Ben"], seed=1)).view["dirk"]["can_win"] is False
    assert (
        AlhambraWidget(Game(["Ann", "Ben"], seed=1, dirk_can_win=True)).view["dirk"]["can_win"]
        is True
    )
    assert AlhambraWidget(Game(["Ann", "Ben", "Cem"], seed=1)).view["dirk"] is None


def test_R3_the_results_rank_the_players_and_show_dirk_apart_unless_he_may_win():
    """Dirk scores but is no player (R3): at the end he stands apart from the ranking,
    unranked, even with the most points; the players' ranks and winners are the
    engine's. With the option that lets him win, he is ranked like a player."""
    g = dirk_ahead_at_the_end(False)
    r = AlhambraWidget(g).view["results"]
    assert [x["name"] for x in r["ranking"]] == ["Ann", "Ben"]
    assert all(x["rank"] == 1 and x["winner"] for x in r["ranking"])  # both 0: a shared win
    assert [x["name"] for x in r["ranking"] if x["winner"]] == g.winners
    assert r["apart"] == [{"name": "Dirk", "score": g.dirk_score}] and g.dirk_score == 41
    g = dirk_ahead_at_the_end(True)
    r = AlhambraWidget(g).view["results"]
    assert [(x["name"], x["rank"], x["winner"]) for x in r["ranking"]] == [
        ("Dirk", 1, True),
        ("Ann", 2, False),
        ("Ben", 2, False),
    ]
    assert r["apart"] == [] and g.winners == ["Dirk"]
