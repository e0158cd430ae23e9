"""R1 components: the real tile set, money cards, tiles as values."""

from collections import Counter

import pytest

from alhambra_widget import FOUNTAIN, IllegalAction, Tile, building_tiles
from alhambra_widget.engine.alhambra.components import KIND_COUNTS, KIND_PRICES, Card, money_cards
from alhambra_widget.engine.errors import MalformedInput


def test_R1_54_real_tiles_with_counts_and_price_ranges():
    tiles = building_tiles()
    assert len(tiles) == 54
    assert Counter(t.kind for t in tiles) == KIND_COUNTS
    assert KIND_COUNTS == {
        "pavilion": 7,
        "seraglio": 7,
        "arcades": 9,
        "chambers": 9,
        "garden": 11,
        "tower": 11,
    }
    for t in tiles:
        low, high = KIND_PRICES[t.kind]
        assert low <= t.price <= high
        assert len(t.walls) <= 3
    # every price of each kind's range occurs (the printed tiles cover the range)
    for kind, (low, high) in KIND_PRICES.items():
        assert {t.price for t in tiles if t.kind == kind} == set(range(low, high + 1))


def test_R1_tiles_are_distinct_values_so_names_identify_them():
    tiles = building_tiles()
    assert len(set(tiles)) == 54
    assert len({t.name for t in tiles}) == 54
    for t in tiles:
        assert Tile.parse(t.name) == t


def test_R1_tile_data_matches_the_shared_csv_sample():
    tiles = building_tiles()
    assert tiles[0] == Tile("pavilion", 2, "NEW")
    assert Tile("tower", 13, "E") in tiles
    assert Tile("garden", 10) in tiles and Tile("garden", 10, "N") in tiles


def test_R1_money_108_cards_or_72_with_two_players():
    full = money_cards()
    assert len(full) == 108
    assert Counter(full) == {
        Card(c, v): 3 for c in ("denar", "dirham", "ducat", "florin") for v in range(1, 10)
    }
    two = money_cards(two_players=True)
    assert len(two) == 72 and set(Counter(two).values()) == {2}


def test_R1_walls_normalised_and_validated():
    assert Tile("tower", 9, "EN").walls == "NE"
    assert Tile("tower", 9, "en") == Tile("tower", 9, "NE")
    for bad in [
        ("castle", 5, ""),
        ("tower", 3, ""),
        ("tower", 9, "NESW"),
        ("tower", 9, "NN"),
        ("tower", 9, "X"),
        ("fountain", 1, ""),
    ]:
        with pytest.raises(IllegalAction) as e:
            Tile(*bad)
        assert e.value.rule == "R1"


def test_R1_fountain_has_no_walls():
    assert FOUNTAIN.walls == "" and FOUNTAIN.mask == 0
    assert Tile.parse("fountain") is FOUNTAIN


@pytest.mark.parametrize("text", ["tower", "tower nine", "tower 9 NE x", 5, None])
def test_R1_tile_parse_refuses_malformed_text(text):
    with pytest.raises(MalformedInput):
        Tile.parse(text)


def test_R1_an_unknown_kind_is_refused_with_r1():
    with pytest.raises(IllegalAction) as e:
        Tile.parse("denar 3")
    assert e.value.rule == "R1" and "pavilion" in e.value.sentence
