"""Measured: seeded games played to their end in JupyterLab, at 1366x768 and 1280x720,
checked every 10th step and at the end. The areas a decision needs (the prompt, the
market, the money display, your money, your whole Alhambra, your tiles to place; in
the Gardens the board) lie inside the window; the market's slots, the money display,
your money and the bar's controls keep their place and size from turn to turn (within
2 px); at the end the results are in view. Screenshots early, mid and late go to
test-artifacts/.

The person's moves are the greedy bot's, applied from Python as a script would; the
bots answer at once. The page only draws: what is measured is what it shows."""

from __future__ import annotations

import pytest
from conftest import Lab, scroll_to_top

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("measured")]

SIZES = [(1366, 768), (1280, 720)]
# inside the window at every step
FITS = ["prompt", "market", "money", "hand", "my-alhambra", "to-place"]
# the same place and size from turn to turn
STILL = ["market", "money", "hand", "actions", "nav"]

# the person's steps by the greedy bot, the others' by their bots (either game)
ADVANCE = """
w.autoplay_bots = False
g = w.game
me = make_bot("greedy", 1, g)
def advance(n):
    for _ in range(n):
        if g.is_over:
            break
        if g.current_player.name == "You":
            w.act(me.choose(g))
        else:
            w.run_bots(1)
    print(g.step, g.is_over)
w
"""

TABLE = (
    """
from alhambra_widget import AlhambraWidget
from alhambra_widget.players.bots import make_bot
w = AlhambraWidget(players={players!r}, seed={seed}, seats={seats!r}, bot_delay=0)"""
    + ADVANCE
)

GARDENS = (
    """
from alhambra_widget.gardens import GardensWidget
from alhambra_widget.players.bots import make_bot
w = GardensWidget(players=["You", "Ben"], seed={seed}, seats={{"Ben": "greedy"}}, bot_delay=0)"""
    + ADVANCE
)

BOXES = """(names) => Object.fromEntries(names.map((n) => {
    const e = document.querySelector(`.aw-root [data-area='${n}']`)
        || document.querySelector(`.aw-root .aw-${n}`);
    if (!e) return [n, null];
    const r = e.getBoundingClientRect();
    return [n, {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                w: r.width, h: r.height, vw: innerWidth, vh: innerHeight}];
}))"""


def _boxes(page, names):
    return page.evaluate(BOXES, names)


def _inside(boxes, names, where: str) -> list[str]:
    bad = []
    for n in names:
        b = boxes[n]
        if b is None:
            bad.append(f"{where}: no {n}")
        elif (
            b["top"] < -0.5
            or b["left"] < -0.5
            or b["bottom"] > b["vh"] + 0.5
            or b["right"] > b["vw"] + 0.5
        ):
            bad.append(f"{where}: {n} {b} is not inside the window")
    return bad


def _moved(before, after, names, where: str) -> list[str]:
    bad = []
    for n in names:
        a, b = before.get(n), after.get(n)
        if a is None or b is None:
            continue
        for side in ("top", "left", "w", "h"):
            if abs(a[side] - b[side]) > 2:
                bad.append(f"{where}: {n} {side} {a[side]:.0f} -> {b[side]:.0f}")
    return bad


def _prompt_whole(t: Lab, where: str) -> list[str]:
    """The prompt's whole instruction shows: its lines are not cut short."""
    h, shown, text = t.page.evaluate(
        "(() => { const s = document.querySelector('.aw-root .aw-status');"
        " return [s.scrollHeight, s.clientHeight, s.textContent]; })()"
    )
    return [] if h <= shown + 2 else [f"{where}: the prompt is cut: {text!r}"]


def _walk_closed(t: Lab, still, where: str) -> list[str]:
    """A scoring round walked through, closed: it moved nothing of ``still``, nor the
    others' panels or the standings (it lay over them)."""
    close = t.widget().locator(".aw-rounds.aw-walk [data-walk='close']")
    if not close.count():
        return []
    names = [*still, "opponents", "standings", "my-alhambra"]
    before = _boxes(t.page, names)
    close.first.click()
    t.widget().locator(".aw-rounds.aw-walk").wait_for(state="detached")
    return _moved(before, _boxes(t.page, names), names, f"{where}, the walkthrough closed")


def _settle(t: Lab, step: int) -> None:
    t.widget().locator(".aw-stepno").filter(has_text=f"step {step}/{step}").wait_for()
    t.page.wait_for_timeout(120)


def _play(t: Lab, sizes, themes, fits, still, every: int = 10, shots=()) -> list[str]:
    """Advance the game ``every`` steps at a time to its end; at each stop and at the
    end, in each size and theme: the areas of ``fits`` inside the window, those of
    ``still`` where they were at the last stop in that size (within 2 px)."""
    bad: list[str] = []
    last: dict[tuple, dict] = {}
    stop = 0
    over = False
    while not over:
        step, done = t.py(f"advance({every if stop else 0})").split()
        over = done == "True"
        _settle(t, int(step))
        for size in sizes:
            for theme in themes:
                t.page.set_viewport_size({"width": size[0], "height": size[1]})
                if t.page.evaluate("document.body.dataset.jpThemeLight") != (
                    "true" if theme == "Light" else "false"
                ):
                    t.theme(theme)
                scroll_to_top(t.page)
                where = f"step {step} {size[0]}x{size[1]} {theme}"
                boxes = _boxes(t.page, [*fits, *still, "results"])
                # at the end the results take the market's place
                end = [n for n in fits if n not in ("market", "money")] + ["results"]
                bad += _inside(boxes, end if over else fits, where)
                bad += _prompt_whole(t, where)
                if (size, theme) in last and not over:
                    bad += _moved(last[size, theme], boxes, still, where)
                last[size, theme] = boxes
                if (stop in shots or over) and size == (1366, 768):
                    t.shot(f"{theme.lower()}-{'end' if over else f'step{step}'}")
                if not over:
                    bad += _walk_closed(t, still, where)
        stop += 1
    return bad


@pytest.fixture
def board(lab, browser, request):
    contexts = []

    def _open(code: str, name: str) -> Lab:
        ctx = browser.new_context(viewport={"width": 1366, "height": 768})
        contexts.append(ctx)
        return Lab(lab.open(ctx, f"{name}.ipynb", code), name)

    yield _open
    for ctx in contexts:
        ctx.close()


def test_a_two_player_game_fits_and_nothing_moves_from_the_first_turn_to_the_last(board):
    t = board(TABLE.format(players=["You", "Ben"], seed=11, seats={"Ben": "greedy"}), "measured2")
    bad = _play(t, SIZES, ["Light"], FITS, STILL, shots=(1, 5, 9))
    assert not bad, "\n".join(bad[:20])
    # the largest Alhambras of the game, every one at once, one click: all in the window
    t.page.set_viewport_size({"width": 1366, "height": 768})
    scroll_to_top(t.page)
    assert not _walk_closed(t, STILL, "the end")  # the last round walked through, closed
    t.widget().locator("[data-allboards='open']").click()
    boards = t.page.evaluate(
        "[...document.querySelectorAll('.aw-root .aw-allboard')].map((e) => {"
        " const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; })"
    )
    t.shot("every-alhambra")
    assert len(boards) == 2  # You and Ben (Dirk collects tiles, he builds no Alhambra)
    for top, bottom, left, right in boards:
        assert top >= 0 and bottom <= 768 and left >= 0 and right <= 1366, boards


def test_a_three_player_game_fits_in_the_dark_theme(board):
    t = board(
        TABLE.format(
            players=["You", "Ben", "Cem"], seed=5, seats={"Ben": "greedy", "Cem": "greedy"}
        ),
        "measured3",
    )
    bad = _play(t, [(1366, 768)], ["Dark"], FITS, STILL, every=25, shots=(1, 3, 5))
    assert not bad, "\n".join(bad[:20])


def test_a_gardens_game_fits_from_the_first_lay_to_the_last(board):
    t = board(GARDENS.format(seed=3), "measured-gardens")
    bad = _play(
        t, SIZES, ["Light"], ["prompt", "garden-board"], ["actions", "nav"], every=6, shots=(1, 4)
    )
    assert not bad, "\n".join(bad[:20])
