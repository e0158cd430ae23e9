"""The review's graph in a real JupyterLab: after a finished game the
review draws each player's estimated chance to win, step by step, with the accuracy of
each player and the mistakes marked; a click on a mark or on the graph goes to that
step. In both themes, and in a window of 1366x768. Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_gardens_browser import FINISHED

pytestmark = pytest.mark.browser

ALHAMBRA = """
from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.players.bots import make_bot
g = Game(["You", "Ben"], seed=11)
me, ben = make_bot("greedy", 1), make_bot("greedy", 2)
while not g.is_over:
    g.apply((me if g.current_player.name == "You" else ben).choose(g))
w = AlhambraWidget(g, seats={"Ben": "greedy"})
w.review_playouts = 6
w
"""

GARDENS = FINISHED  # the Gardens review's own finished game


def _open_review(lab):
    """Ask the review in the page and wait for its graph; check the graph's parts
    against what Python sent (a line and an accuracy a player, a mark a mistake)."""
    board = lab.widget()
    board.locator("button[data-review='ask']").click()
    graph = board.locator("section.aw-review svg.aw-review-graph")
    graph.wait_for(timeout=180000)
    players = lab.py("print(*w.view['review']['graph']['players'], sep='|')").split("|")
    mistakes = int(lab.py("print(len(w.view['review']['graph']['mistakes']))"))
    lines = graph.locator("polyline.aw-graph-line")
    assert [lines.nth(i).get_attribute("data-player") for i in range(lines.count())] == players
    steps = int(lab.py("print(len(g.history))"))
    assert len(lines.first.get_attribute("points").split()) == steps + 1
    assert mistakes >= 1 and graph.locator("circle.aw-mistake").count() == mistakes
    legend = board.locator(".aw-graph-legend > span")
    assert legend.count() == len(players)
    for i, name in enumerate(players):
        assert re.fullmatch(
            rf"{name}: accuracy \d+%, \d+ mistakes?",
            legend.nth(i).locator(":scope > span").inner_text().strip(),
        )
    return graph, steps


AXE = Path(__file__).resolve().parents[2] / "js" / "node_modules" / "axe-core" / "axe.min.js"


def _axe_serious(lab, selector: str) -> list:
    """axe-core's serious and critical violations inside ``selector``."""
    if not AXE.exists():
        pytest.fail("js/node_modules/axe-core is missing: run `npm install` in js/")
    if not lab.page.evaluate("typeof window.axe === 'object'"):
        lab.page.add_script_tag(content=AXE.read_text())
    result = lab.page.evaluate(
        f"axe.run(document.querySelector({selector!r}), {{resultTypes: ['violations']}})"
        ".then((r) => r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))})))"
    )
    return [v for v in result if v["impact"] in ("serious", "critical")]


def _went_to(lab, step: int) -> None:
    lab.wait_py("print(w.step)", step)
    board = lab.widget()
    board.locator(".aw-stepno").filter(has_text=f"step {step}/").wait_for()
    # the graph marks the step shown
    board.locator(f"svg.aw-review-graph rect.aw-graph-now[data-now='{step}']").wait_for()
    assert board.locator("section.aw-review").count() == 1  # the review stays


def _click_a_mark_and_a_point(lab, graph, steps: int) -> None:
    mark = graph.locator("circle.aw-mistake").first
    step = int(mark.get_attribute("data-step"))
    assert mark.locator("title").text_content().startswith(f"step {step}, ")
    mark.click()
    _went_to(lab, step)
    # a point of the graph away from any mark (a mark lies over its neighbours' strips)
    marked = {
        int(m)
        for m in lab.py(
            "print(*[m['step'] for m in w.view['review']['graph']['mistakes']])"
        ).split()
    }
    target = next(s for s in range(steps // 3, steps) if not marked & set(range(s - 4, s + 5)))
    graph.locator(f"rect.aw-graph-step[data-step='{target}']").click(position={"x": 1, "y": 30})
    _went_to(lab, target)


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_the_review_graph_has_a_line_a_player_marks_and_jumps_to_a_step(open_notebook, theme):
    lab = open_notebook(ALHAMBRA)
    lab.theme(theme)
    graph, steps = _open_review(lab)
    review = lab.widget().locator("section.aw-review")
    review.scroll_into_view_if_needed()
    lab.shot(f"{theme.lower()}-page")
    review.screenshot(path=str(lab.shot(f"{theme.lower()}-review")))
    assert not _axe_serious(lab, ".aw-root section.aw-review")
    _click_a_mark_and_a_point(lab, graph, steps)
    review.screenshot(path=str(lab.shot(f"{theme.lower()}-after-click")))
    # at 1366x768 the graph is whole and inside the window once scrolled to
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.page.wait_for_timeout(200)
    graph.scroll_into_view_if_needed()
    box = graph.bounding_box()
    assert box is not None and box["width"] >= 260 and box["height"] >= 120
    assert box["y"] >= 0 and box["y"] + box["height"] <= 768 and box["x"] + box["width"] <= 1366
    # the graph's top 70 px under the top of the notebook's view: the bar floats over it
    # at a past step with no buttons, and covers its banner only (its empty rows let
    # the graph show through and take the click)
    graph.evaluate(
        """(el) => { let s = el.parentElement;
        while (s && !(["auto", "scroll"].includes(getComputedStyle(s).overflowY) && s.scrollHeight > s.clientHeight)) s = s.parentElement;
        s.scrollTop += el.getBoundingClientRect().top - s.getBoundingClientRect().top - 70; }"""
    )
    lab.page.wait_for_timeout(300)
    hit = graph.evaluate(
        """(el) => { const r = el.getBoundingClientRect();
        const e = document.elementFromPoint(r.left + r.width / 2, r.top + 4);
        return !!e && !!e.closest("svg.aw-review-graph"); }"""
    )
    assert hit, "the floating bar covers the top of the review's graph"
    assert "aw-thin" in lab.widget().locator(".aw-bar.aw-floating").get_attribute("class")
    lab.shot(f"{theme.lower()}-1366")
    _board_comes_into_sight_and_back(lab, graph, theme)
    lab.theme("Light")


_SEEN_AT_TOP = """(el) => { const r = el.getBoundingClientRect();
    const e = document.elementFromPoint(r.left + 30, r.top + 6);
    return r.top >= 0 && r.top < 300 && !!e && el.contains(e); }"""


def _board_comes_into_sight_and_back(lab, graph, theme: str) -> None:
    """At 1366x768 the review lies under the board, out of sight of it: a mistake picked on
    the graph brings the board of that step into sight, its top showing below the bar
    (not under it); the banner's "to the review" goes back down to the review."""
    board = lab.widget()
    main = board.locator(".aw-grid > .aw-main")
    assert not main.evaluate(_SEEN_AT_TOP)  # scrolled down to the graph: the board is out of sight
    mark = graph.locator("circle.aw-mistake").nth(1)
    step = int(mark.get_attribute("data-step"))
    mark.click()
    _went_to(lab, step)
    lab.page.wait_for_timeout(300)
    assert main.evaluate(_SEEN_AT_TOP), "the board of the step picked in the review is not in sight"
    said = board.locator(".aw-side section.aw-review-step")
    assert said.is_visible() and said.inner_text().startswith("A mistake at this step: ")
    lab.shot(f"{theme.lower()}-1366-board")
    assert not _axe_serious(
        lab, ".aw-root .aw-bar"
    )  # the banner's buttons are readable in both themes
    board.locator(".aw-banner button[data-toreview]").click()
    lab.page.wait_for_timeout(300)
    assert board.locator("section.aw-review").evaluate(_SEEN_AT_TOP), "the review is not in sight"


def test_the_gardens_review_has_its_graph_too(open_notebook):
    lab = open_notebook(GARDENS)
    lab.theme("Dark")
    graph, steps = _open_review(lab)
    review = lab.widget().locator("section.aw-review")
    review.scroll_into_view_if_needed()
    review.screenshot(path=str(lab.shot("dark-review")))
    _click_a_mark_and_a_point(lab, graph, steps)
    lab.theme("Light")
