"""The coached game: a coach built on the search flags a move that
gives away more than the threshold of the chance to win, with the engine's reasons,
and takes it back; it explains the first scoring as it happens (R10, R11; G4); the end
shows the review and records the chapter's stars."""

from __future__ import annotations

import re

import pytest

from alhambra_widget.course import catalog
from alhambra_widget.course.coach import LESSON_IDS, CoachedGame, CoachedGardens
from alhambra_widget.course.judgement import pct
from alhambra_widget.course.lessons import Progress
from alhambra_widget.course.widget import CourseWidget
from alhambra_widget.engine.alhambra.actions import Buy
from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.engine.alhambra.narration import overpaid, payment_words
from alhambra_widget.engine.errors import GameError
from alhambra_widget.players.alhambra.greedy import GreedyBot
from alhambra_widget.players.gardens.greedy import GreedyGardensBot


def _overpay_most(g: Game) -> Buy:
    """R6: the purchase that overpays the most (no change is given)."""
    buys = [a for a in g.legal_actions() if type(a) is Buy]
    return max(buys, key=lambda a: sum(a.pay) - g.market[a.currency].price)


def _coached(tmp_path, **kw) -> CoachedGame:
    kw.setdefault("progress", tmp_path / "p.json")
    w = CoachedGame(seed=1, bot="greedy", **kw)
    w.run_bots()  # Ben starts this game (R2)
    return w


def test_R6_a_deliberately_bad_move_is_flagged_with_the_engines_reasons_and_taken_back(tmp_path):
    w = _coached(tmp_path)
    before, n = w.game.state_dict(), len(w.game.history)
    bad = _overpay_most(w.game)
    price = w.game.market[bad.currency].price
    assert overpaid(price, bad.pay) >= 4
    said = w.game.copy().apply(bad)[0].text  # the engine's own sentence for the move
    w.act(bad)
    assert w.offer and w.remark is not None and w.remark.kind == "mistake"
    d = w.remark.decision
    assert d is not None and d.loss > w.coach.threshold
    assert f"is about {pct(d.chance_played)} after yours" in w.remark.text
    assert w.remark.lines[0].startswith(f"You played: {said}")
    # the engine's facts: the overpayment (R6) is in the log's own sentence for the
    # move, and said once, not again as what only this move does
    assert payment_words(price, bad.pay) in said
    assert w.remark.lines[0].count(payment_words(price, bad.pay)) == 1
    assert w.remark.lines[1].startswith("The search prefers: ")
    # the bots wait for the answer: the page is told no bot is to move
    assert w.view["coach"]["offer"] and w.view["bot_to_move"] is False
    assert len(w.game.history) == n + 1  # only the buy: Ben has not moved
    w._on_msg(w, {"kind": "coach", "do": "undo", "v": w._v}, [])  # the page's button
    assert w.game.state_dict() == before
    assert not w.offer and w.remark.kind == "undone"
    assert len(w.coach.decisions) == 0  # the move taken back is not reviewed
    w.act(w.game.legal_actions()[0])
    assert len(w.session.variations.describe()) == 1  # nor kept as a line of the timeline


def test_the_threshold_is_a_parameter_and_a_kept_move_lets_the_bots_play_on(tmp_path):
    w = _coached(tmp_path, threshold=1.0)
    w.act(_overpay_most(w.game))
    assert not w.offer  # nothing gives away more than everything
    assert w.game.current_player.name == "You"  # the bot answered at once (a script)
    w2 = _coached(tmp_path)
    w2.act(_overpay_most(w2.game))
    assert w2.offer
    w2.keep()
    assert not w2.offer and w2.game.current_player.name == "You"
    with pytest.raises(GameError):
        w2.take_back()  # nothing is offered back any more


def _said_stars(w) -> int:
    """The stars the end remark says the game earned."""
    found = re.search(r"(\d) of this game's 3 stars", w.remarks[-1].text)
    assert found, w.remarks[-1].text
    return int(found.group(1))


def _play_out(w, choose, until=lambda w: False) -> None:
    while not w.game.is_over and not until(w):
        w.act(choose(w.game))
        if w.offer:
            w.keep()


def test_R10_R11_the_first_scoring_round_is_explained_as_it_happens(tmp_path):
    w = _coached(tmp_path, coach_playouts=16)
    _play_out(w, GreedyBot(0).choose, until=lambda w: len(w.game.rounds) >= 1)
    scoring = [r for r in w.remarks if r.kind == "scoring"]
    assert len(scoring) == 1
    r = scoring[0]
    first = w.game.rounds[0]
    assert r.rule == "R10" and "round 1" in r.text
    for k in first.kinds:
        if k.places:
            assert k.explain() in r.lines
    assert "totals: " + ", ".join(f"{n} +{p}" for n, p in first.totals.items()) in r.lines
    walls = dict((w_.name, w_.length) for w_ in first.walls.values())
    assert all(f"{n} {n_len}" in r.lines[-2] for n, n_len in walls.items())


def test_R12_finishing_shows_the_review_and_records_the_chapters_stars(tmp_path):
    path = tmp_path / "p.json"
    w = _coached(tmp_path, coach_playouts=12)
    _play_out(w, GreedyBot(0).choose)
    assert w.finished and w.remark.kind == "end"
    review = w.view["review"]
    mine = [i for i, (m, _) in enumerate(w.game.movers) if w.game.players[m].name == "You"]
    choices = [i for i in mine if len(w.game.at(i).legal_actions()) > 1]
    assert review["state"] == "done" and review["decisions"] == len(choices) > 20
    graph = review["graph"]  # the game's graph: a line a player, the learner's accuracy
    assert graph["players"] == [p.name for p in w.game.players] and set(graph["accuracy"]) == {
        "You"
    }
    assert len(graph["chances"]) == len(w.game.history) + 1
    w.goto(5)  # looking back at a step (a click on the graph) keeps the review
    assert w.view["step"] == 5 and w.view["review"]["graph"] == graph
    earned = _said_stars(w)
    assert Progress(path).stars[LESSON_IDS["alhambra"]] == earned
    course = CourseWidget(chapter="coached", progress=path)
    shown = {les["id"]: les["stars"] for les in course.view["course"]["lessons"]}
    # (the chapter opens with the guided games, not played here)
    assert shown == {
        "guided-game": 0,
        "guided-gardens": 0,
        "coached-game": earned,
        "coached-gardens": 0,
    }
    assert list(catalog.CHAPTERS)[-1] == "coached"


def test_the_coached_chapter_lessons_judge_a_finished_game_R12_G5():
    les = catalog.lesson("coached-game")
    g = Game(["You", "Ben"], seed=5)
    v = les.check({"game": g.to_json()})
    assert not v and v.rule == "R12" and v.mistake == "unfinished"
    bot = GreedyBot(3)
    while not g.is_over:
        g.apply(bot.choose(g))
    assert les.check({"game": g.to_json()})
    other = Game(["Ann", "Ben"], seed=5)
    assert les.check({"game": other.to_json()}).mistake == "not_yours"


def test_G4_the_gardens_coach_flags_a_lay_that_passes_up_points_and_takes_it_back(tmp_path):
    w = CoachedGardens(seed=1, bot="greedy", progress=tmp_path / "p.json")
    w.run_bots()
    while True:  # the first later decision where the engine's previews differ by 12+ points
        g = w.game
        mine = g.current_player.kinds

        def net(lay, g=g, mine=mine):
            return sum(
                (s.points if s.winner in mine else -s.points) for s in g.preview(lay) if s.owner
            )

        legal = g.legal_actions()
        lo, hi = min(legal, key=net), max(legal, key=net)
        # in the second half of the game, where 12 points weigh more than the search's
        # noise and the threshold (early on, 15 points are a loss of about 0.09)
        if net(hi) - net(lo) >= 12 and g.fields_share_left < 0.6:
            break
        w.act(GreedyGardensBot(0).choose(g))
        if w.offer:
            w.keep()
    before = w.game.state_dict()
    w.act(lo)
    assert w.offer and w.remark.decision.loss > w.coach.threshold
    assert w.remark.lines[0].startswith("You played: You lay ")
    assert "(G4)" in w.remark.lines[1]  # the search's lay encloses and scores a building
    w.take_back()
    assert w.game.state_dict() == before


def test_G4_the_gardens_first_building_is_explained_and_finishing_earns_stars(tmp_path):
    path = tmp_path / "p.json"
    w = CoachedGardens(seed=2, bot="greedy", progress=path, coach_playouts=12)
    w.run_bots()
    _play_out(w, GreedyGardensBot(0).choose)
    scoring = [r for r in w.remarks if r.kind == "scoring"]
    assert len(scoring) == 1 and scoring[0].rule == "G4"
    first = next(e for e in w.game.log if e.kind == "scored")
    assert scoring[0].lines[0] == first.text
    assert w.finished and w.view["review"]["decisions"] > 5
    assert Progress(path).stars[LESSON_IDS["gardens"]] == _said_stars(w) >= 1


def test_stars_of_a_coached_game_survive_a_course_board_opened_before_it(tmp_path):
    path = tmp_path / "p.json"
    course = CourseWidget(chapter="coached", progress=path)  # opened first, stars read then
    w = _coached(tmp_path, coach_playouts=8)
    _play_out(w, GreedyBot(0).choose)
    earned = _said_stars(w)
    assert Progress(path).stars["coached-game"] == earned >= 1
    course.goto("coached-gardens")  # the course board writes the file again
    assert Progress(path).stars["coached-game"] == earned
    assert course.progress.stars["coached-game"] == earned


def test_R12_the_stars_tell_how_the_game_went_and_the_course_ends_complete(tmp_path):
    """Stars reflect the result and the moves the coach flagged (a loss never earns
    all three); finishing the last unstarred lesson says the course is complete, and
    only then."""
    path = tmp_path / "p.json"
    store = Progress(path)
    for les in catalog.LESSONS:
        if les.id != "coached-game":
            store.record(les.id, 1)
    w = _coached(tmp_path, coach_playouts=8, progress=path)
    _play_out(w, lambda g: g.legal_actions()[-1])  # a careless learner
    end = w.remarks[-1]
    flagged = sum(1 for r in w.remarks if r.kind == "mistake")
    stars = _said_stars(w)
    assert f"with {flagged} move" in end.text
    if "You" not in w.game.winners:
        assert stars < 3 and "you did not win" in end.text
    assert "the course is complete" in end.text
    other = tmp_path / "q.json"  # a course with lessons left: not complete
    w2 = _coached(tmp_path, coach_playouts=8, progress=other)
    _play_out(w2, GreedyBot(0).choose)
    assert "complete" not in w2.remarks[-1].text


def test_an_answer_after_the_solution_was_shown_raises_no_stars(tmp_path):
    """A lesson solved once has shown its solution: answering it again, even at the
    first try, keeps the stars it had."""
    path = tmp_path / "p.json"
    course = CourseWidget(lesson="two-cards", progress=path)
    right = catalog.lesson("two-cards").solutions()[0][0]
    course.answer({"numbers": {"cards": right["numbers"]["cards"] + 1}})
    course.answer(right)
    assert Progress(path).stars["two-cards"] == 2
    course.next()
    course.prev()
    course.answer(right)  # first try, after the solution was shown
    assert Progress(path).stars["two-cards"] == 2
