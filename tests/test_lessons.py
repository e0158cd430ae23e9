"""Lessons are data, judged by the engine: each lesson's own solution passes its
check, and a wrong answer does not."""

import pytest

from alhambra_widget.lessons import LESSONS, Lesson, lesson


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
        v = les.check(les.solve())
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
