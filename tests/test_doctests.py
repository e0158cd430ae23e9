"""The examples in the README and in the engine's docstrings run as written."""

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import alhambra_widget

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(alhambra_widget.__path__, "alhambra_widget.")
    if not m.name.endswith(("widget", "lessons"))
)


def test_readme_examples():
    res = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert res.attempted >= 15 and res.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    res = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert res.failed == 0
