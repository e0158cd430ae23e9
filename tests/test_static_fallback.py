"""Readers without a kernel (a saved notebook, nbconvert, a notebook viewer) see a
picture of the board: every widget's mimebundle carries text/html with an SVG of the
state it shows, and a line saying it is a picture."""

import ast
import itertools

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


def test_the_output_picture_follows_the_game_while_bots_play_redraw_once(tmp_path):
    """A widget shown in a notebook keeps its output's picture current (so a notebook
    saved later shows the step the board was at); while bots play on, it waits for a
    person to be to move; it is refreshed after the changes, at the latest at the end of
    the cell that made them."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from alhambra_widget import AlhambraWidget\n"
            'w = AlhambraWidget(players=["Ann", "Ben", "Cem"], seed=1, seats={"Ben": "greedy", "Cem": "greedy"})\n'
            "g = w.game\n"
            "shown = w._picture_key()\n"
            "w"
        ),
        nbformat.v4.new_code_cell(
            "updates = []\n"
            "w._displays[0].update = lambda *a, **k: (updates.append(g.step), type(w._displays[0]).update(w._displays[0], *a, **k))\n"
            "for _ in range(3):\n"
            "    while g.current_player.name != 'Ann':\n"
            "        w.session.bot_step()\n"
            "    w.act(g.legal_actions()[0])\n"
            "while g.current_player.name != 'Ann':\n"
            "    w.session.bot_step()\n"
            "print(len(updates))"
        ),
        # (the picture is refreshed a moment after the changes, at the latest at the end
        # of the cell that made them)
        nbformat.v4.new_code_cell(
            "print(updates, g.step)\nprint(w._repr_mimebundle_()[0]['text/html'])"
        ),
    ]
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    first = "".join(nb.cells[0].outputs[0]["data"]["text/html"])
    # not while the cell plays (a new picture makes the notebook draw the board anew)
    assert nb.cells[1].outputs[0]["text"].strip() == "0"
    updates, final = nb.cells[2].outputs[0]["text"].split("\n", 1)
    assert first.strip() == final.strip()  # the cell's output shows the board now
    steps, now = updates.rsplit(" ", 1)
    seen = [int(x) for x in steps.strip("[]").split(",")]
    assert seen[-1] == int(now)  # redrawn when Ann was to move again, not at each bot move
    assert all(b - a >= 2 for a, b in itertools.pairwise(seen))


def test_each_kind_has_its_own_shape_in_the_picture_and_the_view():
    from alhambra_widget.engine.alhambra.components import KINDS
    from alhambra_widget.views.alhambra.svg import KIND_GLYPHS

    assert set(KIND_GLYPHS) == set(KINDS) and len(set(KIND_GLYPHS.values())) == len(KINDS)
    a = Alhambra.from_tiles({(1, 0): Tile("tower", 9, "NE"), (-1, 0): Tile("garden", 6)})
    svg = a._repr_svg_()
    assert svg.count('class="aw-glyph"') == 2  # one per building, none for the fountain
    assert KIND_GLYPHS["tower"] in svg and KIND_GLYPHS["garden"] in svg
    w = AlhambraWidget(players=["Ann", "Ben"], seed=1)
    assert w.texts["glyphs"] == KIND_GLYPHS and "glyphs" not in w.view  # sent once
    assert SandboxWidget(a).texts["glyphs"] == KIND_GLYPHS


def test_a_change_outside_a_cell_is_pictured_once_the_board_is_quiet():
    """A click or a bot's move is made outside any cell, so no cell's end refreshes the
    picture: it comes ``PICTURE_AFTER_S`` after the last of a run of changes, once, and
    at most ``PICTURE_AT_MOST_S`` after the first however busy the board is. (Judged on
    the times the changes were made, which a busy machine may delay.)"""
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "import asyncio, time\n"
            "from alhambra_widget import AlhambraWidget\n"
            "from alhambra_widget.widgets.base import PICTURE_AFTER_S, PICTURE_AT_MOST_S\n"
            'w = AlhambraWidget(players=["Ann", "Ben"], seed=1)\n'
            "g = w.game\n"
            "w"
        ),
        nbformat.v4.new_code_cell(
            "updates, changes = [], []\n"
            "w._displays[0].update = lambda *a, **k: (updates.append((time.monotonic(), g.step)), type(w._displays[0]).update(w._displays[0], *a, **k))\n"
            "def change():\n"
            "    w.act(g.legal_actions()[0])\n"
            "    changes.append((time.monotonic(), g.step))\n"
            "loop = asyncio.get_running_loop()\n"
            "gap = PICTURE_AFTER_S / 3\n"
            "async def run(n):  # n changes, each a third of the wait after the last\n"
            "    updates.clear(); changes.clear()\n"
            "    for i in range(n):\n"
            "        loop.call_later(i * gap, change)\n"
            "    while len(changes) < n:\n"
            "        await asyncio.sleep(0.01)\n"
            "    during = len(updates)\n"
            "    end = time.monotonic() + 5\n"
            "    while (not updates or updates[-1][0] < changes[-1][0]) and time.monotonic() < end:\n"
            "        await asyncio.sleep(0.01)\n"
            "    await asyncio.sleep(PICTURE_AFTER_S + 0.1)  # (and no other after it)\n"
            "    return during, list(changes), list(updates)\n"
            "quiet = await run(4)\n"
            "busy = await run(int(PICTURE_AT_MOST_S / gap) + 6)\n"
            "print(repr((quiet, busy, PICTURE_AFTER_S, PICTURE_AT_MOST_S)))"
        ),
    ]
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    quiet, busy, wait, at_most = ast.literal_eval(nb.cells[1].outputs[0]["text"])

    def judged(changes, updates) -> list[str]:
        """Each picture came when the board had been quiet the wait, or the longest wait
        after the first change it shows; the last shows the last change."""
        bad, first = [], 0
        for when, step in updates:
            made = [c for c in changes if c[0] <= when]
            run = made[first:]
            if not run:
                bad.append(f"a picture at {when} with no change since the last")
                continue
            if when - run[-1][0] < wait - 0.02 and when - run[0][0] < at_most - 0.02:
                bad.append(f"a picture {when - run[-1][0]:.2f} s after a change")
            if step != run[-1][1]:
                bad.append(f"a picture of step {step}, the board at {run[-1][1]}")
            first = len(made)
        if not updates or updates[-1][1] != changes[-1][1]:
            bad.append(f"the last picture is not of the last change: {updates}")
        return bad

    during, changes, updates = quiet
    assert judged(changes, updates) == []
    if max(b[0] - a[0] for a, b in itertools.pairwise(changes)) < wait - 0.02:
        assert during == 0 and len(updates) == 1  # one run: one picture, after it
    during, changes, updates = busy
    assert judged(changes, updates) == []
    if max(b[0] - a[0] for a, b in itertools.pairwise(changes)) < wait - 0.02:
        # a change every third of the wait for longer than the longest wait: a picture
        # came during the run all the same
        assert during >= 1 and changes[-1][0] - changes[0][0] > at_most
