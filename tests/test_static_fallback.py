"""Readers without a kernel (a saved notebook, nbconvert, a notebook viewer) see a
picture of the board: every widget's mimebundle carries text/html with an SVG of the
state it shows, and a line saying it is a picture."""

import nbformat
import pytest
from nbclient import NotebookClient
from nbconvert import HTMLExporter

from alhambra_widget import Alhambra, AlhambraWidget, SandboxWidget, Tile
from alhambra_widget.gardens import GardensWidget


def html_of(w):
    data, _meta = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data  # the live widget stays
    return data["text/html"]


@pytest.mark.parametrize(
    "make",
    [
        lambda: AlhambraWidget(players=["Ann", "Ben", "Cem"], seed=1),
        lambda: SandboxWidget(Alhambra.from_tiles({(1, 0): Tile("tower", 9, "NE")})),
        lambda: GardensWidget(players=["Ann", "Ben"], seed=3),
    ],
)
def test_every_widget_bundle_has_a_picture(make):
    html = html_of(make())
    assert "<svg" in html and "</svg>" in html
    assert "A picture of the board" in html and "run the notebook to play" in html


def test_the_picture_shows_the_step_on_screen_and_no_hand():
    w = AlhambraWidget(
        players=["Ann", "Ben", "Cem"], seed=1, seats={"Ben": "greedy", "Cem": "greedy"}
    )
    for _ in range(3):
        w.game.apply(w.game.legal_actions()[0])
        w.run_bots()
    now = html_of(w)
    w.goto(0)
    first = html_of(w)
    assert "Turn 1:" in first and "Turn 1:" not in now
    ann = w.game.player("Ann")
    assert not any(f">{c}<" in now for c in map(str, ann.money))  # hands are not drawn


def test_nbconvert_offline_shows_the_board(tmp_path):
    """As JupyterLab saves by default (without widget state), nbconvert's HTML shows the
    picture; with saved widget state it emits only the widget view, drawn from a CDN."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from alhambra_widget import AlhambraWidget\n"
            'AlhambraWidget(players=["Ann", "Ben"], seed=2)'
        )
    ]
    NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=False).execute()
    body, _ = HTMLExporter().from_notebook_node(nb)
    assert "A picture of the board" in body and "<svg" in body and "Ann: 0 points" in body
