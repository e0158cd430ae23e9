"""The course notebooks, shipped with the package.

``python -m alhambra_widget.course [DIR]`` copies the eleven course notebooks into
``DIR`` (default: ``./alhambra-course``); add ``--lab`` to open JupyterLab on them.
From Python, :func:`copy_course` does the same and returns the paths.
"""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

__all__ = ["copy_course", "notebooks"]


def notebooks() -> list[Path]:
    """The course notebooks, in order (from the wheel, or from a source checkout)."""
    here = resources.files(__name__)
    found = sorted(Path(str(p)) for p in here.iterdir() if p.name.endswith(".ipynb"))
    if not found:  # an editable install: the notebooks live in the checkout
        checkout = Path(__file__).resolve().parents[2] / "notebooks"
        found = sorted(checkout.glob("*.ipynb"))
    return found


def copy_course(target: str | Path = "alhambra-course", *, overwrite: bool = False) -> list[Path]:
    """Copy the course notebooks into ``target`` (created if needed). An existing
    notebook is kept (your answers are yours) unless ``overwrite``."""
    dest = Path(target)
    dest.mkdir(parents=True, exist_ok=True)
    out = []
    for nb in notebooks():
        to = dest / nb.name
        if overwrite or not to.exists():
            shutil.copyfile(nb, to)
        out.append(to)
    return out
