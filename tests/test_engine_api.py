"""The engine's API: names of seats, renamed options, queries callers need (R3, R9)."""

import pytest

from alhambra_widget import Game
from alhambra_widget.engine.alhambra.components import kind_counts
from alhambra_widget.engine.errors import MalformedInput
from alhambra_widget.engine.gardens.game import GardensGame

BAD_NAMES = ["Ann\n", "A\x00n", "Ann\x1b[31m", "Ann\u200b", "x" * 41, "", "   ", 3]


@pytest.mark.parametrize("game", [Game, GardensGame])
@pytest.mark.parametrize("bad", BAD_NAMES)
def test_player_names_without_control_characters_and_not_too_long(game, bad):
    with pytest.raises(MalformedInput):
        game(["Ben", bad], seed=1)


@pytest.mark.parametrize("game", [Game, GardensGame])
def test_player_names_fit_are_accepted(game):
    g = game(["Ann-Marie Østergård", "x" * 40], seed=1)
    assert [p.name for p in g.players] == ["Ann-Marie Østergård", "x" * 40]
    with pytest.raises(MalformedInput):
        game(["Ann", "Ann"], seed=1)


def test_R3_dirk_name_checked_like_a_player_name():
    with pytest.raises(MalformedInput):
        Game(["Ann", "Ben"], seed=1, dirk_name="Matt\n")
    with pytest.raises(MalformedInput):
        Game(["Ann", "Ben"], seed=1, dirk_name="Ann")


def test_R3_dirk_name_option_and_the_older_keyword():
    g = Game(["Ann", "Ben"], seed=4, dirk_name="Matt")
    assert g.dirk_name == "Matt" and len(g.dirk_tiles) == 6
    assert Game(["Ann", "Ben"], seed=4, dirk="Matt").dirk_name == "Matt"
    again = Game.from_json(g.to_json())
    assert again.dirk_name == "Matt"
    old = g.to_json().replace('"dirk_name"', '"dirk"')  # a file saved before the rename
    assert Game.from_json(old).dirk_name == "Matt"


def test_R3_dirk_counts_are_kind_counts_of_his_tiles():
    g = Game(["Ann", "Ben"], seed=4)
    assert g.dirk_counts() == kind_counts(g.dirk_tiles)
    assert sum(g.dirk_counts().values()) == 6
    assert Game(["A", "B", "C"], seed=1).dirk_counts() == {}


def test_R9_next_scoring_round_counts_the_scoring_cards_drawn():
    g = Game(["A", "B", "C"], seed=1)
    assert g.next_scoring_round == 1
    import random

    rng = random.Random(1)
    while not g.is_over:
        assert g.next_scoring_round == min(3, len(g.scoring_cards_drawn) + 1)
        g.apply(rng.choice(g.legal_actions()))
    assert g.next_scoring_round == 3


def test_R1_the_bag_share_left_is_the_games_clock():
    import random

    g = Game(["Ann", "Ben"], seed=4)
    r, shares = random.Random(4), [g.bag_share_left]
    assert 0.5 < shares[0] < 1.0
    while not g.is_over:
        g.apply(r.choice(g.legal_actions()))
        assert g.bag_share_left == len(g.bag) / 54
        shares.append(g.bag_share_left)
    assert shares == sorted(shares, reverse=True)  # the bag only empties
    assert shares[-1] == 0.0 and len(set(shares)) > 10


def test_G5_the_fields_share_left_is_the_gardens_clock():
    """Everyone sees how many garden fields are still empty: 1.0 at setup, 0.0 at the end (G5)."""
    import random

    g = GardensGame(["Ann", "Bo"], seed=3)
    r, shares = random.Random(5), [g.fields_share_left]
    assert shares[0] == 1.0
    while not g.is_over:
        g.apply(r.choice(g.legal_actions()))
        shares.append(g.fields_share_left)
    assert shares[-1] == 0.0
    assert shares == sorted(shares, reverse=True) and len(set(shares)) == 37  # one field a step


def test_events_made_later_read_like_plain_events():
    """Events whose data is made on first read (the engine's frequent kinds) compare,
    pickle, copy and narrate like events built with their data; the data is the
    documented plain JSON (names, tile names, cells as [x, y])."""
    import copy
    import json
    import pickle
    import random

    from alhambra_widget.engine.alhambra.narration import Event

    g = Game(["Ann", "Ben", "Cem"], seed=4)
    r = random.Random(4)
    kinds: set[str] = set()
    while not g.is_over and g.step < 400:
        g.apply(r.choice(g.legal_actions()))
    for e in g.log:
        kinds.add(e.kind)
        plain = Event(e.kind, json.loads(json.dumps(e.data)))
        assert plain == e and e == plain
        assert plain.text == e.text and repr(plain) == repr(e)
        assert pickle.loads(pickle.dumps(e)) == e
        assert copy.deepcopy(e).data == e.data
        if e.kind in ("place", "redesign"):
            assert isinstance(e.data["pos"], list) and len(e.data["pos"]) == 2
        if e.kind == "market_refilled":
            assert all(isinstance(c, str) and isinstance(t, str) for c, t in e.data["tiles"])
    assert {"take_money", "buy", "place", "redesign", "turn", "money_refilled"} <= kinds
    later = Event("turn", None, lambda a, b, c, d: {"player": a, "turn": b}, "Ann", 3)
    assert later == Event("turn", {"player": "Ann", "turn": 3})
    assert later.data is later.data  # made once, then kept


def test_R10_R11_scores_before_each_round_are_those_seen_just_before_it_was_scored():
    """Played to the end (two players: Dirk too), the points each name had at the
    moment before each scoring round, watched action by action, are what the engine
    gives for that round afterwards; a round not scored yet gives the points of now."""
    g = Game(["Ann", "Ben"], seed=7)

    def board() -> dict[str, int]:
        return {**g.scores, g.dirk_name: g.dirk_score}

    seen: dict[int, dict[str, int]] = {}
    while not g.is_over:
        before, n = board(), len(g.rounds)
        g.apply(g.legal_actions()[0])
        for r in g.rounds[n:]:
            seen[r.number] = before  # scored by this action (the last round: at the end)
        if len(g.rounds) == 1 and len(seen) == 1:
            assert g.scores_before_round(2) == board()  # not scored yet
    assert sorted(seen) == [1, 2, 3]
    for number, points in seen.items():
        assert g.scores_before_round(number) == points
    assert seen[3] != board()  # the last round gave points: a real difference
