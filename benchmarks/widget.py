"""Benchmark of the widget: ``python benchmarks/widget.py [--json]``.

Prints two figures (needs the dev extras and Debian's chromium):

* ``view_kb_6p_late``: the JSON view model of a 6-player late game (greedy bots
  played until the bag nearly ran out; every hand open), in kilobytes (1000 bytes).
* ``ms_per_step``: median time from an action applied in Python (the kernel's clock
  just before ``apply``) until the page has redrawn the board for it (the page's
  clock, from a MutationObserver), in a real JupyterLab in headless Chromium.
  Kernel and browser run on the same machine, so their clocks agree.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

SETUP = """
import json, time
from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.bots import make_bot
g = Game([f"P{i}" for i in range(6)], seed=11)
bots = [make_bot("greedy", i) for i in range(6)]
while not g.is_over and len(g.bag) > 12:
    g.apply(bots[g.current].choose(g))
w = AlhambraWidget(g, show_all_money=True)
w
"""

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
    window.__seen = {};
    const root = document.querySelector('.aw-root');
    const note = () => {
        const el = root.querySelector('.aw-stepno');
        if (!el) return;
        const m = /step (\\d+)\\//.exec(el.textContent);
        if (m && !(m[1] in window.__seen)) window.__seen[m[1]] = Date.now();
    };
    new MutationObserver(note).observe(root, {childList: true, subtree: true});
    note();
}"""


def view_size_6p() -> int:
    from alhambra_widget.alhambra.game import Game
    from alhambra_widget.bots import make_bot
    from alhambra_widget.widget import AlhambraWidget

    g = Game([f"P{i}" for i in range(6)], seed=11)
    bots = [make_bot("greedy", i) for i in range(6)]
    while not g.is_over and len(g.bag) > 12:
        g.apply(bots[g.current].choose(g))
    w = AlhambraWidget(g, show_all_money=True)
    return len(json.dumps(w.view, separators=(",", ":")))


def step_latencies(n: int, gap: float) -> list[float]:
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from labdriver import JupyterLab, kernel_exec, launch_chromium

    with tempfile.TemporaryDirectory() as tmp:
        lab = JupyterLab(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = launch_chromium(p)
                ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
                page = lab.open(ctx, "bench.ipynb", SETUP)
                page.wait_for_timeout(500)
                page.evaluate(OBSERVE)
                out = kernel_exec(page, STEPS.format(n=n, gap=gap))
                page.wait_for_timeout(500)
                seen = page.evaluate("() => window.__seen")
                browser.close()
        finally:
            lab.stop()
    stamps = json.loads(out)
    return [seen[str(step)] - t for step, t in stamps if str(step) in seen]


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--steps", type=int, default=40, help="actions to time (default 40)")
    ap.add_argument("--gap", type=float, default=0.25, help="seconds between actions")
    ap.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    args = ap.parse_args(argv)
    size = view_size_6p()
    lat = step_latencies(args.steps, args.gap)
    result = {
        "view_kb_6p_late": round(size / 1000, 1),
        "ms_per_step": round(statistics.median(lat), 1),
        "ms_per_step_p90": round(sorted(lat)[int(0.9 * (len(lat) - 1))], 1),
        "steps_timed": len(lat),
    }
    print("Alhambra widget benchmark")
    print(f"  view model, 6-player late game: {result['view_kb_6p_late']} kB (bar 30 kB)")
    print(
        f"  Python change -> board redrawn: median {result['ms_per_step']} ms "
        f"(p90 {result['ms_per_step_p90']} ms) over {len(lat)} steps (bar 100 ms)"
    )
    if args.json:
        print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
