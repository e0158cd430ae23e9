"""Players named like markup, in a real JupyterLab (headless Chromium, Playwright): a
name is shown as text wherever the page draws it (the boards, the standings, a scoring
round walked through, the final results, a Gardens game), and no element, attribute or
dialog comes from it. The page's markup is made only by js/src/html.ts."""

import json

import pytest

pytestmark = pytest.mark.browser

NAMES = ["<img src=x onerror=alert(1)>", "\"quotes'", "</script>"]


def _watch_dialogs(page) -> list[str]:
    fired: list[str] = []

    def on_dialog(d):
        fired.append(d.message)
        d.dismiss()

    page.on("dialog", on_dialog)
    return fired


def _nothing_injected(lab) -> None:
    """No element made from a name: no img, script or iframe in the boards and no
    on* attribute; each name in the page's text."""
    found = lab.page.evaluate(
        """() => {
          const roots = [...document.querySelectorAll('.aw-root')];
          const bad = roots.flatMap((r) => [...r.querySelectorAll('img, script, iframe, object, embed')]).length;
          const on = roots.flatMap((r) => [...r.querySelectorAll('*')])
            .flatMap((e) => [...e.attributes].filter((a) => a.name.startsWith('on')).map((a) => e.tagName + ' ' + a.name));
          return {bad, on, text: roots.map((r) => r.textContent).join(' ')};
        }"""
    )
    assert found["bad"] == 0 and found["on"] == [], found
    for n in NAMES:
        assert n in found["text"], n
    # nothing in the whole page carries the script (the notebook's own images aside)
    assert lab.page.locator("img[src='x']").count() == 0


def test_hostile_names_in_a_scoring_round_and_the_results(open_notebook):
    lab = open_notebook(
        f"""
from alhambra_widget import AlhambraWidget
NAMES = {json.dumps(NAMES)}
w = AlhambraWidget(players=NAMES, seed=3, seats={{n: "greedy" for n in NAMES[1:]}}, bot_delay=0)
g = w.game
w
"""
    )
    fired = _watch_dialogs(lab.page)
    board = lab.widget()
    me = NAMES[0]
    board.locator(".aw-status").filter(has_text=f"{me} must take money").wait_for()
    _nothing_injected(lab)
    # scoring card 1 on top of the deck: the next refill of the money draws it
    lab.py(
        "order = [str(c) for c in reversed(g.deck)]\n"
        "order.remove('scoring card 1')\n"
        "g.edit(deck=['scoring card 1', *order])"
    )
    board.locator(".aw-status").filter(has_text=f"{me} must take money").wait_for()
    board.locator("[data-take='0']").click()
    board.locator("button[data-do='take']").click()
    walk = board.locator(".aw-rounds.aw-walk")
    walk.wait_for()
    for n in NAMES:  # each name heads a column of the round's table, as text
        assert walk.locator("th").filter(has_text=n).count() == 1, n
    _nothing_injected(lab)
    lab.shot("round")
    walk.locator("[data-walk='close']").click()
    walk.wait_for(state="detached")
    # the rest of the game: the person's turns by the greedy bot too, from Python
    lab.py(
        "from alhambra_widget.players.bots import make_bot\n"
        "me = make_bot('greedy', seed=1, game=g)\n"
        "while not g.is_over:\n"
        "    w.act(me.choose(g)) if g.current_player.name == NAMES[0] else w.run_bots()\n"
        "print(g.is_over)"
    )
    results = board.locator(".aw-results")
    results.wait_for()
    names = [t.replace(" — wins", "") for t in results.locator("td:nth-child(2)").all_inner_texts()]
    assert sorted(names) == sorted(NAMES)
    board.locator("[data-area=results] h4").filter(has_text="Game over").wait_for()
    # (the last scoring round may still be open to step through: the prompt says so)
    board.locator(".aw-status").filter(has_text="the results").wait_for()
    assert "Game over" not in board.locator(".aw-status").inner_text()
    _nothing_injected(lab)
    lab.shot("end")
    assert fired == []


def test_hostile_names_in_a_gardens_game(open_notebook):
    lab = open_notebook(
        f"""
from alhambra_widget.gardens import GardensWidget
NAMES = {json.dumps(NAMES)}
w = GardensWidget(players=NAMES, seed=5, seats={{n: "greedy" for n in NAMES[1:]}}, bot_delay=0)
g = w.game
w
"""
    )
    fired = _watch_dialogs(lab.page)
    page = lab.page
    for _ in range(4):  # a few laid tiles, each answered by the bots
        lab.wait_py("print(g.current_player.name == NAMES[0])", "True")
        laid = int(lab.py("print(len(g.fields))"))
        page.locator("polygon.ag-legal").first.click()
        lab.wait_py(f"print(len(g.fields) > {laid})", "True")
    page.locator(".ag-player").first.wait_for()
    _nothing_injected(lab)
    lab.shot()
    assert fired == []
