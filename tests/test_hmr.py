"""ANYWIDGET_HMR=1 live reload, as "Developing the front end" in docs/contributing.md describes:
a rebuilt stylesheet reaches a live widget without re-running its cell."""

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import time
    from alhambra_widget import AlhambraWidget
    from alhambra_widget.widgets.base import STATIC

    w = AlhambraWidget(players=["Ann", "Ben"], seed=1)
    css = STATIC / "widget.css"
    before = css.read_text()
    time.sleep(0.5)  # the watcher starts
    try:
        css.write_text(before + "/* rebuilt */")
        for _ in range(100):
            if str(w._css).endswith("/* rebuilt */"):
                print("reloaded")
                break
            time.sleep(0.1)
    finally:
        css.write_text(before)
    """
)


def test_a_rebuilt_stylesheet_reaches_a_live_widget_with_anywidget_hmr():
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        env={"ANYWIDGET_HMR": "1", "PATH": ""},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.stdout.strip() == "reloaded", out.stderr[-2000:]
