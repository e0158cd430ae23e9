"""The guided first games in a real JupyterLab at 1366x768, each played to its end by
clicking, as a learner would, every one of the learner's moves: the marked cards, slot,
cell or field, the tile named, and the buttons. At every step the step's bold line and
the thing to click are inside the notebook's visible area together (not under
JupyterLab's status bar, nor under the table's floating bar); a wrong click is refused
and changes nothing. The waits are on the page's state (the bar's step counter), never
fixed sleeps. Screenshots: the first step, a step mid-game, a scoring round, the first
gift, the end."""

import time

import pytest
from conftest import walk_over

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
from alhambra_widget.engine.alhambra.actions import Buy, TakeMoney, Reserve
a, s = w.expected, w.current_step
first = "first" if s.events else "later"
walk = "walk" if s.walk else "-"
if isinstance(a, TakeMoney):
    print(first, walk, "take", ";".join(f"{c.currency} {c.value}" for c in a.cards))
elif isinstance(a, Buy):
    print(first, walk, "buy", a.currency, ";".join(f"{a.currency} {v}" for v in a.pay))
elif isinstance(a, Reserve):
    print(first, walk, "reserve", a.tile.name)
else:
    print(first, walk, "place", a.tile.name, f"{a.pos[0]},{a.pos[1]}")
"""

# inside the notebook's visible area (its scrolling panel, which ends above JupyterLab's
# status bar), and what is drawn at its middle is the thing itself (not the floating bar)
IN_VIEW = """e => {
  const r = e.getBoundingClientRect();
  let p = e.parentElement;
  while (p && !/(auto|scroll)/.test(getComputedStyle(p).overflowY)) p = p.parentElement;
  const v = p ? p.getBoundingClientRect() : {top: 0, bottom: innerHeight, left: 0, right: innerWidth};
  const inside = r.top >= v.top - 1 && r.bottom <= v.bottom + 1 && r.left >= v.left - 1 && r.right <= v.right + 1;
  const h = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
  return inside && !!h && (e.contains(h) || h.contains(e));
}"""

# the bar under a guided step: the empty band at the foot of the prompt's area (from the
# last line of text drawn inside it to its foot; the turn's buttons, when there are any,
# lie over that foot), and where the bar ends and the market begins (from the table's top)
BAND = """() => { const s = document.querySelector('.aw-root .aw-bar .aw-status'), box = s.getBoundingClientRect();
  const range = document.createRange(); range.selectNodeContents(s);
  let low = box.top; for (const r of range.getClientRects()) if (r.height && r.bottom <= box.bottom + 1) low = Math.max(low, r.bottom);
  const top = document.querySelector('.aw-root').getBoundingClientRect().top;
  const at = (q) => Math.round(document.querySelector('.aw-root ' + q).getBoundingClientRect().bottom - top);
  return [Math.round(box.bottom - low), at('.aw-bar'), Math.round(document.querySelector('.aw-root [data-area=market]').getBoundingClientRect().top - top)]; }"""


def _bar_still(bands: list[list[int]]) -> None:
    """At every step the prompt's area is filled to its foot (the step, then the last
    moves: no empty band under a one-line step), and the bar's foot and the market stay
    where they were (within 2 px)."""
    empty = [(k + 1, b[0]) for k, b in enumerate(bands) if b[0] > 8]
    assert not empty, f"an empty band under the step (step, px): {empty[:5]}"
    for i, what in ((1, "the bar's foot"), (2, "the market")):
        got = [b[i] for b in bands]
        assert max(got) - min(got) <= 2, f"{what} moved between steps: {sorted(set(got))}"


FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def _seen(loc) -> bool:
    return loc.evaluate(IN_VIEW)


def _with_the_step(lab, board, *targets):
    """The things to click and the guide's bold line in view together, scrolled as a
    reader would: not at all when they are, else only as far as the first needs, else
    to the middle of the window (the floating bar follows on the next frames)."""
    do = board.locator("[data-area='guide-do']")
    for block in (None, "nearest", "center"):
        if block:
            targets[0].evaluate(f"e => e.scrollIntoView({{block: '{block}'}})")
            lab.page.evaluate(FRAMES)
        if all(_seen(t) for t in targets) and _seen(do):
            return
    boxes = [t.bounding_box() for t in targets]
    raise AssertionError(("not all in view", boxes, do.bounding_box()))


def _theme(lab, name):
    lab.theme(name)
    lab.page.locator("#jupyterlab-splash").wait_for(state="detached", timeout=20000)


def _shot_both(lab, label):
    lab.shot(f"{label}-light")
    _theme(lab, "Dark")
    lab.shot(f"{label}-dark")
    _theme(lab, "Light")


def _next_step(board, k, steps):
    """Wait for the page to show step ``k + 1`` (or the end after the last), or a
    scoring round the learner's move has just brought, walked through first (R10)."""
    if k == steps:
        board.locator("aside.aw-guide.aw-coach-end").wait_for()
    else:
        bar = board.locator("[data-area='guide-do']").filter(has_text=f"Step {k + 1} of {steps}:")
        bar.or_(board.locator(".aw-rounds.aw-walk [data-walk='close']")).first.wait_for()


def _guide_lines(board) -> float:
    """How many lines of text the guide's region holds now (its body's height over its
    line height)."""
    return board.locator("aside.aw-guide .aw-coach-body").evaluate(
        "e => { const s = getComputedStyle(e.querySelector('p') || e);"
        " return e.getBoundingClientRect().height / (parseFloat(s.lineHeight) || 1.2 * parseFloat(s.fontSize)); }"
    )


def _click_alhambra_step(lab, board, kind, rest):
    """Click the guided step's move as the page offers it, each thing to click seen
    with the step's line."""
    if kind == "take":
        cards = [
            board.locator(f".aw-money button.aw-hinted[aria-label^='{c}']").first
            for c in " ".join(rest).split(";")
        ]
        _with_the_step(lab, board, *cards)
        for card in cards:
            card.click()
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
        _with_the_step(lab, board, pick)
        if "aw-selected" not in (pick.get_attribute("class") or ""):
            pick.click()
        if kind == "reserve":
            button = board.locator("[data-do='reserve']")
            _with_the_step(lab, board, button)
            button.click()
        else:
            x, y = rest[-1].split(",")
            mark = board.locator(f".aw-me [aria-label^='the guide: click here: ({x}, {y})']")
            assert mark.count() >= 1  # the cell is marked ▶
            cell = board.locator(f".aw-me [data-cell='{rest[-1]}']").first
            _with_the_step(lab, board, cell)  # (its mark lets clicks through to it)
            box, drawn = cell.bounding_box(), mark.first.bounding_box()
            assert abs(box["x"] - drawn["x"]) < 4 and abs(box["y"] - drawn["y"]) < 4
            cell.click()


def _wrong_take_first(lab, board):
    """A wrong click at the first step: another display card than the marked one is
    refused in the guide's words (no error bar, nothing cut) and nothing changes."""
    other = board.locator(".aw-money button.aw-card:not(.aw-hinted)").first
    before = lab.py("print(len(w.game.history))")
    other.click()
    board.locator("[data-do='take']").click()
    said = board.locator("aside.aw-guide .aw-guide-said")
    said.wait_for()
    assert board.locator(".aw-msg-error").count() == 0
    assert said.evaluate(
        "e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight + 1"
    )
    assert lab.py("print(len(w.game.history), w.step_number)") == f"{before} 0"
    if board.locator("[data-do='cancel']").count():
        board.locator("[data-do='cancel']").first.click()


def _close_walk(board, lab, k, shots):
    """A round just scored: the panel the guide names is open over the market, in view
    (R10); the step's line comes back to the bar once it is closed."""
    panel = board.locator(".aw-grid > .aw-part > .aw-rounds.aw-walk")
    panel.wait_for()
    panel.scroll_into_view_if_needed()
    assert _seen(panel.locator("h4").first)
    assert "over the market" in board.locator("aside.aw-guide").inner_text()
    # the guide's words beside it stay readable: the walkthrough lies over the market
    assert walk_over(board.locator("aside.aw-guide")) == ""
    if not shots:
        lab.shot(f"step{k + 1}-walk-light")
        shots.add("walk")
    panel.locator("[data-walk='close']").first.click()


def _open_guided(open_notebook, code):
    """A guided game's notebook open at 1366x768, its guide drawn: (lab, page, board,
    the clock at its start)."""
    lab = open_notebook(code)
    start = time.monotonic()
    page, board = lab.page, lab.widget()
    page.set_viewport_size({"width": 1366, "height": 768})
    board.locator("aside.aw-guide").wait_for()
    return lab, page, board, start


def test_the_alhambra_guided_game_is_played_to_its_end_by_clicking(open_notebook):
    lab, page, board, start = _open_guided(open_notebook, GAME)
    assert "Set-up" in board.locator("aside.aw-guide").inner_text()
    # one counter: the guide's step, in the bar; the table's step arrows are not drawn
    assert board.locator("[data-area='guide-do']").inner_text().startswith("Step 1 of")
    assert board.locator(".aw-stepno").count() == 0
    steps = int(lab.py("print(len(w.script.steps))"))
    lines = _guide_lines(board)
    _shot_both(lab, "step1")
    _wrong_take_first(lab, board)
    lab.shot("step1-wrong-light")
    walks: set[str] = set()
    mid = gift = False
    bands = []
    for k in range(steps):
        first, walk, kind, *rest = lab.py(STEP).split(" ")
        if walk == "walk":
            _close_walk(board, lab, k, walks)
        board.locator("[data-area='guide-do']").wait_for()
        bands.append(page.evaluate(BAND))
        if first == "later" and not mid and k > 8:
            lab.shot(f"step{k + 1}-later-light")
            mid = True
        elif first == "first" and kind == "place" and not gift and k > 40:
            lab.shot(f"step{k + 1}-gift-light")  # the end of the game and its gifts (R12)
            gift = True
        _click_alhambra_step(lab, board, kind, rest)
        _next_step(board, k + 1, steps)
    assert lab.py("print(w.game.is_over, w.finished, w.step_number)") == f"True True {steps}"
    assert walks and mid and gift
    _bar_still(bands)
    # the end: the last move's sentence in the bar whole (its message line takes the
    # bar's width: half of it cut the sentence with "…")
    msg = board.locator(".aw-bar .aw-msg")
    if msg.count():
        assert msg.first.evaluate(
            "e => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1"
        ), msg.first.inner_text()
    _shot_both(lab, "end")
    print(
        f"alhambra: {steps} steps clicked in {time.monotonic() - start:.0f} s; step 1's guide {lines:.1f} lines"
    )


def test_the_gardens_guided_game_is_played_to_its_end_by_clicking(open_notebook):
    lab, page, board, start = _open_guided(open_notebook, GARDENS)
    steps = int(lab.py("print(len(w.script.steps))"))
    lines = _guide_lines(board)
    # the first step as it opens, the table's top at the window's top: its field in view
    board.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.evaluate(FRAMES)
    for k in range(steps):
        field, turn = lab.py("a = w.expected; print(f'{a.field[0]},{a.field[1]}', a.turn)").split()
        marked = board.locator(f"[data-hinted='{field}']")
        assert marked.count() == 1  # marked ▶
        target = board.locator(f"polygon[data-field='{field}']")  # what the click hits
        if k == 0:
            assert _seen(target) and _seen(board.locator("[data-area='guide-do']"))
        _with_the_step(lab, board, target)
        if k in (0, 1):
            _shot_both(lab, f"step{k + 1}")
        elif k == 6:
            lab.shot(f"step{k + 1}-light")
        turner = board.locator("[data-gturn]")
        if int(turn):
            _with_the_step(lab, board, turner)
        for _ in range(int(turn)):
            turner.click()
        _with_the_step(lab, board, target)
        target.click()
        _next_step(board, k + 1, steps)
    assert lab.py("print(w.game.is_over, w.finished, w.step_number)") == f"True True {steps}"
    _shot_both(lab, "end")
    print(
        f"gardens: {steps} steps clicked in {time.monotonic() - start:.0f} s; step 1's guide {lines:.1f} lines"
    )
