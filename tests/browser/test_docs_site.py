"""The documentation site (``bash run.sh docs``), opened offline in Chromium: the course
page shows the board's picture, the API page lists ``Game.apply``, the search finds a
ruling id, and no page asks for anything outside the site."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from labdriver import Server

# one worker builds the site when it is missing: two would write the same folder at once
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("docs-site")]

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "docs"
ARTIFACTS = ROOT / "test-artifacts"


@pytest.fixture(scope="module")
def site():
    """The built site (``bash run.sh test`` builds it first; built here if missing),
    served on 127.0.0.1."""
    if not (SITE / "index.html").exists():
        subprocess.run(
            [
                sys.executable,
                "-m",
                "sphinx",
                "-W",
                "--keep-going",
                "-q",
                "-b",
                "html",
                str(ROOT / "docs"),
                str(SITE),
            ],
            check=True,
        )
    server = Server(
        [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(SITE), "{port}"],
        ROOT / "build" / "docs-server.log",
    )
    yield server
    server.stop()


@pytest.fixture
def page(site, browser):
    """A page that may only reach the site: any other request is refused and recorded."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    outside: list[str] = []

    def route(r):
        if r.request.url.startswith(site.url):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    ctx.route("**/*", route)
    p = ctx.new_page()
    p.outside = outside
    yield p
    ctx.close()
    assert outside == [], f"the site asked for {outside}"


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"docs-{name}.png"), full_page=False)


def test_the_start_page_links_every_part(site, page):
    page.goto(f"{site.url}/index.html")
    nav = page.locator(".sidebar-tree").inner_text()
    for part in [
        "Getting started",
        "Playing",
        "The course",
        "What if?",
        "rules",
        "Scripting",
        "API reference",
        "For researchers",
        "Changelog",
    ]:
        assert part.lower() in nav.lower(), part
    assert page.locator("img[src$='board.svg']").first.is_visible()
    shot(page, "start")


def test_a_course_page_shows_the_boards_picture_and_links_to_lite(site, page):
    page.goto(f"{site.url}/course/04_building_rules.html")
    picture = page.locator(".cell_output svg").first
    picture.scroll_into_view_if_needed()
    assert picture.is_visible()
    box = picture.bounding_box()
    assert box["width"] > 200 and box["height"] > 100  # a board, not an icon
    assert "A picture of the board" in page.locator(".cell_output").first.inner_text()
    assert page.locator("script[type='application/vnd.jupyter.widget-view+json']").count() == 0
    live = page.locator("p.try-live a")
    assert live.get_attribute("href") == "../lite/lab/index.html?path=04_building_rules.ipynb"
    shot(page, "course")
    if (SITE / "lite" / "lab" / "index.html").exists():  # the Lite site is in the folder
        response = page.request.get(f"{site.url}/lite/lab/index.html")
        assert response.ok


def test_the_api_page_lists_game_apply(site, page):
    page.goto(f"{site.url}/api/alhambra_widget.engine.alhambra.game.html")
    apply = page.locator("[id='alhambra_widget.engine.alhambra.game.Game.apply']")
    assert apply.count() == 1
    apply.scroll_into_view_if_needed()
    assert apply.is_visible() and "apply" in apply.inner_text()
    shot(page, "api")
    page.goto(f"{site.url}/api.html")
    assert page.get_by_role("link", name="Game", exact=True).count() >= 1


def test_the_search_finds_a_ruling_id(site, page):
    page.goto(f"{site.url}/search.html?q=R7c")
    results = page.locator("ul.search li a")
    results.first.wait_for(timeout=15_000)
    titles = " | ".join(results.all_inner_texts())
    assert "rules" in titles.lower(), titles
    shot(page, "search")
