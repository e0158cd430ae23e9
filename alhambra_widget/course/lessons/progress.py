"""A learner's stars, kept between sessions in a small JSON file."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

SAVED: list[Callable[[Progress], None]] = []
"""Called with a store each time it has written its file (the course boards of the
kernel listen, so that every map shows what another board or a coached game earned)."""


def default_progress_path() -> Path:
    """``$ALHAMBRA_COURSE_PROGRESS``, else ``course-progress.json`` under the user's
    Jupyter data directory."""
    env = os.environ.get("ALHAMBRA_COURSE_PROGRESS")
    if env:
        return Path(env)
    try:
        from jupyter_core.paths import jupyter_data_dir

        base = Path(jupyter_data_dir())
    except ImportError:  # pragma: no cover - a bare Pyodide
        base = Path.home() / ".local" / "share" / "jupyter"
    return base / "alhambra-widget" / "course-progress.json"


class Progress:
    """Stars per lesson (the best so far), the lesson last opened and the practice
    schedule, kept in a JSON file: ``{"version": 1, "stars": {"R7a-find": 3}, "at":
    "R7a-find", "practice": {"place": {"box": 0, "due": 1767225600.0, "served": 2}}}``
    (the schedule is kept by :mod:`alhambra_widget.course.practice`)."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path is not None else default_progress_path()
        self.stars: dict[str, int] = {}
        self.at: str | None = None
        self.practice: dict[str, dict[str, Any]] = {}
        self._changed: set[str] = set()  # the practice entries changed here since loading
        try:
            d = json.loads(self.path.read_text())
            self.stars = {str(k): int(v) for k, v in d.get("stars", {}).items()}
            self.at = d.get("at")
            self.practice = {str(k): dict(v) for k, v in d.get("practice", {}).items()}
        except (OSError, ValueError, AttributeError, TypeError):
            pass  # no progress yet, or a file that is not ours: start afresh

    def reload(self) -> bool:
        """Read the file again (another notebook or store may have written it): the best
        stars of both, and the schedule entries not changed here. True when a lesson's
        stars changed."""
        before = dict(self.stars)
        self._merge()
        return self.stars != before

    def _merge(self) -> None:
        try:
            d = json.loads(self.path.read_text())
            for k, v in d.get("stars", {}).items():
                self.stars[str(k)] = max(int(v), self.stars.get(str(k), 0))
            for k, e in d.get("practice", {}).items():
                if str(k) not in self._changed:
                    self.practice[str(k)] = dict(e)
        except (OSError, ValueError, AttributeError, TypeError):
            pass  # nothing written yet, or not ours

    def keep_practice(self, skill: str, entry: dict[str, Any]) -> None:
        """Keep a skill's practice entry (box, when due, items served), and save."""
        self.practice[skill] = dict(entry)
        self._changed.add(skill)
        self.save()

    def wrong(self, lesson_id: str) -> None:
        """A wrong answer in a lesson (kept only where a class is followed: see
        :class:`SharedProgress`)."""

    def record(self, lesson_id: str, stars: int) -> None:
        """Record ``stars`` for a lesson (the best so far is kept) and save."""
        self.stars[lesson_id] = max(stars, self.stars.get(lesson_id, 0))
        self.save()

    def visit(self, lesson_id: str) -> None:
        """Remember ``lesson_id`` as the lesson the learner is at, and save."""
        self.at = lesson_id
        self.save()

    def save(self) -> None:
        """Write the file, keeping the best stars of what it holds now: another store
        on the same file (a coached game, a second course board) may have written since."""
        self._merge()
        data = {"version": 1, "stars": self.stars, "at": self.at, "practice": self.practice}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(data, indent=1))
        except (
            OSError
        ):  # a read-only place (a kiosk, JupyterLite's browser storage): kept in memory
            pass
        for listener in list(SAVED):
            listener(self)

    def __repr__(self) -> str:
        return f"Progress({str(self.path)!r}, {sum(self.stars.values())} stars)"


class SharedProgress(Progress):
    """Progress kept on a table server as well (on a JupyterHub, under the student's Hub
    name, for the teacher's dashboard): stars and lessons done, and each wrong answer.
    ``keep(lesson, stars=, done=, wrong=)`` sends one lesson's news (a lobby's
    ``save_progress``); ``stars`` (lesson -> stars) are what the server already holds.
    The local file stays the learner's own copy; the server being away loses nothing
    locally and is not an error for the learner."""

    def __init__(
        self, keep: Callable[..., None], stars: dict[str, int], path: str | Path | None = None
    ):
        super().__init__(path)
        for k, v in stars.items():
            self.stars[k] = max(v, self.stars.get(k, 0))
        self.keep = keep

    def record(self, lesson_id: str, stars: int) -> None:
        """Record the stars here and on the server."""
        super().record(lesson_id, stars)
        self._send(lesson_id, stars=stars, done=True)

    def wrong(self, lesson_id: str) -> None:
        """A wrong answer in a lesson (the class's view counts them)."""
        self._send(lesson_id, wrong=1)

    def _send(self, lesson_id: str, **news: Any) -> None:
        with contextlib.suppress(Exception):  # the server away: the local file still has it
            self.keep(lesson_id, **news)
