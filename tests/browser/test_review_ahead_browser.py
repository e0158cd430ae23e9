"""The review weighed ahead stops when the page no longer shows the board, in a real
JupyterLab: the page says bye for each view it removes, and once none is left the
kernel's background processes end (a kernel whose page is gone kept two processes
busy for minutes)."""

from __future__ import annotations

import time

import pytest
from test_review_ahead_stops import _running

pytestmark = pytest.mark.browser

BOARD = """
from alhambra_widget import AlhambraWidget
from alhambra_widget.players.alhambra.greedy import GreedyBot
from alhambra_widget.players.parallel import background_workers
w = AlhambraWidget(players=["You", "Ben"], seed=4, seats={"Ben": "greedy"})
w.autoplay_bots = False
w.review_playouts = 400  # minutes of work: it is still going when the view goes
w.review_ahead = True
w.review_ahead_grace = 0.5
g = w.game
bots = [GreedyBot(7), GreedyBot(8)]
while len(g.history) < 30:
    g.apply(bots[g.current].choose(g))
w
"""


def test_the_background_workers_end_once_the_page_shows_no_view_of_the_board(open_notebook):
    lab = open_notebook(BOARD)
    lab.wait_py("print(w.shown())", "True")
    out = lab.wait_py("print(*background_workers())", lambda s: s != "", timeout=60)
    pids = [int(p) for p in out.split()]
    assert all(_running(p) for p in pids)
    lab.page.evaluate("window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    lab.wait_py("print(w.shown(), background_workers())", "False []", timeout=30)
    end = time.time() + 20
    while any(_running(p) for p in pids):  # the processes themselves, not the bookkeeping
        assert time.time() < end, [p for p in pids if _running(p)]
        time.sleep(0.1)
