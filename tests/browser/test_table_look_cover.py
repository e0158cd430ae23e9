"""What covers what on the table (screenshots at 1366x768 and 1280x720, light and dark):
a hint's number badges on the money display's cards leave each card's value and
currency in sight; "every Alhambra, large" reads as a clean sheet, no piece of the
table under it cut by its lower edge. Screenshots go to test-artifacts/."""

from __future__ import annotations

import pytest
from conftest import module_notebook, scroll_to_top
from test_table_measured import TABLE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("table-look-cover")]

SIZES = [(1366, 768), (1280, 720)]
THEMES = ["Light", "Dark"]


@pytest.fixture(scope="module")
def duel(lab, browser):
    """A two-player game against a greedy bot, 30 steps in, at your turn, hints quick."""
    code = TABLE.format(players=["You", "Ben"], seed=5, seats={"Ben": "greedy"})
    yield from module_notebook(
        lab,
        browser,
        "table-look-cover.ipynb",
        code + "\nw.hint_playouts = 20\nw",
        "cover",
        "advance(30)",
        "to_me()",
    )


# each hinted card of the money display: its label, and the parts of its face (its
# value, its currency's symbol and name, those drawn) whose box the badge's box overlaps
COVERED_JS = """() => [...document.querySelectorAll('.aw-root [data-area=money] .aw-hinted')].map((c) => {
    const b = c.querySelector('.aw-hintbadge'); if (!b) return [c.getAttribute('aria-label'), ['no badge']];
    const r = b.getBoundingClientRect();
    const hit = [...c.querySelectorAll('.aw-card-val, .aw-cur-sym, .aw-cur-name')].filter((e) => {
        const q = e.getBoundingClientRect(); if (!q.width || !q.height) return false;
        return Math.min(r.right, q.right) - Math.max(r.left, q.left) > 0.5
            && Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > 0.5; });
    return [c.getAttribute('aria-label'), hit.map((e) => `${e.className} "${e.textContent}"`)]; })"""


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_hints_badges_leave_the_money_cards_values_in_sight(duel, size, theme):
    """With no money in hand the hint's first move takes money: each card it takes
    carries its badge of numbers, and no badge's box overlaps its card's value or its
    currency's symbol or name (the badge sat on the card's top-left, over its value)."""
    t = duel
    t.at_size(size, theme)
    board = t.widget()
    t.py("g.edit(current='You', players={'You': {'money': []}})")
    board.locator("[data-area=hand] [data-card]").first.wait_for(state="detached")
    board.locator("button[data-hint='ask']").first.click()
    board.locator("section.aw-hint li").first.wait_for(timeout=60000)
    scroll_to_top(t.page)
    got = t.page.evaluate(COVERED_JS)
    board.locator("[data-area=money]").screenshot(
        path=str(t.shot(f"money-badges-{size[0]}-{theme.lower()}"))
    )
    board.locator("section.aw-hint button[data-hint='cancel']").first.click()
    board.locator("section.aw-hint").wait_for(state="detached")
    assert got, "the hint takes no card of the money display: nothing measured"
    bad = [f"{size[0]}x{size[1]} {theme}: {label}: badge over {hit}" for label, hit in got if hit]
    assert not bad, "\n".join(bad)


# "every Alhambra, large" open: points in the band under its lower edge where what is
# drawn is part of the table (not the sheet, not the bar) whose box begins above that edge
CUT_JS = """() => { const o = document.querySelector('.aw-root .aw-allboards');
    if (!o) return null; const r = o.getBoundingClientRect(), root = document.querySelector('.aw-root');
    const cut = new Set(), low = Math.min(innerHeight, root.getBoundingClientRect().bottom);
    for (let y = r.bottom + 1; y < Math.min(low, r.bottom + 60); y += 4)
        for (let x = r.left + 2; x < r.right - 2; x += 8) {
            const at = document.elementFromPoint(x, y);
            if (!at || !root.contains(at) || o.contains(at) || at.closest('.aw-bar')) continue;
            const q = at.getBoundingClientRect();
            if (q.top < r.bottom - 1 && q.top >= r.top - 1 && !at.contains(o))
                cut.add(`${at.tagName}.${at.getAttribute('class') || ''} [${Math.round(q.top)}..${Math.round(q.bottom)}]`); }
    return {foot: r.bottom, cut: [...cut].slice(0, 6)}; }"""


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_alhambra_large_leaves_nothing_cut_under_its_lower_edge(duel, size, theme):
    """Every Alhambra, large (key A) open over the table: in the band under its lower
    edge nothing of the table it covers (your board's tiles, the reserve's chips) is
    drawn, cut by that edge (half tiles showed there)."""
    t = duel
    t.at_size(size, theme)
    board = t.widget()
    board.locator("button[data-allboards='open']").click()
    board.locator(".aw-allboards").wait_for()
    scroll_to_top(t.page)
    got = t.page.evaluate(CUT_JS)
    t.shot(f"allboards-{size[0]}-{theme.lower()}")
    board.locator("button[data-allboards='close']").click()
    board.locator(".aw-allboards").wait_for(state="detached")
    assert got is not None, "every Alhambra did not open"
    assert not got["cut"], (
        f"{size[0]}x{size[1]} {theme}: under its foot ({got['foot']:.0f}) {got['cut']}"
    )
