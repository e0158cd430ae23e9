"""A notebook saved after play, reopened without its Python side: the output's picture
shows the step the board was at, and a board left without its kernel says so when a
control gets no answer."""

from __future__ import annotations

import hashlib
import json
import re

import pytest

pytestmark = pytest.mark.browser

CODE = """from alhambra_widget import AlhambraWidget
w = AlhambraWidget(players=["You", "Ben"], seats={"Ben": "random"}, seed=0, bot_delay=0.1)
g = w.game
w"""


def saved_output(lab, name: str) -> dict:
    nb = json.loads((lab.root / name).read_text())
    (out,) = [
        o for c in nb["cells"] for o in c.get("outputs", []) if "text/html" in o.get("data", {})
    ]
    return out


def test_a_saved_notebook_shows_the_step_the_board_was_at(lab, open_notebook):
    nb = open_notebook(CODE)
    board = nb.widget()
    board.locator(".aw-status").filter(has_text="You must take money").wait_for()
    for _ in range(2):  # two of your turns, each answered by the bot
        step = int(nb.py("print(g.step)"))
        board.locator("[data-take='0']").click()
        board.locator("button[data-do='take']").click()
        nb.wait_py(f"print(g.current_player.name == 'You' and g.step > {step + 1})", "True")
        board.locator(".aw-stepno").filter(has_text=re.compile(r"step (\d+)/\1")).wait_for()
    # the board kept working through its redraws: one board, and the last step shown
    assert nb.page.locator(".aw-root").count() == 1
    steps = nb.py("print(g.step)")
    assert board.locator(".aw-stepno").inner_text().startswith(f"step {steps}/{steps}")
    expected = nb.py(
        "import hashlib; print(hashlib.sha256(w._repr_mimebundle_()[0]['text/html'].encode()).hexdigest())"
    )
    nb.page.evaluate("window.jupyterapp.commands.execute('docmanager:save')")
    path = "test_a_saved_notebook_shows_the_step_the_board_was_at.ipynb"

    def picture() -> str:
        return "".join(saved_output(lab, path)["data"]["text/html"])

    for _ in range(50):
        try:
            if hashlib.sha256(picture().encode()).hexdigest() == expected:
                break
        except (ValueError, KeyError, json.JSONDecodeError):
            pass
        nb.page.wait_for_timeout(200)
    # the saved picture is the board as it is now, not as it was when the cell ran
    assert hashlib.sha256(picture().encode()).hexdigest() == expected
    assert int(steps) >= 4

    # the kernel restarts: the board stays on the page, and a click says nothing answers
    nb.page.evaluate(
        "window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.restart()"
    )
    nb.page.wait_for_timeout(1500)
    board.locator("[data-go='first']").click()
    notice = nb.page.get_by_text("No answer from Python yet")
    notice.wait_for(timeout=15_000)
    assert board.locator(".aw-stepno").inner_text().startswith(f"step {steps}/{steps}")
    nb.shot("no-kernel")
