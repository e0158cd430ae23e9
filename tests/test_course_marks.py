"""The course's board after an answer: the cell picked is marked right or wrong (the
lesson's check, its ruling id); once solved, every cell the check accepts is marked
right. Before any try, nothing says which cell is right. The right cells are compared
with the independent R7 reference (tests/reference/r7.py) and the Gardens engine."""

from __future__ import annotations

import pytest
from helpers import brute_legal
from reference import r7

from alhambra_widget.course.catalog import lesson


@pytest.fixture
def course(tmp_path):
    from alhambra_widget import CourseWidget

    return CourseWidget(progress=tmp_path / "progress.json")


def _around(a):
    x0, y0, x1, y1 = a.bounds()
    return [(x, y) for x in range(x0 - 1, x1 + 2) for y in range(y0 - 1, y1 + 2)]


def test_R7c_a_wrong_pick_is_marked_wrong_then_every_cell_breaking_R7c_right_once_solved(course):
    les = lesson("find-R7c")
    course.goto("find-R7c")
    assert course.view["lesson"]["answer"] is None  # before a try: nothing marked
    a, t = les.alhambra(), les.tile()
    layout = r7.layout_of(a)
    breaking = {
        c for c in _around(a) if c not in a.tiles and r7.placing(layout, t.walls, c) == "R7c"
    }
    legal = next(c for c in _around(a) if brute_legal(a, t, c))  # keeps every rule: wrong here
    course.answer({"cell": list(legal)})
    got = course.view["lesson"]["answer"]
    assert got == {"picked": f"{legal[0]},{legal[1]}", "ok": False, "rule": "R7", "right": []}
    pick = sorted(breaking)[0]
    course.answer({"cell": list(pick)})
    got = course.view["lesson"]["answer"]
    assert got["ok"] is True and got["picked"] == f"{pick[0]},{pick[1]}" and got["rule"] == "R7c"
    assert set(got["right"]) == {f"{x},{y}" for x, y in breaking}
    course._on_msg(course, {"kind": "reset"}, [])
    assert course.view["lesson"]["answer"] is None


def test_R7_a_build_lesson_marks_the_legal_cells_right_once_built():
    les = lesson("build-legal")
    at = les.attempt()
    a, t = les.alhambra(), les.tile()
    legal = {c for c in _around(a) if c not in a.tiles and brute_legal(a, t, c)}
    pick = sorted(legal)[-1]
    at.answer({"cell": list(pick)})
    from alhambra_widget.course.view import lesson_view

    got = lesson_view(at)["answer"]
    assert got["ok"] and got["picked"] == f"{pick[0]},{pick[1]}"
    assert set(got["right"]) == {f"{x},{y}" for x, y in legal}


def test_G3_a_gardens_field_marked_wrong_then_the_fields_the_engine_allows_right():
    from alhambra_widget.course.lessons.gardens import gardens_game
    from alhambra_widget.course.view import lesson_view

    les = lesson("g-next")
    g = gardens_game(les)
    ok = set(g.legal_fields())
    wrong = next(
        (x, y) for x in range(6) for y in range(6) if (x, y) not in ok and (x, y) not in g.fields
    )
    at = les.attempt()
    at.answer({"field": list(wrong)})
    got = lesson_view(at)["answer"]
    assert (
        got["ok"] is False
        and got["picked"] == f"{wrong[0]},{wrong[1]}"
        and got["rule"].startswith("G")
    )
    assert got["right"] == []
    pick = sorted(ok)[0]
    at.answer({"field": list(pick)})
    got = lesson_view(at)["answer"]
    assert got["ok"] and set(got["right"]) == {f"{x},{y}" for x, y in ok}


def test_R9_a_placement_in_a_game_lesson_marks_every_cell_it_accepts_and_numbers_mark_nothing():
    from alhambra_widget.course.lessons import number_fields
    from alhambra_widget.course.view import lesson_view

    les = lesson("place-bought")
    at = les.attempt()
    sols = les.solutions()
    cells = {tuple(s[-1]["place"]) for s in sols if "place" in s[-1]}
    assert cells and any("reserve" in s[-1] for s in sols)  # the reserve also solves it: no cell
    pick = sorted(cells)[0]
    at.answer({"place": list(pick)})
    got = lesson_view(at)["answer"]
    assert got["ok"] and got["picked"] == f"{pick[0]},{pick[1]}"
    assert set(got["right"]) == {f"{x},{y}" for x, y in cells}
    # an answer given with numbers picks no cell: nothing marked on a board
    nums = lesson("count-wall").attempt()
    nums.answer({"numbers": {f: "1" for f in number_fields(lesson("count-wall"))}})
    assert lesson_view(nums)["answer"] is None
