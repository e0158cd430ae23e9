"""The table and the course after a newcomer's review of screenshots: a whole decision
fits a 1280 px laptop screen without horizontal scrolling; a bought tile shows its kind,
not its price; a hint's move is marked on the board; a lesson's board marks the
learner's pick right or wrong after a try. Light and dark; screenshots go to
test-artifacts/ (looked at by hand)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import Lab, placing_table, reset_placing_table, scroll_to_top
from helpers import brute_legal

pytestmark = [
    pytest.mark.browser,
    pytest.mark.xdist_group("table-newcomer"),
]  # one worker: one notebook, a new table for each test

# the decision's areas: the prompt and the turn's buttons, the market, the money, your
# Alhambra, your hand and your tiles to place
AREAS = ["prompt", "market", "money", "my-alhambra", "hand", "to-place"]
SIZES = [(1280, 720), (1366, 768)]


YOU = "'reserve': ['arcades 7 N'], "


@pytest.fixture(scope="module")
def _notebook(lab, browser):
    """The notebook of this module's tests, opened once."""
    ctx, t = placing_table(
        lab, browser, "newcomer", SIZES[0], you=YOU, extra="w.hint_playouts = 40\n"
    )
    t.fresh = True
    yield t
    ctx.close()


@pytest.fixture
def table(_notebook):
    """A game against two bots in its placing phase: tiles built, a tile to place (R9),
    an arcades in your reserve; a new table in a 1280x720 window in the light theme,
    whatever the test before did."""
    if not _notebook.fresh:
        reset_placing_table(_notebook, SIZES[0], you=YOU)
    _notebook.fresh = False
    return _notebook


def _layout(page, names):
    """Each area's box, the window's size, and how far anything in the widget reaches
    past the widget's right edge (its horizontal overflow)."""
    return page.evaluate(
        """(names) => {
            const root = document.querySelector('.aw-root');
            const r = root.getBoundingClientRect();
            const boxes = Object.fromEntries(names.map((n) => {
                const e = root.querySelector(`[data-area='${n}']`);
                const b = e && e.getBoundingClientRect();
                return [n, b && {top: b.top, bottom: b.bottom, left: b.left, right: b.right}];
            }));
            let reach = r.right;
            for (const e of root.querySelectorAll('*')) {
                const b = e.getBoundingClientRect();
                if (b.width && b.height) reach = Math.max(reach, b.right);
            }
            const out = root.closest('.jp-OutputArea-output') || root.parentElement;
            // the notebook's visible area (under its toolbar, above the status bar)
            const nb = (root.closest('.jp-WindowedPanel-outer, .jp-Notebook') || document.body).getBoundingClientRect();
            return {boxes, w: Math.min(innerWidth, nb.right), h: Math.min(innerHeight, nb.bottom), right: r.right, reach,
                    scroll: root.scrollWidth - root.clientWidth, outScroll: out.scrollWidth - out.clientWidth,
                    page: document.documentElement.scrollWidth - document.documentElement.clientWidth};
        }""",
        names,
    )


def _apart(a, b) -> bool:
    return (
        a["bottom"] <= b["top"] + 1
        or b["bottom"] <= a["top"] + 1
        or a["right"] <= b["left"] + 1
        or b["right"] <= a["left"] + 1
    )


@pytest.mark.parametrize("theme", ["Light", "Dark"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_whole_decision_fits_a_laptop_screen_without_horizontal_scrolling(table, size, theme):
    page = table.page
    table.at_size(size, theme, f"fits-{size[0]}-{theme.lower()}")
    got = _layout(page, [*AREAS, "opponents"])
    boxes = got["boxes"]
    for name in AREAS:
        b = boxes[name]
        assert b is not None, f"no data-area={name}"
        assert b["top"] >= 0 and b["bottom"] <= got["h"], (
            f"{name} {b} is not inside the notebook's area {got['h']} ({size})"
        )
        assert b["left"] >= 0 and b["right"] <= got["w"], (
            f"{name} {b} is not inside the notebook's area {got['w']} ({size})"
        )
    # no horizontal scrolling: nothing in the widget reaches past its right edge, and
    # neither the widget, its output nor the page scrolls sideways
    assert got["reach"] <= got["right"] + 1, got
    assert got["scroll"] <= 1 and got["outScroll"] <= 1 and got["page"] <= 1, got
    # nothing overlaps: the market beside the money, your board beside your hand and
    # tiles, the others' panels beside all of it
    actions = page.locator(".aw-root .aw-actions").first.bounding_box()
    boxes["actions"] = {
        "top": actions["y"],
        "bottom": actions["y"] + actions["height"],
        "left": actions["x"],
        "right": actions["x"] + actions["width"],
    }
    pairs = [
        ("market", "money"),
        ("my-alhambra", "hand"),
        ("my-alhambra", "to-place"),
        ("prompt", "market"),
        ("actions", "market"),
        ("actions", "money"),
        ("market", "my-alhambra"),
        ("money", "my-alhambra"),
    ]
    pairs += [(n, "opponents") for n in ("market", "money", "my-alhambra", "hand", "to-place")]
    for a, b in pairs:
        assert _apart(boxes[a], boxes[b]), f"{a} {boxes[a]} overlaps {b} {boxes[b]}"
    # the prompt's whole instruction shows (its two lines are not cut short)
    cut = page.evaluate(
        "(() => { const s = document.querySelector('.aw-root .aw-status'); return [s.scrollHeight, s.clientHeight, s.textContent]; })()"
    )
    assert cut[0] <= cut[1] + 2, f"the prompt is cut: {cut}"
    table.theme("Light")
    page.set_viewport_size({"width": 1280, "height": 720})


def test_a_bought_tile_shows_its_kind_and_walls_not_its_price_the_market_its_price(table):
    """Built, in the reserve, to place: no price on the tile (paid already); the market's
    tile says what it costs. The labels keep the tile's name, as the log says it."""
    page, board = table.page, table.widget()
    scroll_to_top(page)
    names = board.locator("[data-area='my-alhambra'] .aw-names text").all_text_contents()
    assert len(names) == 5 and not any(re.search(r"\d", n) for n in names), names
    chips = board.locator("[data-area='to-place'] .aw-chip, [aria-label='reserve'] .aw-chip")
    assert chips.count() == 2
    for i in range(chips.count()):
        label = chips.nth(i).get_attribute("aria-label")
        shown = chips.nth(i).locator(".aw-tilename").all_text_contents()
        assert shown and not any(re.search(r"\d", s) for s in shown), (label, shown)
        assert re.match(r"\w+ \d+", label), label  # the tile's name for a screen reader
        assert chips.nth(i).get_attribute("title") == label  # and for the mouse
    prices = board.locator("[data-area='market'] .aw-price").all_inner_texts()
    assert prices and all(re.fullmatch(r"costs \d+", p) for p in prices), prices
    table.shot("no-prices")


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_a_hints_placement_is_marked_on_your_board_with_its_number(table, theme):
    page, board = table.page, table.widget()
    table.at_size((1366, 768), theme)
    if not board.locator("section.aw-hint").count():
        board.locator("button[data-hint='ask']").first.click()
    board.locator("section.aw-hint li").first.wait_for(timeout=60000)
    moves = table.py(
        "import json; print(json.dumps([m['marks'] for m in w.view['hint']['moves']]))"
    )
    cells = [m["cells"][0] for m in json.loads(moves) if m.get("cells")]
    assert cells, moves
    marks = board.locator("[data-area='my-alhambra'] .aw-hintmark")
    assert sorted(set(cells)) == sorted(
        marks.nth(i).get_attribute("data-hinted") for i in range(marks.count())
    )
    first = marks.first
    assert re.match(
        r"hint [\d, ]+: \(-?\d+, -?\d+\), built here", first.get_attribute("aria-label")
    )
    table.shot(f"hint-{theme.lower()}")
    bad = _axe_serious(page)
    assert not bad, bad
    table.theme("Light")
    page.set_viewport_size({"width": 1280, "height": 720})


AXE = Path(__file__).resolve().parents[2] / "js" / "node_modules" / "axe-core" / "axe.min.js"


def _axe_serious(page) -> list:
    """axe-core's serious or critical violations in the widget (as test_table.py runs it)."""
    if not AXE.exists():
        pytest.fail("js/node_modules/axe-core is missing: run `npm install` in js/")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE.read_text())
    result = page.evaluate(
        "axe.run(document.querySelector('.aw-root'), {resultTypes: ['violations']})"
        ".then((r) => r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))})))"
    )
    return [v for v in result if v["impact"] in ("serious", "critical")]


def _center(loc) -> None:
    loc.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    loc.page.wait_for_timeout(150)


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_R5_R6_a_hints_take_or_buy_is_marked_on_the_display_the_market_and_your_hand(table, theme):
    """At the start of your next turn: the display cards a hinted take takes (R5), the
    slot a hinted buy buys from and the cards it pays (R6), each with its number."""
    page, board = table.page, table.widget()
    table.to_your_turn()  # the chambers to the reserve, the bots' turns
    table.at_size((1280, 720), theme)
    if not board.locator("section.aw-hint li").count():
        board.locator("button[data-hint='ask']").first.click()
    board.locator("section.aw-hint li").first.wait_for(timeout=60000)
    moves = json.loads(
        table.py("import json; print(json.dumps([m['marks'] for m in w.view['hint']['moves']]))")
    )
    for i, mk in enumerate(moves):
        n = f"hint {i + 1}"
        if "slot" in mk:
            slot = board.locator(f"[data-slot='{mk['slot']}']")
            assert "aw-hinted" in slot.get_attribute("class") and n in slot.get_attribute(
                "aria-label"
            )
            paid = board.locator(f"[data-area='hand'] .aw-hinted[aria-label*='{n}']")
            assert paid.count() == len(mk["pay"])
        if "cards" in mk:
            taken = board.locator(f"[data-take].aw-hinted[aria-label*='{n}']")
            assert taken.count() == len(mk["cards"])
    assert any("slot" in mk or "cards" in mk for mk in moves), moves
    table.shot(f"hint-act-{theme.lower()}")
    bad = _axe_serious(page)
    assert not bad, bad
    board.locator("button[data-hint='cancel']").first.click()
    board.locator(".aw-hinted").first.wait_for(state="detached")
    table.theme("Light")


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_R6_the_payment_row_fits_at_1280_its_buttons_in_sight(table, theme):
    """Paying at 1280x720: four cards picked, the payment's verdict, Buy and Cancel fit in
    the action row (it never scrolls sideways) and in the window."""
    page, board = table.page, table.widget()
    table.at_size((1280, 720), theme)
    table.to_your_turn()
    table.buy("denar", "tower 13 NE", ["denar 2", "denar 3", "denar 4", "denar 5"])
    board.locator(".aw-actions button[data-do='buy']:not([disabled])").wait_for()
    table.shot(f"paying-{theme.lower()}")
    row = page.evaluate(
        "(() => { const a = document.querySelector('.aw-root .aw-actions');"
        " const b = [...a.querySelectorAll('button')].map((e) => e.getBoundingClientRect());"
        " return [a.scrollWidth, a.clientWidth, Math.max(...b.map((r) => r.right)), innerWidth]; })()"
    )
    assert row[0] <= row[1] + 1 and row[2] <= row[3], row
    # the cards to pay with on one line, each whole inside the row
    cards = page.evaluate(
        "(() => { const a = document.querySelector('.aw-root .aw-actions').getBoundingClientRect();"
        " return [...document.querySelectorAll('.aw-root .aw-actions [data-pay]')].map((e) => {"
        " const r = e.getBoundingClientRect(); return [r.top, r.bottom, a.top, a.bottom]; }); })()"
    )
    assert len(cards) == 4 and len({round(c[0]) for c in cards}) == 1, cards
    assert all(c[0] >= c[2] - 0.5 and c[1] <= c[3] + 0.5 for c in cards), cards
    got = _layout(page, AREAS)
    for name in AREAS:
        b = got["boxes"][name]
        assert b["top"] >= 0 and b["bottom"] <= got["h"] and b["right"] <= got["w"], (
            f"{name} {b} is out of sight: {got}"
        )
    assert got["reach"] <= got["right"] + 1, got
    board.locator(".aw-actions button[data-do='cancel']").click()
    board.locator(".aw-pay").wait_for(state="detached")
    table.theme("Light")


COURSE = """
import tempfile, pathlib
from alhambra_widget import CourseWidget
c = CourseWidget(lesson="find-R7c", progress=pathlib.Path(tempfile.mkdtemp()) / "p.json")
c
"""


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_R7c_a_lessons_board_marks_the_wrong_pick_then_the_right_cells(
    lab, browser, request, theme
):
    from alhambra_widget.course.catalog import lesson

    les = lesson("find-R7c")
    right = {tuple(s[0]["cell"]) for s in les.solutions()}
    a = les.alhambra()
    x0, y0, x1, y1 = a.bounds()
    # a wrong pick: a cell where the tile keeps every rule (R7c is not broken there)
    wrong = next(
        (x, y)
        for y in range(y0 - 1, y1 + 2)
        for x in range(x0 - 1, x1 + 2)
        if brute_legal(a, les.tile(), (x, y))
    )
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        t = Lab(lab.open(ctx, f"course-{theme}.ipynb", COURSE), request)
        root = t.widget()
        t.theme(theme)
        assert root.locator("[data-answer]").count() == 0  # before a try: nothing said
        root.locator(f"[data-player='lesson'][data-cell='{wrong[0]},{wrong[1]}']").click()
        mark = root.locator(".aw-course-board [data-answer]")
        mark.first.wait_for()
        assert (
            mark.count() == 1
            and mark.first.get_attribute("data-answer") == f"{wrong[0]},{wrong[1]}"
        )
        assert "your answer, not right (R7" in mark.first.get_attribute("aria-label")
        _center(root.locator(".aw-course-board").last)
        t.shot("wrong")
        x, y = sorted(right)[0]
        root.locator(f"[data-player='lesson'][data-cell='{x},{y}']").click()
        root.locator(".aw-course-board .aw-answer-right").first.wait_for()
        got = sorted(mark.nth(i).get_attribute("data-answer") for i in range(mark.count()))
        assert got == sorted(f"{cx},{cy}" for cx, cy in right)
        _center(root.locator(".aw-course-board").last)
        t.shot("right")
        bad = _axe_serious(t.page)
        assert not bad, bad
        t.theme("Light")
    finally:
        ctx.close()


GARDENS = """
from alhambra_widget.gardens import GardensWidget
w = GardensWidget(players=["You", "Ben"], seed=4, seats={"Ben": "greedy"}, bot_delay=0)
w.autoplay_bots = False
w.hint_playouts = 20
w.run_bots()
w
"""


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_G3_a_gardens_hint_marks_its_fields_with_their_numbers(open_notebook, theme):
    lab = open_notebook(GARDENS)
    board = lab.widget()
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.theme(theme)
    board.locator("button[data-hint='ask']").first.click()
    board.locator("section.aw-hint li").first.wait_for(timeout=60000)
    fields = json.loads(
        lab.py(
            "import json; print(json.dumps([m['marks']['fields'][0] for m in w.view['hint']['moves']]))"
        )
    )
    marks = board.locator(".ag-board .aw-hintmark")
    assert sorted(set(fields)) == sorted(
        marks.nth(i).get_attribute("data-hinted") for i in range(marks.count())
    )
    assert re.match(
        r"hint [\d, ]+: field \(\d+, \d+\), laid here", marks.first.get_attribute("aria-label")
    )
    board.locator(".ag-board").first.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    lab.page.wait_for_timeout(150)
    lab.shot()
    bad = _axe_serious(lab.page)
    lab.theme("Light")
    assert not bad, bad
