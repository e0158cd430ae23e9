"""The table's own time for a change, without a kernel: ``python benchmarks/table_replay.py``.

The views of a recorded game are given to the widget in a plain page (headless
Chromium, the built front end on a model of its own, as the front end's unit tests
mount it), one every ``--gap`` seconds; each change is timed from the model's change
event to the board redrawn (``drawn``: the widget's parse and patch) and to the end of
the first frame that shows it (``painted``: its layout and paint too). No kernel, no
server, no JupyterLab: what is left is the table's own, with far less noise than the
whole path (``benchmarks/widget.py``), so that two front ends can be compared on a
change of a millisecond.

``--ab DIR_A DIR_B``: two builds of the front end (each a folder with ``widget.js`` and
``widget.css``, as ``alhambra_widget/static``), replayed in turn (A B B A a round,
``--rounds``), each in its own page; prints each one's figures and the ratio of the
medians B/A. Without it, the package's own build.

The game: ``--table hot-seat`` (six players, every seat a person, late in the game: the
page shows each mover's seat, so nearly every area changes) or ``against-bots`` (one
person against two bots halfway through: your seat throughout), ``--steps`` actions.
Needs the dev extras and Debian's chromium.
"""

from __future__ import annotations

import argparse
import http.server
import json
import shutil
import statistics
import sys
import tempfile
import threading
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))
KEYS = ("autoplay_bots", "bot_delay", "hints_enabled", "message", "show_all_money")
KEYS += ("show_coords", "show_walls", "texts", "view", "seen_steps", "board_id")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="widget.css"></head>
<body style="margin:0;font:13px sans-serif"><div id="host"></div></body></html>"""

# mount the widget on a model of its own (as js/tools/mount.js does for the unit tests)
MOUNT = """async (state) => {
    const { default: widget } = await import('./widget.js');
    const listeners = {};
    window.__state = state;
    const model = {
        get: (k) => window.__state[k],
        set: (k, v) => { window.__state[k] = v; },
        on: (ev, fn) => { (listeners[ev] = listeners[ev] || []).push(fn); },
        off: () => {},
        send: () => {},
        save_changes: () => {},
    };
    window.__fire = (ev) => (listeners[ev] || []).forEach((f) => f());
    widget.render({ model, el: document.getElementById('host') });
    await new Promise((r) => setTimeout(r, 500));
}"""

# give each recorded state in turn; per change: ms to the board redrawn (a mutation
# observed) and to the end of the frame that shows it
REPLAY = """async ([states, gap]) => {
    const out = [];
    for (const next of states) {
        const changed = Object.keys(next).filter((k) => JSON.stringify(next[k]) !== JSON.stringify(window.__state[k]));
        const got = await new Promise((resolve) => {
            let drawn = 0;
            const obs = new MutationObserver(() => {
                if (drawn) return;
                drawn = performance.now() - t0;
                obs.disconnect();
                requestAnimationFrame(() => setTimeout(() => resolve([drawn, performance.now() - t0]), 0));
            });
            obs.observe(document.getElementById('host'), {subtree: true, childList: true, characterData: true, attributes: true});
            const t0 = performance.now();
            for (const k of changed) window.__state[k] = next[k];
            for (const k of changed) window.__fire('change:' + k);
        });
        out.push(got);
        await new Promise((r) => setTimeout(r, gap * 1000));
    }
    return out;
}"""


def record(table: str, steps: int) -> tuple[dict, list[dict]]:
    """The widget's first state and its state after each of ``steps`` actions, at the
    same tables as ``benchmarks/widget.py`` (its set-up cells, run here)."""
    import widget as whole_path

    ns: dict = {}
    exec(whole_path.SETUP if table == "hot-seat" else whole_path.AGAINST_BOTS, ns)
    g, bots, w = ns["g"], ns["bots"], ns["w"]
    snap = lambda: json.loads(json.dumps({k: getattr(w, k) for k in KEYS}))  # noqa: E731
    first, states = snap(), []
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(bots[g.current].choose(g))
        states.append(snap())
    return first, states


def replay(builds: dict[str, Path], first: dict, states: list[dict], rounds: int, gap: float):
    """Each build's runs (alternated A B B A), each run's (drawn, painted) ms per change."""
    from labdriver import CHROMIUM, FLAGS
    from playwright.sync_api import sync_playwright

    got: dict[str, list[list[tuple[float, float]]]] = {name: [] for name in builds}
    with tempfile.TemporaryDirectory() as tmp:
        for name, static in builds.items():
            (Path(tmp) / name).mkdir()
            for f in ("widget.js", "widget.css"):
                shutil.copy(static / f, Path(tmp) / name / f)
            (Path(tmp) / name / "index.html").write_text(PAGE)
        quiet = type(
            "Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *a: None}
        )
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(quiet, directory=tmp))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        order = list(builds) + list(reversed(builds))
        try:
            with sync_playwright() as p:
                # frames as soon as there is something to draw, not at the next tick of
                # a 60 Hz clock: "painted" is then the change's own work, not a wait
                unpaced = ["--disable-frame-rate-limit", "--disable-gpu-vsync"]
                browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS + unpaced)
                for _ in range(rounds):
                    for name in order:
                        page = browser.new_page(viewport={"width": 1366, "height": 768})
                        page.goto(f"http://127.0.0.1:{server.server_port}/{name}/index.html")
                        page.evaluate(MOUNT, first)
                        got[name].append([tuple(x) for x in page.evaluate(REPLAY, [states, gap])])
                        page.close()
                browser.close()
        finally:
            server.shutdown()
    return got


def figure(xs: list[float]) -> str:
    s = sorted(xs)
    return f"median {statistics.median(s):.2f} ms (p10-p90 {s[len(s) // 10]:.2f}-{s[9 * len(s) // 10]:.2f})"


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--table", choices=["hot-seat", "against-bots"], default="hot-seat")
    ap.add_argument("--steps", type=int, default=40, help="actions replayed (40)")
    ap.add_argument("--rounds", type=int, default=2, help="rounds of A B B A (2)")
    ap.add_argument("--gap", type=float, default=0.25, help="seconds between changes (0.25)")
    ap.add_argument("--ab", nargs=2, metavar="DIR", help="two builds of the front end to compare")
    args = ap.parse_args(argv)
    import os

    builds = (
        {"A": Path(args.ab[0]), "B": Path(args.ab[1])}
        if args.ab
        else {"package": ROOT / "alhambra_widget" / "static"}
    )
    first, states = record(args.table, args.steps)
    load = os.getloadavg()[0]
    got = replay(builds, first, states, args.rounds, args.gap)
    print(
        f"The table's own time for a change ({args.table}, {len(states)} changes a run, load {load:.1f} -> {os.getloadavg()[0]:.1f}):"
    )
    out: dict = {}
    for name, runs in got.items():
        rows = [r for run in runs for r in run]
        drawn, painted = [r[0] for r in rows], [r[1] for r in rows]
        out[name] = {
            "drawn": statistics.median(drawn),
            "painted": statistics.median(painted),
            "n": len(rows),
        }
        print(f"  {name}: drawn {figure(drawn)}, painted {figure(painted)}, N={len(rows)}")
    if args.ab:
        # paired by change (the same change in both builds: each change's median over
        # its runs), so that what the changes differ in does not count as noise
        for k, what in enumerate(("drawn", "painted")):
            per = [
                [statistics.median(run[i][k] for run in got[name]) for i in range(len(states))]
                for name in ("A", "B")
            ]
            ratios = sorted(b / a for a, b in zip(*per) if a > 0)
            print(
                f"  B/A {what}: medians {out['B'][what] / out['A'][what]:.3f}; change by change "
                f"{statistics.median(ratios):.3f} (p25-p75 {ratios[len(ratios) // 4]:.3f}-"
                f"{ratios[3 * len(ratios) // 4]:.3f}), sums {sum(per[1]) / sum(per[0]):.3f}"
            )
    return out


if __name__ == "__main__":
    main()
