"""Progress that tells the truth: the stars of a coached game follow how it went, an
answer after the solution was shown earns nothing more, "complete" only when every
lesson is done, and every course map shows what any board or game earned, at once."""

import json

from alhambra_widget import CourseWidget
from alhambra_widget.course.catalog import LESSONS
from alhambra_widget.course.coach import STARS, game_stars
from alhambra_widget.course.lessons import Progress

IDS = [les.id for les in LESSONS]


def _wrong(les):
    from test_course import _wrong_answers

    return [a for a in _wrong_answers(les) if not les.check(a).ok]


def _stars(w, lesson_id):
    return next(x["stars"] for x in w.view["course"]["lessons"] if x["id"] == lesson_id)


def test_R12_a_lost_game_with_many_mistakes_never_earns_every_star():
    """Finishing last with 18 moves flagged earns the star for finishing, no more; all
    the stars only for a win with few moves flagged."""
    assert game_stars(False, 18) == 1
    assert max(game_stars(False, f) for f in range(30)) < STARS
    assert game_stars(True, 18) < STARS and game_stars(True, 0) == STARS


def test_the_map_of_another_board_shows_a_coached_games_stars_at_once(tmp_path):
    """Notebook 12: the chapter's map was drawn before its game; the game's store
    records the stars and the map shows them without its cell being run again."""
    path = tmp_path / "p.json"
    board = CourseWidget(chapter="coached", progress=path)
    assert board.view["course"]["chapters"][0]["done"] == 0
    v = board.view["v"]
    Progress(path).record("coached-game", 2)  # what a CoachedGame does when it ends
    assert _stars(board, "coached-game") == 2 and board.view["v"] > v
    assert board.view["course"]["chapters"][0]["done"] == 1


def test_a_board_in_another_kernel_reads_the_progress_when_the_learner_comes_back(tmp_path):
    """Another notebook's kernel wrote the file: the page's refresh (the pointer back on
    the board) reads it, and the map shows the stars."""
    path = tmp_path / "p.json"
    board = CourseWidget(progress=path)
    data = json.loads(path.read_text()) if path.exists() else {"version": 1}
    data["stars"] = {**data.get("stars", {}), "cards": 3}
    path.write_text(json.dumps(data))  # as another process writes it
    assert _stars(board, "cards") == 0
    board._on_msg(board, {"kind": "refresh"}, [])
    assert _stars(board, "cards") == 3


def test_an_answer_after_the_solution_was_shown_raises_no_stars(tmp_path):
    """Solved with 1 star, then shown the right cells: the same lesson opened again and
    answered at the first try keeps 1 star."""
    path = tmp_path / "p.json"
    w = CourseWidget(lesson="find-R7b", progress=path)
    right = w.lesson.solutions()[0][0]
    wrong = {"cell": [0, 0]}
    for _ in range(3):
        w.answer(wrong)
    assert w.answer(right).ok and w.attempt.stars == 1
    w.goto("find-R7b")
    assert w.answer(right).ok
    assert Progress(path).stars["find-R7b"] == 1 and _stars(w, "find-R7b") == 1


def test_complete_when_and_only_when_every_lesson_is_done(tmp_path):
    path = tmp_path / "p.json"
    store = Progress(path)
    for les in LESSONS[:-1]:
        store.record(les.id, 1)
    w = CourseWidget(progress=path)
    assert not w.view["course"]["complete"]
    Progress(path).record(LESSONS[-1].id, 1)  # the last one, earned elsewhere
    assert w.view["course"]["complete"]


def test_hints_cost_a_star_however_many(tmp_path):
    """Solved at the first try after a hint: 2 stars; in a lesson in steps a hint of any
    step counts; wrong tries and hints together never go below 1."""
    w = CourseWidget(lesson="find-R7c", progress=tmp_path / "p.json")
    w.hint()
    w.hint()
    assert w.answer(w.lesson.solutions()[0][0]).ok and w.attempt.stars == 2
    assert Progress(tmp_path / "p.json").stars["find-R7c"] == 2
    steps = next(les for les in LESSONS if les.steps)
    at = steps.attempt()
    for k, ans in enumerate(steps.solutions()[0]):
        if k == 1:
            at.hint()  # a hint in a later step
        at.answer(ans)
    assert at.solved and at.stars == 2
    at = steps.attempt()
    at.hint()
    for _ in range(3):
        at.answer(next(iter(_wrong(steps.step(0)))))
    for ans in steps.solutions()[0]:
        at.answer(ans)
    assert at.solved and at.stars == 1
