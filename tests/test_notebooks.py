"""Every notebook in notebooks/ runs top to bottom in a fresh kernel, and its cells
also run in any order (each cell brings what it needs); notebooks are committed
without outputs (no stale results)."""

import json
import random
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert NOTEBOOKS, "notebooks/ holds the tutorial"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_committed_without_outputs(path):
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, (
                f"{path.name} has outputs"
            )


ORDERS = ["top to bottom", "bottom to top", "shuffled"]


@pytest.mark.slow  # a kernel per run, 39 runs: `bash run.sh test` runs them, `check` does not
@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path, order):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    if order == "bottom to top":
        nb.cells = code[::-1]
    elif order == "shuffled":
        random.Random(path.name).shuffle(code)
        nb.cells = code
    nbclient.NotebookClient(
        nb, kernel_name="python3", timeout=180, resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    errors = [
        o
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if o.get("output_type") == "error"
    ]
    assert not errors
