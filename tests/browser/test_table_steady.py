"""A table of six played at one screen (each mover's seat shown in turn): from move to
move the areas under the two columns stay where they are, the tiles the others just
built are marked on their boards, and their travels start."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("steady")]

HOT_SEAT = """
from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.players.bots import make_bot
g = Game([f"P{i}" for i in range(6)], seed=11)
bots = [make_bot("greedy", i) for i in range(6)]
while not g.is_over and len(g.bag) > 12:
    g.apply(bots[g.current].choose(g))
w = AlhambraWidget(g, show_all_money=True)
w
"""

# where the areas under the columns begin, the board's top as 0; the last moves' marks
PLACES_JS = """() => { const r = document.querySelector('.aw-root');
    const top = (s) => { const e = r.querySelector(s);
        return e ? Math.round(e.getBoundingClientRect().top - r.getBoundingClientRect().top) : null; };
    return { step: (r.querySelector('.aw-stepno') || {}).textContent || '',
        foot: top(':scope > .aw-foot'), standings: top('[data-area=standings]'),
        marked: r.querySelectorAll('.aw-opp .aw-placed.aw-recent[aria-description]').length,
        travels: +(r.dataset.animations || 0) }; }"""


def test_a_hot_seat_tables_foot_stays_put_and_the_others_new_tiles_are_marked(open_notebook):
    """Twelve moves, each drawn: the foot (the timeline, the rounds, the log) and the
    standings keep their places within 2 px (the list of the last moves came and went
    at every change of seat, and moved the foot 147 px); at a change of seat the tiles
    the others built since the mover's last move are marked; some travel."""
    t = open_notebook(HOT_SEAT)
    seen, marked = [], 0
    for _ in range(12):
        before = t.py("print(g.step)")
        t.py("g.apply(bots[g.current].choose(g))")
        t.widget().locator(".aw-stepno").filter(has_text=f"step {int(before) + 1}/").wait_for()
        t.page.wait_for_timeout(150)
        got = t.page.evaluate(PLACES_JS)
        seen.append(got)
        marked = max(marked, got["marked"])
    t.shot("hot-seat")
    for what in ("foot", "standings"):
        places = [s[what] for s in seen]
        assert None not in places, f"no {what} drawn: {seen}"
        assert max(places) - min(places) <= 2, f"the {what} moved between moves: {places}"
    assert marked > 0, f"no tile marked as just built on the others' boards: {seen}"
    assert seen[-1]["travels"] > 0, "no move travelled"
