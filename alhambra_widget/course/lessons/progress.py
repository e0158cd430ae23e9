"""A learner's stars, kept between sessions in a small JSON file."""

from __future__ import annotations

import json
import os
from pathlib import Path


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
    """Stars per lesson (the best so far) and the lesson last opened, kept in a JSON
    file: ``{"version": 1, "stars": {"R7a-find": 3}, "at": "R7a-find"}``."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path is not None else default_progress_path()
        self.stars: dict[str, int] = {}
        self.at: str | None = None
        try:
            d = json.loads(self.path.read_text())
            self.stars = {str(k): int(v) for k, v in d.get("stars", {}).items()}
            self.at = d.get("at")
        except (OSError, ValueError, AttributeError):
            pass  # no progress yet, or a file that is not ours: start afresh

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
        try:
            d = json.loads(self.path.read_text())
            for k, v in d.get("stars", {}).items():
                self.stars[str(k)] = max(int(v), self.stars.get(str(k), 0))
        except (OSError, ValueError, AttributeError, TypeError):
            pass  # nothing written yet, or not ours
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps({"version": 1, "stars": self.stars, "at": self.at}, indent=1))
        except OSError:  # a read-only place (a kiosk, JupyterLite's browser storage): kept in memory
            pass

    def __repr__(self) -> str:
        return f"Progress({str(self.path)!r}, {sum(self.stars.values())} stars)"

