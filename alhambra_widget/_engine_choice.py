"""Which engine is loaded: compiled (mypyc) or pure Python, and why.

A compiled wheel keeps the ``.py`` sources of the engine and of the computer players'
search beside their binary extensions. ``ALHAMBRA_WIDGET_PURE=1`` in the environment
(before the package is imported) loads the sources instead: an import finder placed first
answers for the modules of both packages with their ``.py`` files only (a compiled
search cannot run on a pure engine). This module is never compiled itself.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import sys
from collections.abc import Sequence
from importlib import resources
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

PURE_ENV = "ALHAMBRA_WIDGET_PURE"
COMPILED_PACKAGES = ("alhambra_widget.engine", "alhambra_widget.players")


def pure_forced() -> bool:
    """Whether the environment asks for the pure engine."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


class _SourceOnlyFinder:
    """Finds the modules of the engine and the players from their ``.py`` sources, never an
    extension."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not any(fullname == p or fullname.startswith(p + ".") for p in COMPILED_PACKAGES):
            return None
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path or sys.path:
            spec = importlib.machinery.FileFinder(entry, loader).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def install() -> None:
    """Put the source-only finder first when the pure engine is asked for."""
    if pure_forced() and not any(isinstance(f, _SourceOnlyFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceOnlyFinder())


def _built() -> dict[str, Any]:
    try:
        text = resources.files("alhambra_widget").joinpath("_build.json").read_text()
    except (FileNotFoundError, OSError):
        return {"engine": "pure", "why": "a source checkout (editable install): never compiled"}
    info: dict[str, Any] = json.loads(text)
    return info


def engine_info() -> dict[str, Any]:
    """Which engine runs: ``{"engine": "compiled" | "pure", "why": ..., "built": ...,
    "module": path}``. ``built`` is how the installed package was built (its wheel's
    ``_build.json``); ``engine`` is what is loaded now (a compiled build runs pure when
    ``ALHAMBRA_WIDGET_PURE`` is set)."""
    from .engine.alhambra import rules  # a compiled module

    origin = str(getattr(rules, "__file__", "") or "")
    compiled = origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    built = _built()
    if compiled:
        why = "compiled with mypyc (binary extensions for this CPython)"
    elif pure_forced():
        why = f"{PURE_ENV} is set"
    else:
        why = str(built.get("why", ""))
    return {
        "engine": "compiled" if compiled else "pure",
        "why": why,
        "built": built,
        "module": origin,
    }
