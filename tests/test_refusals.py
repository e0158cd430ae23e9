"""Illegal and malformed input is refused whole: a typed error with a rule id and a
sentence, and the state (its JSON) unchanged. Also saved-game files."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from alhambra_widget import (
    Action,
    Buy,
    Card,
    Exchange,
    FromReserve,
    Game,
    GameFileError,
    GiveToDirk,
    IllegalAction,
    Pass,
    Place,
    Reserve,
    TakeMoney,
    ToReserve,
    building_tiles,
)
from alhambra_widget.engine.alhambra.components import CURRENCIES
from alhambra_widget.engine.errors import RULING_IDS, MalformedInput

TILES = building_tiles()
cards = st.builds(Card, st.sampled_from(CURRENCIES), st.integers(1, 9))
tiles = st.sampled_from(TILES)
cells = st.tuples(st.integers(-4, 4), st.integers(-4, 4))
actions = st.one_of(
    st.builds(lambda cs: TakeMoney(tuple(cs)), st.lists(cards, min_size=1, max_size=4)),
    st.builds(
        lambda c, p: Buy(c, tuple(p)),
        st.sampled_from(CURRENCIES),
        st.lists(st.integers(1, 9), min_size=1, max_size=5),
    ),
    st.builds(Place, tiles, cells),
    st.builds(Reserve, tiles),
    st.builds(GiveToDirk, tiles),
    st.builds(FromReserve, tiles, cells),
    st.builds(ToReserve, cells),
    st.builds(Exchange, tiles, cells),
    st.just(Pass()),
)


def _midgame(seed: int, steps: int) -> Game:
    rng = random.Random(seed)
    g = Game([f"P{i}" for i in range(2 + seed % 5)], seed=seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 30), steps=st.integers(0, 250), action=actions)
def test_random_actions_are_applied_or_refused_whole(seed, steps, action):
    g = _midgame(seed, steps)
    before = g.to_json()
    state = g.state_dict()
    legal = action in g.legal_actions()
    try:
        g.apply(action)
    except IllegalAction as e:
        assert not legal, f"{action} is listed as legal but refused: {e}"
        assert e.rule in RULING_IDS and isinstance(e.sentence, str) and len(e.sentence) > 10
        assert e.rule in e.sentence, "a refusal names its ruling in its sentence"
        assert g.to_json() == before and g.state_dict() == state
    else:
        assert legal, f"{action} was accepted but is not in legal_actions()"


junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(data=junk)
def test_malformed_action_json_is_malformed_input_or_names_r1(data):
    try:
        a = Action.from_json(data)
    except MalformedInput as e:
        assert e.rule is None and not isinstance(e, IllegalAction)
    except IllegalAction as e:
        assert e.rule == "R1"  # well formed, but no such tile exists
    else:
        assert Action.from_json(a.to_json()) == a


@pytest.mark.parametrize(
    "data",
    [
        {"type": "buy", "currency": "euro", "pay": [3]},
        {"type": "buy", "currency": "denar", "pay": "3"},
        {"type": "buy", "currency": "denar", "pay": [0]},
        {"type": "buy", "currency": "denar"},
        {"type": "place", "tile": "tower 9 NE", "pos": [1]},
        {"type": "place", "tile": "tower 9 NE", "pos": [1.5, 0]},
        {"type": "take_money", "cards": ["denar 10"]},
        {"type": "take_money", "cards": []},
        {"type": "fly"},
        ["buy"],
        {"type": "pass", "extra": 1},
    ],
)
def test_malformed_action_examples(data):
    with pytest.raises(MalformedInput):
        Action.from_json(data)


def test_r1_a_tile_that_does_not_exist_is_refused_with_r1():
    with pytest.raises(IllegalAction) as e:
        Action.from_json({"type": "place", "tile": "tower 99", "pos": [1, 0]})
    assert e.value.rule == "R1" and "7 to 13" in e.value.sentence


def test_saved_game_round_trip_and_tampering():
    g = _midgame(3, 120)
    text = g.to_json()
    assert Game.from_json(text).state_dict() == g.state_dict()
    doc = json.loads(text)

    def refused(d, needle):
        with pytest.raises(GameFileError) as e:
            Game.from_json(json.dumps(d) if not isinstance(d, str) else d)
        assert isinstance(e.value, ValueError)
        assert needle in str(e.value), str(e.value)

    refused("{not json", "not JSON")
    refused([], "Not a saved Alhambra game")
    refused({**doc, "format": "chess"}, "Not a saved Alhambra game")
    refused({**doc, "version": 99}, "version")
    refused({**doc, "extra": 1}, "Unknown fields")
    refused({k: v for k, v in doc.items() if k != "seed"}, "lacks")
    refused({**doc, "actions": "all"}, "'actions' must be a list")
    refused({**doc, "actions": doc["actions"] + [{"type": "fly"}]}, "malformed")
    refused({**doc, "seed": doc["seed"] + 1}, "")  # another seed: replay breaks or digest differs
    # a legal-looking but different action list: the digest catches it
    refused({**doc, "actions": doc["actions"][:-1]}, "altered")
    swapped = dict(doc)
    swapped["players"] = list(reversed(doc["players"]))
    refused(swapped, "")
    # without a digest, a shorter record is simply an earlier game
    short = {k: v for k, v in doc.items() if k != "digest"}
    short["actions"] = doc["actions"][:10]
    assert Game.from_json(json.dumps(short)).step == 10


@settings(max_examples=200, deadline=None)
@given(data=junk)
def test_random_documents_are_refused_with_a_value_error(data):
    with pytest.raises(ValueError):
        Game.from_json(json.dumps(data))


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 20), i=st.integers(0, 200), action=actions)
def test_tampered_action_lists_are_refused_or_replay_legally(seed, i, action):
    g = _midgame(seed, 150)
    doc = json.loads(g.to_json())
    del doc["digest"]
    acts = doc["actions"]
    acts.insert(min(i, len(acts)), action.to_json())
    try:
        h = Game.from_json(json.dumps(doc))
    except GameFileError as e:
        assert "does not replay" in str(e) and "Action" in str(e)
    else:
        assert h.step == len(acts)
