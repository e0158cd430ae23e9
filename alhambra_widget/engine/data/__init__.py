"""The real tile sets (R1, G2), shipped inside the package: :func:`read_text` reads one."""

from __future__ import annotations

import os


def read_text(name: str) -> str:
    """The text of the data file ``name`` of this folder. A plain read beside this
    module: ``importlib.resources`` would import ``zipfile`` and ``threading`` at its
    first use (about 5 ms, the time of a compiled game), and the package is never run
    from a zip archive (its compiled modules could not load from one)."""
    with open(os.path.join(os.path.dirname(__file__), name), encoding="utf-8") as f:
        return f.read()
