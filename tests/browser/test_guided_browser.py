"""The guided first games in a real JupyterLab at 1366x768, played to their end by
clicking what the guide marks: the step's bold line and the thing to click are on
screen at every step; a wrong click is refused and changes nothing. Screenshots early,
in the middle and at the end, in both themes."""

import pytest

pytestmark = pytest.mark.browser

GAME = """
import tempfile
from alhambra_widget import GuidedGame
w = GuidedGame(progress=tempfile.mkdtemp() + "/progress.json")
w
"""

GARDENS = """
import tempfile
from alhambra_widget import GuidedGardens
w = GuidedGardens(progress=tempfile.mkdtemp() + "/progress.json")
w
"""

# the step's move as the page clicks it: its kind and what to click
STEP = """
from alhambra_widget.engine.alhambra.actions import Buy, TakeMoney, Reserve, FromReserve
a = w.expected
if isinstance(a, TakeMoney):
    print("take", ";".join(f"{c.currency} {c.value}" for c in a.cards))
elif isinstance(a, Buy):
    print("buy", a.currency, ";".join(f"{a.currency} {v}" for v in a.pay))
elif isinstance(a, Reserve):
    print("reserve", a.tile.name)
else:
    print("place", a.tile.name, f"{a.pos[0]},{a.pos[1]}")
"""


def _seen(loc):
    """On screen (1366x768), and not under the table's floating bar: what is drawn at
    its middle is the thing itself."""
    box = loc.bounding_box()
    if box is None or box["y"] < 0 or box["y"] + min(box["height"], 40) > 768:
        return False
    if box["x"] < 0 or box["x"] + box["width"] > 1366:
        return False
    return loc.evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " const h = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));"
        " return !!h && (e.contains(h) || h.contains(e)); }"
    )


def _with_the_step(lab, board, target):
    """The thing to click and the guide's bold line on screen together, scrolled as a
    reader would: only as far as the thing needs, or to the middle of the screen when
    that leaves it under the floating bar."""
    do = board.locator("[data-area='guide-do']")
    for block in ("nearest", "center"):
        target.evaluate(f"e => e.scrollIntoView({{block: '{block}'}})")
        lab.page.wait_for_timeout(300)  # the floating bar follows on the next frame
        if _seen(target) and _seen(do):
            return
    raise AssertionError(("not both in view", target.bounding_box(), do.bounding_box()))


def _theme(lab, name):
    lab.theme(name)
    lab.page.locator("#jupyterlab-splash").wait_for(state="detached", timeout=20000)
    lab.page.wait_for_timeout(300)


def _step_done(lab, k):
    lab.wait_py("print(w.step_number)", str(k))


def _click_alhambra_step(lab, board):
    """Click the guided step's move as the page offers it, each marked thing seen with
    the step's line."""
    kind, *rest = lab.py(STEP).split(" ")
    if kind == "take":
        for card in " ".join(rest).split(";"):
            marked = board.locator(f".aw-money button.aw-hinted[aria-label^='{card}']").first
            _with_the_step(lab, board, marked)
            marked.click()
        board.locator("[data-do='take']").click()
    elif kind == "buy":
        slot = board.locator(f"button.aw-slot.aw-hinted[data-slot='{rest[0]}']")
        _with_the_step(lab, board, slot)
        slot.click()
        for card in " ".join(rest[1:]).split(";"):
            board.locator(f".aw-pay button[aria-label^='{card}']:not(.aw-selected)").first.click()
        board.locator("[data-do='buy']").click()
    else:
        tile = " ".join(rest[:-1]) if kind == "place" else " ".join(rest)
        pick = board.locator(f"[data-sel='{tile}']").first
        if "aw-selected" not in (pick.get_attribute("class") or ""):
            pick.click()
        if kind == "reserve":
            board.locator("[data-do='reserve']").click()
        else:
            x, y = rest[-1].split(",")
            mark = f".aw-me [aria-label^='the guide: click here: ({x}, {y})']"
            assert board.locator(mark).count() >= 1  # the cell is marked
            cell = board.locator(f".aw-me [data-cell='{rest[-1]}']").first
            _with_the_step(lab, board, cell)
            cell.click()


def test_the_alhambra_guided_game_is_played_to_its_end_by_clicking(open_notebook):
    lab = open_notebook(GAME)
    page, board = lab.page, lab.widget()
    page.set_viewport_size({"width": 1366, "height": 768})
    guide = board.locator("aside.aw-guide")
    guide.wait_for()
    assert "set-up" in guide.inner_text()
    # one counter: the guide's step, in the bar; the table's step arrows are not drawn
    assert board.locator("[data-area='guide-do']").inner_text().startswith("Step 1 of")
    assert board.locator(".aw-stepno").count() == 0
    # a wrong click: another display card than the marked one is refused
    other = board.locator(".aw-money button.aw-card:not(.aw-hinted)").first
    before = lab.py("print(len(w.game.history))")
    other.click()
    board.locator("[data-do='take']").click()
    said = board.locator("aside.aw-guide .aw-guide-said")
    said.wait_for()  # the guide's sentence, whole: no error bar, nothing cut
    assert board.locator(".aw-msg-error").count() == 0
    assert said.evaluate(
        "e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight + 1"
    )
    lab.shot("wrong-light")
    assert lab.py("print(len(w.game.history))") == before
    if board.locator("[data-do='cancel']").count():
        board.locator("[data-do='cancel']").first.click()
    steps = int(lab.py("print(len(w.script.steps))"))
    for k in range(steps):
        if lab.py("print(bool(w.current_step.walk))") == "True":  # a round just scored
            # the panel the guide names is open over the market, in view (R10); the
            # step's line comes back to the bar once it is closed
            panel = board.locator(".aw-grid > .aw-part > .aw-rounds.aw-walk")
            panel.wait_for()
            panel.scroll_into_view_if_needed()
            assert _seen(panel.locator("h4").first)
            lab.shot(f"step{k + 1}-walk-light")
            panel.locator("[data-walk='close']").first.click()
        do = board.locator("[data-area='guide-do']")
        do.wait_for()
        if k in (0, 6, steps - 1):
            lab.shot(f"step{k + 1}-light")
            _theme(lab, "Dark")
            lab.shot(f"step{k + 1}-dark")
            _theme(lab, "Light")
        walk = board.locator(".aw-rounds.aw-walk [data-walk='close']")
        if walk.count():  # a scoring round walked through: closed, as the guide says
            walk.first.click()
        _click_alhambra_step(lab, board)
        _step_done(lab, k + 1)
    board.locator("aside.aw-guide.aw-coach-end").wait_for()
    assert lab.py("print(w.game.is_over, w.finished)") == "True True"
    lab.shot("end-light")
    _theme(lab, "Dark")
    lab.shot("end-dark")
    _theme(lab, "Light")


def test_the_gardens_guided_game_is_played_to_its_end_by_clicking(open_notebook):
    lab = open_notebook(GARDENS)
    page, board = lab.page, lab.widget()
    page.set_viewport_size({"width": 1366, "height": 768})
    board.locator("aside.aw-guide").wait_for()
    steps = int(lab.py("print(len(w.script.steps))"))
    for k in range(steps):
        do = board.locator("[data-area='guide-do']")
        do.wait_for()
        field, turn = lab.py("a = w.expected; print(f'{a.field[0]},{a.field[1]}', a.turn)").split()
        assert board.locator(f"[data-hinted='{field}']").count() == 1  # marked ▶
        target = board.locator(f"polygon[data-field='{field}']")  # what the click hits
        _with_the_step(lab, board, target)
        if k in (0, 2, steps - 1):
            lab.shot(f"step{k + 1}-light")
            _theme(lab, "Dark")
            lab.shot(f"step{k + 1}-dark")
            _theme(lab, "Light")
        for _ in range(int(turn)):
            board.locator("[data-gturn]").click()
        target.click()
        _step_done(lab, k + 1)
    board.locator("aside.aw-guide.aw-coach-end").wait_for()
    assert lab.py("print(w.game.is_over, w.finished)") == "True True"
    lab.shot("end-light")
    _theme(lab, "Dark")
    lab.shot("end-dark")
    _theme(lab, "Light")
