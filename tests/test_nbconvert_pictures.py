"""`jupyter nbconvert --execute` gives HTML whose board shows offline: with the exporter
the project ships (`--to alhambra-html`), and with the stock option it documents."""

import json
import subprocess
import sys

import nbformat
import pytest

# each test executes a notebook in a new kernel through nbconvert: `bash run.sh test` runs
# them, `bash run.sh check` does not
pytestmark = pytest.mark.slow

SOURCE = (
    'from alhambra_widget import AlhambraWidget\nAlhambraWidget(players=["Ann", "Ben"], seed=2)'
)


def convert(tmp_path, *options):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SOURCE)]
    path = tmp_path / "game.ipynb"
    nbformat.write(nb, path)
    # a kernel may start slowly on a loaded machine: give it three minutes, not one
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "nbconvert",
            "--execute",
            *options,
            "--ExecutePreprocessor.startup_timeout=180",
            "--output",
            "out",
            str(path),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, f"nbconvert exited {done.returncode}:\n{done.stderr[-3000:]}"
    return (tmp_path / "out.html").read_text()


def test_stock_html_with_widget_state_shows_the_live_widget_only(tmp_path):
    """The problem: nbconvert keeps the widget state and emits the live widget, drawn by
    a script from a CDN, and no picture (so the board is blank offline)."""
    html = convert(tmp_path, "--to", "html")
    assert "application/vnd.jupyter.widget-view+json" in html
    assert "A picture of the board" not in html


@pytest.mark.parametrize(
    "options",
    [("--to", "alhambra-html"), ("--to", "html", "--ExecutePreprocessor.store_widget_state=False")],
)
def test_the_html_shows_the_boards_picture_and_needs_no_widget_script(tmp_path, options):
    html = convert(tmp_path, *options)
    assert "A picture of the board" in html and "<svg" in html and "Ann: 0 points" in html
    assert '<script type="application/vnd.jupyter.widget-view+json">' not in html
    assert "html-manager" not in html  # no widget script from a CDN


def test_the_exporter_keeps_the_notebook_itself(tmp_path):
    """Only the HTML drops the state: the executed notebook is not rewritten."""
    convert(tmp_path, "--to", "alhambra-html")
    nb = json.loads((tmp_path / "game.ipynb").read_text())
    assert nb["cells"][0]["outputs"] == []
