"""The Gardens widget in a real JupyterLab (headless Chromium, Playwright)."""

import re

import pytest

pytestmark = pytest.mark.browser

TWO = """
from alhambra_widget.gardens import GardensWidget
w = GardensWidget(players=["Ann", "Ben"], seed=3)
g = w.game
w
"""


def test_gardens_board_renders(open_notebook):
    lab = open_notebook(TWO)
    root = lab.widget()
    assert root.locator("[data-building]").count() == 49
    assert root.locator("polygon.ag-field").count() == 36
    assert root.locator("polygon.ag-legal").count() == 16  # the first tile keeps off the edge (G3)
    assert root.locator(".ag-handtile").count() == 1
    lab.shot()


def test_gardens_turn_the_tile_by_click_and_key_then_lay_it(open_notebook):
    lab = open_notebook(TWO)
    page = lab.page
    tile = lab.py("print(g.current_player.hand[0].id)")
    page.click(".ag-handtile")  # selected already: a click turns it once
    lab.widget().focus()
    page.keyboard.press("r")  # and the R key once more
    assert "turned 2" in page.locator(".ag-handtile").get_attribute("aria-label")
    page.locator("polygon.ag-legal[data-field='2,2']").click()
    lab.wait_py(
        "print(g.fields.get((2, 2)) and (g.fields[(2, 2)][0].id, g.fields[(2, 2)][1]))",
        f"('{tile}', 2)",
    )
    page.locator("text=lays").first.wait_for()
    lab.shot()


def test_gardens_hover_rule_and_a_game_against_bots_to_the_end(open_notebook):
    lab = open_notebook(
        """
from alhambra_widget.gardens import GardensWidget
w = GardensWidget(players=["You", "Ben", "Cem"], seed=5, seats={"Ben": "greedy", "Cem": "greedy"}, bot_delay=0)
g = w.game
w
"""
    )

    def move(lab, _phase):
        illegal = lab.page.locator("polygon.ag-illegal").first
        if illegal.count():
            illegal.hover()
            assert "G3" in lab.status()
        lab.page.locator("polygon.ag-legal").first.click()

    lab.play_to_end("You", move, limit=200)
    page = lab.page
    assert lab.py("print(g.is_over, len(g.scored))") == "True 49"
    # "Game over" once, in the results' heading; the prompt says what may be done next
    page.locator("[data-area=results] h4").filter(has_text="Game over").wait_for()
    assert "Game over" not in lab.status() and "the results" in lab.status()
    lab.shot("end")


def test_gardens_a_tile_turned_and_laid_by_keyboard_only(open_notebook):
    lab = open_notebook(TWO)
    page = lab.page
    tile = lab.py("print(g.current_player.hand[0].id)")
    lab.widget().focus()
    for _ in range(60):  # Tab reaches the board's one tab stop: its first legal field
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('polygon[data-field]')"):
            break
    else:
        raise AssertionError("Tab never reached a field")
    page.keyboard.press("r")  # turn the tile once; the focus stays on the field
    assert "turned 1" in page.locator(".ag-handtile").get_attribute("aria-label")
    for _ in range(8):  # the arrows walk the legal fields to (2, 2)
        x, y = map(int, page.evaluate("document.activeElement.dataset.field").split(","))
        if (x, y) == (2, 2):
            break
        page.keyboard.press(
            "ArrowRight" if x < 2 else "ArrowLeft" if x > 2 else "ArrowDown" if y < 2 else "ArrowUp"
        )
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label == "field (2, 2), empty, legal for your tile: yes"
    page.keyboard.press("Enter")
    lab.wait_py(
        "print(g.fields.get((2, 2)) and (g.fields[(2, 2)][0].id, g.fields[(2, 2)][1]))",
        f"('{tile}', 1)",
    )
    lab.shot()


def test_gardens_hint_button_shows_the_best_lays(open_notebook):
    lab = open_notebook(
        """
from alhambra_widget.gardens import GardensWidget
w = GardensWidget(players=["You", "Ben"], seed=3, seats={"Ben": "greedy"}, bot_delay=0)
w.hint_playouts = 60
g = w.game
w
"""
    )
    board = lab.widget()
    if lab.py("print(g.current_player.name)") != "You":
        lab.wait_py("print(g.current_player.name)", "You")
    board.locator("button[data-hint='ask']").click()
    moves = board.locator("section.aw-hint li")
    moves.first.wait_for(timeout=20000)
    text = moves.first.inner_text()
    # its "play it" first, then the move's sentence and its chance
    assert (
        moves.first.locator("b").inner_text().startswith("You: lay ") and "win chance about" in text
    )
    lab.shot()
    lab.py("g.apply(g.legal_actions()[0])")
    board.locator("section.aw-hint").wait_for(state="detached", timeout=10000)


# a Gardens game played to its end (You at random, Ben greedy), its review ready to ask
FINISHED = """
from alhambra_widget.gardens import GardensGame, GardensWidget
from alhambra_widget.players.bots import RandomBot, make_bot
g = GardensGame(["You", "Ben"], seed=6)
me, ben = RandomBot(3), make_bot("greedy", 2, g)
while not g.is_over:
    g.apply((me if g.current_player.name == "You" else ben).choose(g))
w = GardensWidget(g, seats={"Ben": "greedy"})
w.review_playouts = 10
w
"""


def test_gardens_review_after_a_game_lists_the_worst_lays_and_jumps_to_them(open_notebook):
    lab = open_notebook(FINISHED)
    first = lab.review_and_jump()
    assert first.startswith("step ") and "You: lay " in first and "better: You: lay " in first
    lab.shot()


def test_G3_gardens_a_bot_lay_is_marked_and_listed_until_you_lay(open_notebook):
    """Gardens parity: the bot's lay since your last one is outlined on the
    board and listed ("The others' last moves") in the engine's words, naming the tile by
    its trees; your lay clears both."""
    lab = open_notebook(
        """
from alhambra_widget.gardens import GardensWidget
w = GardensWidget(players=["You", "Ben"], seed=3, seats={"Ben": "greedy"}, bot_delay=0)
g = w.game
w
"""
    )
    board = lab.widget()
    if lab.py("print(g.current_player.name)") == "You":
        lab.py("g.apply(g.legal_actions()[0])")
    lab.wait_py("print(g.current_player.name, g.step >= 2)", "You True")
    strip = board.locator(".aw-follow li")
    strip.first.wait_for()
    assert re.search(r"Ben lays a tile with \d trees? a side", strip.first.inner_text())
    assert board.locator("polygon.ag-recent").count() >= 1
    lab.shot()
    # the same in dark at 1366x768: the tree key under the board, the outlined lay
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.theme("Dark")
    try:
        assert board.locator(".ag-key").count() == 1 and board.locator(".ag-key").is_visible()
        lab.shot("dark-1366")
    finally:
        lab.theme("Light")
    step = lab.py("print(g.step)")
    lab.py("g.apply(g.legal_actions()[0])")
    lab.wait_py(f"print(g.step > {step})", "True")
    lab.wait_py("print(len(w.view['recent']))", lambda s: s in ("0", "1"))


def _board_box(page):
    return page.evaluate(
        "(() => { const r = document.querySelector(\".aw-root [data-area='garden-board']\")"
        ".getBoundingClientRect(); return {top: r.top, left: r.left}; })()"
    )


def test_gardens_the_board_stays_put_when_panels_open_and_close(open_notebook):
    """Gardens parity with the table: the narration of the bot's lay,
    a hint, the question asked at a past step and a message open beside the board or
    over it, never above it: the board stays within 2 px."""
    lab = open_notebook(
        """
from alhambra_widget.gardens import GardensWidget
w = GardensWidget(players=["You", "Ben"], seed=3, seats={"Ben": "greedy"}, bot_delay=0)
w.hint_playouts = 40
g = w.game
w
"""
    )
    page, board = lab.page, lab.widget()
    for area in ("prompt", "garden-board", "players", "hand"):
        assert board.locator(f"[data-area='{area}']").count() == 1, area
    lab.wait_py("print(g.current_player.name)", "You")
    page.evaluate("document.querySelector('.aw-root').scrollIntoView({block: 'start'})")
    before = _board_box(page)

    def still(what: str) -> None:
        after = _board_box(page)
        assert (
            abs(after["top"] - before["top"]) <= 2 and abs(after["left"] - before["left"]) <= 2
        ), f"{what} moved the board: {before} -> {after}"

    step = int(lab.py("print(g.step)"))
    board.locator("polygon.ag-legal").first.click()  # your lay; the bot answers
    lab.wait_py("print(g.current_player.name, g.step)", f"You {step + 2}")
    board.locator(".aw-follow li").first.wait_for()
    still("the narration of the bot's lay")
    board.locator("button[data-hint='ask']").click()
    board.locator("section.aw-hint li").first.wait_for(timeout=30000)
    still("the hint")
    lab.shot("hint-beside")
    board.locator("section.aw-hint button[data-hint='cancel']").click()
    board.locator("section.aw-hint").wait_for(state="detached")
    still("closing the hint")
    lab.py(f"w.goto({step + 2 - 2})")  # a past step where you were to lay
    board.locator(".aw-stepno").filter(has_text=f"step {step}/").wait_for()
    # a past step looks not live: no green fields until you choose to act from it
    assert board.locator("polygon.ag-legal").count() == 0
    board.locator(".aw-banner button[data-pastplay]").click()
    board.locator("polygon.ag-legal").first.click()
    board.locator("button[data-resolve='branch']").wait_for()
    still("the question asked at a past step")
    lab.shot("past-question")
    board.locator("button[data-resolve='cancel']").click()
    board.locator("button[data-resolve='branch']").wait_for(state="detached")
    still("closing the question")
    lab.py("w.message = {'text': 'A message about the board', 'kind': 'info'}")
    board.locator(".aw-msg").filter(has_text="A message").wait_for()
    still("a message")
    board.locator(".aw-banner button[data-go='last']").click()
    board.locator(".aw-stepno").filter(has_text=f"step {step + 2}/{step + 2}").wait_for()
    still("back to the game")
