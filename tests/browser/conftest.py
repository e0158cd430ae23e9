"""Fixtures: a real JupyterLab and Debian's headless Chromium (Python Playwright),
through :mod:`tests.labdriver` (shared with the widget benchmark).

Under pytest-xdist each worker starts its own server and browser (session fixtures
are per worker), so browser tests run in parallel and never share a notebook."""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pytest
from labdriver import CHROMIUM, JupyterLab, Server, kernel_exec, launch_chromium
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: run.sh installs it (apt-get install chromium)")
        pytest.skip("Debian's chromium is not installed")
    # the kernels weigh no review ahead unless a test turns it on (w.review_ahead = True):
    # a game played through would keep the cores busy long after its test
    server = JupyterLab(tmp_path_factory.mktemp("lab"), env={"ALHAMBRA_REVIEW_AHEAD": "0"})
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch_chromium(p)
        yield b
        b.close()


class Lab:
    """One notebook open in JupyterLab, with helpers to run Python in its kernel."""

    def __init__(self, page, request):
        """``request`` is pytest's (its test's name names the screenshots) or a name."""
        self.page = page
        self.name = re.sub(
            r"[^\w.-]+", "_", request if isinstance(request, str) else request.node.name
        )

    def py(self, code: str) -> str:
        """Run ``code`` in the notebook's kernel; return what it printed."""
        out = kernel_exec(self.page, code)
        assert not out.startswith("ERROR"), out
        return out

    def wait_py(self, code: str, expected, timeout: float = 15) -> str:
        """Poll ``code`` until it prints ``expected`` (the widget manager batches updates)."""
        deadline = time.time() + timeout
        got = None
        while time.time() < deadline:
            got = self.py(code)
            if expected(got) if callable(expected) else got == str(expected):
                return got
            time.sleep(0.1)
        raise AssertionError(f"{code!r} printed {got!r}, expected {expected!r}")

    def shot(self, label: str = "") -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{self.name}{'-' + label if label else ''}.png"
        self.page.screenshot(path=str(path))
        return path

    def buy(self, slot: str, tile: str, cards: list[str]) -> None:
        """Set the market slot and the mover's money in Python, then buy in the page
        with all those cards (slot picked, each card picked, Buy)."""
        self.py(
            f'p = g.current_player; g.edit(market={{"{slot}": "{tile}"}}, '
            f"players={{p.name: {{'money': {cards!r}}}}})"
        )
        # wait for the new view (the old one has a slot and cards too)
        self.page.locator(
            f"[data-slot='{slot}'][data-tile='{tile}'][aria-label*=', affordable']"
        ).wait_for()
        self.page.click(f"[data-slot='{slot}']")
        for i in range(len(cards)):
            self.page.click(f"[data-pay='{i}']")

    def page_at_live_step(self) -> int:
        """Wait until the page shows the engine's latest step (bot moves and their
        animations reach the page after the kernel); return that step."""
        step = int(self.py("print(g.step)"))
        self.widget().locator(".aw-stepno").filter(has_text=f"step {step}/{step}").wait_for()
        return step

    def reserve_a_tile_to_place(self, tries: int = 3) -> None:
        """Your tiles to place (R9): pick the first in the page and send it to your
        reserve. A newer view clears the pick (the shown step changed): pick again."""
        board = self.widget()
        for _ in range(tries):
            step = self.page_at_live_step()
            board.locator("[data-area='to-place'] [data-sel]").first.click()
            button = board.locator("button[data-do='reserve']")
            try:
                button.wait_for(timeout=5000)
            except PlaywrightTimeout:
                continue
            button.click()
            self.wait_py(f"print(g.step > {step})", "True")
            return
        raise AssertionError(f"the page never offered 'to the reserve' in {tries} tries")

    def to_your_turn(self, me: str = "You", timeout: float = 60) -> None:
        """Bring the game to ``me``'s choice of action from Python: ``me``'s tiles to
        place go to the reserve (R9), the bots play theirs; then wait for the page."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            who, phase = self.py("print(g.current_player.name, g.phase)").split()
            if (who, phase) == (me, "act"):
                self.page_at_live_step()
                return
            if who == me:
                self.py(
                    "from alhambra_widget.engine.alhambra.actions import Reserve\n"
                    "g.apply(Reserve(g.current_player.bought[0]))"
                )
            else:
                self.py("w.run_bots()")
                time.sleep(0.3)
        raise AssertionError(f"never {me}'s turn to act")

    def play_to_end(self, me: str, move, limit: int = 400) -> None:
        """Play ``me``'s turns with ``move(lab, phase)`` from the page; bots play theirs."""
        for _ in range(limit):
            over, who, phase, step = self.py(
                "print(g.is_over, g.current_player.name, getattr(g, 'phase', '-'), g.step)"
            ).split()
            if over == "True":
                return
            close = self.page.locator(".aw-rounds.aw-walk [data-walk='close']")
            if close.count():  # a scoring round is shown and the bots wait: go on
                close.first.click()
            if who != me:
                self.page.wait_for_timeout(100)
                continue
            # the page may still show the view before the last bot move: wait for it
            self.page.locator(".aw-stepno").filter(has_text=f"step {step}/{step}").wait_for()
            move(self, phase)
            self.wait_py(f"print(g.step > {step})", "True")
        raise AssertionError("the game did not end")

    def review_and_jump(self) -> str:
        """Ask the finished game's review in the page, check its list of mistakes, click
        the first one and check that the board went to its step; return its text."""
        board = self.widget()
        close = board.locator(".aw-rounds.aw-walk [data-walk='close']")
        if close.count():  # the last scoring round is walked through first: the review waits
            close.first.click()
        board.locator("button[data-review='ask']").click()
        items = board.locator("section.aw-review li")
        items.first.wait_for(timeout=120000)
        assert 1 <= items.count() <= 5
        first = items.first.inner_text()
        assert "better:" in first
        step = int(items.first.locator("button[data-step]").get_attribute("data-step"))
        items.first.locator("button[data-step]").click()
        self.wait_py("print(w.step)", step)
        board.locator(".aw-stepno").filter(has_text=f"step {step}/").wait_for()
        assert board.locator("section.aw-review").count() == 1  # still there while you look
        return first

    def at_size(self, size: tuple[int, int], theme: str, label: str = "") -> None:
        """Show the widget's top in a window of ``size`` in ``theme``; with ``label``,
        take a screenshot so named."""
        self.page.set_viewport_size({"width": size[0], "height": size[1]})
        self.theme(theme)
        scroll_to_top(self.page)
        if label:
            self.shot(label)

    def theme(self, name: str) -> None:
        """Switch JupyterLab to its "Light" or "Dark" theme and wait until it is on."""
        self.page.evaluate(
            f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: 'JupyterLab {name}'}})"
        )
        light = "true" if name == "Light" else "false"
        self.page.wait_for_function(
            f"document.body.dataset.jpThemeLight === '{light}'", timeout=20000
        )
        # JupyterLab covers the page with its splash while the theme loads
        self.page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=20000)

    def widget(self):
        return self.page.locator(".aw-root").first

    def status(self) -> str:
        return self.page.locator(".aw-status").first.inner_text()


@pytest.fixture
def table_server(tmp_path):
    """A table server (``alhambra-widget serve``) on 127.0.0.1 with its own SQLite file
    and one bot process, stopped after the test; its ``url`` is where notebooks connect."""
    server = Server(
        [
            sys.executable,
            "-m",
            "alhambra_widget.online",
            "serve",
            "--port",
            "{port}",
            "--db",
            str(tmp_path / "tables.sqlite"),
            "--workers",
            "1",
        ],
        tmp_path / "server.log",
        path="/api/health",
    )
    yield server
    server.stop()


def module_notebook(lab, browser, name: str, code: str, label: str, *steps: str):
    """A module's notebook at 1366x768: ``name`` running ``code``, the board drawn, then
    each of ``steps`` run in its kernel; yields its Lab, and closes it after the module."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    t = Lab(lab.open(ctx, name, code), label)
    t.widget().locator(".aw-status").wait_for()
    for step in steps:
        t.py(step)
    yield t
    ctx.close()
    lab.shutdown_kernel(name)


@pytest.fixture
def open_notebook(lab, browser, request):
    """open_notebook(code) writes a one-cell notebook, opens it and runs it."""
    contexts = []
    names = []

    def _open(code: str) -> Lab:
        ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
        contexts.append(ctx)
        name = re.sub(r"[^\w]+", "_", request.node.name) + ".ipynb"
        names.append(name)
        return Lab(lab.open(ctx, name, code), request)

    yield _open
    for ctx in contexts:
        ctx.close()
    for name in names:
        lab.shutdown_kernel(name)


TABLE_GAME = """
from alhambra_widget import AlhambraWidget
w = AlhambraWidget(players=["You", "Ben", "Cem"], seed=7, seats={"Ben": "greedy", "Cem": "greedy"}, bot_delay=0)
w.autoplay_bots = False
{extra}g = w.game
w
"""


def placing_table(
    lab, browser, name: str, viewport: tuple[int, int], *, you: str = "", extra: str = ""
):
    """A table against two greedy bots in its placing phase (a typical mid-game decision):
    five tiles built, the chambers bought with a denar 9 to place (R9). ``you`` adds
    entries to your edit (``"'reserve': [...], "``), ``extra`` lines to the notebook.
    Returns the browser context (close it) and the :class:`Lab`."""
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = lab.open(ctx, f"{name}.ipynb", TABLE_GAME.replace("{extra}", extra))
    t = Lab(page, name)
    _to_placing(t, you)
    return ctx, t


def _to_placing(t: Lab, you: str = "") -> None:
    """The edit and the purchase that bring a new table's game to its placing phase."""
    t.py(
        "from alhambra_widget.engine.alhambra.actions import Buy\n"
        "g.edit(market={'denar': 'chambers 8'}, players={'You': {'alhambra': [[1, 0, 'garden 6'],"
        " [0, 1, 'pavilion 3'], [-1, 0, 'tower 9'], [0, -1, 'arcades 4'], [1, 1, 'seraglio 7']],"
        f" {you}'money': ['denar 9', 'ducat 5', 'florin 2', 'dirham 4']}},"
        " 'Ben': {'alhambra': [[1, 0, 'garden 8'], [0, 1, 'tower 10']]}})\n"
        "g.apply(Buy('denar', (9,)))"
    )
    t.wait_py("print(g.phase)", "place")
    t.page.locator("[data-area='to-place'] [data-sel]").first.wait_for()


def reset_placing_table(t: Lab, viewport: tuple[int, int], *, you: str = "") -> None:
    """Give the notebook of :func:`placing_table` a new table in the same state: its cell
    runs again (a new widget and game in the same kernel and page, so nothing a test
    picked, opened or played is left), then the same edit; the window, the theme and
    the motion setting are set back. Cheaper than a new notebook."""
    page = t.page
    page.emulate_media(reduced_motion="no-preference")
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    if page.evaluate("document.body.dataset.jpThemeLight") != "true":
        t.theme("Light")
    page.evaluate(
        "document.querySelectorAll('.aw-root').forEach((e) => { e.dataset.stale = '1'; })"
    )
    JupyterLab.run_all(page)
    page.locator(".aw-root:not([data-stale])").first.wait_for()
    page.wait_for_function("!document.querySelector('.aw-root[data-stale]')")
    _to_placing(t, you)


def scroll_to_top(page) -> None:
    """Scroll the widget's top into view and let the page settle."""
    page.evaluate("document.querySelector('.aw-root').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(150)


WALK_OVER = """(panel) => {
    const walk = document.querySelector('.aw-root .aw-grid > .aw-part > .aw-rounds.aw-walk');
    if (!walk) return 'no scoring round walked through';
    const a = walk.getBoundingClientRect(), b = panel.getBoundingClientRect();
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    return w > 0 && h > 0 ? `the walkthrough [${[a.left, a.top, a.right, a.bottom].map(Math.round)}] lies ${Math.round(w)}x${Math.round(h)} px over [${[b.left, b.top, b.right, b.bottom].map(Math.round)}]` : ''; }"""


def walk_over(panel) -> str:
    """Where the scoring round walked through lies over ``panel`` (a locator): '' when
    their rectangles share no pixel (the guide's or the coach's words stay readable)."""
    return panel.evaluate(WALK_OVER)
