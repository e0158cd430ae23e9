"""Benchmark of the widget: ``python benchmarks/widget.py [--json]``.

Prints two figures (needs the dev extras and Debian's chromium):

* ``view_kb_6p_late``: the JSON view model of a 6-player late game (greedy bots
  played until the bag nearly ran out; every hand open), in kilobytes (1000 bytes).
* ``ms_per_step``: median time from an action applied in Python (the kernel's clock
  just before ``apply``) until the page has redrawn the board for it (the page's
  clock, from a MutationObserver), in a real JupyterLab in headless Chromium.
  Kernel and browser run on the same machine, so their clocks agree.
  ``ms_per_step_painted``: the same until the first frame showing it is laid out and
  painted (a task queued from that frame's animation callbacks; the board fits itself
  to the window in them, so this includes that layout and the wait for the frame).
  ``--tables ROUNDS``: only these two, at that 6-player hot-seat table (the page shows
  each mover's seat, so nearly every area changes), at one person's table against two
  bots halfway through a game (your seat shown throughout), and at a widget that shows
  one line (its step) in the same JupyterLab: the floor under any widget's change (the
  kernel, the server, JupyterLab's handling of the message and one frame); what is above
  it is the table's own. Alternated A B C C B A.
  The actions are applied in one running cell, so the output's picture (whose refresh
  makes the notebook draw the board anew) is refreshed at the end of that cell, as it is
  for any cell; a change made by a click is pictured 0.3 s after it (``PICTURE_AFTER_S``).
  Until then the picture went out with every view, and the redraw it caused often fell
  before the frame these figures wait for.
* ``ms_per_click``: median time from a click in the page until the board shows its
  effect, for clicks that go to Python and back (take the picked card, a step back and
  forward on the timeline: the kernel applies it, the new view is drawn), and
  ``ms_per_pick`` for the clicks the page answers alone (picking a card). Page clock
  only: from just before the click is dispatched to the MutationObserver that sees it;
  ``ms_per_click_painted`` and ``ms_per_pick_painted``: the same until the end of the
  frame that shows it (as ``ms_per_step_painted``).
* ``ms_bot_to_animation``: median time from a bot's decision (the kernel's clock just
  after the bot chose, before ``apply``) until the page starts animating it (the
  board's ``data-animations`` count goes up: a tile or cards begin to travel). The
  travels begin in the frame after the one that shows the move (its tiles hidden
  there), so this is a frame later than that frame, which ``ms_per_step_painted``
  times.
* What resending the whole view costs, in the 6-player late game, step by step (no
  browser): ``ms_apply_to_view`` (the action applied, the view built and set, in
  Python), of it ``ms_build`` (the view built), ``ms_serialize`` (the view as the JSON
  the kernel sends), ``kb_diff`` (what "send what changed" would send: the changed
  keys, with lists sent whole) beside the whole view, and in the browser
  ``us_parse_view`` (JSON.parse of the whole view, in microseconds); ``us_diff``: the
  time to find the changes.

* Without a browser (``--parts review hint``): ``s_review_ready``, the seconds from
  the last move of a 3-player game to its review panel done, asked at once (the review
  weighed in the background as the game was played, as a board a page shows does: one
  person, paced ``--pace`` seconds a move, and two bots a ``bot_delay`` apart); and
  ``s_first_hint``, the seconds from asking a hint to its first answer shown (the
  hint refines after: ``s_hint_done``), at positions of 3-player games. The first hint
  of a fresh kernel also starts the processes: it is printed apart.

Each figure comes with N and its spread (p10-p90). To compare two front ends, build
each into ``alhambra_widget/static`` in turn and run this alternately (A B A B).
The machine is shared: note its load (printed) beside the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

SETUP = """
import json, time
from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.players.bots import make_bot
g = Game([f"P{i}" for i in range(6)], seed=11)
bots = [make_bot("greedy", i) for i in range(6)]
while not g.is_over and len(g.bag) > 12:
    g.apply(bots[g.current].choose(g))
w = AlhambraWidget(g, show_all_money=True)
w
"""

AGAINST_BOTS = """
import json, time
from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.players.bots import make_bot
g = Game(["You", "Ben", "Cem"], seed=11)
bots = [make_bot("greedy", i) for i in range(3)]
while not g.is_over and len(g.bag) > 24:
    g.apply(bots[g.current].choose(g))
w = AlhambraWidget(g, seats={"Ben": "greedy", "Cem": "greedy"})
w.autoplay_bots = False
w
"""
"""The same steps at a table of one person against two bots, halfway through a game:
the page shows your seat throughout (the hot-seat table shows each mover's)."""

STEPS = """
stamps = []
for _ in range({n}):
    if g.is_over:
        break
    a = bots[g.current].choose(g)      # the bot's thinking is not timed
    t = time.time() * 1000
    g.apply(a)                          # the change in Python ...
    stamps.append([g.step, t])
    time.sleep({gap})
print(json.dumps(stamps))
"""

OBSERVE = """() => {
    // the notebook draws the board anew when it refreshes the output's picture: watch
    // the whole page, and read the board that is in it
    // (and when the next frame with it is done: a task queued from that frame's
    // animation callbacks runs after its layout and paint)
    window.__seen = {};
    window.__painted = {};
    const note = () => {
        const el = document.querySelector('.aw-root .aw-stepno');
        if (!el) return;
        const m = /step (\\d+)\\//.exec(el.textContent);
        if (m && !(m[1] in window.__seen)) {
            const k = m[1];
            window.__seen[k] = Date.now();
            requestAnimationFrame(() => setTimeout(() => { window.__painted[k] = Date.now(); }, 0));
        }
    };
    new MutationObserver(note).observe(document.body, {childList: true, subtree: true, characterData: true});
    note();
}"""

BOT_SETUP = """
import json, time
from alhambra_widget import AlhambraWidget
w = AlhambraWidget(players=["You", "Ben", "Cem"], seed=5, seats={"Ben": "greedy", "Cem": "greedy"})
w.autoplay_bots = False
g = w.game
bots = w.session.seats
w
"""

BOT_STEPS = """
stamps = []
for _ in range({n}):
    if g.is_over:
        break
    who = g.current_player.name
    if bots.get(who) is None:           # your move: not timed (it clears the marks)
        g.apply(g.legal_actions()[0])
    else:
        a = bots[who].choose(g)         # the bot decides ...
        t = time.time() * 1000
        g.apply(a)
        stamps.append([g.step, t])
    time.sleep({gap})
print(json.dumps(stamps))
"""

# the page's clock when each step's first animation starts
OBSERVE_ANIM = """() => {
    window.__anim = {};
    let count = 0;
    const note = () => {
        const root = document.querySelector('.aw-root');
        if (!root) return;
        const n = +(root.dataset.animations || 0);
        const m = /step (\\d+)\\//.exec((root.querySelector('.aw-stepno') || {}).textContent || '');
        if (n > count && m && !(m[1] in window.__anim)) window.__anim[m[1]] = Date.now();
        count = Math.max(count, n);
    };
    new MutationObserver(note).observe(document.body, {childList: true, subtree: true, attributes: true, attributeFilter: ['data-animations']});
}"""

CLICK_SETUP = """
from alhambra_widget import AlhambraWidget
w = AlhambraWidget(players=["Ann", "Ben", "Cem"], seed=1)
g = w.game
w
"""

# click `sel` in the board; resolve with the ms until `done(root)` holds for the board
# in the page (the notebook may draw the board anew, so it is looked up each time)
CLICK = """async ([sel, done]) => {
    const ok = new Function("root", "return " + done);
    const board = () => document.querySelector(".aw-root");
    const target = board().querySelector(sel);
    if (!target) return [-1, -1];
    return await new Promise((resolve) => {
        const t0 = performance.now();
        let shown = 0;
        const check = () => {
            const root = board();
            if (root && ok(root) && !shown) {
                // shown, and the end of the frame that shows it (laid out and painted)
                obs.disconnect(); shown = performance.now() - t0;
                requestAnimationFrame(() => setTimeout(() => resolve([shown, performance.now() - t0]), 0));
            }
        };
        const obs = new MutationObserver(check);
        obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
        target.click();
        check();
    });
}"""


def _late_game() -> tuple:
    from alhambra_widget.engine.alhambra.game import Game
    from alhambra_widget.players.bots import make_bot

    g = Game([f"P{i}" for i in range(6)], seed=11)
    bots = [make_bot("greedy", i) for i in range(6)]
    while not g.is_over and len(g.bag) > 12:
        g.apply(bots[g.current].choose(g))
    return g, bots


def changed(old: object, new: object) -> object:
    """What differs from ``old`` to ``new`` (JSON): per dict key that changed, its own
    changes (a key gone: None); a list or a value that changed, whole; None when equal."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = {k: changed(old.get(k), v) for k, v in new.items() if old.get(k) != v}
        out.update({k: None for k in old if k not in new})
        return out
    return None if old == new else new


def resend_figures(n: int) -> dict:
    """Step by step in the 6-player late game: ms to apply and publish, to build the
    view, to serialize it; its size whole and as the changes since the last view."""
    from alhambra_widget.widgets import AlhambraWidget

    g, bots = _late_game()
    w = AlhambraWidget(g, show_all_money=True)
    whole, diff, applied, built, dumped, diffed = [], [], [], [], [], []
    prev = json.loads(json.dumps(w.view))
    for _ in range(n):
        if g.is_over:
            break
        a = bots[g.current].choose(g)
        t0 = time.perf_counter()
        g.apply(a)  # the engine, then the view built and set (the widget listens)
        t1 = time.perf_counter()
        view = w._build()  # the same view again, timed alone
        t2 = time.perf_counter()
        text = json.dumps(view, separators=(",", ":"))
        t3 = time.perf_counter()
        applied.append((t1 - t0) * 1000)
        built.append((t2 - t1) * 1000)
        dumped.append((t3 - t2) * 1000)
        cur = json.loads(text)
        t4 = time.perf_counter()
        what = changed(prev, cur)
        diffed.append((time.perf_counter() - t4) * 1000)
        whole.append(len(text) / 1000)
        diff.append(len(json.dumps(what, separators=(",", ":"))) / 1000)
        prev = cur
    return {
        "apply": applied,
        "build": built,
        "serialize": dumped,
        "diff": diffed,
        "whole_kb": whole,
        "diff_kb": diff,
    }


def view_size_6p() -> int:
    from alhambra_widget.widgets import AlhambraWidget

    g, _ = _late_game()
    w = AlhambraWidget(g, show_all_money=True)
    return len(json.dumps(w.view, separators=(",", ":")))


@contextmanager
def lab_page(name: str, setup: str):
    """A JupyterLab in a temporary directory, a notebook ``name`` running ``setup``
    open in headless Chromium: yields (page, kernel_exec)."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from labdriver import JupyterLab, kernel_exec, launch_chromium

    with tempfile.TemporaryDirectory() as tmp:
        lab = JupyterLab(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = launch_chromium(p)
                ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
                yield lab.open(ctx, name, setup), kernel_exec
                browser.close()
        finally:
            lab.stop()


# ms for the page to parse the whole view (JSON.parse), 20 samples of 50 parses each
PARSE = """(text) => {
    const out = [];
    for (let k = 0; k < 20; k++) {
        const t0 = performance.now();
        for (let i = 0; i < 50; i++) JSON.parse(text);
        out.push((performance.now() - t0) / 50);
    }
    return out;
}"""


def step_latencies(
    n: int, gap: float, setup: str | None = None, steps: str | None = None
) -> tuple[list[float], list[float], list[float]]:
    """ms from each action applied in Python to the board redrawn; ms to parse the
    whole view in the page (20 samples); ms from the action to the end of the first
    frame that shows it (laid out and painted). ``steps``: the cell that makes the
    changes (``STEPS`` unless given), printing its stamps."""
    with lab_page("bench.ipynb", setup or SETUP) as (page, kernel_exec):
        page.wait_for_timeout(500)
        page.evaluate(OBSERVE)
        out = kernel_exec(page, (steps or STEPS).format(n=n, gap=gap))
        page.wait_for_timeout(500)
        seen, painted = page.evaluate("() => [window.__seen, window.__painted]")
        text = kernel_exec(page, "print(json.dumps(w.view, separators=(',', ':')))").strip()
        parse = page.evaluate(PARSE, text)
    stamps = json.loads(out)
    since = lambda d: [d[str(step)] - t for step, t in stamps if str(step) in d]  # noqa: E731
    return since(seen), parse, since(painted)


def bot_animation_latencies(n: int, gap: float) -> tuple[list[float], int]:
    """Bot moves applied in Python: ms from the bot's decision to its animation's start
    in the page, for the moves that travel (a take, a build); and how many bot moves."""
    with lab_page("bots.ipynb", BOT_SETUP) as (page, kernel_exec):
        page.wait_for_timeout(800)
        page.evaluate(OBSERVE_ANIM)
        out = kernel_exec(page, BOT_STEPS.format(n=n, gap=gap))
        page.wait_for_timeout(800)
        seen = page.evaluate("() => window.__anim")
    stamps = json.loads(out)
    return [seen[str(step)] - t for step, t in stamps if str(step) in seen], len(stamps)


def click_latencies(
    n: int, setup: str | None = None
) -> tuple[list[float], list[float], list[float], list[float]]:
    """``n`` rounds of: pick a card (the page alone), take it, a step back, a step
    forward (each to Python and back). Returns (round-trip ms, pick ms) until the
    effect is in the page, then the same until the end of the frame that shows it."""
    trips: tuple[list[float], list[float]] = ([], [])  # (in the page, painted)
    picks: tuple[list[float], list[float]] = ([], [])
    with lab_page("clicks.ipynb", setup or CLICK_SETUP) as (page, _exec):
        page.wait_for_timeout(1000)

        def click(into: tuple[list[float], list[float]], sel: str, done: str) -> None:
            ms, frame = page.evaluate(CLICK, [sel, done])
            assert ms >= 0, f"nothing to click at {sel}"
            into[0].append(ms)
            into[1].append(frame)
            page.wait_for_timeout(150)  # let the page settle between clicks

        shows = "root.querySelector('.aw-stepno').textContent.startsWith('step {}/')"
        for step in range(1, n + 1):
            click(picks, "[data-take='0']", "!!root.querySelector('[data-take=\"0\"].aw-selected')")
            click(trips, "button[data-do='take']", shows.format(step))
            click(trips, "[data-go='prev']", shows.format(step - 1))
            click(trips, "[data-go='next']", shows.format(step))
    return trips[0], picks[0], trips[1], picks[1]


def _panel_done(w: object, name: str, first: bool, timeout: float = 600) -> float:
    """Wait for ``w``'s panel ``name``: its first answer (``first``) or its last;
    returns the time it came (``time.perf_counter``)."""
    end = time.time() + timeout
    while True:
        panel = w.view.get(name) or {}  # type: ignore[attr-defined]
        if panel.get("state") == "done" and (first or "refining" not in panel):
            return time.perf_counter()
        if time.time() > end:
            raise TimeoutError(f"no {name} panel: {panel}")
        time.sleep(0.005)


def review_ready(games: int, pace: float, bots: str, first_seed: int = 1) -> list[dict]:
    """3-player games (you and two bots ``bots``) played on a board whose review goes
    ahead, you ``pace`` seconds a move, the bots ``bot_delay`` apart; the review asked
    at the last move. Per game: seconds to the review done, the game's length, how
    many steps were weighed at the last move."""
    from alhambra_widget.players.bots import make_bot
    from alhambra_widget.widgets import AlhambraWidget

    out = []
    for seed in range(first_seed, first_seed + games):
        w = AlhambraWidget(
            players=["You", "Ben", "Cem"], seed=seed, seats={"Ben": bots, "Cem": bots}
        )
        w.autoplay_bots = False
        w.review_ahead = True  # as once a page shows the board
        me, g = make_bot("greedy", seed), w.game
        start = time.perf_counter()
        while not g.is_over:
            who = g.current_player.name
            if who == "You":
                a = me.choose(g)
                time.sleep(pace)
            else:
                a = w.session.seats[who].choose(g)
                time.sleep(w.bot_delay)
            g.apply(a)
        last = time.perf_counter()
        names = ["You", "Ben", "Cem"]
        ahead = sum(len(v) for v in w._ahead.decisions(g, names).values())
        w._on_msg(w, {"kind": "review", "v": w.view["v"]}, [])
        ready = _panel_done(w, "review", first=False) - last
        out.append(
            {"ready": ready, "minutes": (last - start) / 60, "steps": g.step, "ahead": ahead}
        )
        print(
            f"  game {seed}: {g.step} steps in {(last - start) / 60:.1f} min, {ahead} decisions "
            f"weighed by the last move; review ready {ready:.1f} s after it",
            flush=True,
        )
        w.close()
    return out


def hint_times(positions: int) -> list[tuple[float, float]]:
    """Hints asked as the page asks them at positions of greedy 3-player games (all
    seats people): seconds to the first answer shown, and to the last."""
    from alhambra_widget.engine.alhambra.game import Game
    from alhambra_widget.players.bots import make_bot
    from alhambra_widget.widgets import AlhambraWidget

    out = []
    for k in range(positions):
        g = Game(["You", "Ben", "Cem"], seed=300 + k)
        bots = [make_bot("greedy", 10 * k + i) for i in range(3)]
        for _ in range(8 + 19 * (k % 8)):
            if not g.is_over:
                g.apply(bots[g.current].choose(g))
        w = AlhambraWidget(g)
        t0 = time.perf_counter()
        w._on_msg(w, {"kind": "hint", "v": w.view["v"]}, [])
        first = _panel_done(w, "hint", first=True) - t0
        out.append((first, _panel_done(w, "hint", first=False) - t0))
        w.close()
    return out


def quick_parts(args: argparse.Namespace) -> dict:
    """The figures without a browser: the review ready after the last move, the hint."""
    import os

    p10, p90, med = _pcts()
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} (1 min)")
    result: dict = {}
    if "hint" in args.parts:
        times = hint_times(args.hints)
        cold, warm = times[0], times[1:] or times
        firsts, lasts = [t[0] for t in warm], [t[1] for t in warm]
        result |= {
            "s_first_hint": med(firsts),
            "s_first_hint_p10": p10(firsts),
            "s_first_hint_p90": p90(firsts),
            "s_hint_done": med(lasts),
            "s_hint_done_p90": p90(lasts),
            "s_first_hint_cold": round(cold[0], 2),
        }
        print(
            f"  hint: first answer median {med(firsts)} s (p10-p90 {p10(firsts)}-{p90(firsts)} s), "
            f"whole search {med(lasts)} s (p90 {p90(lasts)} s), N={len(warm)} (bar 2 s); the "
            f"first of the process (its pool starting): {cold[0]:.2f} s, then {cold[1]:.2f} s"
        )
    if "review" in args.parts:
        games = review_ready(args.review_games, args.pace, args.bots)
        ready = [x["ready"] for x in games]
        result |= {
            "s_review_ready": med(ready),
            "s_review_ready_min": round(min(ready), 2),
            "s_review_ready_max": round(max(ready), 2),
            "review_games": len(ready),
        }
        print(
            f"  review ready after the last move: median {med(ready)} s (min {min(ready):.1f}, "
            f"max {max(ready):.1f} s), N={len(ready)} 3-player games, you {args.pace} s a move, "
            f"bots {args.bots} (bar 10 s); load now {os.getloadavg()[0]:.1f}"
        )
    return result


def _pcts() -> tuple:
    """The 10th and 90th percentiles and the median of a list (rounded), or None."""

    def p10(xs: list[float]) -> float | None:
        return round(sorted(xs)[int(0.1 * (len(xs) - 1))], 2) if xs else None

    def p90(xs: list[float]) -> float | None:
        return round(sorted(xs)[int(0.9 * (len(xs) - 1))], 2) if xs else None

    def med(xs: list[float]) -> float | None:
        return round(statistics.median(xs), 2) if xs else None

    return p10, p90, med


def with_review_ahead(setup: str, on: bool) -> str:
    """``setup`` with the board's background review turned on or off."""
    return setup.replace("\nw\n", f"\nw.review_ahead = {on}\nw\n")


def on_off(rounds: int, steps: int, gap: float, clicks: int) -> dict:
    """The Python change and the click through Python, with the background review on
    and off in turn (on off off on ..., each round a new JupyterLab), pooled; each
    figure's median, p90 and N per setting, and the ratio of the medians on/off."""
    got: dict[str, dict[bool, list[float]]] = {"step": {True: [], False: []}}
    got["click"] = {True: [], False: []}
    for r in range(rounds):
        for on in (True, False) if r % 2 == 0 else (False, True):
            lat = step_latencies(steps, gap, with_review_ahead(SETUP, on))[0]
            trips = click_latencies(clicks, with_review_ahead(CLICK_SETUP, on))[0]
            got["step"][on] += lat
            got["click"][on] += trips
            print(
                f"  round {r + 1} review ahead {'on' if on else 'off'}: step median "
                f"{statistics.median(lat):.1f} ms, click median {statistics.median(trips):.1f} ms"
            )
    p90 = lambda xs: sorted(xs)[int(0.9 * (len(xs) - 1))]  # noqa: E731
    out: dict[str, object] = {}
    for name, by in got.items():
        for on in (True, False):
            xs = by[on]
            tag = f"ms_{name}_{'on' if on else 'off'}"
            out[tag] = round(statistics.median(xs), 1)
            out[tag + "_p90"] = round(p90(xs), 1)
            out[tag + "_n"] = len(xs)
        out[f"{name}_ratio_on_off"] = round(
            statistics.median(by[True]) / statistics.median(by[False]), 2
        )
    return out


# the floor under any widget's Python change: a widget that shows one line, its step,
# in the same JupyterLab (the kernel, the server, JupyterLab's handling and a frame)
ONE_LINE = """
import json, time, anywidget, traitlets
class OneLine(anywidget.AnyWidget):
    _esm = '''
    function render({ model, el }) {
      el.innerHTML = '<div class="aw-root"><span class="aw-stepno"></span></div>';
      const s = el.firstChild.firstChild;
      const draw = () => { s.textContent = 'step ' + model.get('step') + '/99'; };
      model.on('change:step', draw); draw();
    }
    export default { render };
    '''
    step = traitlets.Int(0).tag(sync=True)
    view = traitlets.Dict({}).tag(sync=False)  # (read after the steps, as the table's)
w = OneLine()
w
"""
ONE_LINE_STEPS = """
stamps = []
for i in range(1, {n} + 1):
    t = time.time() * 1000
    w.step = i
    stamps.append([i, t])
    time.sleep({gap})
print(json.dumps(stamps))
"""


def two_tables(rounds: int, steps: int, gap: float, as_json: bool) -> dict:
    """The Python change at the hot-seat table, against bots and at a widget of one line
    (the floor under any widget: what is left is the table's own), A B C C B A a round."""
    import os

    load = os.getloadavg()[0]
    runs = {
        "hot-seat": (SETUP, None),
        "against-bots": (AGAINST_BOTS, None),
        "one line (the floor)": (ONE_LINE, ONE_LINE_STEPS),
    }
    seen: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in runs}
    for _ in range(rounds):
        for name in [*runs, *reversed(runs)]:
            lat, _parse, painted = step_latencies(steps, gap, *runs[name])
            seen[name][0].extend(lat)
            seen[name][1].extend(painted)
    out: dict = {"load_start": round(load, 1), "load_end": round(os.getloadavg()[0], 1)}
    print(
        f"Python change -> board, two tables and the floor alternated (load {out['load_start']} -> {out['load_end']}):"
    )
    for name, figures in seen.items():
        for what, xs in zip(("redrawn", "painted"), figures):
            s = sorted(xs)
            fig = [
                round(statistics.median(s), 1),
                round(s[int(0.1 * (len(s) - 1))], 1),
                round(s[int(0.9 * (len(s) - 1))], 1),
            ]
            out[f"{name} {what}"] = {"median": fig[0], "p10": fig[1], "p90": fig[2], "n": len(s)}
            print(f"  {name}, {what}: median {fig[0]} ms (p10-p90 {fig[1]}-{fig[2]}), N={len(s)}")
    if as_json:
        print(json.dumps(out))
    return out


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--steps", type=int, default=40, help="actions to time (default 40)")
    ap.add_argument("--gap", type=float, default=0.25, help="seconds between actions")
    ap.add_argument("--clicks", type=int, default=20, help="rounds of clicks (default 20)")
    ap.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    ap.add_argument(
        "--parts",
        nargs="+",
        default=["browser", "review", "hint"],
        choices=["browser", "review", "hint"],
        help="which figures (default all; review and hint need no browser)",
    )
    ap.add_argument("--review-games", type=int, default=3, help="games for the review (3)")
    ap.add_argument("--pace", type=float, default=2.0, help="your seconds a move (2)")
    ap.add_argument("--bots", default="greedy", help="the two bots' level (greedy)")
    ap.add_argument("--hints", type=int, default=9, help="positions for the hint (9)")
    ap.add_argument(
        "--no-review-ahead",
        action="store_true",
        help="the browser's boards weigh no review in the background (to compare)",
    )
    ap.add_argument(
        "--on-off",
        type=int,
        default=0,
        metavar="ROUNDS",
        help="only the Python change and the click, the background review on and off in "
        "turn for ROUNDS rounds (each a new JupyterLab per setting), pooled",
    )
    ap.add_argument(
        "--tables",
        type=int,
        default=0,
        metavar="ROUNDS",
        help="only the Python change, at the 6-player hot-seat table, at one person's "
        "against two bots and at a widget of one line (the floor), in turn for ROUNDS "
        "rounds (A B C C B A each), pooled",
    )
    args = ap.parse_args(argv)
    if args.tables:
        return two_tables(args.tables, args.steps, args.gap, args.json)
    if args.on_off:
        import os

        load = os.getloadavg()[0]
        figures = on_off(args.on_off, args.steps, args.gap, args.clicks)
        print(f"Background review on vs off, alternated (load {load:.1f} at the start):")
        for name in ("step", "click"):
            print(
                f"  {name}: on median {figures[f'ms_{name}_on']} ms (p90 "
                f"{figures[f'ms_{name}_on_p90']}, N={figures[f'ms_{name}_on_n']}), off median "
                f"{figures[f'ms_{name}_off']} ms (p90 {figures[f'ms_{name}_off_p90']}, "
                f"N={figures[f'ms_{name}_off_n']}); on/off {figures[f'{name}_ratio_on_off']}"
            )
        if args.json:
            print(json.dumps(figures))
        return figures
    if args.no_review_ahead:
        global SETUP, BOT_SETUP, CLICK_SETUP
        SETUP, BOT_SETUP, CLICK_SETUP = (
            text.replace("\nw\n", "\nw.review_ahead = False\nw\n")
            for text in (SETUP, BOT_SETUP, CLICK_SETUP)
        )
    quick = quick_parts(args)
    if "browser" not in args.parts:
        if args.json:
            print(json.dumps(quick))
        return quick
    size = view_size_6p()
    resend = resend_figures(args.steps)
    lat, parse, painted = step_latencies(args.steps, args.gap)
    trips, picks, trips_painted, picks_painted = click_latencies(args.clicks)
    bots, bot_moves = bot_animation_latencies(args.steps, max(args.gap, 0.4))
    p90 = lambda xs: sorted(xs)[int(0.9 * (len(xs) - 1))] if xs else None  # noqa: E731
    p10 = lambda xs: sorted(xs)[int(0.1 * (len(xs) - 1))] if xs else None  # noqa: E731
    med = lambda xs: round(statistics.median(xs), 1) if xs else None  # noqa: E731
    result = {
        "view_kb_6p_late": round(size / 1000, 1),
        "ms_per_step": med(lat),
        "ms_per_step_p10": p10(lat),
        "ms_per_step_p90": p90(lat),
        "steps_timed": len(lat),
        "ms_per_step_painted": med(painted),
        "ms_per_step_painted_p90": p90(painted),
        "ms_per_click": med(trips),
        "ms_per_click_p10": p10(trips),
        "ms_per_click_p90": p90(trips),
        "clicks_timed": len(trips),
        "ms_per_click_painted": med(trips_painted),
        "ms_per_click_painted_p90": p90(trips_painted),
        "ms_per_pick": med(picks),
        "ms_per_pick_p90": p90(picks),
        "ms_per_pick_painted": med(picks_painted),
        "ms_bot_to_animation": med(bots),
        "ms_bot_to_animation_p10": p10(bots),
        "ms_bot_to_animation_p90": p90(bots),
        "bot_moves_animated": f"{len(bots)}/{bot_moves}",
        **{f"ms_{k}": med(resend[k]) for k in ("apply", "build", "serialize")},
        **{f"ms_{k}_p90": p90(resend[k]) for k in ("apply", "build", "serialize")},
        "us_diff": round(1000 * statistics.median(resend["diff"])),
        "us_diff_p90": round(1000 * p90(resend["diff"])),
        "kb_whole": med(resend["whole_kb"]),
        "kb_diff": med(resend["diff_kb"]),
        "kb_diff_p90": p90(resend["diff_kb"]),
        "resend_steps": len(resend["apply"]),
        "us_parse_view": round(1000 * statistics.median(parse)),
        "us_parse_view_p90": round(1000 * p90(parse)),
    }
    r = {k: (round(v, 1) if isinstance(v, float) else v) for k, v in result.items()}
    print("Alhambra widget benchmark")
    print(f"  view model, 6-player late game: {r['view_kb_6p_late']} kB (bar 30 kB)")
    print(
        f"  Python change -> board redrawn: median {r['ms_per_step']} ms "
        f"(p10-p90 {r['ms_per_step_p10']}-{r['ms_per_step_p90']} ms), N={len(lat)} (bar 20 ms); "
        f"its frame laid out and painted: median {r['ms_per_step_painted']} ms "
        f"(p90 {r['ms_per_step_painted_p90']}, N={len(painted)})"
    )
    print(
        f"  click -> its effect shown, through Python: median {r['ms_per_click']} ms "
        f"(p10-p90 {r['ms_per_click_p10']}-{r['ms_per_click_p90']} ms), N={len(trips)} (bar 30 ms); "
        f"its frame laid out and painted: median {r['ms_per_click_painted']} ms "
        f"(p90 {r['ms_per_click_painted_p90']})"
    )
    print(
        f"  click -> its effect shown, in the page alone: median {r['ms_per_pick']} ms "
        f"(p90 {r['ms_per_pick_p90']} ms), N={len(picks)}; painted {r['ms_per_pick_painted']} ms"
    )
    print(
        f"  bot decision -> its animation starts: median {r['ms_bot_to_animation']} ms "
        f"(p10-p90 {r['ms_bot_to_animation_p10']}-{r['ms_bot_to_animation_p90']} ms), "
        f"{r['bot_moves_animated']} bot moves animated"
    )
    print(
        f"  of which in Python, whole view resent (N={r['resend_steps']} steps): apply and publish "
        f"median {r['ms_apply']} ms (p90 {r['ms_apply_p90']}), the view built {r['ms_build']} ms "
        f"(p90 {r['ms_build_p90']}), serialized {r['ms_serialize']} ms (p90 {r['ms_serialize_p90']}); "
        f"{r['kb_whole']} kB whole, {r['kb_diff']} kB changed (p90 {r['kb_diff_p90']}, found in "
        f"{r['us_diff']} µs, p90 {r['us_diff_p90']}); the page parses the whole view in "
        f"{r['us_parse_view']} µs (p90 {r['us_parse_view_p90']}, N=20)"
    )
    result = {**r, **quick}
    if args.json:
        print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
