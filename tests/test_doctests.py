"""The examples in the README, the documentation pages and the docstrings run as written."""

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
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# pages whose Python examples are doctests (the guides with code; the others run theirs
# as executed notebooks when the site is built)
WITH_EXAMPLES = {"README.md": 3, "scripting.md": 15}


def run_page(path):
    return doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_page_examples(path):
    res = run_page(path)
    assert res.failed == 0
    assert res.attempted >= WITH_EXAMPLES.get(path.name, 0)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    res = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert res.failed == 0
