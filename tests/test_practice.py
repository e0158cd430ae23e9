"""Practice that comes back: generated items of each skill are made and judged by the
engine (a right answer accepted, plausible wrong answers refused with the engine's
ruling id), seeded, and a lesson answered wrong brings its skill back later.

The wrong answers come from the engine's own lists (legal takes, legal payments,
cells around the Alhambra) or from the answer itself changed; the board items are
also checked against the independent R7 reference (tests/reference/r7.py).
"""

import json
import re

import pytest
from helpers import brute_legal
from test_course import _sent_before_the_answer

from alhambra_widget.course import practice
from alhambra_widget.course.catalog import LESSONS
from alhambra_widget.course.lessons import Progress, options
from alhambra_widget.engine.alhambra.actions import Buy, TakeMoney

SEEDS = range(8)
CASES = [(s, n) for s in practice.SKILLS for n in SEEDS]


def _around(a):
    x0, y0, x1, y1 = a.bounds()
    return [(x, y) for x in range(x0 - 1, x1 + 2) for y in range(y0 - 1, y1 + 2)]


def _refused(item, answer, rule):
    v = item.check(answer)
    assert not v.ok and v.rule == rule and v.message, (item.id, answer, v)


def _wrong_cells(item):
    a, t = item.alhambra(), item.tile()
    legal = a.legal_positions(t)
    # the independent reference agrees with the cells the item accepts (R7)
    assert legal == {c for c in _around(a) if c not in a and brute_legal(a, t, c)}
    assert len(legal) >= 1
    refused = [c for c in _around(a) if c not in legal and c not in a]
    assert refused, item.id
    return a, t, refused


def _check_wrong(item):
    """Plausible wrong answers, each refused with the ruling the engine gives it."""
    (right,) = item.solutions()[0]
    o = item.want.get("oracle")
    if o == "coords" or item.task == "build":
        a, t, refused = _wrong_cells(item)
        for c in refused:
            ans = {"numbers": {"x": c[0], "y": c[1]}} if o == "coords" else {"cell": list(c)}
            _refused(item, ans, a.why_illegal(t, c).rule)
    elif o in ("walls", "majority"):
        for name, n in right["numbers"].items():
            for off in (-1, 1):
                _refused(item, {"numbers": {**right["numbers"], name: n + off}}, item.rules[0])
    elif o in ("gift", "winning_kind"):
        for other in options(item):
            if other != right["choice"]:
                _refused(item, {"choice": other}, item.rules[0])
    elif item.task == "take":
        g = item.game()
        takes = [t for t in g.legal_actions() if isinstance(t, TakeMoney)]
        best = max(sum(c.value for c in t.cards) for t in takes)
        less = [t for t in takes if sum(c.value for c in t.cards) < best]
        assert less
        for t in less:
            _refused(item, {"take": [str(c) for c in t.cards]}, "R5")
    elif item.task == "buy":
        g = item.game()
        cur = right["buy"]
        buys = [b for b in g.legal_actions() if isinstance(b, Buy) and b.currency == cur]
        loose = [b for b in buys if not g.is_exact(b)]
        assert loose
        for b in loose:
            _refused(item, {"buy": cur, "pay": list(b.pay)}, "R4")
        other = [str(c) for c in g.players[0].money if c.currency != cur]
        if other:  # paid with another currency's card: the engine refuses it
            _refused(item, {"buy": cur, "cards": other[:1]}, "R6")
    else:  # pragma: no cover - a skill without its wrong answers here
        raise AssertionError(item.id)


@pytest.mark.parametrize(("skill", "seed"), CASES, ids=[f"{s}-{n}" for s, n in CASES])
def test_an_item_is_judged_by_the_engine(skill, seed):
    """The engine's answer is accepted; plausible wrong answers are refused with the
    engine's ruling id; the page is sent no answer before it is given."""
    item = practice.make_item(skill, seed)
    sols = item.solutions()
    assert sols and all(item.check(*way).ok for way in sols)
    _check_wrong(item)
    for _step, view, _text in _sent_before_the_answer(item):
        assert "marks" not in view and not view["solved"]


@pytest.mark.parametrize("skill", list(practice.SKILLS))
def test_seeded_generation_is_reproducible_and_varies(skill):
    """The same seed makes the same position; ten seeds make at least six positions."""
    made = [practice.make_item(skill, n) for n in range(10)]
    again = [practice.make_item(skill, n) for n in range(10)]
    assert [m.start for m in made] == [m.start for m in again]
    assert len({json.dumps(m.start, sort_keys=True) for m in made}) >= 6


def test_every_skill_is_practised_by_a_lesson_of_the_course():
    """Each skill repeats lessons of the course, and the lessons asked in the brief map
    to their skill."""
    by_lesson = {les.id: practice.skill_of(les) for les in LESSONS}
    assert set(practice.SKILLS) <= set(by_lesson.values())
    assert by_lesson["coords"] == "cell" and by_lesson["buy-exact"] == "pay"
    assert by_lesson["find-R7b"] == "place" and by_lesson["gift-tie"] == "gift"


def _course(path):
    from alhambra_widget import CourseWidget

    return CourseWidget(lesson="take-most", progress=path)


def test_a_lesson_answered_wrong_comes_back_later_with_a_new_position(tmp_path):
    """A wrong take: the skill is due after the first wait (kept in the progress file),
    offered then with a position of its own, and answered right it waits longer."""
    path = tmp_path / "p.json"
    w = _course(path)
    g = w.lesson.game()
    low = min(
        (t for t in g.legal_actions() if isinstance(t, TakeMoney)),
        key=lambda t: sum(c.value for c in t.cards),
    )
    assert not w.answer({"take": [str(c) for c in low.cards]}).ok
    entry = Progress(path).practice["take"]
    assert entry["box"] == 0 and entry["due"] > 0
    now = entry["due"] - 1  # not due yet: offered as coming back soon
    early = w.practice(now=now)
    assert "none is due" in early.lesson.teach
    late = w.practice(now=entry["due"] + 1)
    item = late.lesson
    assert practice.skill_of_item(item) == "take" and "due for practice" in item.teach
    assert item.start != w.lesson.start and item.id != early.lesson.id  # a new position
    assert late.answer(item.solutions()[0][0]).ok
    kept = Progress(path).practice["take"]
    assert kept["box"] == 1 and kept["due"] - entry["due"] > 3600  # a longer wait
    assert not any(k.startswith("practice-") for k in Progress(path).stars)


def test_a_practice_item_answered_wrong_comes_back_soon_and_a_learned_skill_leaves(tmp_path):
    path = tmp_path / "p.json"
    store = Progress(path)
    practice.note(store, "gift", right=False, now=0.0)
    for box in range(1, len(practice.WAITS)):
        practice.note(store, "gift", right=True, now=0.0)
        assert store.practice["gift"]["box"] == box
    practice.note(store, "gift", right=False, now=0.0)
    assert store.practice["gift"]["box"] == 0
    for _ in practice.WAITS:
        practice.note(store, "gift", right=True, now=0.0)
    assert "gift" not in practice.waiting(Progress(path))
    item = practice.session(Progress(path), now=10**10, done=["gift"])[0][0]
    assert practice.skill_of_item(item) == "gift"  # a review: nothing waits


def test_a_session_offers_the_due_items_first(tmp_path):
    store = Progress(tmp_path / "p.json")
    practice.note(store, "wall", right=False, now=100.0)
    practice.note(store, "points", right=False, now=0.0)
    practice.note(store, "gift", right=False, now=10**9)  # not due
    items, why = practice.session(store, n=5, now=1000.0)
    assert [practice.skill_of_item(i) for i in items] == ["points", "wall"]
    assert why.startswith("Practice, 2 items: the skills due")


def test_a_practice_board_counts_its_own_items_not_the_course(tmp_path):
    """A session's map shows the items it solved; done means the items, not the course;
    the course's stars are untouched."""
    from alhambra_widget import CourseWidget

    path = tmp_path / "p.json"
    w = CourseWidget(progress=path).practice(n=3, now=0.0)
    assert w.view["course"]["practice"] and len(w.lessons) == 3
    for k in range(3):
        w.goto(k)
        assert not w.view["course"]["complete"]
        assert w.answer(w.lesson.solutions()[0][0]).ok
    assert w.view["course"]["complete"] and w.view["course"]["stars"] == 9
    assert Progress(path).stars == {}


@pytest.mark.parametrize("seed", SEEDS)
def test_R7b_a_cell_off_the_drawn_board_is_refused_without_naming_it(seed):
    """Feedback names only cells the board draws (the Alhambra and one cell around):
    a cell far off is refused (R7b) in words that name no cell but say which columns
    and rows the board draws (all of them: never "not on the board" beside a full
    picture)."""
    item = practice.make_item("place", seed)
    a = item.alhambra()
    x0, y0, x1, y1 = a.bounds()
    for c in ((x1 + 2, y0), (9, 9), (x0 - 5, y1 + 3)):
        v = item.check({"cell": list(c)})
        assert not v.ok and v.rule == "R7b", (c, v)
        assert f"({c[0]}, {c[1]})" not in v.message and "off the board" in v.message
        assert f"column {c[0]}," not in v.message.lower()
        # the columns and rows it says are drawn are the Alhambra and one cell around
        m = re.search(r"columns (-?\d+) to (-?\d+), rows (-?\d+) to (-?\d+)", v.message)
        assert m, v.message
        xs, ys = {x for x, _ in _around(a)}, {y for _, y in _around(a)}
        lo_x, hi_x, lo_y, hi_y = map(int, m.groups())
        assert (lo_x, hi_x, lo_y, hi_y) == (min(xs), max(xs), min(ys), max(ys))
    # a drawn cell is still judged by the engine, named
    c = next(c for c in _around(a) if c not in a and a.why_illegal(item.tile(), c))
    assert f"({c[0]}, {c[1]})" in item.check({"cell": list(c)}).message


@pytest.mark.parametrize("seed", SEEDS)
def test_R10_the_points_item_shows_the_points_table_of_its_kind_and_round(seed):
    """A round's points cannot be worked out without the rulebook's table: the item's
    picture is the engine's points table of its kind, for its round."""
    from alhambra_widget.course.pictures import picture
    from alhambra_widget.engine.alhambra.scoring import POINTS

    item = practice.make_item("points", seed)
    kind, rnd = item.start["kind"], item.start["round"]
    pic = picture(item.picture)
    assert pic is not None and "table" in pic
    (row,) = [r for r in pic["table"]["rows"] if r[0] == kind]
    assert row[1:] == [", ".join(map(str, POINTS[kind][rnd - 1]))]
