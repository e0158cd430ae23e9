"""A seat's record and game (alhambra_widget.engine.seat_record), without a server: for
random games of both kinds, what each seat (and a spectator) is told rebuilds a game
with the true public record, state and scores and the seat's true hand, whose legal
actions on the seat's turn are the truth's; the record round-trips through JSON; and a
step that cannot fit the seat's game is refused whole, the game unchanged."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from helpers import public
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.engine.errors import GameError
from alhambra_widget.engine.gardens.game import GardensGame
from alhambra_widget.engine.seat_record import SeatRecord, advance, record_for, seat_game, step_for


def key(action: Any) -> str:
    return json.dumps(action.to_json(), sort_keys=True)


def hand(game: Any, seat: int) -> list[str]:
    """A seat's hand, as ids (the Gardens) or sorted card names (the Alhambra)."""
    if game.GAME == "gardens":
        return [t.id for t in game.players[seat].hand]
    return sorted(str(c) for c in game.players[seat].money)


def same_public(seat_game: Any, truth: Any) -> None:
    assert [str(e) for e in seat_game.log] == [str(e) for e in truth.log]
    assert seat_game.scores == truth.scores
    assert public(seat_game) == public(truth)
    assert seat_game.step == truth.step and seat_game.is_over == truth.is_over


def new_game(kind: str, n: int, seed: int, **options: Any) -> Any:
    names = ["Ann", "Ben", "Cem", "Dan", "Eve", "Fay"][:n]
    return (Game if kind == "alhambra" else GardensGame)(names, seed, **options)


def played(kind: str, n: int, seed: int, steps: int | None = None, **options: Any) -> Any:
    """A game of random legal actions (to its end, or ``steps`` of them)."""
    g = new_game(kind, n, seed, **options)
    rng = random.Random(seed)
    while not g.is_over and (steps is None or g.step < steps):
        g.apply(rng.choice(g.legal_actions()))
    return g


GAMES = [
    ("alhambra", 2 + i // 2 % 5, 1000 + i, {})
    if i % 2 == 0
    else ("gardens", 2 + i // 2 % 3, 1000 + i, {"hand_size": 3} if i // 2 % 2 else {})
    for i in range(30)
]


@pytest.mark.parametrize(
    ("kind", "n", "seed", "options"), GAMES, ids=[f"{k}-{n}p-{s}" for k, n, s, _o in GAMES]
)
def test_every_seat_rebuilds_the_truth(
    kind: str, n: int, seed: int, options: dict[str, Any]
) -> None:
    g = played(kind, n, seed, **options)
    seats: list[int | None] = [*range(n), None]
    # step by step, as a server tells each seat: own hand true, legal actions true
    h = new_game(kind, n, seed, **options)
    followed = {s: seat_game(record_for(h, s)) for s in seats}
    compared = 0
    for a in g.history:
        before = h.copy()
        h.apply(a)
        for s, sg in followed.items():
            advance(sg, step_for(before, h, s))
            if s is not None:
                assert hand(sg, s) == hand(h, s), (h.step, s)
                if h.current == s and not h.is_over:
                    assert sorted(map(key, sg.legal_actions())) == sorted(
                        map(key, h.legal_actions())
                    )
                    compared += 1
            if h.step % 20 == 0:
                same_public(sg, h)
    assert compared > 0
    # from the whole record at once, each seat's and a spectator's
    for s in seats:
        rec = record_for(g, s)
        again = SeatRecord.from_data(json.loads(rec.to_json()))
        assert again == rec and again.to_json() == rec.to_json()
        assert "seed" not in rec.options and str(seed) not in json.dumps(rec.start)
        sg = seat_game(again)
        same_public(sg, g)
        same_public(followed[s], g)
        assert sg.seat_record is not None
        with pytest.raises(GameError):
            sg.seed  # noqa: B018
        if s is None:
            assert rec.start["hand"] is None
        else:
            assert hand(sg, s) == hand(g, s)
            if kind == "alhambra":  # the others: what everyone knows of their money, and a guess
                assert sg.known_money() == g.known_money()
                for j in range(n):
                    assert not Counter(g.known_money()[j]) - Counter(sg.players[j].money)
    # a past step rebuilt from the record (sg.at), every 20th (to 120: a rebuild costs
    # the square of its steps), and the last, for one seat
    s = seed % n
    sg = seat_game(record_for(g, s))
    for k in [*range(0, min(g.step, 120) + 1, 20), g.step]:
        past, true = sg.at(k), g.at(k)
        assert past.step == k and hand(past, s) == hand(true, s)
        same_public(past, true)


# -- steps that cannot fit ------------------------------------------------------------
def _alhambra_bad(g: Any, sg: Any, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Steps an Alhambra seat's game cannot follow from here."""
    currency = rng.choice(["denar", "dirham", "ducat", "florin"])
    value = rng.randint(1, 9)
    card = f"{currency} {value}"
    display = g.state_dict()["display"]
    legal = g.legal_actions()
    true_next = legal[0].to_json()
    out = [
        # a payment with four cards of one kind: there are three (two for two players)
        {"action": {"type": "buy", "currency": currency, "pay": [value] * 4}, "reveals": {}},
        # a draw of a fourth copy of a card
        {"action": true_next, "reveals": {"deck": [card] * 4}},
        # a draw of a tile of which there is none
        {"action": true_next, "reveals": {"bag": ["tower 2"]}},
        # not an action, and not reveals
        {"action": {"type": "fly"}, "reveals": {}},
        {"action": true_next, "reveals": ["deck"]},
        {"action": true_next, "reveals": {"deck": ["rupee 3"]}},
        # hands shown that are not the unseen cards (R12)
        {"action": true_next, "reveals": {"hands": [[card] * 4 for _ in g.players]}},
    ]
    if card not in display:  # a take of a card that is not face up (R5)
        out.append({"action": {"type": "take_money", "cards": [card]}, "reveals": {}})
    return out


def _gardens_bad(g: Any, sg: Any, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Steps a Gardens seat's game cannot follow from here."""
    empty = [a for a in g.legal_actions()]
    lay = rng.choice(empty).to_json()
    laid = [f[2] for f in g.state_dict()["fields"]]
    out = [
        {"action": {**lay, "tile": "G99"}, "reveals": {}},
        {"action": lay, "reveals": {"supply": ["nope"]}},
        {"action": lay, "reveals": ["supply"]},
    ]
    if g.current != seat and sg.players[seat].hand:  # the mover lays a tile this seat holds
        out.append({"action": {**lay, "tile": sg.players[seat].hand[0].id}, "reveals": {}})
    if laid:  # a tile already on the board, laid again or drawn
        out.append({"action": {**lay, "tile": laid[0]}, "reveals": {}})
        out.append({"action": lay, "reveals": {"supply": [laid[0]]}})
    return out


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(["alhambra", "gardens"]),
    n=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 150),
    seat=st.integers(0, 5),
    pick=st.integers(0, 1000),
)
def test_advance_refuses_a_step_that_does_not_fit(
    kind: str, n: int, seed: int, steps: int, seat: int, pick: int
) -> None:
    n = min(n, 4) if kind == "gardens" else n
    g = played(kind, n, seed, steps)
    if g.is_over:
        return
    seat = seat % n
    sg = seat_game(record_for(g, seat))
    rng = random.Random(pick)
    bad = (_alhambra_bad if kind == "alhambra" else _gardens_bad)(g, sg, seat, rng)
    step = bad[pick % len(bad)]
    digest, record = sg.digest(), sg.seat_record.to_json()
    with pytest.raises(GameError):
        advance(sg, step)
    assert sg.digest() == digest, f"{step} changed the game it was refused by"
    assert sg.step == g.step and sg.seat_record.to_json() == record
    assert hand(sg, seat) == hand(g, seat)
    # and the true next step still fits
    h = g.copy()
    h.apply(random.Random(seed).choice(h.legal_actions()))
    advance(sg, step_for(g, h, seat))
    assert hand(sg, seat) == hand(h, seat) and sg.step == h.step
