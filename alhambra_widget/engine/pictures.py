"""Pictures of engine objects for notebooks (``_repr_svg_``).

The engine draws nothing: the view layer registers a drawing per class here
(:mod:`alhambra_widget.views.alhambra.svg` does so when the package is imported), and
an engine object asks for its picture by its class."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

_DRAW: Final[dict[type, Callable[[Any], str]]] = {}


def register(cls: type, draw: Callable[[Any], str]) -> None:
    """Draw instances of ``cls`` with ``draw(obj) -> SVG text``."""
    _DRAW[cls] = draw


def svg_of(obj: object) -> str | None:
    """The SVG picture of ``obj``, or ``None`` when no drawing is registered."""
    draw = _DRAW.get(type(obj))
    return draw(obj) if draw is not None else None
