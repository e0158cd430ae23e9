"""R13: the state a user can reach is read-only outside actions and ``edit``.

Every public attribute (found with ``dir()``) of a game mid-play of each kind, of a
player of each, and of an Alhambra owned by a game refuses assignment; a value that is
a list, dict or set either refuses in-place changes or is a copy whose change leaves
the game as it was (its ``to_json()`` and ``state_dict()``)."""

from __future__ import annotations

import contextlib
import random

import pytest

from alhambra_widget import Game
from alhambra_widget.engine.errors import GameError
from alhambra_widget.engine.gardens.game import GardensGame


def midgame(make, steps: int, seed: int):
    g = make()
    r = random.Random(seed)
    for _ in range(steps):
        g.apply(r.choice(g.legal_actions()))
    assert not g.is_over
    return g


GAMES = {
    "alhambra-2-dirk": lambda: midgame(lambda: Game(["Ann", "Ben"], seed=3), 60, 3),
    "alhambra-4": lambda: midgame(lambda: Game(["Ann", "Ben", "Cem", "Dan"], seed=4), 80, 4),
    "gardens-3": lambda: midgame(lambda: GardensGame(["Ann", "Ben", "Cem"], seed=5), 12, 5),
}


def public(obj) -> list[str]:
    return [n for n in dir(obj) if not n.startswith("_")]


def snapshot(g) -> tuple[str, dict]:
    return g.to_json(), g.state_dict()


def try_mutate(value) -> None:
    """Every in-place change a list, dict or set offers (each may refuse)."""
    attempts = []
    if isinstance(value, list):
        attempts = [
            lambda: value.append(None),
            lambda: value.clear(),
            lambda: value.__setitem__(0, None),
        ]
    elif isinstance(value, set):
        attempts = [lambda: value.add(None), lambda: value.clear()]
    elif isinstance(value, dict):
        attempts = [lambda: value.__setitem__("x", None), lambda: value.clear()]
    else:  # read-only mappings and tuples: no method changes them
        for name in ("append", "extend", "clear", "pop", "update", "__setitem__", "add"):
            assert not hasattr(value, name) or isinstance(value, str), (value, name)
    for attempt in attempts:
        with contextlib.suppress(TypeError, AttributeError, IndexError):
            attempt()


def check_read_only(obj, g) -> list[str]:
    """Checks every public attribute of ``obj`` (part of game ``g``); returns their
    names."""
    names = public(obj)
    before = snapshot(g)
    for name in names:
        value = getattr(obj, name)
        with pytest.raises(AttributeError):
            setattr(obj, name, value)
        if not callable(value):
            try_mutate(value)
            assert snapshot(g) == before, f"changing {type(obj).__name__}.{name} changed the game"
            if isinstance(value, (list, dict, set)):  # a fresh copy each time, not the state
                assert getattr(obj, name) is not value, name
    with pytest.raises(AttributeError):
        obj.a_new_attribute = 1
    assert snapshot(g) == before
    return names


@pytest.mark.parametrize("kind", GAMES)
def test_R13_every_public_attribute_of_a_game_is_read_only(kind):
    g = GAMES[kind]()
    names = check_read_only(g, g)
    for must in ("history", "movers", "log", "seed", "players", "current", "turn"):
        assert must in names


@pytest.mark.parametrize("kind", GAMES)
def test_R13_every_public_attribute_of_a_player_is_read_only(kind):
    g = GAMES[kind]()
    for p in g.players:
        check_read_only(p, g)


@pytest.mark.parametrize("kind", ["alhambra-2-dirk", "alhambra-4"])
def test_R13_an_alhambra_owned_by_a_game_is_read_only(kind):
    g = GAMES[kind]()
    before = snapshot(g)
    for p in g.players:
        a = p.alhambra
        check_read_only(a, g)
        with pytest.raises(GameError, match="belongs to"):
            a.remove((0, 0))
        with pytest.raises(TypeError):
            a.tiles[(9, 9)] = a[(0, 0)]  # type: ignore[index]
    assert snapshot(g) == before


@pytest.mark.parametrize("kind", GAMES)
def test_R13_assigning_says_the_state_changes_only_through_actions_or_edit(kind):
    g = GAMES[kind]()
    for obj, name, value in ((g, "turn", 3), (g, "history", []), (g.players[0], "score", 1)):
        with pytest.raises(AttributeError, match=r"only through actions \(apply\) or .*edit"):
            setattr(obj, name, value)


def test_R13_the_named_mutations_are_refused():
    g = GAMES["alhambra-4"]()
    p = g.players[0]
    before = snapshot(g)
    attempts = [
        lambda: setattr(g, "phase", "x"),
        lambda: setattr(g, "score", 3),
        lambda: setattr(p, "score", 1),
        lambda: setattr(g, "history", []),
        lambda: g.history.append(None),
        lambda: g.rounds.append(None),
        lambda: g.log.append(None),
        lambda: g.scoring_cards_drawn.append(1),
        lambda: g.market.__setitem__("denar", None),
        lambda: p.hand().__setitem__("denar", ()),
        lambda: p.money.append(None),
    ]
    for attempt in attempts:
        with pytest.raises((AttributeError, TypeError)):
            attempt()
    gg = GAMES["gardens-3"]()
    q = gg.players[0]
    gbefore = snapshot(gg)
    for attempt in (
        lambda: q.hand.append(None),
        lambda: q.points.__setitem__("lemon", 9),
        lambda: gg.fields.__setitem__((0, 0), None),
        lambda: gg.scored.__setitem__((0, 0), None),
        lambda: gg.buildings.__setitem__((0, 0), None),
        lambda: gg.colours.__setitem__("Ann", ()),
        lambda: setattr(gg, "supply", []),
    ):
        with pytest.raises((AttributeError, TypeError)):
            attempt()
    assert snapshot(g) == before and snapshot(gg) == gbefore


def test_R13_the_state_still_changes_through_actions_and_edit():
    g = GAMES["alhambra-4"]()
    n = g.step
    g.apply(g.legal_actions()[0])
    g.edit(market={"denar": "garden 10"})
    assert g.step == n + 2 and g.market["denar"].name == "garden 10"
    g.undo()
    assert g.step == n + 1
