"""The course's progress kept on a table server too (the classroom): each wrong answer
and each lesson's stars reach the server; the stars the server holds count here; a
server that is away loses nothing locally."""

from __future__ import annotations

from alhambra_widget.course.lessons.progress import SharedProgress
from alhambra_widget.course.widget import CourseWidget


def test_wrong_answers_and_stars_reach_the_server(tmp_path) -> None:
    sent: list[tuple[str, dict]] = []
    p = SharedProgress(
        lambda lesson, **news: sent.append((lesson, news)), {"R7a-find": 2}, tmp_path / "p.json"
    )
    assert p.stars["R7a-find"] == 2  # what the server holds counts here
    w = CourseWidget(progress=p)
    first = w.lesson.id
    assert not w.answer({"numbers": {"x": 99, "y": 99}}).ok
    assert sent == [(first, {"wrong": 1})]
    p.record(first, 3)
    assert sent[-1] == (first, {"stars": 3, "done": True})
    assert p.stars[first] == 3


def test_a_server_away_loses_nothing_locally(tmp_path) -> None:
    def away(lesson: str, **news: object) -> None:
        raise OSError("connection refused")

    p = SharedProgress(away, {}, tmp_path / "p.json")
    p.record("coords", 2)  # no error for the learner
    p.wrong("coords")
    assert SharedProgress(away, {}, tmp_path / "p.json").stars == {"coords": 2}
