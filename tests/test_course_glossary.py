"""The course's glossary on the page: every term a lesson's words, the feedback or the
guide's steps use is named in the view model the page is sent (which links it to its
entry), and each entry names the lesson that teaches it, where the course map has it.

The words are found here as written (the term itself, as a whole word): the view's own
finding (:mod:`alhambra_widget.course.glossary`) also finds endings ("majorities"), so
what is asked here is a floor it must reach, not a copy of it."""

from __future__ import annotations

import json
import re

import pytest

from alhambra_widget import CourseWidget
from alhambra_widget.course.catalog import GLOSSARY, LESSONS
from alhambra_widget.course.guide_alhambra import GuidedGame
from alhambra_widget.course.guide_gardens import GuidedGardens

QUESTIONS = [les for les in LESSONS if les.task != "coached"]


def _used(*texts: str) -> set[str]:
    """The glossary's terms written, as whole words, in ``texts``."""
    joined = "\n".join(texts)
    return {t for t in GLOSSARY if re.search(rf"\b{re.escape(t)}\b", joined, re.I)}


def _page_words(les: dict) -> list[str]:
    f = les["feedback"]
    done = les["steps"]["goals"] if "steps" in les else []
    return [les["teach"], les["goal"], *done, *les["hints"], f["text"] if f else "", les["after"]]


@pytest.mark.parametrize("les", QUESTIONS, ids=lambda les: les.id)
def test_every_term_a_lesson_shows_is_linked_before_and_after_its_answer(les, tmp_path):
    w = CourseWidget(lesson=les.id, progress=tmp_path / "p.json")
    w.hint()  # a hint shown, too
    seen = w.view["lesson"]
    assert _used(*_page_words(seen)) <= set(seen["terms"]), les.id
    for a in les.solutions()[0]:
        w.answer(a)
        seen = w.view["lesson"]
        assert _used(*_page_words(seen)) <= set(seen["terms"]), les.id
    assert seen["solved"] and seen["feedback"]
    sent = {e["term"] for e in w.view["glossary"]}
    assert set(seen["terms"]) <= sent  # each linked term has its entry on the page


def test_a_term_is_found_with_the_endings_the_course_writes(tmp_path):
    """ "majorities" is a use of "majority", "scoring rounds" of "scoring round"."""
    w = CourseWidget(lesson="dirk-draw", progress=tmp_path / "p.json")
    assert "majorities" in w.view["lesson"]["teach"]
    assert "majority" in w.view["lesson"]["terms"]


def test_each_entry_names_the_lesson_teaching_it_and_where_the_map_has_it(tmp_path):
    w = CourseWidget(progress=tmp_path / "p.json")
    course = w.view["course"]["lessons"]
    entries = w.view["glossary"]
    assert [e["term"] for e in entries] == list(GLOSSARY)
    for e in entries:
        at = e["at"]
        assert at is not None and course[at]["id"] == e["lesson"]
        assert course[at]["title"] == e["title"]
        assert re.search(rf"\b{re.escape(e['term'])}", LESSONS[at].teach, re.I)  # taught there
        assert e["meaning"]
    # a course of one chapter: the lesson teaching "gift" is in it, "Dirk"'s is not
    end = CourseWidget(chapter="end", progress=tmp_path / "p.json").view
    where = {e["term"]: e["at"] for e in end["glossary"]}
    assert end["course"]["lessons"][where["gift"]]["id"] == "gift"
    assert where["Dirk"] is None


def test_the_glossary_is_plain_data_for_the_next_cell(tmp_path):
    g = CourseWidget(progress=tmp_path / "p.json").glossary
    assert json.loads(json.dumps(g)) == g
    by = {e["term"]: e for e in g}
    assert set(by) == set(GLOSSARY)
    assert by["exact payment"]["lesson"] == "buy-exact"
    assert by["exact payment"]["title"] == next(
        les.title for les in LESSONS if les.id == "buy-exact"
    )


@pytest.mark.parametrize("kind", [GuidedGame, GuidedGardens], ids=lambda k: k.__name__)
def test_every_term_a_guided_step_uses_has_its_entry_in_the_guides_view(kind, tmp_path):
    w = kind(progress=tmp_path / "p.json")
    linked = set()
    while True:
        g = w.view["guide"]
        words = [g["do"], g["why"], g["note"], *g["before"], g["said"], g["walk"], g["walked"]]
        terms = {e["term"] for e in g["glossary"]}
        assert _used(*words) <= terms, (g["step"], _used(*words) - terms)
        linked |= terms
        if w.expected is None:
            break
        wrong = next(a for a in w.game.legal_actions() if a != w.expected)
        w._on_msg(w, {"kind": "act", "action": wrong.to_json(), "v": w._v}, [])  # the page
        g = w.view["guide"]
        assert g["said"] and _used(g["said"]) <= {e["term"] for e in g["glossary"]}
        w.play_step()
    assert linked  # the guide's words do use the course's terms
