"""The course: its lessons (:mod:`.catalog`), its view, and the notebooks shipped with
the package. The lessons are played in :class:`alhambra_widget.CourseWidget`.

``python -m alhambra_widget.course [DIR]`` copies the course notebooks into
``DIR`` (default: ``./alhambra-course``); add ``--lab`` to open JupyterLab on them.
From Python, :func:`copy_course` does the same and returns the paths.
"""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

__all__ = ["copy_course", "notebooks", "sample_game", "tour"]

_TOUR: dict[str, object] = {}


def tour():  # type: ignore[no-untyped-def]
    """The quick tour's game against two bots: the same widget for every cell that asks
    (so a notebook's cells run on their own, in any order)."""
    if "w" not in _TOUR:
        from ..widgets.table import AlhambraWidget

        _TOUR["w"] = AlhambraWidget(
            players=["You", "Ben", "Cem"], seats={"Ben": "greedy", "Cem": "random"}, seed=1
        )
    return _TOUR["w"]


def sample_game(seed: int = 21, actions: int = 60):  # type: ignore[no-untyped-def]
    """A game three greedy bots have played ``actions`` actions into (the same every
    time for the same seed): a position to explore."""
    from ..engine.alhambra.game import Game
    from ..players.alhambra.greedy import GreedyBot

    g = Game(["Ann", "Ben", "Cem"], seed=seed)
    bots = [GreedyBot(i) for i in range(3)]
    for _ in range(actions):
        g.apply(bots[g.current].choose(g))
    return g


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
