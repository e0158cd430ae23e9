"""The coached game in a real JupyterLab: the coach's remark on a
costly move fills the coach's region on top of the table without moving the board, its button
takes the move back, and a game played to its end from Python shows the end remark
and the review; the same for the Gardens (G4, G5). Screenshots in both themes."""

import pytest
from conftest import walk_over

pytestmark = pytest.mark.browser

GAME = """
import tempfile
from alhambra_widget.course.coach import CoachedGame
from alhambra_widget.engine.alhambra.actions import Buy
from alhambra_widget.players.alhambra.greedy import GreedyBot
w = CoachedGame(seed=1, bot="greedy", bot_delay=0,
                progress=tempfile.mkdtemp() + "/progress.json")
g = w.game
w
"""

# R6: the purchase that overpays the most (the coach flags it for this seed)
BAD = """
buys = [a for a in g.legal_actions() if type(a) is Buy]
bad = max(buys, key=lambda a: sum(a.pay) - g.market[a.currency].price)
before = g.state_dict()
w.act(bad)
print(w.offer)
"""

# the learner's moves by `greedy`, each flagged move kept, to the end (or, with STOP, to
# the first scoring round's remark); prints whether it is over, finished, the decisions
LOOP = """
while not g.is_over and not (STOP and w.remark is not None and w.remark.kind == "scoring"):
    if w.session.bot_to_move():
        w.run_bots()
    else:
        w.act(greedy.choose(g))
        if w.offer:
            w.keep()
print(g.is_over, w.finished, (w.view.get("review") or {}).get("decisions"))
"""
PLAY_OUT = "greedy = GreedyBot(0)\n" + LOOP


def _ended_with_review(board, decisions, walk=None):
    """The coach's end remark with its stars, then the review of the learner's decisions
    (in an Alhambra game once the last scoring round's walk is closed: ``walk(board)``
    sees it first)."""
    end = board.locator("aside.aw-coach.aw-coach-end")
    end.wait_for()
    assert "The game is over" in end.inner_text() and "stars" in end.inner_text()
    if walk is not None:
        walk(board)
    review = board.locator("section.aw-review")
    review.wait_for()
    assert f"Review of your {decisions} decisions" in review.inner_text()
    return review


def _buttons_in_sight(lab, coach):
    """The coach's Take it back and Keep it buttons: visible, inside the coach's region
    and on screen (they come first, under the heading: a long remark never hides them)."""
    box, height = coach.bounding_box(), lab.page.viewport_size["height"]
    for do in ("undo", "keep"):
        button = coach.locator(f"button[data-coach='{do}']")
        assert button.is_visible(), do
        b = button.bounding_box()
        assert box["y"] <= b["y"] and b["y"] + b["height"] <= box["y"] + box["height"], (do, b, box)
        assert b["y"] >= 0 and b["y"] + b["height"] <= height, (do, b)


def _in_sight(lab, board, part):
    """Scroll a part of the table to the top (as a click on a link would): it stops below
    what the floating bar covers, never under it, and nothing in it is clipped on the
    right. (A floating bar's empty rows at its foot let the page show through: it
    covers down to its last row that says something, see thinBar in sticky.ts.)"""
    part.evaluate("e => e.scrollIntoView({block: 'start'})")
    lab.page.wait_for_timeout(400)  # the bar follows on the next frame
    covers = board.locator(".aw-bar").first.evaluate(
        "b => (b.classList.contains('aw-thin') ? b.querySelector('.aw-barfoot') : b).getBoundingClientRect().bottom"
    )
    top = part.bounding_box()
    assert covers <= top["y"] + 1, (covers, top)
    # and what the bar lets through is the part itself, not the bar
    hit = part.evaluate(
        "e => { const r = e.getBoundingClientRect(); const h = document.elementFromPoint(r.left + 20, r.top + 4); return !!h && e.contains(h); }"
    )
    assert hit, part
    clipped = part.evaluate(
        "e => [...e.querySelectorAll('table'), e].filter(t => t.scrollWidth > t.clientWidth + 1).length"
    )
    assert clipped == 0, part


def _last_round_first(lab, board):
    """At the end the last scoring round is walked through alone: the review waits (a
    note in its place) until the walk is closed, so the side column never holds both."""
    walk = board.locator(".aw-rounds.aw-walk")
    walk.wait_for()
    board.locator(".aw-review-waits").wait_for()
    assert board.locator("section.aw-review").count() == 0
    lab.shot("end-walk-light")
    walk.locator("[data-walk='close']").click()
    walk.wait_for(state="detached")


def _light(lab):
    """JupyterLab's light theme (an earlier test may have left it dark)."""
    lab.theme("Light")
    lab.page.locator("#jupyterlab-splash").wait_for(state="detached", timeout=20000)
    lab.page.wait_for_timeout(300)


def _dark(lab):
    """JupyterLab's dark theme, once its splash screen has gone."""
    lab.theme("Dark")
    lab.page.locator("#jupyterlab-splash").wait_for(state="detached", timeout=20000)
    lab.page.wait_for_timeout(300)


def test_coached_game_flags_a_move_takes_it_back_and_ends_with_the_review(open_notebook):
    lab = open_notebook(GAME)
    page, board = lab.page, lab.widget()
    page.set_viewport_size({"width": 1366, "height": 768})  # a common laptop screen
    lab.wait_py("print(g.current_player.name)", "You")  # the page let Ben (R2) play first
    region = board.locator("aside.aw-coach")
    idle = region.bounding_box()  # the coach's region is there before it speaks
    assert "watches each of your decisions" in region.inner_text()
    assert lab.py(BAD) == "True"
    coach = board.locator("aside.aw-coach.aw-coach-mistake")
    coach.wait_for()
    assert (
        "your chance to win would be about" in coach.inner_text() and "(R6)" in coach.inner_text()
    )
    # the remark fills the same region, where it was, grown to its text (never cut)
    box = coach.bounding_box()
    assert box["y"] == idle["y"] and box["height"] >= idle["height"]
    assert idle["y"] >= 0
    _buttons_in_sight(lab, coach)
    _light(lab)
    lab.shot("flagged-light")
    _dark(lab)
    lab.shot("flagged-dark")
    _buttons_in_sight(lab, coach)
    _light(lab)
    coach.locator("button[data-coach='undo']").click()
    lab.wait_py("print(g.state_dict() == before)", "True")
    board.locator("aside.aw-coach-undone").wait_for()
    # the same move again, kept by clicking Keep it: the move stays, the offer is gone
    assert lab.py("w.act(bad)\nprint(w.offer)") == "True"
    coach.wait_for()
    _buttons_in_sight(lab, coach)
    coach.locator("button[data-coach='keep']").click()
    lab.wait_py("print(w.offer, g.state_dict() == before)", "False False")
    board.locator("button[data-coach='undo']").wait_for(state="detached")

    lab.py("STOP = True\n" + PLAY_OUT)  # until the first scoring round (R10, R11)
    scoring = board.locator("aside.aw-coach.aw-coach-scoring")
    scoring.wait_for()
    assert "Scoring round 1" in scoring.inner_text() and "totals: " in scoring.inner_text()
    # the round walked through leaves the coach's words readable beside it
    board.locator(".aw-grid > .aw-part > .aw-rounds.aw-walk").wait_for()
    assert walk_over(scoring) == ""
    _in_sight(lab, board, board.locator(".aw-me"))  # the board's top rows below the bar
    lab.shot("scoring-board-light")
    _in_sight(lab, board, board.locator("section.aw-rounds"))  # the scoring table's top too
    lab.shot("scoring-light")
    out = lab.py("STOP = False\n" + PLAY_OUT)
    over, finished, decisions = out.split()
    assert (over, finished) == ("True", "True") and int(decisions) > 20
    review = _ended_with_review(board, decisions, lambda b: _last_round_first(lab, b))
    assert board.locator("section.aw-review li").count() >= 1
    _in_sight(lab, board, board.locator("section.aw-results"))  # "Final results", every column
    lab.shot("end-light")
    _in_sight(lab, board, board.locator(".aw-me"))
    lab.shot("end-board-light")
    _in_sight(lab, board, review)
    _dark(lab)
    lab.shot("end-dark")
    lab.theme("Light")


GARDENS = """
import tempfile
from alhambra_widget.course.coach import CoachedGardens
from alhambra_widget.players.gardens.greedy import GreedyGardensBot
w = CoachedGardens(seed=1, bot="greedy", bot_delay=0, progress=tempfile.mkdtemp() + "/progress.json")
g = w.game
w
"""

# G4: play greedy lays until a decision of the second half whose previews differ by 12
# points, then the worst
LAY_BADLY = """
greedy = GreedyGardensBot(0)
while True:
    if w.session.bot_to_move():
        w.run_bots()
        continue
    mine = g.current_player.kinds
    net = lambda lay: sum((s.points if s.winner in mine else -s.points) for s in g.preview(lay) if s.owner)
    legal = g.legal_actions()
    lo, hi = min(legal, key=net), max(legal, key=net)
    if net(hi) - net(lo) >= 12 and g.fields_share_left < 0.6:  # a blunder in the second half
        break
    w.act(greedy.choose(g))
    if w.offer:
        w.keep()
before = g.state_dict()
w.act(lo)
print(w.offer)
"""


# G5: the learner's lays by the greedy bot, each flagged lay kept, to the game's end
GARDENS_OUT = "STOP = False\n" + LOOP + 'print(any(r.kind == "scoring" for r in w.remarks))\n'


def test_coached_gardens_flags_a_lay_takes_it_back_and_ends_with_the_review(open_notebook):
    lab = open_notebook(GARDENS)
    board = lab.widget()
    board.locator("aside.aw-coach").wait_for()
    assert lab.py(LAY_BADLY) == "True"
    coach = board.locator("aside.aw-coach.aw-coach-mistake")
    coach.wait_for()
    assert "(G4)" in coach.inner_text()
    _buttons_in_sight(lab, coach)
    _light(lab)
    lab.shot("flagged-light")
    _dark(lab)
    lab.shot("flagged-dark")
    _light(lab)
    coach.locator("button[data-coach='undo']").click()
    lab.wait_py("print(g.state_dict() == before)", "True")

    # played to its end (G5): the first building was explained (G4), the end remark and
    # the review of every decision the learner made
    over, finished, decisions, explained = lab.py(GARDENS_OUT).split()
    assert (over, finished, explained) == ("True", "True", "True") and int(decisions) > 5
    review = _ended_with_review(board, decisions)
    assert board.locator("svg.ag-board .ag-bld.ag-done").count() >= 1  # the buildings scored, drawn
    review.scroll_into_view_if_needed()
    lab.shot("gardens-end-light")
    _dark(lab)
    lab.shot("gardens-end-dark")
    lab.theme("Light")


COURSE = """
import tempfile
from alhambra_widget import CourseWidget
from alhambra_widget.course.coach import CoachedGame
from alhambra_widget.players.alhambra.greedy import GreedyBot
path = tempfile.mkdtemp() + "/progress.json"
w = CoachedGame(seed=2, bot="greedy", coach_playouts=8, progress=path)  # no page: played here
greedy = GreedyBot(0)
w.run_bots()
while not w.game.is_over:
    w.act(greedy.choose(w.game))
    if w.offer:
        w.keep()
CourseWidget(chapter="coached", progress=path)
"""


def test_the_course_map_shows_the_coached_chapter_with_the_stars_earned(open_notebook):
    lab = open_notebook(COURSE)
    board = lab.widget()
    toggle = board.locator(".aw-course-map [data-lmap]")
    toggle.wait_for(timeout=60000)
    toggle.click()  # the map is one line until opened
    # the chapter opens with the two guided games, then the coached ones
    item = board.locator(".aw-course-map [data-lesson='2'].aw-course-item")
    item.wait_for(timeout=60000)
    earned = int(lab.py("print(w.progress.stars['coached-game'])"))
    assert 1 <= earned <= 3 and f"{earned} of 3 stars" in item.get_attribute("aria-label")
    assert "0 of 3 stars" in board.locator(
        ".aw-course-map [data-lesson='3'].aw-course-item"
    ).get_attribute("aria-label")
    assert "A coached game" in item.get_attribute("aria-label")
    # the map's line names the lesson shown (the chapter's first one not done) and the chapter
    pos = board.locator(".aw-course-pos").inner_text()
    shown = lab.py("print(CourseWidget(chapter='coached', progress=path).lesson.title)")
    assert pos.startswith("Lesson ") and shown in pos and "Whole games" in pos
    lab.shot("light")
    _dark(lab)
    lab.shot("dark")
