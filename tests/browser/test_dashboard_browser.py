"""A teacher's dashboard in JupyterLab over a real table server: six names seated at
two tables from the page's form, one table watched live below the list, a person
replaced by a bot, a pause clicked."""

from __future__ import annotations

import pytest
from conftest import Lab

pytestmark = pytest.mark.browser

SOURCE = """
from alhambra_widget import online
lobby = online.connect("{url}")
d = lobby.dashboard(refresh=1)
d
"""


def test_the_dashboard_lists_pauses_and_watches(lab, browser, table_server):
    server = table_server
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        lab.write_notebook("dashboard.ipynb", SOURCE.format(url=server.url))
        page = ctx.new_page()
        page.goto(f"{lab.url}/lab/tree/dashboard.ipynb?reset")
        lab.run_all(page)
        page.locator(".ad-root").wait_for(timeout=60000)
        d = Lab(page, "dashboard")
        # seat six names at two tables of three, from the form
        page.fill(".ad-class textarea[name='names']", "Ann, Ben, Cem, Dan, Eve, Fay")
        page.select_option(".ad-class select[name='size']", "3")
        page.click(".ad-class button[type='submit']")
        rows = page.locator(".ad-tables tbody tr")
        page.wait_for_function(
            "document.querySelectorAll('.ad-tables tbody tr').length === 2", timeout=20000
        )
        assert d.py("print(sorted(len(t.players) for t in lobby.tables()))") == "[3, 3]"
        d.shot("list")
        first = rows.first.locator("code").inner_text()
        row = page.locator(".ad-tables tbody tr").filter(has_text=first)
        # watch it live below the list: a spectator's board, no hand shown
        row.locator("button[data-do='watch']").first.click()
        page.locator(".aw-root").first.wait_for(timeout=60000)
        assert page.locator(".aw-root section.aw-player .aw-card").count() == 0
        page.get_by_text(f"Watching table {first} (public information only)").wait_for(
            timeout=10000
        )
        assert (
            page.locator(".aw-root button", has_text="Hint").count() == 0
        )  # a spectator decides nothing
        # replace the person to move with a bot: the seat's menu
        name = d.py(
            f"print(lobby.table('{first}').to_move)"
        )  # the person to move: the bot moves at once
        row.locator(f"select[data-seat='{name}']").select_option("greedy")
        d.wait_py(f"print(lobby.table('{first}').seats['{name}'])", "greedy", timeout=20)
        page.locator(".aw-root").first.filter(has_text="greedy bot").wait_for(timeout=20000)
        # the bot plays on at the table being watched
        d.wait_py(f"print(lobby.table('{first}').step > 0)", "True", timeout=60)
        row.locator("button[data-do='pause']").click()
        page.locator(".ad-tables tbody tr").filter(has_text=first).filter(
            has_text="paused"
        ).wait_for(timeout=20000)
        assert d.py(f"print(lobby.table('{first}').paused)") == "True"
        d.shot("watching")
        d.theme("Dark")
        d.shot("watching-dark")
        d.theme("Light")
    finally:
        ctx.close()
