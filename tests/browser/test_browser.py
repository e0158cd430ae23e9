"""The widget in a real JupyterLab (headless Chromium, Playwright). Screenshots go
to test-artifacts/."""

import pytest

from alhambra_widget.engine.alhambra.narration import payment_words

pytestmark = pytest.mark.browser

THREE = """
from alhambra_widget import AlhambraWidget, Tile, Card
w = AlhambraWidget(players=["Ann", "Ben", "Cem"], seed=1)
g = w.game
w
"""


def test_widget_renders_market_money_and_boards(open_notebook):
    lab = open_notebook(THREE)
    root = lab.widget()
    assert root.locator(".aw-slot").count() == 4
    assert root.locator(".aw-player").count() == 3
    assert root.locator("[data-take]").count() == 4
    assert "must take money" in lab.status()
    for cur in ("denar", "dirham", "ducat", "florin"):  # currencies named, not only coloured
        assert cur in root.locator(".aw-market").inner_text()
    assert root.locator("svg.aw-board").first.get_attribute("aria-label").endswith("Alhambra")
    lab.shot()


def test_money_taken_by_clicking_shows_in_python(open_notebook):
    lab = open_notebook(THREE)
    first = lab.py("print(g.display[0])")
    who = lab.py("print(g.current_player.name)")
    lab.page.click("[data-take='0']")
    assert "total" in lab.page.locator(".aw-pickinfo").inner_text()
    lab.page.click("button[data-do='take']")
    lab.wait_py("print(g.step)", 1)
    assert (
        lab.py(f"print(sum(1 for c in g.player('{who}').money if str(c) == '{first}') > 0)")
        == "True"
    )
    lab.shot()


def test_several_cards_over_five_are_refused_while_picking(open_notebook):
    lab = open_notebook(THREE)
    lab.py('g.edit(display=["denar 4", "ducat 3", "florin 1", "dirham 9"])')
    lab.page.locator("[data-take='3'][aria-label='dirham 9']").wait_for()  # the new view
    lab.page.click("[data-take='0']")
    lab.page.click("[data-take='1']")
    info = lab.page.locator(".aw-pickinfo").inner_text()
    assert "total 7" in info and "R5" in info
    assert lab.page.locator("button[data-do='take']").is_disabled()


def test_exact_payment_gives_another_action(open_notebook):
    lab = open_notebook(THREE)
    lab.buy("denar", "garden 10", ["denar 6", "denar 4"])
    assert lab.page.locator(".aw-pickinfo").inner_text() == payment_words(
        10, (6, 4)
    )  # the log's sentence (R4)
    lab.page.click("button[data-do='buy']")
    lab.wait_py(
        "print(g.phase, g.current_player is p, [str(t) for t in p.bought])",
        "act True ['garden 10']",
    )
    lab.shot()


def test_tile_placed_in_a_highlighted_cell(open_notebook):
    lab = open_notebook(THREE)
    lab.buy("denar", "garden 10", ["denar 9", "denar 3"])
    assert lab.page.locator(".aw-pickinfo").inner_text() == payment_words(
        10, (9, 3)
    )  # "overpaid by 2" (R6)
    lab.page.click("button[data-do='buy']")
    lab.page.locator("[data-sel='garden 10']").first.wait_for()
    lab.page.click("[data-sel='garden 10']")
    legal = lab.page.locator("rect.aw-legal")
    assert legal.count() == 4  # around the fountain, all open
    cell = legal.first.get_attribute("data-cell")
    lab.shot("highlighted")
    legal.first.click()
    x, y = cell.split(",")
    lab.wait_py(f"print(p.alhambra.get(({x}, {y})))", "garden 10")


def test_hovering_an_illegal_cell_shows_its_rule(open_notebook):
    lab = open_notebook(THREE)
    lab.buy("denar", "tower 9 NE", ["denar 9", "denar 3"])
    lab.page.click("button[data-do='buy']")
    lab.page.locator("[data-sel='tower 9 NE']").first.wait_for()
    lab.page.click("[data-sel='tower 9 NE']")
    west = lab.page.locator("rect[data-cell='-1,0']")
    assert west.get_attribute("data-rule") == "R7a"
    west.scroll_into_view_if_needed()  # (hovering must not need to scroll)
    top = lab.page.locator(".aw-market").bounding_box()["y"]
    west.hover()
    assert "R7a" in lab.status() and "match" in lab.status()
    assert lab.page.locator(".aw-market").bounding_box()["y"] == top  # the board did not move
    lab.page.locator("rect[data-cell='1,1']").hover()
    assert "R7b" in lab.status()
    west.click()  # the engine's own sentence
    lab.page.locator(".aw-msg").filter(has_text="east side is walled").wait_for()
    lab.shot()


def test_redesign_from_the_reserve(open_notebook):
    lab = open_notebook(THREE)
    lab.py(
        'p = g.current_player; g.edit(players={p.name: {"reserve": [*p.reserve, Tile("garden", 10)]}})'
    )
    lab.page.locator("[data-sel='garden 10']").first.wait_for()
    lab.page.click("[data-sel='garden 10']")
    lab.page.locator("rect.aw-legal[data-cell='0,1']").click()
    lab.wait_py(
        "print(p.reserve, p.alhambra.get((0, 1)), g.current_player is p)", "() garden 10 False"
    )
    assert "redesign" in lab.py("print(g.history[-1])")


def test_stepping_back_and_forward_with_buttons_and_arrow_keys(open_notebook):
    lab = open_notebook(THREE)
    lab.py("for _ in range(3): g.apply(g.legal_actions()[0])")
    lab.page.locator(".aw-stepno").filter(has_text="step 3/3").wait_for()
    lab.page.click("[data-go='prev']")
    lab.wait_py("print(w.step)", 2)
    lab.page.locator(".aw-banner").wait_for()
    lab.widget().focus()
    lab.page.keyboard.press("ArrowLeft")
    lab.wait_py("print(w.step)", 1)
    lab.page.keyboard.press("ArrowRight")
    lab.wait_py("print(w.step)", 2)
    lab.page.keyboard.press("End")
    lab.wait_py("print(w.step)", 3)
    # JupyterLab did not take the keys: still one cell, the notebook untouched
    assert lab.py("print(len(g.history))") == "3"
    lab.shot()


def test_python_change_appears_in_the_page_and_a_click_in_python(open_notebook):
    lab = open_notebook(THREE)
    lab.py("g.apply(g.legal_actions()[0])")
    lab.page.locator(".aw-stepno").filter(has_text="step 1/1").wait_for(timeout=5000)
    lab.page.click("[data-take='0']")
    lab.page.click("button[data-do='take']")
    lab.wait_py("print(g.step)", 2)
    lab.page.locator(".aw-stepno").filter(has_text="step 2/2").wait_for(timeout=5000)


def test_dark_theme_is_readable(open_notebook):
    lab = open_notebook(THREE)
    lab.theme("Dark")
    lab.page.wait_for_timeout(300)
    bg, fg = lab.widget().evaluate(
        "(el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]"
    )

    def lum(css):
        r, g_, b = [int(v) for v in css[css.index("(") + 1 : css.index(")")].split(",")[:3]]
        return 0.2126 * r + 0.7152 * g_ + 0.0722 * b

    assert lum(bg) < 80 and lum(fg) > 150, (bg, fg)
    lab.shot("dark")
    lab.theme("Light")


def test_whole_game_against_bots_played_from_the_page(open_notebook):
    lab = open_notebook(
        """
from alhambra_widget import AlhambraWidget
w = AlhambraWidget(players=["You", "Ben", "Cem"], seed=3, seats={"Ben": "greedy", "Cem": "greedy"}, bot_delay=0)
g = w.game
w
"""
    )

    def move(lab, phase):
        page = lab.page
        if phase == "act":
            if page.locator("[data-take='0']").count():
                page.click("[data-take='0']")
                page.click("button[data-do='take']")
            else:
                page.click("button[data-do='pass']")
        else:  # place what was bought (or a gift): on the reserve
            page.locator(".aw-player.aw-current [data-sel]").first.click()
            page.click("button[data-do='reserve']")

    # watch every redraw of the whole game (the board's and the notebook's, which
    # replaces the board when it refreshes the output's picture): no bot's card is ever
    # in the page
    lab.page.evaluate(
        """() => {
            window.__botCards = 0; window.__draws = 0;
            new MutationObserver(() => {
                window.__draws += 1;
                for (const root of document.querySelectorAll(".aw-root")) {
                    for (const n of ["Ben", "Cem"]) {
                        const s = root.querySelector(`section.aw-player[aria-label="${n}"]`);
                        if (s && s.querySelector(".aw-card")) window.__botCards += 1;
                    }
                    const st = root.querySelector(".aw-status");
                    if (st && /\\b(Ben|Cem)\\b/.test(st.textContent) && root.querySelector(".aw-pay"))
                        window.__botCards += 1;
                }
            }).observe(document.body, {childList: true, subtree: true});
        }"""
    )
    lab.play_to_end("You", move)
    page = lab.page
    assert lab.py("print(g.is_over, len(g.rounds))") == "True 3"
    assert page.evaluate("window.__draws") > 100 and page.evaluate("window.__botCards") == 0
    # "Game over" once, in the results' heading; the prompt says what may be done next
    page.locator("[data-area=results] h4").filter(has_text="Game over").wait_for()
    # (the last scoring round may still be open to step through: the prompt says so)
    assert "Game over" not in lab.status() and "the results" in lab.status()
    # the results panel: the ranking with the winners, each round's points
    rows = page.locator(".aw-results tbody tr")
    assert rows.count() == 3 and "wins" in rows.first.inner_text()
    assert page.locator(".aw-results thead th").filter(has_text="round 3").count() == 1
    page.locator(".aw-results").scroll_into_view_if_needed()
    lab.shot("end")


def test_exchange_and_move_to_the_reserve_from_the_board(open_notebook):
    lab = open_notebook(THREE)
    page = lab.page
    lab.py(
        "p = g.current_player\n"
        'g.edit(players={p.name: {"alhambra": [[1, 0, "garden 10"]], "reserve": [*p.reserve, Tile("tower", 11)]}})'
    )
    page.locator("[data-sel='tower 11']").first.wait_for()
    page.click("[data-sel='tower 11']")
    target = page.locator(".aw-placed.aw-target")  # the garden may be exchanged
    assert target.count() == 1
    target.locator("[data-tile-cell='1,0']").click()
    lab.wait_py(
        "print(p.alhambra.get((1, 0)), [str(t) for t in p.reserve])", "tower 11 ['garden 10']"
    )
    # next time round: move the tower back to the reserve
    lab.py("g.edit(current=p.name)")
    page.locator("button[data-do='removing']").first.wait_for()
    page.click("button[data-do='removing']")
    page.locator("[data-tile-cell='1,0']").click()
    lab.wait_py("print(p.alhambra.get((1, 0)), len(p.reserve))", "None 2")


def test_acting_from_a_past_state_asks_to_branch_or_undo(open_notebook):
    lab = open_notebook(THREE)
    page = lab.page
    lab.py("for _ in range(2): g.apply(g.legal_actions()[0])")
    page.locator(".aw-stepno").filter(has_text="step 2/2").wait_for()
    page.click("[data-go='first']")
    page.locator(".aw-banner").wait_for()
    page.click("[data-take='0']")
    page.click("button[data-do='take']")
    dialog = page.locator(".aw-confirm")
    dialog.wait_for()
    assert "step 0 of 2" in dialog.inner_text()
    page.click("[data-resolve='branch']")
    lab.wait_py("print(g.step, len(w.variations), len(w.variations.line(0)))", "1 2 2")
    # the timeline lists the lines: switch back to the main line, promote, delete
    board = lab.widget()
    assert board.locator(".aw-lines [data-lineswitch]").count() == 2
    board.locator("[data-lineswitch='0']").click()
    lab.wait_py("print(g.step, w.variations.current)", "2 0")
    board.locator("[data-lineswitch='1']").click()
    lab.wait_py("print(g.step, w.variations.current)", "1 1")
    board.locator("[data-linepromote='1']").wait_for()
    lab.shot("lines")
    board.locator("[data-linepromote='1']").click()  # the line played becomes the main line
    lab.wait_py("print(w.variations.current, len(w.variations.line(1)))", "0 2")
    # the two lines' scores side by side (the what-if tools)
    board.locator("[data-linecompare='1']").click()
    table = board.locator("table.aw-compare")
    table.wait_for()
    want = lab.py(
        "c = w.compare_lines(0, 1); print(c.round, sorted(c.totals().items())[0][0])"
    ).split()
    assert f"Scoring round {want[0]}" in table.inner_text() and want[1] in table.inner_text()
    assert table.locator("tr").count() == 1 + 3  # a header and the three players
    board.locator("[data-linedelete='1']").click()  # the other line goes
    lab.wait_py("print(len(w.variations))", 1)
    board.locator(".aw-lines").wait_for(state="detached")
    lab.shot()


def test_sandbox_alhambra_place_any_tile_then_remove_it(open_notebook):
    lab = open_notebook(
        """
from alhambra_widget import Alhambra, SandboxWidget
a = Alhambra()
w = SandboxWidget(a)
w
"""
    )
    page = lab.page
    assert page.locator(".aw-palette .aw-chip").count() == 54
    page.click("[data-sel='tower 9 NE']")
    assert page.locator("rect.aw-legal").count() == 2  # east and north of the fountain
    page.locator("rect[data-cell='0,1']").hover()
    assert "R7a" in lab.status()
    page.locator("rect.aw-legal[data-cell='1,0']").click()
    lab.wait_py("print(a.get((1, 0)))", "tower 9 NE")
    page.click("button[data-do='removing']")
    page.locator("[data-tile-cell='0,0']").hover()
    assert "R8" in lab.status()
    page.locator("[data-tile-cell='1,0']").click()
    lab.wait_py("print(len(a))", "1")
    lab.shot()


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_bot_moves_are_stepped_marked_and_narrated_until_you_act(open_notebook, theme):
    lab = open_notebook(
        """
from alhambra_widget import AlhambraWidget
w = AlhambraWidget(players=["You", "Ben", "Cem"], seed=7, seats={"Ben": "greedy", "Cem": "greedy"})
w.autoplay_bots = False
g = w.game
w
"""
    )
    lab.theme(theme)
    board = lab.widget()
    # paused: the bots wait for a click on "one move" each, and the speed is a choice
    board.locator("select[data-botspeed]").select_option("1.5")
    lab.wait_py("print(w.bot_delay)", "1.5")
    for _ in range(12):
        if lab.py("print(g.current_player.name)") == "You" and lab.py("print(g.step)") != "0":
            break
        if lab.py("print(g.current_player.name)") == "You":
            board.locator("[data-take='0']").click()
            board.locator("button[data-do='take']").click()
            lab.wait_py("print(g.current_player.name != 'You')", "True")
            continue
        step = int(lab.py("print(g.step)"))
        board.locator("button[data-botstep]").click()
        lab.wait_py(f"print(g.step > {step})", "True")
    n = int(lab.py("print(len(w.view['recent']))"))
    assert n >= 2
    strip = board.locator(".aw-follow li")
    strip.nth(n - 1).wait_for()
    assert strip.count() == n
    texts = strip.all_inner_texts()
    assert texts[0].split()[0] in ("Ben", "Cem")
    expected = lab.py("print('|'.join(r['text'] for r in w.view['recent']))").split("|")
    assert [t.split("\n")[0].strip() for t in texts] == expected
    # what the bots bought and built is marked on the board
    marks = lab.py(
        "print(sum(bool(r['marks'].get('slot') or r['marks'].get('cells')) for r in w.view['recent']))"
    )
    if int(marks):
        assert board.locator(".aw-slot.aw-recent, .aw-placed.aw-recent").count() >= 1
    lab.shot(theme.lower())
    # you act: the marks and the strip's moves are gone (the strip keeps its place)
    board.locator("[data-take='0']").click()
    board.locator("button[data-do='take']").click()
    board.locator(".aw-follow-none").filter(has_text="None since your last move.").wait_for()
    assert strip.count() == 0
    assert board.locator(".aw-placed.aw-recent").count() == 0
    lab.theme("Light")


def test_the_overview_counts_a_purchase_once_it_is_built(open_notebook):
    lab = open_notebook(THREE)
    board = lab.widget()
    me = lab.py("print(g.current_player.name)")
    col = lab.py(f"print(list(g.counts()).index('{me}'))")
    board.locator("[data-standings]").click()  # the details: places and points
    row = board.locator(".aw-overview tbody tr").filter(
        has=lab.page.locator("th", has_text="garden")
    )
    assert row.locator("td").nth(int(col)).inner_text().startswith("0")
    lab.buy("denar", "garden 10", ["denar 9", "denar 3"])
    lab.page.click("button[data-do='buy']")
    lab.page.click("[data-sel='garden 10']")
    lab.page.locator("rect.aw-legal").first.click()
    lab.wait_py("print(p.alhambra.counts().get('garden', 0))", "1")
    row.locator("td").nth(int(col)).filter(has_text="1st").wait_for()
    cell = row.locator("td").nth(int(col)).inner_text()
    assert cell.startswith("1") and "1st" in cell  # one garden: first place
    lab.shot()


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_a_scoring_round_is_walked_through_while_the_bots_wait(open_notebook, theme):
    lab = open_notebook(
        """
from alhambra_widget import AlhambraWidget
w = AlhambraWidget(players=["You", "Ben", "Cem"], seed=3, seats={"Ben": "greedy", "Cem": "greedy"}, bot_delay=0.1)
g = w.game
w
"""
    )
    page = lab.page
    lab.theme(theme)
    board = lab.widget()
    board.locator(".aw-status").filter(has_text="You must take money").wait_for()
    # scoring card 1 on top of the deck: the next refill of the money draws it
    lab.py(
        "order = [str(c) for c in reversed(g.deck)]\n"
        "order.remove('scoring card 1')\n"
        "g.edit(deck=['scoring card 1', *order])"
    )
    board.locator(".aw-status").filter(has_text="You must take money").wait_for()
    board.locator("[data-take='0']").click()
    board.locator("button[data-do='take']").click()
    walk = board.locator(".aw-rounds.aw-walk")
    walk.wait_for()
    assert lab.py("print(len(g.rounds))") == "1"
    steps = lab.py("print(g.step)")
    page.wait_for_timeout(1500)  # the bots wait while the round is shown
    assert lab.py("print(g.step)") == steps and lab.py("print(w.session.bot_to_move())") == "True"
    # kind by kind, then the walls, drawn on the boards
    for _ in range(6):
        walk.locator("[data-rowstep='1']").click()
    assert "Walls" in walk.locator(".aw-explain").inner_text()
    assert board.locator(".aw-player .aw-walllen").count() == 3  # each board's longest wall
    lab.shot(f"walls-{theme.lower()}")
    walk.locator("[data-walk='close']").click()
    walk.wait_for(state="detached")
    lab.wait_py(f"print(g.step > {steps})", "True")  # the bots play on
    # replayed later from the list of rounds (once the bots are done: the board is
    # rebuilt at each of their moves)
    board.locator(".aw-status").filter(has_text="You must take money").wait_for()
    board.locator(".aw-rounds [data-walk='open']").click()
    board.locator(".aw-rounds.aw-walk").wait_for()
    page.keyboard.press("Escape")
    board.locator(".aw-rounds.aw-walk").wait_for(state="detached")
    lab.theme("Light")


def test_arrow_keys_keep_working_after_a_button_is_clicked(open_notebook):
    lab = open_notebook(THREE)
    lab.py("for _ in range(4): g.apply(g.legal_actions()[0])")
    lab.page.locator(".aw-stepno").filter(has_text="step 4/4").wait_for()
    lab.page.click("[data-go='prev']")  # a button: the board is redrawn under it
    lab.wait_py("print(w.step)", 3)
    lab.page.locator(".aw-stepno").filter(has_text="step 3/4").wait_for()
    focused = lab.page.evaluate("document.activeElement.closest('.aw-root') !== null")
    assert focused  # the focus stayed in the board
    lab.page.keyboard.press("ArrowLeft")
    lab.wait_py("print(w.step)", 2)
    lab.page.keyboard.press("End")
    lab.wait_py("print(w.step)", 4)


def test_coordinates_are_drawn_on_request(open_notebook):
    lab = open_notebook(THREE)
    board = lab.widget()
    # every market tile carries its kind's shape, and every money card its currency's
    assert board.locator(".aw-slot .aw-glyph").count() == 4
    cards = board.locator(".aw-money .aw-card-cur").all_inner_texts()
    assert cards and all(t.split()[0] in "●◆▲■" for t in cards)
    assert board.locator(".aw-coord").count() == 0
    board.locator("[data-menu]").first.click()  # the teacher's menu
    board.locator("input[data-toggle='show_coords']").check()
    lab.wait_py("print(w.show_coords)", "True")
    coords = board.locator(".aw-player").first.locator(".aw-coord")
    labels = coords.all_text_contents()
    assert "0,0" in labels and "-1,-1" in labels and "1,1" in labels and len(labels) == 9
    lab.shot()


def test_a_whole_turn_by_keyboard_only(open_notebook):
    lab = open_notebook(THREE)
    page = lab.page
    lab.py(
        'p = g.current_player; g.edit(market={"denar": "garden 10"}, '
        "players={p.name: {'money': ['denar 9', 'denar 3']}})"
    )
    board = lab.widget()
    board.locator("[data-slot='denar'][aria-label*='affordable']").wait_for()

    def tab_to(selector: str, limit: int = 80) -> None:
        for _ in range(limit):  # (after an action the focus may be there already)
            if page.evaluate("(s) => document.activeElement.matches(s)", selector):
                return
            page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached {selector}")

    board.focus()
    tab_to("[data-slot='denar']")
    page.keyboard.press("Enter")  # the slot: pick the cards
    tab_to("[data-pay='0']")
    page.keyboard.press("Enter")
    tab_to("[data-pay='1']")
    page.keyboard.press("Space")
    tab_to("button[data-do='buy']")
    page.keyboard.press("Enter")
    lab.wait_py("print([str(t) for t in p.bought])", "['garden 10']")
    tab_to("[data-sel='garden 10']")
    page.keyboard.press("Enter")  # the tile: its cells light up
    tab_to("rect[data-cell][tabindex='0']")
    # the arrows walk the cells around the fountain to (1, 0)
    for _ in range(8):  # built tiles are stops of the arrows too
        here = page.evaluate(
            "document.activeElement.dataset.cell ?? document.activeElement.dataset.tileCell"
        )
        x, y = map(int, here.split(","))
        if (x, y) == (1, 0):
            break
        if ((x, y) == (1, -1) or (x, y) == (1, 1)) and here == page.evaluate(
            "document.activeElement.dataset.cell"
        ):
            label = page.evaluate("document.activeElement.getAttribute('aria-label')")
            assert label.startswith(f"({x}, {y}), empty, legal for garden 10: no (R7")
        key = "ArrowRight" if x < 1 else ("ArrowDown" if y < 0 else "ArrowUp")
        page.keyboard.press(key)
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label == "(1, 0), empty, legal for garden 10: yes"
    page.keyboard.press("Enter")  # build it
    lab.wait_py("print(p.alhambra.get((1, 0)))", "garden 10")
    lab.shot()


def test_your_board_comes_first_and_the_others_are_compact_until_enlarged(open_notebook):
    lab = open_notebook(THREE)
    board = lab.widget()
    me = lab.py("print(g.current_player.name)")  # hot seat: the board is for the mover
    assert board.locator("section.aw-me").get_attribute("aria-label") == me
    assert board.locator("[data-area='opponents'] .aw-player.aw-compact").count() == 2
    other = board.locator(".aw-player.aw-compact").first
    name = other.get_attribute("aria-label")
    small = other.locator("svg.aw-board").bounding_box()["width"]
    other.locator("[data-enlarge]").click()
    big = board.locator(f".aw-player[aria-label='{name}'] svg.aw-board").bounding_box()["width"]
    assert big > small * 1.4


BOTS = """
from alhambra_widget import AlhambraWidget
w = AlhambraWidget(players=["You", "Ben", "Cem"], seed=7, seats={"Ben": "greedy", "Cem": "greedy"}, bot_delay=0)
g = w.game
w
"""


def test_a_double_click_on_take_acts_once_and_says_nothing_false(open_notebook):
    lab = open_notebook(THREE)
    page = lab.page
    page.click("[data-take='0']")
    page.dblclick("button[data-do='take']")  # the second click arrives after the first acted
    lab.wait_py("print(g.step)", 1)
    page.locator(".aw-stepno").filter(has_text="step 1/1").wait_for()
    page.wait_for_timeout(800)  # time for a second answer, if any
    assert lab.py("print(g.step, len(g.history))") == "1 1"
    msgs = " ".join(page.locator(".aw-msg").all_inner_texts())
    assert "changed" not in msgs and "nothing was done" not in msgs and "not" not in msgs, msgs
    lab.shot()


def test_undo_against_bots_goes_back_to_your_last_decision(open_notebook):
    lab = open_notebook(BOTS)
    page = lab.page
    assert lab.py("print(g.current_player.name)") == "You"
    page.click("[data-take='0']")
    page.click("button[data-do='take']")
    # both bots play; then it is your turn again
    lab.wait_py("print(g.current_player.name == 'You' and g.step > 1)", "True")
    steps = int(lab.py("print(g.step)"))
    page.locator(".aw-stepno").filter(has_text=f"step {steps}/{steps}").wait_for()
    assert page.locator(".aw-follow li").count() >= 2  # the bots' moves, narrated
    page.click("button[data-undo]")
    # back before your own take: your decision again, and the bots do not replay
    lab.wait_py("print(g.step, g.current_player.name)", "0 You")
    page.locator(".aw-stepno").filter(has_text="step 0/0").wait_for()
    page.wait_for_timeout(1500)
    assert lab.py("print(g.step, g.current_player.name)") == "0 You"
    assert page.locator("[data-take='0']").count() == 1
    lab.shot()


def test_the_focus_stays_on_the_clicked_control_through_redraws(open_notebook):
    lab = open_notebook(THREE)
    page = lab.page
    board = lab.widget()
    card = board.locator("[data-take='1']")
    card.evaluate("(el) => { el.__mark = 'card'; }")  # the very node, not one drawn anew
    card.click()
    assert page.evaluate("document.activeElement.__mark") == "card"
    assert "aw-selected" in card.get_attribute("class")
    # a change from Python redraws the board: the focused card stays focused
    lab.py("w.show_walls = True")
    board.locator(".aw-walllen").first.wait_for()
    assert page.evaluate("document.activeElement.__mark") == "card"
    slot = board.locator("[data-slot='denar']")
    slot.evaluate("(el) => { el.__mark = 'slot'; }")
    slot.click()
    assert page.evaluate("document.activeElement.__mark") == "slot"
    page.keyboard.press("Escape")  # cancels the pick; the board keeps the keyboard
    assert page.evaluate("document.activeElement.closest('.aw-root') !== null")
    assert board.locator(".aw-selected").count() == 0
    lab.py("for _ in range(2): g.apply(g.legal_actions()[0])")
    page.locator(".aw-stepno").filter(has_text="step 2/2").wait_for()
    page.keyboard.press("ArrowLeft")  # shortcut keys still work
    lab.wait_py("print(w.step)", 1)


def _contrast(a, b) -> float:
    def lum(css):
        vals = [int(v) / 255 for v in css[css.index("(") + 1 : css.index(")")].split(",")[:3]]
        lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in vals]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted([lum(a), lum(b)], reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_walls_stand_out_in_both_themes(open_notebook, theme):
    lab = open_notebook(THREE)
    lab.theme(theme)
    lab.py('g.edit(players={"Ann": {"alhambra": [[1, 0, "garden 10 NE"], [0, -1, "tower 8 NW"]]}})')
    board = lab.widget()
    board.locator("[data-menu]").first.click()  # the teacher's menu
    board.locator("input[data-toggle='show_walls']").check()
    ann = board.locator("section.aw-player[aria-label='Ann']")
    ann.locator(".aw-longest").first.wait_for(state="attached")  # a line has no area
    page_bg = board.evaluate("(el) => getComputedStyle(el).backgroundColor")
    stroke = {
        sel: ann.locator(sel).first.evaluate("(el) => getComputedStyle(el).stroke")
        for sel in (".aw-wall", ".aw-wall-halo", ".aw-longest")
    }
    # against the page: the wall's line or, in the dark theme, its light halo
    wall = [stroke[".aw-wall"], stroke[".aw-wall-halo"]]
    edge = max(_contrast(s, page_bg) for s in wall if s != "none")
    assert edge >= 3, (stroke, page_bg)
    assert _contrast(stroke[".aw-longest"], page_bg) >= 3, (stroke, page_bg)
    # a wall is drawn over its tile's colour too: it must stand out there as well
    tile_fill = ann.locator(".aw-k-garden rect").first.evaluate("(el) => getComputedStyle(el).fill")
    wall = ann.locator(".aw-k-garden .aw-wall").first.evaluate(
        "(el) => getComputedStyle(el).stroke"
    )
    assert _contrast(wall, tile_fill) >= 3, (wall, tile_fill)
    ann.screenshot(path=str(lab.shot(theme)))
    lab.theme("Light")


def test_still_pictures_read_on_a_dark_notebook(open_notebook):
    import io

    from PIL import Image

    # an Alhambra's own picture, as a cell's output (an SVG, which no theme restyles)
    lab = open_notebook(
        """
from IPython.display import display
from alhambra_widget import AlhambraWidget
w = AlhambraWidget(players=["Ann", "Ben", "Cem"], seed=1)
g = w.game
g.edit(players={"Ann": {"alhambra": [[1, 0, "garden 10 NE"], [0, -1, "tower 8 NW"]]}})
display(g.players[0].alhambra)
w
"""
    )
    lab.theme("Dark")
    out = lab.page.locator(".jp-RenderedSVG img, .jp-RenderedSVG svg").first
    out.wait_for()
    shot = out.screenshot(path=str(lab.shot("picture")))
    img = Image.open(io.BytesIO(shot)).convert("L")
    pixels = sorted(img.tobytes())  # one byte per pixel (grey)
    # mostly light paper, with dark ink: not black on black
    assert pixels[len(pixels) // 2] > 200 and pixels[len(pixels) // 50] < 90
    lab.shot()
    lab.theme("Light")


def test_the_slider_shows_the_steps_while_it_is_dragged(open_notebook):
    lab = open_notebook(THREE)
    page = lab.page
    lab.py("for _ in range(12): g.apply(g.legal_actions()[0])")
    page.locator(".aw-stepno").filter(has_text="step 12/12").wait_for()
    lab.widget().locator("[data-slider]").scroll_into_view_if_needed()  # at the board's foot
    box = lab.widget().locator("[data-slider]").bounding_box()
    y = box["y"] + box["height"] / 2
    right = box["x"] + box["width"] - 6
    page.mouse.move(right, y)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.5, y, steps=8)
    # still held: the board already shows a past step, Python says the same
    page.locator(".aw-banner").wait_for(timeout=5000)
    held = int(lab.py("print(w.step)"))
    assert 0 < held < 12
    page.mouse.move(box["x"] + 4, y, steps=8)
    page.mouse.up()
    lab.wait_py("print(w.step)", 0)
    page.locator(".aw-stepno").filter(has_text="step 0/12").wait_for()
    assert lab.widget().locator("[data-slider]").input_value() == "0"


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_a_hint_shows_progress_then_the_best_moves_and_goes_when_you_move(open_notebook, theme):
    lab = open_notebook(
        """
from alhambra_widget import AlhambraWidget
w = AlhambraWidget(players=["You", "Ben", "Cem"], seed=7, seats={"Ben": "greedy", "Cem": "greedy"}, bot_delay=0)
w.hint_playouts = 3000
g = w.game
w
"""
    )
    lab.theme(theme)
    board = lab.widget()
    board.locator("button[data-hint='ask']").click()
    # the search runs in the kernel while the board keeps answering: progress, cancel
    board.locator(".aw-hint progress").wait_for(timeout=10000)
    board.locator("[data-take='1']").click()  # the board still responds meanwhile
    assert "aw-selected" in board.locator("[data-take='1']").get_attribute("class")
    board.locator("[data-take='1']").click()  # and unpicked
    board.locator(".aw-hint button[data-hint='cancel']").click()
    board.locator("button[data-hint='ask']").wait_for()
    lab.py("w.hint_playouts = 200")
    board.locator("button[data-hint='ask']").click()
    moves = board.locator("section.aw-hint li")
    moves.first.wait_for(timeout=20000)
    assert 1 <= moves.count() <= 3
    text = moves.first.inner_text()
    # its "play it" first, then the move's sentence and its chance
    assert moves.first.locator("b").inner_text().startswith("You ") and "win chance about" in text
    lab.shot(theme)
    board.locator("[data-take='0']").click()
    board.locator("button[data-do='take']").click()
    lab.wait_py("print(g.current_player.name == 'You' and g.step > 1)", "True")
    board.locator("button[data-hint='ask']").wait_for()  # the old hint is gone
    assert board.locator("section.aw-hint").count() == 0
    lab.theme("Light")


def test_after_a_game_the_review_lists_the_biggest_mistakes_and_jumps_to_them(open_notebook):
    lab = open_notebook(
        """
from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.players.bots import RandomBot, make_bot
g = Game(["You", "Ben"], seed=4)
me, ben = RandomBot(1), make_bot("greedy", 2)
while not g.is_over:
    g.apply((me if g.current_player.name == "You" else ben).choose(g))
w = AlhambraWidget(g, seats={"Ben": "greedy"})
w.review_playouts = 6
w
"""
    )
    lab.review_and_jump()
    board = lab.widget()
    board.locator("section.aw-review").scroll_into_view_if_needed()
    lab.shot()
