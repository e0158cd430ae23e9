"""The review weighed ahead stops when nobody can use it, and its processes end.

A board weighs its game's review in the background pool while the game is played
(``ReviewAhead``). That work, and the pool's processes, must not outlive their use: a
kernel whose page is gone kept two processes busy for minutes. They end when the game
is over and every step is weighed, after ``review_idle`` seconds with no move, when
the last view of the board leaves the page (or the page closes its channel), and when
the board closes; the next move (or a view back) takes up the steps left. Each test
checks the operating system's processes, not the bookkeeping: a worker still running
fails it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.players.alhambra.greedy import GreedyBot
from alhambra_widget.players.parallel import background_workers
from alhambra_widget.players.review_ahead import pause_all

SLOW = 400  # simulations a step: the background has work for minutes


BOARDS: list[AlhambraWidget] = []


@pytest.fixture(autouse=True)
def _close_the_boards():
    """The boards of earlier tests in this process let the pool go, and each test's
    boards close after it (another board's work would hold the pool)."""
    pause_all()
    yield
    while BOARDS:
        BOARDS.pop().close()


def _play(g: Game, until: int | None = None) -> None:
    bots = [GreedyBot(7 + i) for i in range(len(g.players))]
    while not g.is_over and (until is None or len(g.history) < until):
        g.apply(bots[g.current].choose(g))


def _running(pid: int) -> bool:
    """Whether process ``pid`` exists and has not exited (a zombie has exited)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _workers_start(timeout: float = 60) -> list[int]:
    end = time.time() + timeout
    while not (pids := background_workers()):
        assert time.time() < end, "the background review never started"
        time.sleep(0.05)
    assert all(_running(p) for p in pids)
    return pids


def _all_end(pids: list[int], timeout: float = 20) -> None:
    end = time.time() + timeout
    while any(_running(p) for p in pids):
        assert time.time() < end, [p for p in pids if _running(p)]
        time.sleep(0.05)


def _board(**traits) -> AlhambraWidget:
    w = AlhambraWidget(players=["You", "Ben"], seed=4, seats={"Ben": "greedy"})
    for name, value in traits.items():
        setattr(w, name, value)
    BOARDS.append(w)
    return w


def test_the_workers_end_after_the_idle_limit_and_a_move_takes_the_review_up_again():
    w = _board(review_playouts=SLOW, review_idle=1.0, review_ahead=True)
    _play(w.game, until=30)
    pids = _workers_start()
    time.sleep(0.5)
    assert all(_running(p) for p in pids)  # still weighing: the limit is not reached
    _all_end(pids)  # a second with no move: the workers are gone
    assert not background_workers()
    _play(w.game, until=31)  # a move: the steps left go out again
    assert _workers_start()


def test_the_workers_end_when_the_game_is_over_and_every_step_is_weighed():
    w = _board(review_playouts=4, review_idle=None, review_ahead=True)
    _play(w.game, until=10)
    pids = _workers_start()
    _play(w.game)
    end = time.time() + 300
    while w._ahead.working():
        assert time.time() < end
        time.sleep(0.1)
    _all_end(pids)
    found = w._ahead.decisions(w.game, ["You", "Ben"])
    assert sum(len(v) for v in found.values()) > 20  # the whole review is there
    assert not background_workers()


def test_the_workers_end_when_the_last_view_leaves_the_page_and_a_view_back_resumes():
    """As the page says it (hello and bye with the view's name): a redrawn output's
    new view greets before the old one leaves, and the work goes on; with no view left
    for the grace, the workers end; a view back takes the work up again."""
    w = _board(review_playouts=SLOW, review_ahead_grace=0.5)
    w._on_msg(w, {"kind": "hello", "view": "a"}, [])
    _play(w.game, until=30)
    w.seen_steps = len(w.game.history)  # the page drew the game
    pids = _workers_start()
    w._on_msg(w, {"kind": "hello", "view": "b"}, [])  # the output drawn anew
    w._on_msg(w, {"kind": "bye", "view": "a"}, [])
    time.sleep(1.5)
    assert all(_running(p) for p in pids)  # one view is left: the work goes on
    w._on_msg(w, {"kind": "bye", "view": "b"}, [])
    _all_end(pids)
    assert w.shown() is False and not background_workers()
    w._on_msg(w, {"kind": "hello", "view": "c"}, [])  # the notebook opened again
    assert _workers_start()


def test_the_workers_end_when_the_page_closes_the_boards_channel():
    w = _board(review_playouts=SLOW, review_ahead_grace=0.2)
    w._on_msg(w, {"kind": "hello", "view": "a"}, [])
    _play(w.game, until=30)
    w.seen_steps = len(w.game.history)
    pids = _workers_start()
    w.comm.handle_close({"content": {"comm_id": w.comm.comm_id, "data": {}}})
    _all_end(pids)


def test_the_workers_end_when_the_board_closes():
    w = _board(review_playouts=SLOW, review_ahead=True)
    _play(w.game, until=30)
    pids = _workers_start()
    w.close()
    _all_end(pids)


def test_the_tests_switch_keeps_a_shown_board_from_weighing_ahead(monkeypatch):
    """``ALHAMBRA_REVIEW_AHEAD=0`` in the kernel's environment: a board a page shows
    starts no background work unless ``review_ahead`` is set."""
    monkeypatch.setenv("ALHAMBRA_REVIEW_AHEAD", "0")
    w = _board(review_playouts=4)
    w._on_msg(w, {"kind": "hello", "view": "a"}, [])
    _play(w.game, until=20)
    w.seen_steps = len(w.game.history)
    time.sleep(0.3)
    assert not w._ahead.working() and not background_workers()
    w.review_ahead = True  # a test of the review turns it on
    assert _workers_start()
