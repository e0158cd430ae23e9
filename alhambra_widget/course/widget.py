"""The course, played on the board: :class:`CourseWidget`."""

from __future__ import annotations

import dataclasses
import html
import os
import pathlib
import weakref
from collections.abc import Sequence
from typing import Any, ClassVar

import traitlets

from ..engine.errors import MalformedInput
from ..views.alhambra.svg import alhambra_svg
from ..views.alhambra.view import RULES
from ..views.contract import CourseView
from ..views.gardens.view import RULES as GARDEN_RULES
from ..widgets.base import BaseWidget, Intents
from . import catalog, practice
from .glossary import glossary
from .lessons import Attempt, Lesson, Progress, Verdict
from .lessons.progress import SAVED, SharedProgress
from .view import course_view

_LIVE: weakref.WeakSet[CourseWidget] = weakref.WeakSet()
"""The course boards of this kernel, whose maps follow what any store earns."""


def _on_saved(store: Progress) -> None:
    """A store wrote its stars: every other board on the same progress shows them now
    (notebook 12's map as its coached game ends, a second board of the course)."""
    for w in list(_LIVE):
        w.show_stars(store)


SAVED.append(_on_saved)


def class_progress(path: str | pathlib.Path | None = None) -> Progress:
    """The learner's progress: on a JupyterHub with a table server (``online.connect()``
    finds it), kept on the server too, under the student's Hub name; else in the file."""
    if os.environ.get("ALHAMBRA_SERVER_URL") and os.environ.get("JUPYTERHUB_API_TOKEN"):
        try:
            from ..engine.errors import GameError
            from ..online import connect

            lobby = connect()
            held = {r["lesson"]: int(r["stars"]) for r in lobby.progress()}
            return SharedProgress(lobby.save_progress, held, path)
        except (GameError, ImportError, KeyError, TypeError):
            pass  # the server away: the file alone
    return Progress(path)


class CourseWidget(BaseWidget):
    """The course in the board: a course map with each lesson's stars, the lesson's
    goal and start position, and the board to answer on. The engine judges every try
    (:mod:`alhambra_widget.course.lessons`); hints come one at a time; stars are kept in a
    small JSON file (:class:`~alhambra_widget.course.lessons.Progress`).

    ``CourseWidget()`` opens the whole course where the learner left off;
    ``CourseWidget(chapter="building")`` one chapter; ``lesson="find-R7c"`` one lesson.
    From Python: ``w.lesson`` (the :class:`~alhambra_widget.course.lessons.Lesson`),
    ``w.attempt`` (tries, hints, stars), ``w.answer({...})``, ``w.hint()``,
    ``w.goto(...)``, ``w.next()``, ``w.prev()``, ``w.progress``.

    A lesson answered wrong brings its skill back later with a new position
    (:mod:`alhambra_widget.course.practice`); ``w.practice()`` opens a short session of
    the items due. ``items`` (internal to that) plays given lessons instead of the
    course: a practice session, whose answers move the schedule, not the stars."""

    show_coords = traitlets.Bool(True).tag(sync=True)

    def __init__(
        self,
        chapter: str | None = None,
        *,
        lesson: str | None = None,
        progress: Progress | str | pathlib.Path | None = None,
        items: Sequence[Lesson] | None = None,
        **kwargs: Any,
    ):
        super().__init__(**kwargs)
        self.practising = items is not None
        if items is not None:
            self.lessons = list(items)
        else:
            self.lessons = catalog.chapter(chapter) if chapter else list(catalog.LESSONS)
        self.progress = progress if isinstance(progress, Progress) else class_progress(progress)
        self._noted: set[str] = set()  # the practice items whose first verdict is kept
        self._solved: dict[str, int] = {}  # a practice session's items solved, with their stars
        ids = [les.id for les in self.lessons]
        if self.practising:
            lesson = lesson or ids[0]
        elif lesson is None:
            if self.progress.at in ids:
                lesson = self.progress.at
            else:  # the first lesson without stars, else the first
                lesson = next((i for i in ids if not self.progress.stars.get(i)), ids[0])
        self.attempt: Attempt = self.lessons[self._index(lesson)].attempt()
        self._seen = bool(self.progress.stars.get(self.lesson.id))
        _LIVE.add(self)
        self._publish()

    def _index(self, which: str | int) -> int:
        ids = [les.id for les in self.lessons]
        if isinstance(which, int) and not isinstance(which, bool):
            if not 0 <= which < len(ids):
                raise MalformedInput(f"There are {len(ids)} lessons here; {which} is not one.")
            return which
        if which not in ids:
            raise MalformedInput(f"No lesson {which!r} here; the lessons are {ids}.")
        return ids.index(str(which))

    @property
    def glossary(self) -> list[dict[str, Any]]:
        """The course's glossary as plain data: one dict per term with its ``term``,
        ``meaning``, and the ``lesson`` (id) and ``title`` of the lesson that teaches it
        (:data:`~alhambra_widget.course.catalog.GLOSSARY`). The page links each term
        where a lesson, the guide or the feedback uses it."""
        return glossary()

    @property
    def lesson(self) -> Lesson:
        """The lesson on the board now."""
        return self.attempt.lesson

    def goto(self, which: str | int) -> None:
        """Open a lesson (its id or its index in the course map), from the start."""
        self.attempt = self.lessons[self._index(which)].attempt()
        # a lesson solved before has shown its solution: answering it again earns no more
        self._seen = bool(self.progress.stars.get(self.lesson.id))
        if not self.practising:
            self.progress.visit(self.lesson.id)
        self._publish()

    def next(self) -> None:
        """Go to the next lesson (stays on the last)."""
        self.goto(min(len(self.lessons) - 1, self._index(self.lesson.id) + 1))

    def prev(self) -> None:
        """Go back to the previous lesson (stays on the first)."""
        self.goto(max(0, self._index(self.lesson.id) - 1))

    def answer(self, payload: dict[str, Any]) -> Verdict:
        """Answer as a click would (``{"cell": [x, y]}``, ``{"take": [...]}``,
        ``{"buy": "denar", "cards": [...]}``, ``{"numbers": {...}}``,
        ``{"choice": "Ben"}``); the engine's verdict."""
        v = self.attempt.answer(payload)
        if self.practising:
            self._note_item(v)
            if self.attempt.solved:
                self._solved[self.lesson.id] = self.attempt.stars
        else:
            if not v.ok:
                self.progress.wrong(self.lesson.id)
                skill = practice.skill_of(self.lesson)
                if skill is not None:  # it comes back later, with a new position
                    practice.note(self.progress, skill, right=False)
            if self.attempt.solved and not self._seen:
                self.progress.record(self.lesson.id, self.attempt.stars)
        self._publish()
        return v

    def show_stars(self, store: Progress) -> None:
        """Show the stars another store on the same progress has just kept (the map is
        drawn again when a lesson earned more)."""
        mine = self.progress
        if mine is store or mine.path != store.path:
            return
        news = {k: v for k, v in store.stars.items() if v > mine.stars.get(k, 0)}
        if news:
            mine.stars.update(news)
            self._publish()

    def _note_item(self, v: Verdict) -> None:
        """A practice item's first verdict moves its skill's schedule: right at the first
        try, a longer wait; wrong, back soon."""
        skill = practice.skill_of_item(self.lesson)
        if skill is None or self.lesson.id in self._noted or not (self.attempt.solved or not v.ok):
            return
        self._noted.add(self.lesson.id)
        practice.note(self.progress, skill, right=v.ok and self.attempt.tries == 0)

    def practice(self, n: int = 5, now: float | None = None) -> CourseWidget:
        """A short practice session: a board of up to ``n`` fresh positions of the skills
        due (each made by the engine, seeded), or, when none is due, of the skills coming
        back soonest, or of the lessons done. Its first lesson's explanation says which."""
        done = [practice.skill_of(les) for les in self.lessons if self.progress.stars.get(les.id)]
        items, why = practice.session(
            self.progress, n, now, done=[s for s in done if s is not None]
        )
        items[0] = dataclasses.replace(items[0], teach=f"{why} {items[0].teach}")
        return CourseWidget(items=items, progress=self.progress)

    def hint(self) -> str | None:
        """The current lesson's next hint (None when there are no more), shown on the board too."""
        h = self.attempt.hint()
        self._publish()
        return h

    def _rules(self) -> dict[str, str]:
        """Both games' rule texts: a lesson's ruling codes (R and G) say their rule."""
        return {**RULES, **GARDEN_RULES}

    def _picture(self) -> str:
        les = self.lesson
        body = f"<b>{html.escape(les.title)}</b> ({', '.join(les.rules)})"
        if les.teach:  # teach, then ask
            body += f"<p>{html.escape(les.teach)}</p>"
        body += f"<p>{html.escape(self.attempt.current.lesson.goal)}</p>"
        if "alhambra" in les.start:
            body += alhambra_svg(les.alhambra())
        return f"<div style='font-family: sans-serif'>{body}</div>"

    def _build(self) -> CourseView:
        return course_view(
            self.lessons,
            self.attempt,
            self.progress,
            self._v,
            self._solved if self.practising else None,
        )

    def _intent_lesson(self, content: dict[str, Any]) -> None:
        which = content.get("lesson")
        if not isinstance(which, (int, str)):
            raise MalformedInput("A lesson is named by its id or its index.")
        self.goto(which)

    def _intent_answer(self, content: dict[str, Any]) -> None:
        if content.get("v") not in (None, self._v):
            return  # made on a board that has changed since
        answer = content.get("answer")
        if not isinstance(answer, dict):
            raise MalformedInput("An answer is an object, like {'cell': [x, y]}.")
        self.answer(answer)

    def _intent_hint(self, content: dict[str, Any]) -> None:
        self.hint()

    def _intent_reset(self, content: dict[str, Any]) -> None:
        self.attempt.reset()
        self._publish()

    def _intent_refresh(self, content: dict[str, Any]) -> None:
        """The learner is back at the board: the progress file again (another notebook's
        kernel may have earned stars since), drawn when a lesson's stars changed."""
        if self.progress.reload():
            self._publish()

    INTENTS: ClassVar[Intents] = {
        **BaseWidget.INTENTS,
        "lesson": _intent_lesson,
        "answer": _intent_answer,
        "hint": _intent_hint,
        "reset": _intent_reset,
        "refresh": _intent_refresh,
    }

    def __repr__(self) -> str:
        return f"CourseWidget({self.lesson!r}, {self.attempt.stars} stars)"
