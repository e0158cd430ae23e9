"""The game table: a whole decision on one screen, nothing moves under the mouse, clear
prompts, the keyboard and axe-core. One JupyterLab page per module (per xdist worker),
but every test starts from a new table in the same state (the notebook's cell run
again), so each runs alone or in any order. Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import placing_table, reset_placing_table, scroll_to_top

# one worker, so the notebook is opened once (each test starts from a new table: any order)
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("table")]

AREAS = ["prompt", "market", "money", "my-alhambra", "to-place"]
SIZES = [(1366, 768), (1920, 1080)]
WINDOW = (1366, 768)


@pytest.fixture(scope="module")
def _notebook(lab, browser):
    """The notebook of this module's tests, opened once."""
    ctx, t = placing_table(lab, browser, "table", WINDOW)
    t.fresh = True
    yield t
    ctx.close()


@pytest.fixture
def table(_notebook):
    """A new game against two bots in a state with tiles to place and a few built tiles
    (a typical mid-game decision), in a window of 1366x768 in the light theme, whatever
    the test before did."""
    if not _notebook.fresh:
        reset_placing_table(_notebook, WINDOW)
    _notebook.fresh = False
    return _notebook


def _boxes(page, names):
    return page.evaluate(
        """(names) => Object.fromEntries(names.map((n) => {
            const e = document.querySelector(`.aw-root [data-area='${n}']`);
            if (!e) return [n, null];
            const r = e.getBoundingClientRect();
            return [n, {top: r.top, bottom: r.bottom, left: r.left, right: r.right, h: innerHeight, w: innerWidth}];
        }))""",
        names,
    )


@pytest.mark.parametrize("theme", ["Light", "Dark"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_whole_decision_fits_on_one_screen(table, size, theme):
    page = table.page
    table.at_size(size, theme, f"{size[0]}-{theme.lower()}")
    boxes = _boxes(page, [*AREAS, "hand", "opponents", "standings"])
    for name in [*AREAS, "hand", "opponents", "standings"]:
        assert boxes[name] is not None, f"no data-area={name}"
    for name in AREAS:
        b = boxes[name]
        assert b["top"] >= 0 and b["bottom"] <= b["h"], f"{name} {b} is not inside the window"
        assert b["left"] >= 0 and b["right"] <= b["w"], f"{name} {b} is not inside the window"
    # the action bar stays in sight while the notebook scrolls
    page.evaluate(
        "document.querySelector('.aw-root').closest('.jp-WindowedPanel-outer, .jp-Notebook').scrollBy(0, 300)"
    )
    page.wait_for_timeout(150)
    b = _boxes(page, ["prompt"])["prompt"]
    assert b["top"] >= 0 and b["bottom"] <= b["h"]
    table.theme("Light")
    page.set_viewport_size({"width": 1366, "height": 768})


def test_a_message_covers_no_player_panel_no_score_and_moves_nothing(table):
    """The narration of a move sits in the bar's own line: not over the opponents, the
    standings or your board, and it moves neither your board nor the market."""
    page, board = table.page, table.widget()
    scroll_to_top(page)
    before = _boxes(page, ["my-alhambra", "market"])
    text = "You build the garden 10, two cells north of the fountain. Market refilled: garden 9 (denar). Turn 11: Ben to play."
    table.py(f"w.message = {{'text': {text!r}, 'kind': 'info'}}")
    board.locator(".aw-msg").wait_for()
    table.shot("message")
    boxes = page.evaluate(
        """() => Object.fromEntries([".aw-msg", "[data-area='opponents']", "[data-area='standings']",
            "[data-area='my-alhambra']", "[data-area='market']"].map((q) => {
            const r = document.querySelector(`.aw-root ${q}`).getBoundingClientRect();
            return [q, {top: r.top, bottom: r.bottom, left: r.left, right: r.right}];
        }))"""
    )
    m = boxes.pop(".aw-msg")
    for name, b in boxes.items():
        apart = (
            m["bottom"] <= b["top"]
            or b["bottom"] <= m["top"]
            or m["right"] <= b["left"]
            or b["right"] <= m["left"]
        )
        assert apart, f"the message {m} covers {name} {b}"
    _still(page, before, "a message")
    table.py("w.message = {}")
    board.locator(".aw-msg").wait_for(state="detached")
    _still(page, before, "a message gone")


def _still(page, before, what: str) -> None:
    after = _boxes(page, ["my-alhambra", "market"])
    for name in ("my-alhambra", "market"):
        for side in ("top", "left"):
            assert abs(after[name][side] - before[name][side]) <= 2, (
                f"{what} moved {name}: {before[name]} -> {after[name]}"
            )


def test_nothing_moves_under_the_mouse_when_panels_open_and_close(table):
    """Picking a tile, the narration of the bots' moves, the payment, the branch
    question, the teacher menu, a past step: the market and your Alhambra stay put."""
    page, board = table.page, table.widget()
    scroll_to_top(page)
    before = _boxes(page, ["my-alhambra", "market"])
    board.locator("[data-area='to-place'] [data-sel]").first.click()
    board.locator("button[data-do='reserve']").wait_for()
    _still(page, before, "picking a tile")
    table.shot("picked")
    board.locator("button[data-do='reserve']").click()
    table.wait_py("print(g.current_player.name)", lambda s: s != "You")
    for _ in range(6):  # the bots, one move at a time: their moves are narrated
        if table.py("print(g.current_player.name)") == "You":
            break
        step = int(table.py("print(g.step)"))
        board.locator("button[data-botstep]").click()
        table.wait_py(f"print(g.step > {step})", "True")
    board.locator(".aw-follow li").first.wait_for()
    board.locator(".aw-status").filter(has_text="You must take money").wait_for()
    _still(page, before, "the narration of the bots' moves")
    table.shot("narrated")
    _cut_lists_show_they_scroll(page)
    slot = board.locator("[data-slot][aria-label*='affordable']")
    if slot.count():
        slot.first.click()
        board.locator(".aw-pay").wait_for()
        _still(page, before, "the payment")
        table.shot("paying")
        board.locator("button[data-do='cancel']").click()
        board.locator(".aw-pay").wait_for(state="detached")
        _still(page, before, "closing the payment")
    board.locator("[data-menu]").first.click()
    board.locator(".aw-menu input[data-toggle='show_coords']").wait_for()
    _still(page, before, "the teacher menu")
    board.locator(".aw-menu [data-menu]").click()
    # a past step: a banner, and acting asks whether to branch off or undo back (at
    # step 2 you had bought the chambers and had it to place)
    board.locator("button[data-go='prev']").click()
    banner = board.locator(".aw-banner")
    banner.wait_for()
    assert re.match(r"Viewing step \d+ of \d+ — back to the game", banner.inner_text())
    _still(page, before, "a past step")
    table.py("w.goto(2)")
    board.locator(".aw-stepno").filter(has_text="step 2/").wait_for()
    board.locator("[data-area='to-place'] [data-sel]").first.click()
    # a past step looks not live: no green targets until you choose to act from it
    assert board.locator("[data-area='my-alhambra'] rect.aw-legal").count() == 0
    banner.locator("button[data-pastplay]").click()
    board.locator("[data-area='my-alhambra'] rect.aw-legal").first.wait_for()
    board.locator("button[data-do='reserve']").click()
    board.locator("button[data-resolve='branch']").wait_for()
    # one instruction: the question below; the banner and the board ask nothing more
    assert "make your move" not in banner.inner_text().lower()
    assert board.locator("[data-area='my-alhambra'] rect.aw-legal").count() == 0
    assert "new line" not in board.locator(".aw-actions").inner_text()
    _still(page, before, "the branch question")
    table.shot("past-branch")
    board.locator("button[data-resolve='cancel']").click()
    banner.locator("button[data-go='last']").click()
    banner.wait_for(state="detached")
    _still(page, before, "back to the game")


def _cut_lists_show_they_scroll(page) -> None:
    """Every list or panel in the side column cut to its height (more to scroll) draws
    the edge shadows that say so (its background's two radial gradients, over covers
    that move with the content); the bots' moves here are more than their list's height."""
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.aw-root .aw-side *')]
            .filter((e) => e.scrollHeight > e.clientHeight + 2 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY))
            .map((e) => ({what: e.className || e.tagName, shadows: (getComputedStyle(e).backgroundImage.match(/radial-gradient/g) || []).length,
                          local: getComputedStyle(e).backgroundAttachment.includes('local')}))"""
    )
    assert cut, "the narration's list is expected to be cut here"
    assert all(c["shadows"] == 2 and c["local"] for c in cut), cut


def test_R9_no_stale_scoring_prompt_after_stepping_back(table):
    """A scoring round walked through, then a step back: the prompt is the past step's,
    not "A scoring round was just scored"."""
    page, board = table.page, table.widget()
    _to_my_turn(table, board)
    table.py(
        "order = [str(c) for c in reversed(g.deck)]\n"
        "order.remove('scoring card 1')\n"
        "g.edit(deck=['scoring card 1', *order])"
    )
    board.locator(".aw-status").filter(has_text="You must take money").wait_for()
    scroll_to_top(page)
    before = _boxes(page, ["my-alhambra", "market"])
    board.locator("[data-take='0']").click()
    board.locator("button[data-do='take']").click()
    walk = board.locator(".aw-rounds.aw-walk")
    walk.wait_for()
    _still(page, before, "the scoring walkthrough")
    assert "scoring round was just scored" in table.status()
    table.shot("walk")
    board.locator("button[data-go='prev']").click()
    board.locator(".aw-banner").wait_for()
    walk.wait_for(state="detached")
    assert "scoring round" not in board.locator("[data-area='prompt']").inner_text()
    _still(page, before, "closing the scoring walkthrough")
    board.locator(".aw-banner button[data-go='last']").click()
    board.locator(".aw-banner").wait_for(state="detached")
    # back at the live end: the round already walked through does not open again
    page.wait_for_timeout(300)
    assert board.locator(".aw-rounds.aw-walk").count() == 0


AXE = Path(__file__).resolve().parents[2] / "js" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_axe_core_finds_no_serious_violations_in_the_widget(table, theme):
    """axe-core (npm), injected into the page and scoped to the widget, with a tile
    picked (its cells are controls): no serious or critical violation."""
    if not AXE.exists():
        pytest.fail("js/node_modules/axe-core is missing: run `npm install` in js/")
    page, board = table.page, table.widget()
    table.theme(theme)
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE.read_text())
    if board.locator("[data-area='to-place'] [data-sel]").count():
        board.locator("[data-area='to-place'] [data-sel]").first.click()
    result = page.evaluate(
        "axe.run(document.querySelector('.aw-root'), {resultTypes: ['violations']})"
        ".then((r) => r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))})))"
    )
    bad = [v for v in result if v["impact"] in ("serious", "critical")]
    table.theme("Light")
    assert not bad, bad


def _bot_moves_until_animated(table, board, limit: int = 6) -> tuple[int, int]:
    """Let the bots move one action at a time until one is animated (a take or a
    build); returns the animation counts before and after."""
    count = lambda: int(board.get_attribute("data-animations") or 0)  # noqa: E731
    start = count()
    for _ in range(limit):
        if (
            table.py("print(g.current_player.name, g.phase)") == "You place"
        ):  # tiles to place (R9): reserve one
            table.reserve_a_tile_to_place()
            continue
        if table.py("print(g.current_player.name)") == "You":
            board.locator("[data-take='0']").click()
            board.locator("button[data-do='take']").click()
            table.wait_py("print(g.current_player.name)", lambda s: s != "You")
        step = int(table.py("print(g.step)"))
        board.locator("button[data-botstep]").click()
        table.wait_py(f"print(g.step > {step})", "True")
        board.locator(".aw-stepno").filter(has_text=f"step {step + 1}/{step + 1}").wait_for()
        table.page.wait_for_timeout(100)
        if count() > start:
            break
    return start, count()


def test_a_bot_move_is_animated_and_instant_with_reduced_motion(table):
    page, board = table.page, table.widget()
    board.locator("select[data-botspeed]").select_option("1.5")  # slow: 900 ms a travel
    table.wait_py("print(w.bot_delay)", "1.5")
    start, after = _bot_moves_until_animated(table, board)
    assert after > start, "no bot move was animated"
    table.shot("animating")
    page.locator(".aw-ghost").first.wait_for(state="detached", timeout=3000)
    page.emulate_media(reduced_motion="reduce")
    try:
        start, after = _bot_moves_until_animated(table, board, limit=3)
        assert after == start and page.locator(".aw-ghost").count() == 0
    finally:
        page.emulate_media(reduced_motion="no-preference")


def _to_my_turn(table, board, limit: int = 12) -> None:
    for _ in range(limit):
        if table.py("print(g.current_player.name, g.phase)") == "You act":
            table.page_at_live_step()
            return
        if table.py("print(g.current_player.name)") == "You":  # tiles to place: reserve them
            table.reserve_a_tile_to_place()
        else:
            board.locator("button[data-botstep]").click()
        table.page.wait_for_timeout(300)
    raise AssertionError("never your turn")


def test_a_whole_turn_by_keyboard_the_focus_follows_the_decision(table):
    """Buy by keyboard; the focus goes to the tile to place by itself; the arrows reach
    built tiles too; a focused forbidden cell says its rule on screen; Enter builds and
    the focus goes on; Escape closes the teacher menu wherever the focus is."""
    page, board = table.page, table.widget()
    _to_my_turn(table, board)
    table.py(
        "g.edit(market={'denar': 'garden 10'}, players={'You': {'money': ['denar 9', 'denar 3'], 'reserve': []}})"
    )
    board.locator("[data-slot='denar'][aria-label*='garden 10, affordable']").wait_for()
    scroll_to_top(page)
    is_ = lambda sel: page.evaluate("(s) => document.activeElement.matches(s)", sel)  # noqa: E731

    def tab_to(selector: str, limit: int = 80, key: str = "Tab") -> None:
        for _ in range(limit):
            if is_(selector):
                return
            page.keyboard.press(key)
        raise AssertionError(f"Tab never reached {selector}")

    board.focus()
    tab_to("[data-slot='denar']")
    page.keyboard.press("Enter")
    tab_to("[data-pay='0']")
    page.keyboard.press("Enter")
    tab_to("[data-pay='1']")
    page.keyboard.press("Space")
    tab_to("button[data-do='buy']")
    page.keyboard.press("Enter")
    table.wait_py("print([str(t) for t in g.player('You').bought])", "['garden 10']")
    page.wait_for_function("document.activeElement.matches(\"[data-area='to-place'] [data-sel]\")")
    page.keyboard.press("Enter")  # the tile: its cells light up
    # (once they are drawn: tabbing back before that leaves the board, and on a busy
    # machine the focus went round JupyterLab's own controls instead)
    board.locator("rect[data-cell][tabindex='0']").wait_for()
    tab_to("rect[data-cell][tabindex='0']", key="Shift+Tab")  # the board is before the tiles
    seen = set()
    for _ in range(10):  # toward the fountain: built tiles are stops too
        here = page.evaluate(
            "document.activeElement.dataset.cell ?? document.activeElement.dataset.tileCell"
        )
        seen.add(here)
        if here == "0,0":
            break
        x, y = map(int, here.split(","))
        page.keyboard.press(
            "ArrowLeft" if x > 0 else "ArrowRight" if x < 0 else "ArrowUp" if y > 0 else "ArrowDown"
        )
    assert "0,0" in seen, seen
    bad = board.locator("rect.aw-illegal")
    if bad.count():
        bad.first.evaluate("(e) => e.focus()")
        assert "not here" in board.locator("[data-area='prompt']").inner_text().lower()
    board.locator("rect.aw-legal").first.evaluate("(e) => e.focus()")
    page.keyboard.press("Enter")  # build it
    table.wait_py("print(len(g.player('You').bought))", "0")
    page.wait_for_function(
        "(() => { const a = document.activeElement, r = document.querySelector('.aw-root');"
        " return r.contains(a) && a !== r; })()"
    )
    table.shot("keyboard")
    board.locator("[data-menu]").first.click()
    board.locator(".aw-menu").wait_for()
    page.evaluate("document.activeElement.blur()")  # the focus leaves the board
    assert not page.evaluate("document.querySelector('.aw-root').contains(document.activeElement)")
    page.keyboard.press("Escape")
    board.locator(".aw-menu").wait_for(state="detached")


def test_a_ghost_on_hover_and_a_tile_dragged_onto_its_cell(table):
    """Hovering a legal cell shows the picked tile there as a ghost; a tile dragged from
    the tiles to place onto a legal cell is built there."""
    page, board = table.page, table.widget()
    _to_my_turn(table, board)
    table.buy("denar", "garden 10", ["denar 9", "denar 3"])
    page.click("button[data-do='buy']")
    chip = board.locator("[data-area='to-place'] [data-sel='garden 10']")
    chip.wait_for()
    chip.click()
    legal = board.locator("[data-area='my-alhambra'] rect.aw-legal")
    legal.first.hover()
    ghost = board.locator("[data-area='my-alhambra'] .aw-preview")
    ghost.wait_for(state="attached")
    assert ghost.locator(".aw-k-garden").count() == 1
    table.shot("ghost")
    cells = table.py(
        "print(' '.join(sorted(k for k, r in w.view['legal']['tiles']['garden 10']['cells'].items() if r == '')))"
    )
    target = cells.split()[0]
    chip.drag_to(board.locator(f"[data-area='my-alhambra'] rect[data-cell='{target}']"))
    x, y = target.split(",")
    table.wait_py(f"print(g.player('You').alhambra.get(({x}, {y})))", "garden 10")


WALLED = "[[1, 0, 'garden 6 N'], [2, 0, 'tower 9 NE']]"


def _drag_slot_to(page, board, slot, cell: tuple[int, int]):
    """Press on a market slot and move onto a cell of your Alhambra (found from the
    fountain's place on the page), the button still held."""
    fountain = board.locator("[data-area='my-alhambra'] [data-tile-cell='0,0']").bounding_box()
    s = slot.bounding_box()
    page.mouse.move(s["x"] + s["width"] / 2, s["y"] + s["height"] / 2)
    page.mouse.down()
    x = fountain["x"] + fountain["width"] * (cell[0] + 0.5)
    y = fountain["y"] + fountain["height"] * (cell[1] + 0.5)
    page.mouse.move(x, y, steps=10)


def test_R9_a_market_tile_dragged_onto_a_cell_is_bought_and_built_there(table):
    """A tile dragged from its market slot: your cells show the engine's verdicts for it,
    the ghost marks the walls it would join (R11), the drop buys it (one payment: at
    once; several: the payment is picked as after a click) and builds it on that cell."""
    page, board = table.page, table.widget()
    _to_my_turn(table, board)
    edit = "g.edit(market={{'denar': 'tower 13 NE'}}, players={{'You': {{'alhambra': {a}, 'money': {m}, 'reserve': []}}}})"
    table.py(edit.format(a=WALLED, m="['denar 9', 'denar 5']"))
    slot = board.locator("[data-slot='denar'][data-tile='tower 13 NE'][draggable='true']")
    slot.wait_for()
    scroll_to_top(page)
    _drag_slot_to(page, board, slot, (0, -1))
    ghost = board.locator("[data-area='my-alhambra'] .aw-preview")
    ghost.wait_for(state="attached")
    assert ghost.get_attribute("data-joins") == "3"  # the garden's and the tower's wall
    # the same legal cells as a click on the slot (the engine's list for this slot), and
    # the cell under the ghost still framed green
    legal = table.py(
        "print(sum(r == '' for r in w.view['legal']['buy']['denar']['cells'].values()))"
    )
    assert board.locator("[data-area='my-alhambra'] rect.aw-legal").count() == int(legal) > 0
    assert ghost.locator(".aw-ghostframe").count() == 1
    table.shot("drag-market")
    page.mouse.up()
    table.wait_py("print(g.player('You').alhambra.get((0, -1)))", "tower 13 NE")
    # several payments: the payment row opens, then the tile goes where it was dropped
    _to_my_turn(table, board)
    table.py(edit.format(a=WALLED, m="['denar 9', 'denar 5', 'denar 6']"))
    slot.wait_for()
    scroll_to_top(page)
    _drag_slot_to(page, board, slot, (0, -1))
    ghost.wait_for(state="attached")
    page.mouse.up()
    pay = board.locator(".aw-pay")
    pay.filter(has_text="then built where you dropped it").wait_for()
    table.shot("drag-market-pay")
    board.locator("[data-pay='0']").click()
    board.locator("[data-pay='1']").click()
    board.locator("button[data-do='buy']").click()
    table.wait_py("print(g.player('You').alhambra.get((0, -1)))", "tower 13 NE")


def test_R7_a_tile_that_fits_nowhere_says_so_and_is_offered_the_reserve(table):
    """Your Alhambra closed by walls on every side: the tile bought fits nowhere; the
    prompt says so and the action row offers the reserve (one click)."""
    page, board = table.page, table.widget()
    _to_my_turn(table, board)
    closed = "[[1, 0, 'garden 6 NES'], [-1, 0, 'garden 7 NSW'], [0, 1, 'garden 8 ESW'], [0, -1, 'garden 9 NEW']]"
    table.py(
        "from alhambra_widget.engine.alhambra.actions import Buy\n"
        f"g.edit(market={{'denar': 'pavilion 8'}}, players={{'You': {{'alhambra': {closed}, 'money': ['denar 9']}}}})\n"
        "g.apply(Buy('denar', (9,)))"
    )
    table.wait_py("print(g.phase)", "place")
    offer = board.locator("button[data-reservetile='pavilion 8']")
    offer.wait_for()
    scroll_to_top(page)
    prompt = board.locator("[data-area='prompt']").inner_text()
    assert "pavilion 8 fits nowhere" in prompt and "reserve" in prompt, prompt
    table.shot("fits-nowhere")
    offer.click()
    table.wait_py("print([str(t) for t in g.player('You').reserve])", lambda s: "pavilion 8" in s)


# the colour a CSS colour is drawn in (any syntax: rgb, color-mix, color(srgb ...)), and
# the background an element is seen on (its translucent layers over the first opaque one)
CONTRASTS = """() => {
  const cv = document.createElement('canvas'); cv.width = cv.height = 1;
  const cx = cv.getContext('2d', {willReadFrequently: true});
  const rgba = (c) => { cx.clearRect(0, 0, 1, 1); cx.fillStyle = '#000'; cx.fillStyle = c; cx.fillRect(0, 0, 1, 1);
    const d = cx.getImageData(0, 0, 1, 1).data; return [d[0], d[1], d[2], d[3] / 255]; };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
  const bg = (e) => { const layers = [];
    for (let n = e; n; n = n.parentElement) { const c = rgba(getComputedStyle(n).backgroundColor);
      if (c[3] > 0) layers.push(c); if (c[3] >= 1) break; }
    return layers.reverse().reduce((acc, c) => over(c, acc), [255, 255, 255, 1]); };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const root = document.querySelector('.aw-root');
  const lead = root.querySelector("[data-area='standings'] td.aw-lead");
  const plain = [...root.querySelectorAll("[data-area='standings'] td")].find((t) => !t.classList.contains('aw-lead') && /^\\d+$/.test(t.textContent));
  const cell = root.querySelector('.aw-opp.aw-compact .aw-cell');
  const grey = ['.aw-piles', '.aw-facts', '.aw-seat', '.aw-stepno'].map((q) => root.querySelector(q));
  const ink = (e) => over(rgba(getComputedStyle(e).color), bg(e));
  return {
    lead_outline: getComputedStyle(lead).outlineStyle === 'none' || parseFloat(getComputedStyle(lead).outlineWidth) < 2 ? 0
      : ratio(over(rgba(getComputedStyle(lead).outlineColor), bg(lead.parentElement)), bg(plain)),
    lead_fill: ratio(bg(lead), bg(plain)),
    lead_text: ratio(ink(lead), bg(lead)),
    grid: ratio(over(rgba(getComputedStyle(cell).stroke), bg(cell.closest('svg'))), bg(cell.closest('svg'))),
    grey: Math.min(...grey.map((e) => ratio(ink(e), bg(e)))),
  };
}"""


def test_dark_theme_the_leader_the_small_boards_grids_and_the_grey_text_stand_out(table):
    """In the dark theme: the standings' leader cells are framed in a colour that stands
    out (3:1, WCAG's contrast for graphics), the opponents' small boards' grid lines too,
    the small grey texts (deck, seats, facts, step) read at 7:1 (WCAG AAA); axe-core's
    color-contrast check finds nothing at all on the board."""
    page, board = table.page, table.widget()
    table.theme("Dark")
    try:
        scroll_to_top(page)
        board.locator("[data-area='standings'] td.aw-lead").first.wait_for()
        c = page.evaluate(CONTRASTS)
        print(c)
        table.shot("dark-contrast")
        assert c["lead_outline"] >= 3 and c["lead_text"] >= 4.5, c
        assert c["grid"] >= 3, c
        assert c["grey"] >= 7, c
        if not page.evaluate("typeof window.axe === 'object'"):
            page.add_script_tag(content=AXE.read_text())
        bad = page.evaluate(
            "axe.run(document.querySelector('.aw-root'), {runOnly: ['color-contrast']})"
            ".then((r) => r.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ') + ': ' + n.failureSummary)))"
        )
        assert not bad, bad
    finally:
        table.theme("Light")
