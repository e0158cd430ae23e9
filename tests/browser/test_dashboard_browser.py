"""A teacher's dashboard in JupyterLab over a real table server: the tables listed,
a pause clicked, a table watched live below the list."""

from __future__ import annotations

import sys

import pytest
from conftest import Lab
from labdriver import Server

pytestmark = pytest.mark.browser

CELL = """
from alhambra_widget import online
lobby = online.connect("{url}")
opened = lobby.seat_class(["Ann", "Ben", "Cem"], size=2, bots="greedy")
d = lobby.dashboard(refresh=1)
d
"""


def test_the_dashboard_lists_pauses_and_watches(lab, browser, tmp_path):
    server = Server(
        [sys.executable, "-m", "alhambra_widget.online", "serve", "--port", "{port}",
         "--db", str(tmp_path / "tables.sqlite"), "--workers", "1"],
        tmp_path / "server.log", path="/api/health",
    )  # fmt: skip
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        lab.write_notebook("dashboard.ipynb", CELL.format(url=server.url))
        page = ctx.new_page()
        page.goto(f"{lab.url}/lab/tree/dashboard.ipynb?reset")
        lab.run_all(page)
        rows = page.locator(".ad-tables tbody tr")
        rows.first.wait_for(timeout=60000)
        assert rows.count() == 2  # Ann and Ben; Cem with a greedy bot
        d = Lab(page, "dashboard")
        d.shot("list")
        first = rows.first.locator("code").inner_text()
        rows.first.locator("button[data-do='pause']").click()
        page.locator(".ad-tables tbody tr").filter(has_text=first).filter(has_text="paused").wait_for(timeout=20000)
        assert d.py(f"print(lobby.table('{first}').paused)") == "True"
        page.locator(".ad-tables tbody tr").filter(has_text=first).locator("button[data-do='watch']").first.click()
        board = page.locator(".aw-root")
        board.first.wait_for(timeout=60000)
        # a spectator's board: no hand shown
        assert page.locator(".aw-root section.aw-player .aw-card").count() == 0
        d.shot("watching")
        d.theme("Dark")
        d.shot("watching-dark")
        d.theme("Light")
    finally:
        ctx.close()
        server.stop()
