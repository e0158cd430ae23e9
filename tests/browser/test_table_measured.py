"""Measured: seeded games of 2, 3 and 6 players played to their end in JupyterLab, at
1366x768 and 1280x720 in the light and the dark theme, checked every 10th step and at
the end. The areas a decision needs (the prompt, the market, the money display, your
money, your whole Alhambra, your tiles to place; in the Gardens the board) lie inside
the window; the market's slots, the money display, your money and the bar's controls
keep their place and size from turn to turn (within 2 px); the panels that come and go
(a hint, tiles tried, a scoring round walked through, the review) move none of them,
nor the others' panels or the standings, and lie inside the window no narrower than
their content; your Alhambra's whole drawing lies inside the window with cells of at
least 26 px, and drawn larger ("larger", from the keyboard) and fitted again it moves
nothing; each line of a scoring round walked through brings a board it points at into
view, none of it under the walkthrough, which leaves the market in sight; the bar has
no empty band (in another's turn, while a round is walked through, at the end); no marker of the score track covers another; at the end the results are in view,
their table whole; in the Gardens a hint and the review open and close moving nothing,
inside the window; axe-core finds no serious violation in the table, early
and at the end, in both themes.
Screenshots early, mid and late go to test-artifacts/.

Every (size, theme) pair is measured in every game kind without multiplying the
runtime: the 2-player game in the light theme, the 3-player game in the dark one, the
6-player game and the Gardens in both (one theme a stop, in turn, and both at the end),
each at both sizes.

The person's moves are the greedy bot's, applied from Python as a script would; the
bots answer at once. The page only draws: what is measured is what it shows."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Lab, scroll_to_top

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("measured")]

SIZES = [(1366, 768), (1280, 720)]
THEMES = ["Light", "Dark"]
# inside the window at every step
FITS = ["prompt", "market", "money", "hand", "my-alhambra", "to-place"]
# the same place and size from turn to turn
STILL = ["market", "money", "hand", "actions", "nav"]
# what a panel that comes and goes moves not at all: the above, your board, the others'
# panels and the standings
UNDER = [*STILL, "prompt", "my-alhambra", "to-place", "opponents", "standings"]
# the bar's largest empty band across its width (no text, button or field in it): under
# a line and a half of the prompt (the bar kept an empty row of buttons and two empty
# lines under a one-line prompt in another's turn and at the end: 57 px)
BAND = 30
# the least size of a cell of your Alhambra's drawing: a tile's picture is recognisable
# at 25 px
LEAST_CELL = 26
AXE = Path(__file__).resolve().parents[2] / "js" / "node_modules" / "axe-core" / "axe.min.js"

# the person's steps by the greedy bot, the others' by their bots (either game); to_me()
# plays on until the person chooses an action (not while placing)
ADVANCE = """
w.autoplay_bots = False
g = w.game
me = make_bot("greedy", 1, g)
def step_once():
    if g.current_player.name == "You":
        w.act(me.choose(g))
    else:
        w.run_bots(1)
def advance(n):
    for _ in range(n):
        if g.is_over:
            break
        step_once()
    print(g.step, g.is_over)
def to_me(limit=80):
    for _ in range(limit):
        if g.is_over or (g.current_player.name == "You" and getattr(g, "phase", "act") == "act"):
            break
        step_once()
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
        # the row of the turn's buttons gives room to a message beside it: its width
        # may change, its buttons (at its left) do not move
        sides = ("top", "left", "h") if n == "actions" else ("top", "left", "w", "h")
        for side in sides:
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


BAND_JS = """() => { const bar = document.querySelector('.aw-root .aw-bar');
    const b = bar.getBoundingClientRect(), iv = [], r = document.createRange();
    const shown = (e) => { const s = getComputedStyle(e);
        return s.visibility !== 'hidden' && s.display !== 'none'; };
    const walk = (n) => { for (const c of n.childNodes) {
        if (c.nodeType === 3) {
            if (!c.textContent.trim() || !shown(c.parentElement)) continue;
            r.selectNodeContents(c);
            for (const q of r.getClientRects()) if (q.height > 0) iv.push([q.top, q.bottom]);
        } else if (c.nodeType === 1 && shown(c)) {
            if (['BUTTON', 'INPUT', 'SELECT', 'svg'].includes(c.tagName)) {
                const q = c.getBoundingClientRect(); if (q.height) iv.push([q.top, q.bottom]);
            } else walk(c);
        } } };
    walk(bar); iv.sort((x, y) => x[0] - y[0]);
    let at = b.top, gap = 0, where = b.top;
    for (const [t, bo] of iv) {
        if (t - at > gap) { gap = t - at; where = at; } at = Math.max(at, bo); }
    if (b.bottom - at > gap) { gap = b.bottom - at; where = at; }
    return [gap, where - b.top, b.height]; }"""


def _bar_band(t: Lab, where: str) -> list[str]:
    """The bar has no empty band across its width taller than :data:`BAND` px: each
    stretch of its height holds some text, a button or a field (the prompt, the others'
    last moves, the bot's button, the step box)."""
    gap, at, high = t.page.evaluate(BAND_JS)
    if gap <= BAND:
        return []
    return [f"{where}: the bar ({high:.0f} px) is empty for {gap:.0f} px from {at:.0f} px down"]


def _apart(a, b) -> bool:
    """Two boxes (left, top, right, bottom) do not overlap."""
    return a[2] <= b[0] + 0.5 or b[2] <= a[0] + 0.5 or a[3] <= b[1] + 0.5 or b[3] <= a[1] + 0.5


def _market_beside_walk(t: Lab, where: str) -> list[str]:
    """While a scoring round is walked through, the market (when there is one: not at the
    end) lies wholly in the window, none of it under the walkthrough."""
    got = t.page.evaluate(
        "(() => { const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; };"
        " return [box(document.querySelector('.aw-root [data-area=market]')),"
        " box(document.querySelector('.aw-root .aw-rounds.aw-walk')), innerWidth, innerHeight]; })()"
    )
    market, walk, vw, vh = got
    if market is None or walk is None:
        return []
    bad = []
    if market[0] < -0.5 or market[1] < -0.5 or market[2] > vw + 0.5 or market[3] > vh + 0.5:
        bad.append(f"{where}: the market {market} is not inside the window beside the walkthrough")
    if not _apart(market, walk):
        bad.append(f"{where}: the walkthrough {walk} lies over the market {market}")
    return bad


def _track_apart(t: Lab, where: str) -> list[str]:
    """On the score track no player's marker covers another's (each 14 units wide)."""
    marks = t.page.evaluate(
        "[...document.querySelectorAll('.aw-root .aw-trackmark')].map((g) => {"
        " const c = g.querySelector('circle'); return [g.getAttribute('aria-label'),"
        " +c.getAttribute('cx'), +c.getAttribute('cy')]; })"
    )
    return [
        f"{where}: on the score track {a} covers {b}"
        for i, (a, ax, ay) in enumerate(marks)
        for b, bx, by in marks[i + 1 :]
        if (ax - bx) ** 2 + (ay - by) ** 2 < 13.5**2
    ]


def _results_whole(t: Lab, where: str) -> list[str]:
    """The end's table of results is as wide as its area: no column or caption cut."""
    widths = t.page.evaluate(
        "(() => { const e = document.querySelector('.aw-root [data-area=results] .aw-results-scroll');"
        " return e && [e.scrollWidth, e.clientWidth]; })()"
    )
    if widths and widths[0] > widths[1] + 1:
        return [f"{where}: the results are {widths[0] - widths[1]} px wider than their area"]
    return []


CUT_JS = """() => [...document.querySelectorAll('.aw-root .aw-opponents *, .aw-root .aw-rounds.aw-walk *')]
    .filter((e) => { const s = getComputedStyle(e);
        return e.children.length === 0 && e.textContent.trim() && s.display !== 'none'
            && s.overflowX !== 'visible' && s.overflowX !== 'auto' && s.overflowX !== 'scroll'
            && e.scrollWidth > e.clientWidth + 1; })
    .map((e) => e.textContent.trim())"""


# each count of the piles under the money display: how far its right edge passes the
# display's (which clips it)
PILES_JS = """() => { const m = document.querySelector('.aw-root [data-area=money]');
    if (!m) return []; const right = m.getBoundingClientRect().right;
    return [...m.querySelectorAll('.aw-piles > span')]
        .map((e) => [e.textContent.trim(), e.getBoundingClientRect().right - right]); }"""


def _nothing_cut(t: Lab, where: str) -> list[str]:
    """No text of the others' panels (Dirk's too) or of a scoring round walked through
    is cut short: every line wraps or is whole (an ellipsis cut "imaginary, no t…");
    nor a count of the piles (the bag's: "bag 47 …")."""
    cut = [f"{where}: the text {x!r} is cut" for x in t.page.evaluate(CUT_JS)]
    return cut + [
        f"{where}: {text!r} runs {over:.0f} px out of the money display"
        for text, over in t.page.evaluate(PILES_JS)
        if over > 0.5
    ]


OPPONENTS_JS = """() => [...document.querySelectorAll('.aw-root .aw-side .aw-opponents .aw-player')]
    .map((p) => { const r = p.getBoundingClientRect(), h = p.querySelector('h4').getBoundingClientRect();
        return [p.getAttribute('aria-label'), r.top, r.bottom, h.top, h.bottom, innerHeight]; })"""


def _opponents_in_view(t: Lab, where: str) -> list[str]:
    """Every other player's heading lies in the window; with four others or more (five
    or six players) every other's whole panel does."""
    panels = t.page.evaluate(OPPONENTS_JS)
    bad = []
    for name, top, bottom, htop, hbottom, vh in panels:
        if htop < -0.5 or hbottom > vh + 0.5:
            bad.append(f"{where}: {name}'s heading ({htop:.0f}-{hbottom:.0f}) is out of the window")
        elif len(panels) >= 4 and (top < -0.5 or bottom > vh + 0.5):
            bad.append(f"{where}: {name}'s panel ({top:.0f}-{bottom:.0f}) is out of the window")
    return bad


WALK_OVER_JS = """() => { const w = document.querySelector('.aw-root .aw-rounds.aw-walk');
    if (!w) return null; const b = w.getBoundingClientRect();
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    return {walk: [b.left, b.top, b.right, b.bottom],
        heads: [...document.querySelectorAll('.aw-root .aw-side .aw-player')].map((p) => { const r = box(p);
            return [p.querySelector('h4').textContent, [r[0], r[1], r[2], p.querySelector('h4').getBoundingClientRect().bottom]]; }),
        results: [...document.querySelectorAll('.aw-root [data-area=results]')].filter((r) => !r.contains(w)).map(box)}; }"""


def _walk_covers_nothing(t: Lab, where: str) -> list[str]:
    """A scoring round walked through lies over no heading of the others' panels (or
    Dirk's: from the panel's top edge to the heading's foot), nor over the results at
    the end (it may be a part of them)."""
    got = t.page.evaluate(WALK_OVER_JS)
    if got is None:
        return []
    bad = [
        f"{where}: the walkthrough {got['walk']} lies over the heading {text!r} {box}"
        for text, box in got["heads"]
        if not _apart(got["walk"], box)
    ]
    return bad + [
        f"{where}: the walkthrough {got['walk']} lies over the results {box}"
        for box in got["results"]
        if not _apart(got["walk"], box)
    ]


END_JS = """() => [...document.querySelectorAll('.aw-root [data-area=results] h4, .aw-root [data-area=results] button, .aw-root [data-area=results] tbody td')]
    .map((e) => { const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
        const at = document.elementFromPoint(x, y);
        return [e.textContent.trim().slice(0, 40), y >= 0 && y <= innerHeight && !!at && (e.contains(at) || at.contains(e))]; })"""


def _end_uncovered(t: Lab, where: str) -> list[str]:
    """At the end, who won, each final score, the last round's columns and the buttons
    (the review, a new game) are seen: what is drawn at the middle of each is itself
    (nothing lies over it, a scoring round walked through included)."""
    return [
        f"{where}: {what!r} of the results is covered or out of sight"
        for what, ok in t.page.evaluate(END_JS)
        if not ok
    ]


# your Alhambra's drawing at the end: a point in the middle of each cell of its top row
# (and of its first and last columns' top cells, a little lower), and what is drawn there
TOP_ROW_JS = """() => { const s = document.querySelector('.aw-root .aw-me [data-area=my-alhambra] svg.aw-board');
    if (!s) return null; const r = s.getBoundingClientRect(), cols = s.viewBox.baseVal.width / 46;
    const cell = r.width / cols, out = [];
    for (let i = 0; i < cols; i++) { const x = r.left + (i + 0.5) * cell, y = r.top + cell / 2;
        const at = document.elementFromPoint(x, y);
        out.push([Math.round(x), Math.round(y), y >= 0 && y <= innerHeight && !!at && s.contains(at),
            at ? at.tagName + '.' + String(at.className && at.className.baseVal !== undefined ? at.className.baseVal : at.className) : null]); }
    return out; }"""


def _my_top_row_seen(t: Lab, where: str) -> list[str]:
    """At the end your Alhambra's top row is seen: nothing lies over the middle of any
    of its cells (the results' scoring walkthrough covered it)."""
    got = t.page.evaluate(TOP_ROW_JS)
    if got is None:
        return [f"{where}: no drawing of your Alhambra"]
    return [
        f"{where}: your Alhambra's top row at ({x}, {y}) is under {what}"
        for x, y, ok, what in got
        if not ok
    ][:3]


# the results' heading and buttons (and the scoring walkthrough's in them): for each, its
# middle, whether it lies in the notebook's view, and whether it is itself drawn there
SCROLLED_JS = """() => { const root = document.querySelector('.aw-root');
    let sc = root.parentElement;
    while (sc && !(['auto', 'scroll'].includes(getComputedStyle(sc).overflowY) && sc.scrollHeight > sc.clientHeight)) sc = sc.parentElement;
    const v = sc ? sc.getBoundingClientRect() : {top: 0, bottom: innerHeight};
    return [...root.querySelectorAll('[data-area=results] h4, [data-area=results] button')].map((e) => {
        const r = e.getBoundingClientRect(), x = r.left + Math.min(r.width / 2, 12), y = r.top + r.height / 2;
        const at = document.elementFromPoint(x, y);
        return [e.textContent.trim().slice(0, 30), y >= v.top + 1 && y <= v.bottom - 1,
            !!at && (e.contains(at) || at.contains(e))]; }); }"""


def _end_scrolled(t: Lab, where: str) -> list[str]:
    """At the end, the notebook scrolled down by 60 and 150 px: whatever of the results'
    heading and buttons is still in the notebook's view is seen, nothing over it (the
    floating bar covered "Game over")."""
    bad = []
    for px in (60, 150):
        scroll_to_top(t.page)
        t.page.evaluate(
            "(px) => { let s = document.querySelector('.aw-root').parentElement;"
            " while (s && !(['auto', 'scroll'].includes(getComputedStyle(s).overflowY) && s.scrollHeight > s.clientHeight)) s = s.parentElement;"
            " (s || document.scrollingElement).scrollTop += px; }",
            px,
        )
        t.page.wait_for_timeout(200)
        bad += [
            f"{where}, scrolled {px} px: {what!r} of the results is covered"
            for what, shown, seen in t.page.evaluate(SCROLLED_JS)
            if shown and not seen
        ]
    scroll_to_top(t.page)
    return bad


BUTTONS_JS = """() => [...document.querySelectorAll('.aw-root [data-area=results] h4 button')].map((b) => {
    const r = b.getBoundingClientRect();
    return [b.textContent.trim(), r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth]; })"""


def _end_buttons(t: Lab, where: str, wanted=("Review my game", "New game")) -> list[str]:
    """The end's buttons are in the results' heading, each whole inside the window."""
    got = dict(t.page.evaluate(BUTTONS_JS))
    return [f"{where}: no {b!r} in the results" for b in wanted if b not in got] + [
        f"{where}: the results' {b!r} is not whole in the window" for b, ok in got.items() if not ok
    ]


def _board_readable(t: Lab, where: str, least: float = LEAST_CELL) -> list[str]:
    """Your Alhambra's whole drawing lies inside the window and inside its area (none of
    it scrolled out of sight), its cells no smaller than ``least`` px."""
    got = t.page.evaluate(
        "(() => { const w = document.querySelector('.aw-root .aw-me [data-area=my-alhambra]');"
        " const s = w && w.querySelector('svg.aw-board'); if (!s) return null;"
        " const r = s.getBoundingClientRect(), a = w.getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,"
        " vw: innerWidth, vh: innerHeight, cell: r.width / (s.viewBox.baseVal.width / 46),"
        " cols: s.viewBox.baseVal.width / 46, rows: s.viewBox.baseVal.height / 46,"
        " inside: r.top >= a.top - 0.5 && r.bottom <= a.bottom + 0.5 && r.left >= a.left - 0.5"
        " && r.right <= a.right + 0.5}; })()"
    )
    if got is None:
        return [f"{where}: no drawing of your Alhambra"]
    bad = _inside({"your Alhambra's drawing": got}, ["your Alhambra's drawing"], where)
    if not got["inside"]:
        bad.append(f"{where}: your Alhambra's drawing is larger than its area (it scrolls)")
    if got["cell"] < least - 0.5:
        bad.append(
            f"{where}: your Alhambra ({got['cols']:.0f}x{got['rows']:.0f} cells) is drawn"
            f" with {got['cell']:.1f} px cells, under {least}"
        )
    return bad


def _zoomed_and_fitted(t: Lab, where: str) -> list[str]:
    """Your Alhambra drawn larger (its button, from the keyboard) and fitted again: larger,
    its cells at least half as large again (or the most), its area inside the window;
    the button moves nothing of :data:`UNDER`, and fitting again restores the drawing."""
    scroll_to_top(t.page)
    cell = "document.querySelector('.aw-root .aw-me svg.aw-board').getBoundingClientRect().width"
    before, size = _boxes(t.page, UNDER), t.page.evaluate(cell)
    zoom = t.widget().locator(".aw-me button[data-zoom]")
    zoom.focus()
    t.page.keyboard.press("Enter")
    t.widget().locator(".aw-me [data-area=my-alhambra].aw-zoomed").wait_for()
    t.page.wait_for_timeout(150)
    big = t.page.evaluate(cell)
    bad = (
        []
        if big >= min(size * 1.45, 96 * size / 64)
        else [f"{where}: larger draws {size:.0f} -> {big:.0f} px"]
    )
    bad += _inside(_boxes(t.page, ["my-alhambra"]), ["my-alhambra"], f"{where}, larger")
    bad += _moved(before, _boxes(t.page, UNDER), UNDER, f"{where}, larger")
    t.shot(f"larger-{where.split()[-1].lower()}")
    t.widget().locator(".aw-me button[data-zoom]").click()
    t.widget().locator(".aw-me [data-area=my-alhambra].aw-zoomed").wait_for(state="detached")
    scroll_to_top(t.page)
    bad += _moved(before, _boxes(t.page, UNDER), UNDER, f"{where}, fitted again")
    if abs(t.page.evaluate(cell) - size) > 1:
        bad.append(f"{where}: fitted again, the drawing is not as before")
    return bad


def _walk_points_in_view(t: Lab, where: str) -> list[str]:
    """Each line of a scoring round walked through, stepped to: a board it points at (a
    tile of its kind, or the walls) lies wholly in the window, below the bar, none of it
    under the walkthrough."""
    bad = []
    # (the checks before scrolled the notebook to its top: its first line picked again,
    # a step forward and back, as a player would)
    for step in ("1", "-1"):
        t.widget().locator(f".aw-rounds.aw-walk [data-rowstep='{step}']").first.click()
        t.page.wait_for_timeout(150)
    for _ in range(12):  # the lines: its kinds, the walls, the total
        seen = t.page.evaluate(
            "(() => { const bar = document.querySelector('.aw-root .aw-bar').getBoundingClientRect();"
            " const what = document.querySelector('.aw-root .aw-walkwhat');"
            " const w = document.querySelector('.aw-root .aw-rounds.aw-walk').getBoundingClientRect();"
            " return [what && what.textContent, [...document.querySelectorAll('.aw-root .aw-player.aw-walkpoint')]"
            ".map((p) => { const b = (p.querySelector('.aw-board') || p).getBoundingClientRect();"
            " return [p.getAttribute('aria-label'), b.top >= bar.bottom - 1 && b.bottom <= innerHeight + 1"
            " && b.left >= -0.5 && b.right <= innerWidth + 0.5 && (b.right <= w.left + 0.5"
            " || b.left >= w.right - 0.5 || b.bottom <= w.top + 0.5 || b.top >= w.bottom - 0.5)]; })]; })()"
        )
        line, pointed = seen
        bad += _walk_covers_nothing(t, f"{where}, the walkthrough at {line}")
        bad += _nothing_cut(t, f"{where}, the walkthrough at {line}")
        if pointed and not any(ok for _, ok in pointed):
            bad.append(
                f"{where}, the walkthrough at {line}: none of {[n for n, _ in pointed]} in view"
            )
        nxt = t.widget().locator(".aw-rounds.aw-walk [data-rowstep='1']")
        if not nxt.count() or nxt.first.is_disabled():
            break
        nxt.first.click()
        t.page.wait_for_timeout(150)
    scroll_to_top(t.page)
    return bad


def _walk_closed(t: Lab, still, where: str) -> list[str]:
    """A scoring round walked through, closed: each of its lines brought a board it
    points at into view; it lay inside the window, beside the market (the market in
    sight), the bar with no empty band; closing it moved nothing of ``still``, nor the
    others' panels and the standings."""
    close = t.widget().locator(".aw-rounds.aw-walk [data-walk='close']")
    if not close.count():
        return []
    names = [*still, "opponents", "standings", "my-alhambra"]
    pointed = _walk_points_in_view(t, where)
    before = _boxes(t.page, names)
    bad = pointed + _overlay_inside(t, f"{where}, the walkthrough", ".aw-root .aw-rounds.aw-walk")
    bad += _market_beside_walk(t, f"{where}, the walkthrough") + _bar_band(
        t, f"{where}, the walkthrough"
    )
    close.first.click()
    t.widget().locator(".aw-rounds.aw-walk").wait_for(state="detached")
    return bad + _moved(before, _boxes(t.page, names), names, f"{where}, the walkthrough closed")


def _settle(t: Lab, step: int) -> None:
    t.widget().locator(".aw-stepno").filter(has_text=f"step {step}/{step}").wait_for()
    t.page.wait_for_timeout(120)


def _show(t: Lab, size, theme: str) -> None:
    """The window at ``size`` in ``theme``, the widget's top scrolled into view."""
    t.page.set_viewport_size({"width": size[0], "height": size[1]})
    if t.page.evaluate("document.body.dataset.jpThemeLight") != (
        "true" if theme == "Light" else "false"
    ):
        t.theme(theme)
    scroll_to_top(t.page)


def _check(t: Lab, fits, still, last: dict, key, over: bool, where: str) -> list[str]:
    """At one stop in one size and theme (``key``): the areas of ``fits`` inside the
    window (at the end the results in the market's place), the prompt whole, those of
    ``still`` where they were at the last stop in ``key`` (kept in ``last``)."""
    boxes = _boxes(t.page, [*fits, *still, "results"])
    end = [n for n in fits if n not in ("market", "money")] + ["results"]
    bad = _inside(boxes, end if over else fits, where) + _prompt_whole(t, where)
    if "my-alhambra" in fits:
        bad += _board_readable(t, where) + _bar_band(t, where)
    if over:
        bad += _results_whole(t, where) + _end_uncovered(t, where)
        bad += _end_scrolled(t, where)
        if "my-alhambra" in fits:
            bad += _my_top_row_seen(t, where)
    if "my-alhambra" in fits:
        bad += _opponents_in_view(t, where) + _nothing_cut(t, where)
    bad += _track_apart(t, where) + _walk_covers_nothing(t, where)
    if key in last and not over:
        bad += _moved(last[key], boxes, still, where)
    last[key] = boxes
    return bad


def _play(
    t: Lab, sizes, themes, fits, still, every: int = 10, shots=(), alternate=False, at_stop=None
) -> list[str]:
    """Advance the game ``every`` steps at a time to its end; at each stop and at the
    end, in each size and theme (with ``alternate``, one theme a stop in turn, all at
    the end): :func:`_check`, and a scoring round walked through closed. ``at_stop(t,
    stop, over, where)`` adds its own checks at each stop, once per theme shown."""
    bad: list[str] = []
    last: dict[tuple, dict] = {}
    stop = 0
    over = False
    while not over:
        step, done = t.py(f"advance({every if stop else 0})").split()
        over = done == "True"
        _settle(t, int(step))
        for theme in themes if over or not alternate else [themes[stop % len(themes)]]:
            for size in sizes:
                _show(t, size, theme)
                where = f"step {step} {size[0]}x{size[1]} {theme}"
                bad += _check(t, fits, still, last, (size, theme), over, where)
                if (stop in shots or over) and size == (1366, 768):
                    t.shot(f"{theme.lower()}-{'end' if over else f'step{step}'}")
                if not over:
                    bad += _walk_closed(t, still, where)
            if at_stop:
                bad += at_stop(t, stop, over, f"step {step} {theme}")
        stop += 1
    return bad


def axe_serious(t: Lab, where: str) -> list[str]:
    """axe-core (npm), injected into the page, on the widget's root only: its serious
    and critical violations, each with the first elements it names."""
    if not AXE.exists():
        pytest.fail("js/node_modules/axe-core is missing: run `bash run.sh setup`")
    if not t.page.evaluate("typeof window.axe === 'object'"):
        t.page.add_script_tag(content=AXE.read_text())
    found = t.page.evaluate(
        "axe.run(document.querySelector('.aw-root'), {resultTypes: ['violations']})"
        ".then((r) => r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ': ' + n.failureSummary)})))"
    )
    return [f"{where}: axe {v}" for v in found if v["impact"] in ("serious", "critical")]


def _opened_closed(
    t: Lab,
    what: str,
    open_,
    shown: str,
    close,
    where: str,
    under=UNDER,
    panel: str = ".aw-root .aw-overlay.aw-open",
) -> list[str]:
    """A panel that comes and goes: ``open_()`` until ``shown`` is in the page, then
    ``close()`` until it is gone; neither moved anything of ``under`` by more than 2 px,
    and the ``panel`` lay inside the window. A screenshot with the panel open."""
    before = _boxes(t.page, under)
    open_()
    t.widget().locator(shown).first.wait_for(timeout=120000)
    t.page.wait_for_timeout(150)
    bad = _moved(before, _boxes(t.page, under), under, f"{where}, {what} opened")
    bad += _overlay_inside(t, f"{where}, {what}", panel) + axe_serious(t, f"{where}, {what} open")
    t.shot(f"{what.replace(' ', '-')}-{where.split()[-1].lower()}")
    close()
    t.widget().locator(shown).first.wait_for(state="detached")
    t.page.wait_for_timeout(150)
    return bad + _moved(before, _boxes(t.page, under), under, f"{where}, {what} closed")


def _overlay_inside(t: Lab, where: str, sel: str = ".aw-root .aw-overlay.aw-open") -> list[str]:
    """The panel over the side column lies inside the window (it is as tall as the
    window leaves, its content scrolls within) and its content is as wide as it: no
    column cut at its right edge (a scoring round's table of six players)."""
    box = t.page.evaluate(
        "(sel) => { const e = document.querySelector(sel);"
        " if (!e) return null; const r = e.getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: r.width,"
        " h: r.height, vw: innerWidth, vh: innerHeight, cw: e.clientWidth, sw: e.scrollWidth}; }",
        sel,
    )
    bad = _inside({"overlay": box}, ["overlay"], where)
    if box and box["sw"] > box["cw"] + 1:
        bad.append(f"{where}: the panel's content is {box['sw'] - box['cw']} px wider than it")
    return bad


def _hint_and_tiles_tried(t: Lab, where: str) -> list[str]:
    """On your turn: a hint asked, shown, closed; tiles tried on a copy of your
    Alhambra, closed."""
    board = t.widget()
    step, _ = t.py("to_me()").split()
    _settle(t, int(step))
    bad = _walk_closed(t, STILL, where)
    scroll_to_top(t.page)
    bad += _opened_closed(
        t,
        "hint",
        lambda: board.locator("button[data-hint='ask']").first.click(),
        "section.aw-hint li",
        lambda: board.locator("section.aw-hint button[data-hint='cancel']").click(),
        f"step {step} {where}",
    )
    bad += _opened_closed(
        t,
        "tiles tried",
        lambda: board.locator("section.aw-me button[data-sandbox]").click(),
        "section.aw-sandbox",
        lambda: board.locator("button[data-sandbox='close']").click(),
        f"step {step} {where}",
    )
    return bad


def _review_opened(t: Lab, where: str) -> list[str]:
    """The finished game's review asked from the results: neither its progress nor the
    review itself moves the results, your board, the others' panels or the standings;
    nor does closing it."""
    board = t.widget()
    bad = _walk_closed(t, STILL, where)  # the last round, walked through, first
    scroll_to_top(t.page)
    names = ["results", "prompt", "my-alhambra", "opponents", "standings", "nav"]
    before = _boxes(t.page, names)
    board.locator("[data-area='results'] button[data-review='ask']").click()
    board.locator("section.aw-review").wait_for(timeout=120000)
    t.page.wait_for_timeout(150)
    bad += _moved(before, _boxes(t.page, names), names, f"{where}, the review shown")
    bad += axe_serious(t, f"{where}, the review shown")
    t.shot(f"review-{where.split()[-1].lower()}")
    # (the click scrolls the notebook down to the review's button: back to the top)
    board.locator("section.aw-review button[data-review='cancel']").click()
    board.locator("section.aw-review").wait_for(state="detached")
    scroll_to_top(t.page)
    return bad + _moved(before, _boxes(t.page, names), names, f"{where}, the review closed")


@pytest.fixture
def board(lab, browser, request):
    contexts = []
    names = []

    def _open(code: str, name: str) -> Lab:
        ctx = browser.new_context(viewport={"width": 1366, "height": 768})
        contexts.append(ctx)
        names.append(f"{name}.ipynb")
        return Lab(lab.open(ctx, f"{name}.ipynb", code), name)

    yield _open
    for ctx in contexts:
        ctx.close()
    for name in names:
        lab.shutdown_kernel(name)


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


def test_a_three_player_game_fits_in_the_dark_theme_at_both_sizes(board):
    t = board(
        TABLE.format(
            players=["You", "Ben", "Cem"], seed=5, seats={"Ben": "greedy", "Cem": "greedy"}
        ),
        "measured3",
    )
    bad = _play(t, SIZES, ["Dark"], FITS, STILL, every=25, shots=(1, 3, 5))
    assert not bad, "\n".join(bad[:20])


# the Gardens: what a panel that comes and goes (a hint, the review) moves not at all
UNDER_GARDENS = ["prompt", "garden-board", "actions", "nav", "players"]


def _gardens_hint(t: Lab, where: str) -> list[str]:
    """On your turn in the Gardens: a hint asked, shown (inside the window), closed."""
    board = t.widget()
    step, _ = t.py("to_me()").split()
    _settle(t, int(step))
    scroll_to_top(t.page)
    return _opened_closed(
        t,
        "gardens hint",
        lambda: board.locator("button[data-hint='ask']").first.click(),
        "section.aw-hint li",
        lambda: board.locator("section.aw-hint button[data-hint='cancel']").click(),
        f"step {step} {where}",
        UNDER_GARDENS,
    )


def _gardens_review(t: Lab, where: str) -> list[str]:
    """The finished Gardens game's review: its progress and the review itself (inside
    the window) move nothing of :data:`UNDER_GARDENS`, nor does closing it."""
    board = t.widget()
    scroll_to_top(t.page)
    return _opened_closed(
        t,
        "gardens review",
        lambda: board.locator("button[data-review='ask']").first.click(),
        "section.aw-review",
        lambda: board.locator("section.aw-review button[data-review='cancel']").click(),
        where,
        UNDER_GARDENS,
    )


TAGS_JS = """() => { const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    return [[...document.querySelectorAll('.aw-root .ag-board .ag-pts')].map((g) =>
        [g.textContent, box(g.querySelector('rect')), box(g.querySelector('text'))]),
        [...document.querySelectorAll('.aw-root .ag-board .ag-tile .ag-tree')].map(box)]; }"""


def _tags_clear(t: Lab, where: str) -> list[str]:
    """In the Gardens, each scored building's points tag holds its figures and touches
    no tree of the tiles around it (a "+15" lay over the crowns on either side)."""
    tags, trees = t.page.evaluate(TAGS_JS)
    bad = []
    for text, tag, inner in tags:
        if inner[0] < tag[0] - 0.5 or inner[2] > tag[2] + 0.5:
            bad.append(f"{where}: the tag {text!r} {tag} does not hold its figures {inner}")
        # (a pixel apart at least: touching is not room)
        near = [tr for tr in trees if not _apart(tag, [tr[0] - 1, tr[1] - 1, tr[2] + 1, tr[3] + 1])]
        if near:
            bad.append(f"{where}: the tag {text!r} {tag} touches the trees {near[:2]}")
    return bad


def test_a_gardens_game_fits_from_the_first_lay_to_the_last(board):
    """The Gardens at both sizes, the themes in turn (both at the end); axe-core on its
    table at the start and at the end in both themes; on your turn at two stops (one in
    each theme) a hint opens and closes, and at the end the review, moving nothing."""
    t = board(
        GARDENS.format(seed=3) + "\nw.hint_playouts = 60\nw.review_playouts = 8\nw",
        "measured-gardens",
    )

    def axe_early_and_late(t: Lab, stop: int, over: bool, where: str) -> list[str]:
        bad = axe_serious(t, where) if stop in (0, 1) or over else []
        if stop in (2, 3) and not over:
            bad += _gardens_hint(t, where)
        if over:
            bad += _tags_clear(t, where) + _end_buttons(t, where)
        if over and where.endswith("Dark"):
            bad += _gardens_review(t, where)
        return bad

    bad = _play(
        t,
        SIZES,
        THEMES,
        ["prompt", "garden-board"],
        ["actions", "nav"],
        every=6,
        shots=(1, 2, 4),
        alternate=True,
        at_stop=axe_early_and_late,
    )
    assert not bad, "\n".join(bad[:20])


def test_a_six_player_game_fits_in_both_themes_and_its_panels_move_nothing(board):
    """Six players (a long game, five others' panels): the measured checks at both sizes,
    the themes in turn; on your turn at two stops (one in each theme) a hint and tiles
    tried open and close; axe-core at the start and at the end in both themes; at the
    end the review opens and closes."""
    names = ["You", "Ben", "Cem", "Dia", "Eva", "Fay"]
    t = board(
        TABLE.format(players=names, seed=13, seats={n: "greedy" for n in names[1:]})
        + "\nw.hint_playouts = 200\nw.review_playouts = 8\nw",
        "measured6",
    )

    def at_stop(t: Lab, stop: int, over: bool, where: str) -> list[str]:
        bad = axe_serious(t, where) if stop in (0, 1) or over else []
        bad += _standings_whole(t, where)
        if stop in (3, 8) and not over:
            bad += _hint_and_tiles_tried(t, where)
        if over and where.endswith("Dark"):
            bad += _review_opened(t, where) + _zoomed_and_fitted(t, where)
        return bad

    bad = _play(t, SIZES, THEMES, FITS, STILL, shots=(1, 2, 9, 10), alternate=True, at_stop=at_stop)
    assert not bad, "\n".join(bad[:30])


# the standings' table and its side column's right edges, and the score track's marker labels
STANDINGS_JS = """() => { const s = document.querySelector('.aw-root [data-area=standings]');
    const right = (e) => e.getBoundingClientRect().right;
    return s && [right(s.querySelector('table')), right(s),
        [...document.querySelectorAll('.aw-root .aw-trackmark text')].map((e) => e.textContent)]; }"""


def _standings_whole(t: Lab, where: str) -> list[str]:
    """Six players: the standings' every column inside the side column (its right edge),
    and no two markers on the score track alike."""
    got = t.page.evaluate(STANDINGS_JS)
    if not got:
        return []
    table, area, labels = got
    bad = (
        [f"{where}: the standings run {table - area:.0f} px out of the side column"]
        if table > area + 0.5
        else []
    )
    if len(set(labels)) != len(labels):
        bad.append(f"{where}: markers alike on the score track: {labels}")
    return bad


GUIDED = """
import tempfile
from alhambra_widget import GuidedGame
w = GuidedGame(progress=tempfile.mkdtemp() + "/progress.json")
w
"""


def test_the_guided_games_marked_card_stays_inside_its_area(board):
    """The guided game's first step marks a card of the money display (a dashed frame):
    at both sizes, in both themes, the frame lies inside the card, over neither the
    display's heading nor the market's (it crossed "Money display")."""
    t = board(GUIDED, "measured-guided")
    t.widget().locator("aside.aw-guide").wait_for()
    marked = t.widget().locator(".aw-top .aw-hinted")
    marked.first.wait_for()
    js = """() => { const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        return [[...document.querySelectorAll('.aw-root .aw-top .aw-hinted')].map((e) => { const s = getComputedStyle(e);
            const out = parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth), b = box(e);
            return [e.getAttribute('aria-label'), [b[0] - out, b[1] - out, b[2] + out, b[3] + out]]; }),
            [...document.querySelectorAll('.aw-root .aw-top .aw-cap')].map((c) => [c.textContent, box(c)])]; }"""
    bad = []
    for theme in THEMES:
        for size in SIZES:
            _show(t, size, theme)
            frames, caps = t.page.evaluate(js)
            assert frames, "the guide marks a card"
            bad += [
                f"{size} {theme}: the frame of {what} {fr} crosses {text!r} {cap}"
                for what, fr in frames
                for text, cap in caps
                if not _apart(fr, cap)
            ]
            if size == SIZES[0]:
                t.shot(f"{theme.lower()}-first-step")
    assert not bad, "\n".join(bad)
