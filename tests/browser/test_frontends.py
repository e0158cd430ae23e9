"""The board outside JupyterLab: Notebook 7, Voilà, marimo and a JupyterLite site built
offline. Each renders the board and plays a move against a bot: the widget ships anywhere a notebook runs."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from labdriver import Server

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
BIN = Path(sys.executable).parent

# You move first with this seed, against one random bot
GAME = 'AlhambraWidget(players=["You", "Ben"], seats={"Ben": "random"}, seed=%d, bot_delay=0.2)'


def _seed_where_you_start() -> int:
    from alhambra_widget import Game

    return next(s for s in range(50) if Game(["You", "Ben"], seed=s).current_player.name == "You")


SEED = _seed_where_you_start()


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"frontend-{name}.png"))


def step_of(board) -> int:
    return int(re.search(r"step (\d+)/", board.locator(".aw-stepno").inner_text()).group(1))


def take_then_see_the_bot(page, board, timeout_ms: int = 30_000) -> None:
    """You take the first money card; the bot then moves on its own: the page comes back
    to you at a later step with a log line by Ben."""
    board.locator(".aw-status").filter(has_text="You must take money").wait_for(timeout=timeout_ms)
    before = step_of(board)
    board.locator("[data-take='0']").click()
    board.locator("button[data-do='take']").click()
    # the board in the page: the notebook may draw it anew when it refreshes the
    # output's picture (the old view then stops drawing); marimo's is in a shadow root
    page.wait_for_function(
        """([first, n]) => { const root = first.isConnected ? first : document.querySelector('.aw-root');
               const s = root && root.querySelector('.aw-stepno');
               const m = s && s.textContent.match(/step (\\d+)\\//);
               return m && +m[1] >= n + 2
                 && root.querySelector('.aw-status').textContent.startsWith('You must take money'); }""",
        arg=[board.element_handle(), before],
        timeout=timeout_ms,
    )
    assert "Ben " in board.locator(".aw-log").inner_text()


def notebook(path: Path, cells: list[str]) -> None:
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "id": f"c{i}",
                "metadata": {},
                "execution_count": None,
                "outputs": [],
                "source": c,
            }
            for i, c in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb))


def luminance(page, locator) -> float:
    rgb = page.evaluate(
        "(e) => getComputedStyle(e).backgroundColor", locator.element_handle()
    )  # "rgb(r, g, b)"
    r, g, b = (float(x) for x in re.findall(r"[\d.]+", rgb)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_notebook7_renders_the_board_and_plays_against_a_bot(lab, browser):
    notebook(
        lab.root / "nb7.ipynb",
        [f"from alhambra_widget import AlhambraWidget\nw = {GAME % SEED}\nw"],
    )
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = ctx.new_page()
    page.goto(f"{lab.url}/notebooks/nb7.ipynb")
    lab.run_all(page)
    board = page.locator(".aw-root").first
    take_then_see_the_bot(page, board)
    shot(page, "notebook7")
    ctx.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_voila_renders_the_board_in_both_themes_and_plays_against_a_bot(lab, browser, theme):
    notebook(
        lab.root / "voila.ipynb",
        [f"from alhambra_widget import AlhambraWidget\nw = {GAME % SEED}\nw"],
    )
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = ctx.new_page()
    page.goto(f"{lab.url}/voila/render/voila.ipynb?theme={theme}", timeout=120_000)
    board = page.locator(".aw-root").first
    board.wait_for(timeout=120_000)
    dark = luminance(page, board) < 128
    assert dark == (theme == "dark")
    take_then_see_the_bot(page, board)
    shot(page, f"voila-{theme}")
    ctx.close()


MARIMO_APP = """
import marimo

app = marimo.App(width="full")


@app.cell
def _():
    import marimo as mo
    from alhambra_widget import AlhambraWidget

    board = mo.ui.anywidget(%s)
    board
    return (board, mo)


@app.cell
def _(board, mo):
    # re-runs when the page changes a trait: after every move
    mo.md(f"page shows step {board.value['seen_steps']}; the game has {len(board.widget.game.history)} steps")
    return


if __name__ == "__main__":
    app.run()
"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_marimo_renders_the_board_styled_and_sees_every_move(browser, tmp_path, theme):
    app = tmp_path / "board.py"
    app.write_text(MARIMO_APP % (GAME % SEED))
    config = tmp_path / "config" / "marimo"
    config.mkdir(parents=True)
    (config / "marimo.toml").write_text(f'[display]\ntheme = "{theme}"\n')
    server = Server(
        [
            str(BIN / "marimo"),
            "run",
            str(app),
            "--headless",
            "--no-token",
            "--host",
            "127.0.0.1",
            "--port",
            "{port}",
            "--no-sandbox",
        ],
        tmp_path / "marimo.log",
        env={"XDG_CONFIG_HOME": str(tmp_path / "config")},
    )
    try:
        ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
        page = ctx.new_page()
        page.goto(server.url, timeout=60_000)
        board = page.locator(".aw-root").first
        board.wait_for(timeout=60_000)
        # the host's resets do not reach the board: bold headings, numbered log
        weight = page.evaluate(
            "(e) => getComputedStyle(e.querySelector('h4')).fontWeight", board.element_handle()
        )
        assert int(weight) >= 600
        shot(page, f"marimo-{theme}-start")
        dark = luminance(page, board) < 128
        assert dark == (theme == "dark")
        take_then_see_the_bot(page, board)
        n = step_of(board)
        # marimo re-ran the cell that reads the widget: it saw the moves
        page.get_by_text(re.compile(rf"page shows step {n}; the game has {n} steps")).wait_for(
            timeout=15_000
        )
        lists = page.evaluate(
            "(e) => getComputedStyle(e.querySelector('.aw-log ol')).listStyleType",
            board.element_handle(),
        )
        assert lists == "decimal"
        shot(page, f"marimo-{theme}")
        ctx.close()
    finally:
        server.stop()


@pytest.fixture(scope="module")
def lite_site():
    """Build the JupyterLite site offline (as ``bash run.sh lite`` does) and serve it;
    ``bash run.sh test`` has just built it with the documentation (ALHAMBRA_LITE_BUILT)."""
    if not os.environ.get("ALHAMBRA_LITE_BUILT"):
        subprocess.run([sys.executable, str(ROOT / "lite" / "build.py")], check=True)
    site = ROOT / "build" / "lite"
    cfg = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = cfg["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"].startswith("./")  # nothing from a CDN
    server = Server(
        [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(site), "{port}"],
        ROOT / "build" / "lite-server.log",
    )
    yield server
    server.stop()


def test_jupyterlite_runs_the_first_lesson_offline_and_plays_against_the_bots(lite_site, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = ctx.new_page()
    outside = []
    page.on(
        "request",
        lambda r: (
            outside.append(r.url)
            if "127.0.0.1" not in r.url and not r.url.startswith(("data:", "blob:"))
            else None
        ),
    )
    page.goto(f"{lite_site.url}/lab/index.html?path=01_quick_tour.ipynb", timeout=60_000)
    page.get_by_text("Python (Pyodide) | Idle").wait_for(timeout=180_000)
    started = time.time()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()
    board = page.locator(".aw-root").first
    board.wait_for(timeout=120_000)
    # the notebook's other cells ran too: the package came preinstalled, nothing typed
    outputs = page.locator(".jp-OutputArea-output")
    page.wait_for_function(  # the last cell's from_json round trip printed True
        "() => [...document.querySelectorAll('.jp-OutputArea-output')].some("
        "(o) => /characters\\s+True/.test(o.textContent))",
        timeout=60_000,
    )
    assert "Error" not in " ".join(outputs.all_inner_texts())
    take_then_see_the_bot(page, board, timeout_ms=90_000)
    shot(page, "jupyterlite")
    assert not outside, outside[:5]
    print(f"lesson run and a move against the bots in {time.time() - started:.1f} s")
    ctx.close()


def test_jupyterlite_plays_a_course_lesson_offline(lite_site, browser):
    """The course in Pyodide: the building chapter's notebook opens its lessons; a
    wrong cell gets the engine's feedback, the right one its stars."""
    from alhambra_widget.course.catalog import chapter

    les = chapter("building")[0]
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = ctx.new_page()
    page.goto(f"{lite_site.url}/lab/index.html?path=04_building_rules.ipynb", timeout=60_000)
    page.get_by_text("Python (Pyodide) | Idle").wait_for(timeout=180_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()
    board = page.locator(".aw-root").first
    board.locator(".aw-lesson h3").filter(has_text=les.title).wait_for(timeout=120_000)
    right = {tuple(w[0]["cell"]) for w in les.solutions()}
    a = les.alhambra()
    x0, y0, x1, y1 = a.bounds()
    wrong = next(
        (x, y)
        for x in range(x0 - 1, x1 + 2)
        for y in range(y0 - 1, y1 + 2)
        if (x, y) not in a.tiles and (x, y) not in right
    )
    board.locator(f"[data-cell='{wrong[0]},{wrong[1]}']").click()
    board.locator(".aw-course-feedback.aw-msg-error").wait_for(timeout=30_000)
    assert (
        les.check({"cell": list(wrong)}).message
        in board.locator(".aw-course-feedback").inner_text()
    )
    x, y = sorted(right)[0]
    board.locator(f"[data-cell='{x},{y}']").click()
    board.locator(".aw-course-done .aw-stars[aria-label='2 of 3 stars']").wait_for(timeout=30_000)
    shot(page, "jupyterlite-course")
    ctx.close()
