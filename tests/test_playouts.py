"""Random playouts (R1-R13 invariants after every action).

A uniformly random choice from ``legal_actions()`` at every step must reach the
end of the game. After every action we check: all 54 tiles accounted for, all
money cards accounted for (108, or 72 with two players), each scoring card drawn
at most once and scored exactly once when drawn, every Alhambra legal (R7),
scores never go down, the action's JSON round trip, and (in one pass over the
record, which is equivalent to a JSON round trip after every prefix) that the
same seed and actions give the same game at every step.
"""

import os
import random
from collections import Counter

import pytest
from reference import r7

from alhambra_widget import Action, Game, building_tiles
from alhambra_widget.engine.alhambra.components import CURRENCIES, Card, ScoringCard, money_cards

GAMES = int(os.environ.get("ALHAMBRA_PLAYOUTS", "1000"))
ALL_TILES = Counter(building_tiles())


_LEGAL: dict[frozenset, bool] = {}


def legal_by_reference(alhambra) -> bool:
    """R7 for the whole Alhambra by the independent reference (tests/reference/r7.py),
    remembered per layout (most actions change no Alhambra)."""
    key = frozenset(alhambra.tiles.items())
    if key not in _LEGAL:
        if len(_LEGAL) > 100_000:
            _LEGAL.clear()
        _LEGAL[key] = r7.is_legal(r7.layout_of(alhambra))
    return _LEGAL[key]


def check_invariants(g: Game, last_scores: dict) -> None:
    tiles = Counter(g.bag) + Counter(g.dirk_tiles)
    tiles += Counter(t for t in g.market.values() if t is not None)
    for p in g.players:
        tiles += Counter(t for t in p.alhambra.tiles.values() if t.kind != "fountain")
        tiles += Counter(p.reserve) + Counter(p.bought)
    assert tiles == ALL_TILES, "R1: a tile was lost or duplicated"

    money = Counter(g.display) + Counter(g.discard)
    money += Counter(c for c in g.deck if isinstance(c, Card))
    for p in g.players:
        money += Counter(p.money)
        by_currency = {c: tuple(sorted(v for cur, v in p.money if cur == c)) for c in CURRENCIES}
        assert p.hand() == by_currency, "R6: the grouped hand (kept change by change) is the hand"
    assert money == Counter(money_cards(g.two_players)), "R1/R3: money lost or duplicated"

    drawn = list(g.scoring_cards_drawn)
    in_deck = [c.round for c in g.deck if isinstance(c, ScoringCard)]
    assert sorted([*drawn, *in_deck]) == [1, 2], "R2: each scoring card exactly once"
    scored = [r.number for r in g.rounds]
    if g.is_over:
        assert scored == [*drawn, 3], "R9/R12: each drawn card scored once, then round 3"
    else:
        assert scored == drawn, "R9: a drawn scoring card is scored before the next player acts"

    for p in g.players:
        assert legal_by_reference(p.alhambra), f"R7: {p.name}'s Alhambra is illegal"
        assert p.score >= last_scores.get(p.name, 0), "scores never go down"
    if g.phase == "place":
        assert g.current_player.bought
    assert len(g.display) <= 4


def play(seed: int, n: int, record_digests: bool = True):
    rng = random.Random(seed)
    g = Game([f"P{i}" for i in range(n)], seed=seed)
    digests = [g.digest()] if record_digests else []
    scores = g.scores
    steps = 0
    while not g.is_over:
        actions = g.legal_actions()
        assert actions, "a game that is not over always has a legal action"
        a = rng.choice(actions)
        assert Action.from_json(a.to_json()) == a
        g.apply(a)
        check_invariants(g, scores)
        scores = g.scores
        if record_digests:
            digests.append(g.digest())
        steps += 1
        assert steps < 5000, "a random game must end"
    return g, digests


def replay_matches(g: Game, digests: list[str]) -> None:
    h = Game.replay(g._options(), [])
    assert h.digest() == digests[0]
    for i, a in enumerate(g.history):
        h.apply(Action.from_json(a.to_json()))
        assert h.digest() == digests[i + 1], f"replay differs after action {i + 1}"


def test_every_legal_action_equals_the_one_its_public_constructor_makes():
    """The engine builds its legal actions without the public constructor's checks
    (``listing.made``); each must be exactly what the checked constructor makes from
    its JSON form, so it is canonical (cells as int pairs, cards and payments sorted)."""
    checked = 0
    for seed, n in ((3, 2), (4, 4), (5, 6)):
        rng = random.Random(seed)
        g = Game([f"P{i}" for i in range(n)], seed=seed)
        while not g.is_over:
            actions = g.legal_actions()
            for a in actions:
                again = Action.from_json(a.to_json())
                assert again == a and again.to_json() == a.to_json(), a
                checked += 1
            g.apply(rng.choice(actions))
    assert checked > 10_000


@pytest.mark.parametrize("chunk", range(10))
def test_R13_random_playouts_keep_every_invariant(chunk):
    per = max(1, GAMES // 10)
    for k in range(per):
        seed = chunk * per + k
        n = 2 + seed % 5
        g, digests = play(seed, n)
        assert g.is_over and len(g.rounds) == 3
        replay_matches(g, digests)
        # and the literal document round trip, at the end and at one random step
        assert Game.from_json(g.to_json()).state_dict() == g.state_dict()
        i = random.Random(seed).randrange(len(g.history) + 1)
        mid = g.at(i)
        assert Game.from_json(mid.to_json()).digest() == digests[i]


def test_R13_undo_restores_the_previous_state_exactly():
    rng = random.Random(9)
    g = Game(["A", "B", "C", "D"], seed=9)
    states = [g.state_dict()]
    for _ in range(120):
        g.apply(rng.choice(g.legal_actions()))
        states.append(g.state_dict())
    for i in range(120, 0, -1):
        g.undo()
        assert g.state_dict() == states[i - 1]
