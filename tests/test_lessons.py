"""Lessons are data, judged by the engine: each lesson's answer is confirmed by a
second, independent path (a brute-force reference, or the answer played through a
game), it passes the lesson's check, and a wrong answer does not."""

import pytest
from helpers import brute_legal, brute_longest_trail, brute_removable

from alhambra_widget import Buy, Card, Game, TakeMoney, Tile
from alhambra_widget.lessons import LESSONS, Lesson, lesson


def _cells_around(a):
    x0, y0, x1, y1 = a.bounds()
    return [(x, y) for x in range(x0 - 1, x1 + 2) for y in range(y0 - 1, y1 + 2)]


def _confirm(les, answer):
    """The lesson's answer, confirmed without its oracle."""
    t = les.target
    o = t["oracle"]
    one = isinstance(answer, tuple) and all(type(v) is int for v in answer)
    if one and o in ("legal_cells", "removable", "exact_payments"):
        expected = les.expected()[0]  # one answer of several asked: it is one of them
        assert answer in expected
        answer = expected
    if o == "legal_cells":
        a, tile = les.alhambra(), Tile.parse(t["tile"])
        assert set(answer) == {q for q in _cells_around(a) if brute_legal(a, tile, q)}
    elif o == "removable":
        a = les.alhambra()
        assert set(answer) == {q for q in a.tiles if brute_removable(a, q)}
    elif o == "longest_wall":
        assert answer == brute_longest_trail(les.alhambra().external_walls())
    elif o == "rule_at":
        a, tile, cell = les.alhambra(), Tile.parse(t["tile"]), tuple(t["cell"])
        assert (answer == "legal") == brute_legal(a, tile, cell)
    elif o == "exact_payments":  # each exact payment, played, gives another action (R4)
        for pay in answer:
            g = Game(["A", "B", "C"], seed=1)
            me = g.current_player.name
            tile = Tile.parse(t["tile"])
            cur = "denar"
            g.edit(
                market={cur: tile},
                players={me: {"money": [Card(cur, c.value) for c in les.hand_cards()]}},
            )
            g.apply(Buy(cur, pay))
            assert g.phase == "act" and g.current_player.name == me
    elif o == "gift_receiver":  # play the end of a game with these hands (R12)
        cur = t["currency"]
        names = list(t["hands"])
        g = Game(names, seed=1)
        g.edit(bag=[], market={"denar": None, "dirham": None, "ducat": None, "florin": None})
        g.edit(market={cur: "garden 10"}, display=["florin 1"], current=names[0])
        g.edit(players={n: {"money": [f"{c} {v}" for c, v in h]} for n, h in t["hands"].items()})
        g.apply(TakeMoney((Card("florin", 1),)))  # the bag cannot refill: the end
        got = [p.name for p in g.players if Tile("garden", 10) in p.bought]
        assert (got[0] if got else "nobody") == answer
    elif o == "dirk_tiles":  # a two-player game drawing the scoring card (R3)
        g = Game(["A", "B"], seed=2)
        assert t["after_round"] in (1, 2)
        g.edit(
            bag=[str(x) for x in g.bag[: t["bag"]]], deck_top=[f"scoring card {t['after_round']}"]
        )
        g.edit(display=[str(c) for c in g.display[1:]])
        before = len(g.dirk)
        g.apply(next(a for a in g.legal_actions() if isinstance(a, TakeMoney)))
        assert len(g.dirk) - before == answer
    else:  # confirmed by the rulebook-example tests of its ruling (R2, R10, G4)
        assert o in ("starting_player", "majority_points", "winning_kind")


@pytest.mark.parametrize("lid", sorted(LESSONS))
def test_lesson_solution_is_right_and_a_wrong_answer_is_not(lid):
    les = lesson(lid)
    assert les.goal and les.hint and les.rules
    if "build" in les.target:
        w = les.widget()
        assert not les.check(w)  # nothing built yet
        les.solve(w)
        v = les.check(w)
        assert v and "Right" in str(v)
    else:
        answer = les.solve()
        _confirm(les, answer)
        v = les.check(answer)
        assert v.ok, str(v)
        wrong = les.check("certainly not this")
        assert not wrong and les.hint in str(wrong)
        assert not les.check(None)


def test_a_wrong_build_is_not_accepted():
    les = lesson("walls")
    w = les.widget()
    tile = les.hand()[0]
    worst = min(
        sorted(les.alhambra().legal_positions(tile)),
        key=lambda c: (lambda a: (a._put(tile, c), a.longest_wall())[1])(les.alhambra()),
    )
    w._intent_sb_place({"tile": tile.name, "pos": list(worst)})
    v = les.check(w)
    assert not v and "possible" in str(v)


def test_a_new_lesson_is_one_entry_of_data():
    new = Lesson(
        "extra",
        "Extra",
        ("R7b",),
        "Which rule forbids (3, 3)?",
        start={"alhambra": {}, "hand": ["garden 10"]},
        target={"oracle": "rule_at", "tile": "garden 10", "cell": [3, 3]},
        hint="far away",
    )
    assert new.check("R7b") and not new.check("R7a")
    with pytest.raises(KeyError):
        lesson("nope")


@pytest.mark.parametrize("lid", sorted(LESSONS))
def test_lesson_data_is_consistent(lid):
    les = lesson(lid)
    placed = set(les.alhambra().tiles.values())
    for t in les.hand():
        assert t not in placed, f"{t} is in hand and already built"
    if les.hand():
        palette = {tuple(t) for t in les.widget().view["sandbox"]["palette"]}
        assert palette >= {(t.kind, t.price, t.walls) for t in les.hand()}
