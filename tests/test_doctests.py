"""The examples in the README, the documentation pages and the docstrings run as written."""

import doctest
import importlib
import pkgutil
import textwrap
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


def _python_blocks(path):
    """The page's plain ```python blocks (not doctests): the examples a reader copies."""
    blocks, cur = [], None
    for line in path.read_text().splitlines():
        if cur is None and line.strip() == "```python":
            cur = []
        elif cur is not None and line.strip() == "```":
            if not any(ln.lstrip().startswith(">>>") for ln in cur):
                blocks.append(textwrap.dedent("\n".join(cur)))
            cur = None
        elif cur is not None:
            cur.append(line)
    return blocks


BLOCK_PAGES = [p for p in PAGES if _python_blocks(p)]


@pytest.mark.parametrize("path", BLOCK_PAGES, ids=lambda p: p.name)
def test_page_code_blocks_run(path, tmp_path, monkeypatch):
    """Every code example in the docs runs; a page's blocks run in order in
    one namespace, as a reader would paste them into a notebook."""
    monkeypatch.chdir(tmp_path)  # examples that write files write them here
    monkeypatch.setenv("ALHAMBRA_COURSE_PROGRESS", str(tmp_path / "progress.json"))
    ns: dict = {}
    for i, block in enumerate(_python_blocks(path)):
        try:
            exec(compile(block, f"{path.name}[block {i}]", "exec"), ns)
        except Exception as e:
            pytest.fail(f"{path.name}, block {i}: {type(e).__name__}: {e}\n{block}")
