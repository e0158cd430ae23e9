"""The table after a Board Game Arena player's second look (screenshots at 1366x768,
light and dark): the standings in the first screen of a three-player game, beside the
decision's areas; a panel open over the others' panels (a hint, tiles tried) with a
clean edge, nothing of what it covers showing at its foot, over nothing the hint marks;
a scoring round walked through leaves no row of the standings cut at its foot; the
boards faded on a walked line legible in both themes; the bots' pace named on the
screen. Screenshots go to test-artifacts/."""

from __future__ import annotations

import pytest
from conftest import Lab, module_notebook, scroll_to_top
from test_table_look import GAME, _ratio, _tile_inks, _walk_opened
from test_table_measured import FITS, TABLE, _boxes, _inside, _opponents_in_view

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("table-look-side")]

SIZES = [(1366, 768), (1280, 720)]
THEMES = ["Light", "Dark"]


@pytest.fixture(scope="module")
def mid(lab, browser):
    """A three-player game against two greedy bots, 30 steps in (the others' panels with
    their last moves), at your turn, hints quick."""
    code = TABLE.format(
        players=["You", "Ben", "Cem"], seed=5, seats={"Ben": "greedy", "Cem": "greedy"}
    )
    yield from module_notebook(
        lab,
        browser,
        "table-look-side.ipynb",
        code + "\nw.hint_playouts = 40\nw",
        "look-side",
        "advance(30)",
        "to_me()",
    )


@pytest.fixture(scope="module")
def walked(lab, browser):
    """The game of test_table_look (three players), for its scoring round walked through."""
    yield from module_notebook(lab, browser, "table-look-side-walk.ipynb", GAME, "look-side-walk")


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_three_player_games_standings_are_in_the_first_screen(mid, size, theme):
    """The table's top at the notebook's top: the standings (the next round's preview)
    lie wholly in the window (they were under the others' panels, below its foot), and
    so do the decision's areas; every other player's heading too."""
    t = mid
    t.at_size(size, theme)
    where = f"{size[0]}x{size[1]} {theme}"
    boxes = _boxes(t.page, [*FITS, "standings"])
    t.shot(f"standings-{size[0]}-{theme.lower()}")
    bad = _inside(boxes, [*FITS, "standings"], where) + _opponents_in_view(t, where)
    assert not bad, "\n".join(bad)


# the panel open over the side column: its background's alpha, its border's width, and
# for points in the band under its foot (down to the window's or the side column's foot)
# what is drawn there when it belongs to the others' panels or the standings; and each
# mark of the hint outside the panel (a card, a slot, a cell) that lies under it
EDGE_JS = """() => { const o = document.querySelector('.aw-root .aw-overlay.aw-open');
    if (!o) return null; const r = o.getBoundingClientRect(), s = getComputedStyle(o);
    const side = document.querySelector('.aw-root .aw-side').getBoundingClientRect();
    const alpha = ((s.backgroundColor.match(/rgba?\\(([^)]+)\\)/) || [, '0,0,0,0'])[1].split(',').map(Number)[3]) ?? 1;
    const seen = [], low = Math.min(innerHeight, side.bottom);
    for (let y = r.bottom + 2; y < low; y += 6) for (let x = r.left + 4; x < r.right - 4; x += 20) {
        const at = document.elementFromPoint(x, y);
        const p = at && at.closest('.aw-opponents, [data-area=standings]');
        if (p) seen.push([Math.round(x), Math.round(y), at.tagName]); }
    const under = [...document.querySelectorAll('.aw-root .aw-hinted, .aw-root .aw-hintmark')]
        .filter((e) => !o.contains(e)).filter((e) => { const b = e.getBoundingClientRect();
            const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
            return at && o.contains(at); }).map((e) => e.getAttribute('aria-label'));
    return {alpha, border: parseFloat(s.borderBottomWidth), foot: r.bottom, seen: seen.slice(0, 4),
        under, marks: document.querySelectorAll('.aw-root .aw-hinted, .aw-root .aw-hintmark').length}; }"""


def _clean_edge(t: Lab, where: str) -> list[str]:
    """The open panel is opaque, bordered, and nothing of the others' panels or the
    standings is drawn under its foot; no mark of the hint lies under it."""
    got = t.page.evaluate(EDGE_JS)
    if got is None:
        return [f"{where}: no panel open"]
    bad = []
    if got["alpha"] < 1:
        bad.append(f"{where}: the panel's background is see-through ({got['alpha']})")
    if got["border"] < 1:
        bad.append(f"{where}: the panel has no border at its foot")
    if got["seen"]:
        bad.append(f"{where}: under the panel's foot ({got['foot']:.0f}) lies {got['seen']}")
    if got["under"]:
        bad.append(f"{where}: the hint's marks {got['under']} lie under the panel")
    return bad


@pytest.mark.parametrize("theme", THEMES)
def test_a_hint_and_tiles_tried_have_a_clean_edge_over_the_others_panels(mid, theme):
    """A hint, then tiles tried, open over the others' panels: each opaque and bordered,
    and in the band under its foot nothing of the others' panels (a board's cells, a
    move's last line) is drawn, cut by its edge; the hint's marks (the cards it takes,
    on the money display) are not under it."""
    t = mid
    t.at_size(SIZES[0], theme)
    board = t.widget()
    board.locator("button[data-hint='ask']").first.click()
    board.locator("section.aw-hint li").first.wait_for(timeout=60000)
    scroll_to_top(t.page)
    bad = _clean_edge(t, f"{theme}, the hint")
    marks = t.page.evaluate(EDGE_JS)["marks"]
    t.shot(f"hint-{theme.lower()}")
    board.locator("section.aw-hint button[data-hint='cancel']").click()
    board.locator("section.aw-hint").wait_for(state="detached")
    board.locator("section.aw-me button[data-sandbox]").click()
    board.locator("section.aw-sandbox").wait_for()
    scroll_to_top(t.page)
    bad += _clean_edge(t, f"{theme}, tiles tried")
    t.shot(f"sandbox-{theme.lower()}")
    board.locator("button[data-sandbox='close']").click()
    board.locator("section.aw-sandbox").wait_for(state="detached")
    assert marks, "the hint marks nothing: nothing measured"
    assert not bad, "\n".join(bad)


# each row of the standings: whether what is drawn at its middle is the row itself
ROWS_JS = """() => [...document.querySelectorAll('.aw-root [data-area=standings] tbody tr')].map((tr) => {
    const b = tr.getBoundingClientRect(), at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return [tr.textContent.trim().slice(0, 20), Math.round(b.top), !!at && tr.contains(at)]; })"""


@pytest.mark.parametrize("theme", THEMES)
def test_a_walked_round_leaves_no_row_of_the_standings_cut_at_its_foot(walked, theme):
    """A scoring round walked through lies over the score track and the standings (three
    players): no row of the standings is drawn beside or under its foot, half covered
    (they showed under its edge); a standings row is there to be measured."""
    t = walked
    t.at_size(SIZES[0], theme)
    _walk_opened(t)
    t.widget().locator(".aw-rounds.aw-walk [data-rowstep='1']").click()
    t.page.wait_for_timeout(150)
    scroll_to_top(t.page)
    rows = t.page.evaluate(ROWS_JS)
    t.shot(f"walk-standings-{theme.lower()}")
    assert rows, "no standings' rows: nothing measured"
    drawn = [(text, top) for text, top, seen in rows if seen]
    assert not drawn, f"{theme}: rows of the standings drawn under the walkthrough's foot: {drawn}"


@pytest.mark.parametrize("theme", THEMES)
def test_the_boards_faded_on_a_walked_line_are_legible(walked, theme):
    """On the seraglio's line (only your Alhambra has one) Ben's and Cem's small boards
    are faded whole: each of their tiles' pictures at 4.5:1 or more on its ground (they
    were at 3.6:1 in the dark theme, 2.5:1 in the light)."""
    t = walked
    t.at_size(SIZES[0], theme)
    _walk_opened(t)
    t.widget().locator(".aw-rounds.aw-walk [data-rowstep='1']").click()
    t.widget().locator(".aw-rounds.aw-walk .aw-walkwhat").filter(has_text="seraglio").wait_for()
    t.page.wait_for_timeout(150)
    scroll_to_top(t.page)
    bad, measured = [], 0
    for who in ("Ben", "Cem"):
        for kind in ("garden", "tower", "pavilion", "chambers"):
            sel = f".aw-opp[aria-label='{who}'] .aw-board .aw-tile.aw-k-{kind}"
            if not t.widget().locator(sel).count():
                continue
            ground, ink, _ = _tile_inks(t, sel)
            measured += 1
            if _ratio(ground, ink) < 4.5:
                bad.append(f"{theme}: {who}'s faded {kind} at {_ratio(ground, ink):.2f}:1")
    t.widget().locator(".aw-side").screenshot(path=str(t.shot(f"faded-others-{theme.lower()}")))
    assert measured >= 4, f"only {measured} faded tiles found"
    assert not bad, "\n".join(bad)


# the bots' pace list: the text of its labels and whether each is drawn in the window
PACE_JS = """() => { const s = document.querySelector('.aw-root select[data-botspeed]');
    if (!s) return null; const r = s.getBoundingClientRect();
    return [...s.labels].map((l) => { const g = document.createRange(); g.selectNodeContents(l);
        const q = [...g.getClientRects()].find((c) => c.width > 0 && c.right <= r.left + 1);
        const words = [...l.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
        return [words, !!q && q.top >= 0 && q.bottom <= innerHeight && r.left - q.right < 40]; }); }"""


@pytest.mark.parametrize("theme", THEMES)
def test_the_bots_pace_list_has_a_word_on_the_screen(mid, theme):
    """The bots' pace (a list of times, "0 s") is named by a word drawn just left of
    it, its label (it had only a name read out)."""
    t = mid
    t.at_size(SIZES[0], theme)
    labels = t.page.evaluate(PACE_JS)
    t.widget().locator(".aw-bar .aw-nav").screenshot(path=str(t.shot(f"pace-{theme.lower()}")))
    assert labels is not None, "no pace list"
    assert any(words and shown for words, shown in labels), f"no visible label: {labels}"


# your reserve's pavilion chip on the pavilions' line: its filter and its frame's stroke;
# a pavilion of your Alhambra's, for the same
CHIP_JS = """() => { const tile = (s) => document.querySelector('.aw-root ' + s);
    const look = (g) => g && [getComputedStyle(g.closest('svg')).filter, getComputedStyle(g.querySelector(':scope > rect')).stroke];
    return [look(tile('.aw-me [aria-label=reserve] .aw-chip .aw-tile.aw-k-pavilion')),
        look(tile('.aw-me .aw-board .aw-tile.aw-k-pavilion'))]; }"""


@pytest.mark.parametrize("theme", THEMES)
def test_R10_a_reserve_tile_is_greyed_and_unmarked_on_its_kinds_walked_line(walked, theme):
    """On the pavilions' line your reserve's pavilion is grey and has no frame in the
    accent (it does not count, R10), while your Alhambra's pavilions are marked (the
    reserve's stayed in colour, framed as if it counted)."""
    t = walked
    t.at_size(SIZES[0], theme)
    _walk_opened(t)
    t.py("g.edit(players={'You': {'reserve': ['pavilion 8']}})")
    chip = t.widget().locator(".aw-me [aria-label=reserve] .aw-chip")
    chip.first.wait_for()
    t.page.wait_for_timeout(150)
    reserve, built = t.page.evaluate(CHIP_JS)
    t.shot(f"walk-reserve-{theme.lower()}")
    assert built and reserve, f"nothing measured: {built}, {reserve}"
    assert "grayscale" in reserve[0], f"{theme}: the reserve's pavilion is in colour: {reserve}"
    assert reserve[1] != built[1], f"{theme}: the reserve's pavilion framed as counted: {reserve}"
