"""Two people at one table, each in their own JupyterLab page with its own kernel,
joined to a real table server: they play by clicking from the start through the first
scoring round (R10), each page showing only its own hand (R2: money is kept secret)."""

from __future__ import annotations

import json
import urllib.request

import pytest
from conftest import Lab

pytestmark = pytest.mark.browser

JOIN = """
from alhambra_widget import online
lobby = online.connect("{url}")
w = lobby.join("{code}", bot_delay=0)
g = w.game
w
"""


def _open_table(url: str) -> dict:
    body = json.dumps({"game": "alhambra", "players": ["Ann", "Ben"], "seed": 11}).encode()
    req = urllib.request.Request(
        url + "/api/tables", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def _move(lab: Lab, phase: str) -> None:
    """One click-made action: take the first display card, or put a tile to place in the
    reserve (R9), or pass the remaining actions when nothing is to take."""
    page = lab.page
    if phase == "act":
        if page.locator("[data-take='0']").count():
            page.click("[data-take='0']")
            page.click("button[data-do='take']")
        else:
            page.click("button[data-do='pass']")
    else:
        page.locator(".aw-player.aw-current [data-sel]").first.click()
        page.click("button[data-do='reserve']")


def _no_other_hand(lab: Lab, other: str) -> bool:
    """The page shows no money card in the other person's panel."""
    return lab.page.evaluate(
        """(other) => [...document.querySelectorAll('.aw-root section.aw-player')]
            .filter((s) => s.getAttribute('aria-label') === other)
            .every((s) => !s.querySelector('.aw-card'))""",
        other,
    )


def test_two_notebooks_play_one_table_through_the_first_scoring(lab, browser, table_server):
    server = table_server
    contexts = []
    try:
        t = _open_table(server.url)
        labs = {}
        for name in ("Ann", "Ben"):
            ctx = browser.new_context(viewport={"width": 1366, "height": 768})
            contexts.append(ctx)
            code = JOIN.format(url=server.url, code=t["codes"][name])
            labs[name] = Lab(lab.open(ctx, f"online_{name}.ipynb", code), f"online-{name}")
        ann, ben = labs["Ann"], labs["Ben"]
        # each kernel holds its own seat's game: its hand is true, the other's is hidden
        for me, lb in labs.items():
            assert lb.py("print(g.seat_record.seat)") == str(["Ann", "Ben"].index(me))
            assert "kept by the table's server" in lb.py(
                "try:\n    g.seed\nexcept Exception as e:\n    print(e)"
            )
        for step in range(300):
            state = {
                n: lb.py(
                    "print(g.current_player.name, g.phase, g.step, len(g.rounds), g.is_over)"
                ).split()
                for n, lb in labs.items()
            }
            who, phase, at, rounds, over = state["Ann"]
            if int(rounds) >= 1 or over == "True":
                break
            lb = labs[who]
            for n, other in labs.items():  # both pages show the same step, each its own hand
                other.page.locator(".aw-stepno").filter(has_text=f"step {at}/{at}").first.wait_for(
                    timeout=20000
                )
                assert _no_other_hand(other, "Ben" if n == "Ann" else "Ann")
            if step in (2, 9):
                for other in labs.values():
                    other.shot(f"early-{step}")
            close = lb.page.locator(".aw-rounds.aw-walk [data-walk='close']")
            if close.count():
                close.first.click()
            _move(lb, phase)
            for other in labs.values():  # the move reached both kernels through the server
                other.wait_py(f"print(g.step > {at})", "True", timeout=20)
        assert int(ann.py("print(len(g.rounds))")) >= 1, "the first scoring round never came"
        for n, lb in labs.items():
            lb.page.locator(".aw-rounds").first.wait_for(timeout=20000)
            assert _no_other_hand(lb, "Ben" if n == "Ann" else "Ann")
            lb.shot("first-scoring")
        # the other person's moves arrived and travelled across each board, as a bot's
        # do (a page never animates its own moves: motion.js)
        for lb in labs.values():
            moved = lb.page.locator(".aw-root").first.get_attribute("data-animations")
            assert int(moved or 0) > 0, "the other person's moves did not animate"
        ann.theme("Dark")
        ann.shot("first-scoring-dark")
        ann.theme("Light")
        # the two kernels agree on everything public; the server's summary too
        a = ann.py("print(g.step, g.scores, [str(c) for c in g.display], dict(g.market))")
        assert a == ben.py("print(g.step, g.scores, [str(c) for c in g.display], dict(g.market))")
        with urllib.request.urlopen(server.url + f"/api/tables/{t['id']}", timeout=10) as r:
            summary = json.loads(r.read())
        assert str(summary["step"]) == a.split()[0]
    finally:
        for ctx in contexts:
            ctx.close()
