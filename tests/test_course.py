"""The course: lessons are data, the engine judges every try.

- each lesson's engine answer solves it, and for the board lessons the answer is
  confirmed by the independent R7 reference (tests/reference/r7.py);
- each kind of wrong answer gets its own feedback, naming a ruling id;
- no lesson's goal or hints give its answer away;
- stars by tries, hints one at a time, progress kept in a JSON file;
- the course widget: intents, malformed answers, stale answers, hidden hands.
"""

import json
import re

import pytest
from helpers import brute_legal, brute_removable

from alhambra_widget.course.catalog import CHAPTERS, LESSONS, chapter, lesson
from alhambra_widget.course.lessons import (
    TASKS,
    Attempt,
    Lesson,
    Progress,
    answer_of,
    number_fields,
    options,
)
from alhambra_widget.engine.errors import RULING_IDS, MalformedInput

IDS = [les.id for les in LESSONS]


def _cells_around(a):
    x0, y0, x1, y1 = a.bounds()
    return [(x, y) for x in range(x0 - 1, x1 + 2) for y in range(y0 - 1, y1 + 2)]


def test_a_course_of_at_least_30_lessons_in_chapters():
    assert len(LESSONS) >= 30
    assert len(set(IDS)) == len(IDS)
    assert [c for c in CHAPTERS if chapter(c)] == list(CHAPTERS)  # every chapter has lessons


def test_every_ruling_is_taught():
    taught = {r for les in LESSONS for r in les.rules}
    wanted = {f"R{i}" for i in range(1, 14)} | {f"R7{c}" for c in "abcd"} | {f"G{i}" for i in range(1, 6)}
    assert wanted <= taught, sorted(wanted - taught)


def test_the_kinds_of_answer_the_issue_names_are_all_there():
    tasks = {les.task for les in LESSONS}
    assert {"build", "break", "take", "buy", "remove", "exchange", "numbers", "choose"} <= tasks
    oracles = {les.want.get("oracle") for les in LESSONS}
    assert {"majority", "winning_kind", "gift", "dirk", "best"} <= oracles


@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_the_engine_answer_solves_the_lesson(les):
    sols = les.solutions()
    assert sols, f"{les.id} has no solution"
    for way in sols:
        at = Attempt(les)
        for k, ans in enumerate(way):
            v = at.answer(ans)
            assert v.ok, (ans, v)
            assert v.done == (k == len(way) - 1)
        assert at.solved and at.stars == 3


@pytest.mark.parametrize("les", [les for les in LESSONS if les.task in ("build", "break", "remove")], ids=lambda les: les.id)
def test_board_answers_agree_with_the_R7_reference(les):
    a = les.alhambra()
    got = {tuple(w[0]["cell"]) for w in les.solutions()}
    if les.task == "build" and les.want.get("goal") == "legal":
        assert got == {c for c in _cells_around(a) if brute_legal(a, les.tile(), c)}
    elif les.task == "break":
        # a breaking cell is empty and illegal by the reference
        assert got and all(c not in a.tiles and not brute_legal(a, les.tile(), c) for c in got)
    elif les.task == "remove":
        ref = {c for c in a.tiles if c != (0, 0) and brute_removable(a, c)}
        assert got == (ref if les.want["goal"] == "removable" else set(a.tiles) - ref - {(0, 0)})


def _wrong_answers(les):
    """Every wrong answer of the lesson's kind that can be listed."""
    right = [w[0] for w in les.solutions()]
    if TASKS[les.task].board == "alhambra":
        a = les.alhambra()
        for c in _cells_around(a):
            if {"cell": list(c)} not in right:
                yield {"cell": list(c)}
    elif les.task == "choose":
        for o in options(les):
            if {"choice": o} not in right:
                yield {"choice": o}
    elif les.task == "numbers":
        want = right[0]["numbers"]
        for k in want:
            for d in (-1, 1, 6):
                yield {"numbers": {**want, k: want[k] + d}}
        if set(want) == {"x", "y"}:  # a cell named the wrong way round
            yield {"numbers": {"x": want["y"], "y": want["x"]}}
            yield {"numbers": {"x": want["x"], "y": -want["y"]}}
    elif les.task == "place":  # every cell that is not a solution
        at = Attempt(les)
        for c in _cells_around(at.game.current_player.alhambra):
            if not any(w[0].get("place") == list(c) for w in les.solutions()):
                yield {"place": list(c)}
    else:  # a game: every first action the engine lists (of the lesson's kind) that does not solve it
        at = Attempt(les)
        kinds = {"take": ("take_money",), "buy": ("buy",)}.get(les.task, ("take_money", "buy"))
        firsts = {json.dumps(w[0], sort_keys=True) for w in les.solutions()}
        for act in at.game.legal_actions()[:60]:
            if act.type in kinds:
                ans = answer_of(act)
                if json.dumps(ans, sort_keys=True) not in firsts:
                    yield ans
        if les.task == "buy":  # cards picked on the board that the engine refuses
            from itertools import combinations

            hand = [f"{c.currency} {c.value}" for c in at.game.current_player.money]
            for slot, tile in at.game.market.items():
                for k in (1, 2):
                    for cards in combinations(hand, k):
                        ans = {"buy": slot, "cards": list(cards)}
                        if tile is not None and at.game.why_illegal(_as_buy(ans)) is not None:
                            yield ans


def _as_buy(ans):
    from alhambra_widget.course.lessons import _action_of

    try:
        return _action_of(None, None, ans)
    except Exception as e:  # the page's cards do not even make a payment of that slot
        return e


@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_each_wrong_answer_gets_feedback_naming_its_rule(les):
    seen = {}
    n = 0
    for ans in _wrong_answers(les):
        at = Attempt(les)
        v = at.answer(ans)
        if v.ok and not v.done:  # a right first step of a longer turn
            continue
        n += 1
        assert not v.ok, (ans, v)
        assert v.rule in RULING_IDS, (ans, v)
        assert v.rule in v.message or f"({v.rule})" in v.message or v.rule in ("R7",), (ans, v.message)
        assert v.mistake and not v.message[0].islower()
        assert at.tries == 1 and not at.solved and at.stars == 0
        seen.setdefault(v.mistake, set()).add(v.message)
    if les.id not in ("g-end",):
        assert n, f"{les.id}: no wrong answer tried"
    # each kind of mistake has its own sentence
    firsts = [sorted(m)[0] for m in seen.values()]
    assert len(set(firsts)) == len(firsts)


def test_a_tie_for_first_is_explained_as_the_rulebook_does():
    v = lesson("round2-tie").check({"numbers": {"Kim": 13, "Nina": 8, "Omar": 0}})
    assert not v.ok and v.rule == "R10" and v.mistake == "shared"
    assert v.message == "You gave Kim 13, but Kim and Nina tie for first place, so they share 12+5 and each gets 8, rounded down (R10)."


def test_a_player_without_the_kind_scores_nothing():
    v = lesson("round3").check({"numbers": {"Ann": 19, "Ben": 7, "Cem": 7, "Dan": 1}})
    assert "Dan has no chambers, so takes no place" in v.message


def test_a_wrong_cell_names_the_building_rule_it_breaks():
    les = lesson("find-R7c")
    v = les.check({"cell": [3, 3]})
    assert not v.ok and v.rule == "R7b" and v.mistake == "other_rule" and "Find a cell that breaks R7c" in v.message
    legal = les.solutions()  # a cell where the tile fits says so
    fits = next(c for c in _cells_around(les.alhambra()) if les.alhambra().is_legal(les.tile(), c))
    v = les.check({"cell": list(fits)})
    assert v.mistake == "legal" and "keeps every building rule (R7)" in v.message and legal


def test_coordinates_mistakes_are_told_apart():
    les = lesson("coords")
    (x, y) = tuple(les.solutions()[0][0]["numbers"].values())
    assert les.check({"numbers": {"x": y, "y": x}}).mistake == "swapped"
    assert les.check({"numbers": {"x": x, "y": -y}}).mistake == "y_sign"


def test_walls_mistakes_are_told_apart():
    les = lesson("count-wall")
    a = les.alhambra()
    inner = sum(len(t.walls) for t in a.tiles.values())
    outer = len(a.external_walls())
    assert les.check({"numbers": {"wall": inner}}).mistake == "inner"
    assert les.check({"numbers": {"wall": outer}}).mistake == "all_outer"


def test_a_turn_that_ends_too_soon_is_explained_and_starts_again():
    les = lesson("two-buys")
    at = Attempt(les)
    v = at.answer({"buy": "denar", "cards": ["denar 5", "denar 4"]})
    assert not v.ok and v.rule == "R4" and v.mistake == "turn_ended" and "not exact" in v.message
    assert at.game.current_player.name == "You" and len(at.game.player("You").money) == 5  # the position again
    v = at.answer({"buy": "denar", "cards": ["dirham 6"]})
    assert v.rule == "R6" and "paid in denar" in v.message
    assert at.answer({"buy": "denar", "cards": ["denar 5", "denar 3"]}).done is False
    assert at.answer({"buy": "dirham", "cards": ["dirham 6"]}).ok and at.solved and at.stars == 1


def test_dirk_rounds_down():
    les = lesson("dirk-draw")
    assert les.check({"numbers": {"tiles": 9}}).message.startswith("A third of the bag is rounded down")
    assert "6 is what Dirk takes at setup" in les.check({"numbers": {"tiles": 6}}).message


def test_strategy_lessons_have_one_best_choice():
    from alhambra_widget.course.lessons import _option_scores

    for les in LESSONS:
        if les.want.get("oracle") == "best":
            margins = sorted((m for m, _ in _option_scores(les).values()), reverse=True)
            assert margins[0] > margins[1], les.id


_CELL = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")


@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_no_text_gives_the_answer_away(les):
    text = " ".join([les.goal, *les.hints])
    words = set(re.findall(r"-?\d+|[a-z]+", text.lower()))
    for way in les.solutions():
        for ans in way:
            if "cell" in ans or "place" in ans:
                c = tuple(ans.get("cell") or ans["place"])
                assert c not in {(int(a), int(b)) for a, b in _CELL.findall(text)}, c
                assert c not in les.alhambra().tiles or les.task in ("remove", "exchange")
            if "choice" in ans:
                opts = [o for o in options(les) if o != "nobody"]
                named = [o for o in opts if o.lower() in text.lower()]
                assert ans["choice"].lower() not in " ".join(les.hints).lower()
                # the goal may name the options only all together (as data), never the answer alone
                assert ans["choice"] not in named or len(named) == len(opts)
            if "numbers" in ans:
                if les.want["oracle"] == "coords":
                    continue  # checked as a cell above, through the only legal cell
                for v in ans["numbers"].values():
                    assert v == 0 or str(v) not in words, (v, text)
            if "take" in ans:
                assert not any(c.lower() in text.lower() for c in ans["take"])
    if les.want.get("oracle") == "coords":
        (x, y) = tuple(les.solutions()[0][0]["numbers"].values())
        assert (x, y) not in {(int(a), int(b)) for a, b in _CELL.findall(text)}


def test_number_lessons_ask_for_named_numbers():
    for les in LESSONS:
        if les.task == "numbers":
            assert number_fields(les) == list(les.solutions()[0][0]["numbers"])


def test_a_lesson_refuses_an_unknown_task():
    with pytest.raises(MalformedInput):
        Lesson(id="x", chapter="basics", title="x", rules=("R1",), goal="x", task="guess")


def test_malformed_answers_are_not_tries():
    for les_id, bad in [("find-R7a", {"cell": "here"}), ("round1", {"numbers": {"You": "three"}}), ("gift", {"choice": "Zed"}),
                        ("take-most", {"buy": "denar", "pay": [1]}), ("coords", {"x": 1})]:
        at = lesson(les_id).attempt()
        with pytest.raises(MalformedInput):
            at.answer(bad)
        assert at.tries == 0


def test_stars_by_tries_and_hints_one_at_a_time():
    les = lesson("gift")
    at = les.attempt()
    assert at.hint() == les.hints[0] and at.hints_shown == 1
    assert at.hint() is None  # this lesson has one hint
    at.answer({"choice": "Ann"})
    at.answer({"choice": "Cem"})
    right = les.solutions()[0][0]
    assert at.answer(right).ok and at.stars == 1
    at2 = les.attempt()
    at2.answer({"choice": "Ann"})
    at2.answer(right)
    assert at2.stars == 2


def test_progress_is_kept_in_a_json_file(tmp_path):
    path = tmp_path / "sub" / "progress.json"
    p = Progress(path)
    p.record("gift", 2)
    p.record("gift", 1)  # the best is kept
    p.visit("gift")
    q = Progress(path)
    assert q.stars == {"gift": 2} and q.at == "gift"
    assert json.loads(path.read_text())["version"] == 1
    path.write_text("not json")
    assert Progress(path).stars == {}  # a broken file: start afresh


def test_the_default_progress_file_is_under_the_jupyter_data_dir(monkeypatch, tmp_path):
    from jupyter_core.paths import jupyter_data_dir

    from alhambra_widget.course.lessons import default_progress_path

    monkeypatch.delenv("ALHAMBRA_COURSE_PROGRESS", raising=False)
    assert str(default_progress_path()).startswith(jupyter_data_dir())
    monkeypatch.setenv("ALHAMBRA_COURSE_PROGRESS", str(tmp_path / "p.json"))
    assert default_progress_path() == tmp_path / "p.json"


# -- the widget ---------------------------------------------------------------------------
@pytest.fixture
def course(tmp_path):
    from alhambra_widget import CourseWidget

    return CourseWidget(progress=tmp_path / "progress.json")


def test_the_course_widget_answers_through_intents(course, tmp_path):
    course._on_msg(course, {"kind": "lesson", "lesson": IDS.index("find-R7a")}, [])
    assert course.lesson.id == "find-R7a"
    v = course.view["v"]
    course._on_msg(course, {"kind": "answer", "v": v, "answer": {"cell": [0, 0]}}, [])
    fb = course.view["lesson"]["feedback"]
    assert fb["ok"] is False and fb["rule"] == "R7" and course.view["lesson"]["tries"] == 1
    course._on_msg(course, {"kind": "hint"}, [])
    assert course.view["lesson"]["hints"] == [lesson("find-R7a").hints[0]]
    right = lesson("find-R7a").solutions()[0][0]
    course._on_msg(course, {"kind": "answer", "v": course.view["v"], "answer": right}, [])
    assert course.view["lesson"]["solved"] and course.view["lesson"]["stars"] == 2
    assert course.view["course"]["lessons"][IDS.index("find-R7a")]["stars"] == 2
    # kept: a new widget on the same file opens where the learner was, with the stars
    from alhambra_widget import CourseWidget

    again = CourseWidget(progress=tmp_path / "progress.json")
    assert again.lesson.id == "find-R7a" and again.view["course"]["stars"] == 2


def test_a_malformed_answer_says_so_and_counts_no_try(course):
    course.goto("round1")
    course._on_msg(course, {"kind": "answer", "v": course.view["v"], "answer": {"numbers": {"You": ""}}}, [])
    assert course.message["kind"] == "error" and course.message["rule"] is None
    assert course.attempt.tries == 0


def test_an_answer_made_on_an_older_board_is_dropped(course):
    course.goto("gift")
    old = course.view["v"]
    course.hint()
    course._on_msg(course, {"kind": "answer", "v": old, "answer": {"choice": "Ann"}}, [])
    assert course.attempt.tries == 0


def test_the_page_is_told_no_answer(course):
    for les in LESSONS:
        course.goto(les.id)
        view = json.dumps(course.view)
        assert "solution" not in view and '"legal"' not in view
        if les.task in ("build", "break"):
            # every empty cell is offered alike: no cell is marked
            assert course.view["lesson"]["pick"] == "cells"


@pytest.mark.parametrize("les", [les for les in LESSONS if les.task in ("build", "exchange", "remove")], ids=lambda les: les.id)
def test_a_solved_board_lesson_shows_the_alhambra_the_answer_leaves(course, les):
    """Once right, the board shows the engine's change (R7, R8) with its cell marked;
    before, it shows the start and marks nothing (no answer given away)."""
    from alhambra_widget.views.alhambra.view import alhambra_json, tile_json

    course.goto(les.id)
    assert course.view["lesson"]["alhambra"] == alhambra_json(les.alhambra())
    assert "marks" not in course.view["lesson"]
    right = les.solutions()[0][0]
    course._on_msg(course, {"kind": "answer", "v": course.view["v"], "answer": right}, [])
    c = tuple(right["cell"])
    after = les.alhambra().copy()
    if les.task == "build":
        after.place(les.tile(), c)
    elif les.task == "exchange":
        after.exchange(les.tile(), c)
    elif les.want.get("goal") != "stuck":
        after.remove(c)
    view = course.view["lesson"]
    assert view["solved"] and view["alhambra"] == alhambra_json(after)
    key = f"{c[0]},{c[1]}"
    if les.task == "build":
        assert "tile" not in view  # it is built now
    if les.task == "exchange":
        assert view["tile"] == tile_json(les.alhambra()[c])  # the reserve holds the tile it replaced
    if les.want.get("goal") == "stuck":  # a tile that must stay: nothing changed
        assert "marks" not in view
    elif les.task == "remove":
        assert view["marks"] == {"cells": [], "from": [key]}
    else:
        assert view["marks"] == {"cells": [key], "from": []}


def test_a_game_lesson_shows_only_the_learners_hand(course):
    course.goto("take-most")
    g = course.attempt.game
    view = course.view["lesson"]["game"]
    assert view["hand"] == [[c.currency, c.value] for c in g.current_player.money]
    others = [p for p in g.players if p is not g.current_player]
    assert "Ben" not in json.dumps(view) and all(str(c) not in json.dumps(course.view) or c in g.current_player.money or c in g.display for p in others for c in p.money)


def test_a_chapter_and_a_lesson_can_be_opened(tmp_path):
    from alhambra_widget import CourseWidget

    w = CourseWidget("gardens", progress=tmp_path / "p.json")
    assert [les.chapter for les in w.lessons] == ["gardens"] * len(w.lessons)
    w = CourseWidget(lesson="gift", progress=tmp_path / "p.json")
    assert w.lesson.id == "gift"
    w.next()
    assert w.lesson.id == IDS[IDS.index("gift") + 1]
    w.prev()
    assert w.lesson.id == "gift"
    with pytest.raises(MalformedInput):
        w.goto("nope")


def test_every_chapter_opens_in_a_notebook():
    from pathlib import Path

    texts = "".join(p.read_text() for p in (Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))
    for ch in CHAPTERS:
        assert texts.count(f'CourseWidget(chapter=\\"{ch}\\")') == 1, ch
