"""The review weighed while the game is played, and the hint's first answer.

The review of a board weighs each step in the background as soon as it is played
(``ReviewAhead``); it must give the very decisions a review of the finished game from
scratch gives (the same seeds), drop what an undo or a new game makes stale, show the
person's decisions only while the game goes on (R0: the others' are weighed from their
hidden hands), and stop when the board closes. A hint first answers from part of its
search (legal moves), then from all of it: the same moves as the whole search."""

from __future__ import annotations

import time

from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.players.alhambra.greedy import GreedyBot
from alhambra_widget.players.alhambra.strong import anytime_hints, hints, review_weigher, reviews
from alhambra_widget.players.parallel import InProcessExecutor
from alhambra_widget.players.review_ahead import ReviewAhead

PLAYOUTS = 6


def _play(g: Game, until: int | None = None) -> None:
    bots = [GreedyBot(7 + i) for i in range(len(g.players))]
    while not g.is_over and (until is None or len(g.history) < until):
        g.apply(bots[g.current].choose(g))


def _from_scratch(g: Game, names: list[str]) -> dict:
    return reviews(g, names, playouts=PLAYOUTS, executor=InProcessExecutor())


def _wait(w: AlhambraWidget, name: str, timeout: float = 120) -> dict:
    end = time.time() + timeout
    while True:
        panel = w.view.get(name) or {}
        if panel.get("state") == "done" and "refining" not in panel:
            return panel
        assert time.time() < end, panel
        time.sleep(0.02)


def test_the_review_weighed_during_the_game_is_the_review_from_scratch_even_after_an_undo():
    """Steps weighed as they come, some of them then taken back and played otherwise:
    the decisions at the end are those of a review of the finished game from scratch,
    step for step (the steps taken back were dropped, not kept)."""
    g = Game(["Ann", "Ben"], seed=12)
    analyse, says = review_weigher(PLAYOUTS)
    ahead = ReviewAhead(analyse, says)
    _play(g, until=30)
    ahead.follow(g)
    deadline = time.time() + 60
    while len(ahead.decisions(g, ["Ann"])["Ann"]) < 3:  # some of it weighed already
        assert time.time() < deadline
        time.sleep(0.05)
    g.undo_to(20)
    g.apply(g.legal_actions()[-1])  # another line from step 20 on
    ahead.follow(g)
    _play(g)
    ahead.follow(g)
    found = ahead.wait(g.copy(), ["Ann", "Ben"])
    assert found == _from_scratch(g, ["Ann", "Ben"])
    assert sum(len(v) for v in found.values()) > 20


def test_the_boards_review_after_the_last_move_equals_the_one_from_scratch():
    """A board whose review goes ahead: after the game the review panel's figures are
    those of the review from scratch, and the graph has every player's accuracy."""
    w = AlhambraWidget(players=["You", "Ben"], seed=4, seats={"Ben": "greedy"})
    w.review_playouts = PLAYOUTS
    w.review_ahead = True
    _play(w.game)
    panel = _wait_panel_review(w)
    expected = _from_scratch(w.game, ["You", "Ben"])
    assert panel["decisions"] == len(expected["You"])
    assert panel["mean_loss"] == round(
        sum(d.loss for d in expected["You"]) / max(1, len(expected["You"])), 3
    )
    assert w.review() == expected["You"]
    assert set(panel["graph"]["accuracy"]) == {"You", "Ben"}
    w.close()  # (its work would go on using the cores after the test)


def _wait_panel_review(w: AlhambraWidget) -> dict:
    w._on_msg(w, {"kind": "review", "v": w.view["v"]}, [])
    return _wait(w, "review")


def test_r0_during_the_game_the_review_shows_only_the_persons_decisions():
    """The background weighs every player's steps, but while the game goes on the
    review panel (running and done) has the person's accuracy only, and another
    player's mistakes never say what the search preferred for them (R0)."""
    w = AlhambraWidget(players=["You", "Ben"], seed=4, seats={"Ben": "greedy"})
    w.review_playouts = PLAYOUTS
    w.review_ahead = True
    _play(w.game, until=40)
    w._on_msg(w, {"kind": "review", "v": w.view["v"]}, [])
    shown = []
    end = time.time() + 120
    while (w.view.get("review") or {}).get("state") != "done":
        assert time.time() < end
        shown.append(w.view["review"])
        time.sleep(0.01)
    shown.append(w.view["review"])
    for panel in shown:
        graph = panel.get("graph")
        if graph:
            assert set(graph["accuracy"]) <= {"You"}
            assert all(m["player"] == "You" for m in graph["mistakes"])
    w.close()


def test_the_running_review_shows_the_graph_so_far():
    """While a review runs, its panel carries the graph with the decisions weighed so
    far: a row a step, every player's line, the person's mistakes only with the
    search's better move."""
    g = Game(["You", "Ben"], seed=4)
    _play(g)
    w = AlhambraWidget(g, seats={"Ben": "greedy"})
    w.review_playouts = 300  # slow enough to be seen running
    w._on_msg(w, {"kind": "review", "v": w.view["v"]}, [])
    end = time.time() + 60
    while True:
        panel = w.view.get("review") or {}
        if panel.get("state") == "running" and "graph" in panel:
            break
        assert time.time() < end and panel.get("state") != "done", panel
        time.sleep(0.02)
    w._on_msg(w, {"kind": "review", "cancel": True}, [])
    assert len(panel["graph"]["chances"]) == len(g.history) + 1
    assert panel["graph"]["players"] == ["You", "Ben"]
    for m in panel["graph"]["mistakes"]:
        assert ("best" in m) == (m["player"] == "You")
    w.close()  # the steps still queued at 300 simulations go too


def test_closing_the_board_or_a_new_game_drops_the_background_review():
    w = AlhambraWidget(players=["You", "Ben"], seed=4, seats={"Ben": "greedy"})
    w.review_playouts = PLAYOUTS
    w.review_ahead = True
    _play(w.game, until=30)
    g = w.game
    w.game = Game(["You", "Ben"], seed=5)  # a new game: the old one's steps go
    assert w._ahead.decisions(g, ["You", "Ben"]) == {"You": [], "Ben": []}
    _play(w.game, until=10)
    w.close()
    assert w._ahead.decisions(w.game, ["You", "Ben"]) == {"You": [], "Ben": []}


def test_without_a_page_or_the_switch_nothing_is_weighed_ahead():
    """By default the review goes ahead only once a page shows the board: a script's
    board starts no background work."""
    w = AlhambraWidget(players=["You", "Ben"], seed=4, seats={"Ben": "greedy"})
    w.review_playouts = PLAYOUTS
    _play(w.game, until=20)
    time.sleep(0.3)
    assert w._ahead.decisions(w.game, ["You", "Ben"]) == {"You": [], "Ben": []}


def test_a_hints_first_answer_is_legal_and_its_last_is_the_whole_search():
    """The anytime hint: a first answer from the search's first tree (legal moves,
    fewer simulations), then the hint of the whole budget, the same as hints() for the
    same seed."""
    g = Game(["A", "B", "C"], seed=9)
    _play(g, until=25)
    answers = list(anytime_hints(g, playouts=400, seed=25, executor=InProcessExecutor()))
    assert len(answers) == 2
    (first, done_first), (last, done_last) = answers
    legal = g.legal_actions()
    assert first and all(h.action in legal for h in first)
    assert done_first < done_last
    assert last == hints(g, playouts=400, seed=25, executor=InProcessExecutor())


def hints_until_done(w, every: float) -> list[dict]:
    """The hint panel of ``w``'s view, read every ``every`` seconds until the whole
    search's answer is in it (at most 2 minutes): every state seen, the last one done."""
    seen = []
    end = time.time() + 120
    while True:
        h = w.view.get("hint") or {}
        seen.append(h)
        if h.get("state") == "done" and "refining" not in h:
            return seen
        assert time.time() < end, h
        time.sleep(every)


def test_the_boards_hint_refines_its_first_answer_to_the_whole_searchs():
    """As the page asks it: the panel ends with the moves of the whole search (the
    Python API's hints, same seed); any first answer shown meanwhile says it is still
    refining and names legal moves."""
    w = AlhambraWidget(players=["You", "Ben"], seed=3, seats={"Ben": "greedy"})
    w.autoplay_bots = False
    w.hint_playouts = 400
    w._on_msg(w, {"kind": "hint", "v": w.view["v"]}, [])
    legal = [a.to_json() for a in w.game.legal_actions()]
    seen = hints_until_done(w, 0.005)
    h = seen[-1]
    for s in seen:
        if "refining" in s:
            assert s["refining"]["done"] < s["refining"]["total"] == 400
            assert all(m["action"] in legal for m in s["moves"])
    expected = w.hints(playouts=400)
    assert [(m["action"], m["visits"]) for m in h["moves"]] == [
        (x.action.to_json(), x.visits) for x in expected
    ]


def test_g3_the_gardens_hint_answers_first_then_gives_the_whole_searchs_lays():
    """The Gardens hint (one tree) first answers from a quarter of its budget (legal
    lays, said to be refining), then gives the lays of the whole search: those of the
    Python API for the same seed."""
    from alhambra_widget import GardensWidget

    w = GardensWidget(players=["You", "Ben"], seed=4, seats={"Ben": "greedy"})
    w.autoplay_bots = False
    w.run_bots()
    w.hint_playouts = 80
    legal = [a.to_json() for a in w.game.legal_actions()]
    w._on_msg(w, {"kind": "hint", "v": w.view["v"]}, [])
    seen = hints_until_done(w, 0.002)
    h = seen[-1]
    for s in seen:
        if "refining" in s:
            assert all(m["action"] in legal for m in s["moves"])
    expected = w.hints(playouts=80)
    assert [(m["action"], m["visits"]) for m in h["moves"]] == [
        (x.action.to_json(), x.visits) for x in expected
    ]
