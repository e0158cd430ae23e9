"""A coach one can trust: it never contradicts the course without saying why.

The positions are the situations a newcomer met (two-player games of greedy bots,
``You`` to move, seeds and steps below): an exact payment called costly (R4), taking
as much money as one action allows called costly (R5), two moves with the same listed
effects, and the hint's own top move flagged. The coach weighs with the hint's search
(1,600 simulations, the hint's seed); it speaks only when the loss is beyond the
search's noise and above the threshold, names what tells the two moves apart, and says
why a position is an exception to a principle the course taught.
"""

from __future__ import annotations

import re

import pytest

from alhambra_widget.course.coach import CoachedGame, CoachedGardens
from alhambra_widget.course.judgement import pct
from alhambra_widget.engine.alhambra.actions import Buy, TakeMoney
from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.engine.gardens.game import GardensGame
from alhambra_widget.players.alhambra.greedy import GreedyBot
from alhambra_widget.players.gardens.greedy import GreedyGardensBot


def _position(seed: int, steps: int) -> Game:
    """A two-player game of greedy bots (seeded ``seed``) after ``steps`` actions."""
    g = Game(["You", "Ben"], seed=seed)
    bot = GreedyBot(seed)
    for _ in range(steps):
        g.apply(bot.choose(g))
    assert g.current_player.name == "You"
    return g


def _coach(tmp_path, g: Game) -> CoachedGame:
    return CoachedGame(game=g.copy(), bot="greedy", progress=tmp_path / "p.json")


def _effects(line: str) -> str:
    """What a line of a remark says the move does (after the engine's sentence)."""
    for mark in ("Only yours:", "Only the search's:", "Nothing that tells it apart"):
        if mark in line:
            return line.split(mark, 1)[1]
    return line.split(": ", 1)[1]  # all it alone does is in its own sentence


def _preferred(g: Game, r) -> object:
    """The move the remark prefers: the legal move whose sentence it quotes."""
    return next(a for a in g.legal_actions() if g.copy().apply(a)[0].text == r.decision.best)


def _money(a: TakeMoney) -> int:
    return sum(c.value for c in a.cards)


def _check_remark(r, principle: str | None) -> None:
    """A remark names a difference (what only one move does), never two identical
    lists, and, when the played move follows a principle the course taught, says why
    this position is an exception; its chances are estimates, never 0% nor 100%."""
    assert r.kind == "mistake"
    played, preferred = r.lines[0], r.lines[1]
    assert played.startswith("You played: ") and preferred.startswith("The search prefers: ")
    assert _effects(played) != _effects(preferred)
    if principle is not None:
        assert any(principle in line and "exception" in line for line in r.lines[2:]), r.lines
    assert not re.search(r"\b(100|0)%", r.text)


# (seed, steps): an exact payment the old coach called costly
EXACT = [(1, 69), (2, 58), (2, 67)]
# (seed, steps): the take of the most money the old coach called costly
MOST = [(3, 14), (1, 45), (5, 27)]
# (seed, steps): the most money against a take of the same total, "takes 5 in money" both
SAME = [(3, 70), (6, 16)]
# (seed, steps): the hint's top move, which the old coach flagged
TOP = [(2, 64), (2, 81), (3, 9)]


@pytest.mark.parametrize("seed,steps", EXACT)
def test_R4_an_exact_payment_is_flagged_only_when_sure_and_then_the_coach_says_why(
    tmp_path, seed, steps
):
    g = _position(seed, steps)
    exact = next(a for a in g.legal_actions() if type(a) is Buy and g.is_exact(a))
    w = _coach(tmp_path, g)
    r = w.coach.weigh(g, exact, len(g.history))
    if r is not None:  # the search is sure: then it says why this position is the exception
        _check_remark(r, "paying exactly")


@pytest.mark.parametrize("seed,steps", MOST + SAME)
def test_R5_taking_the_most_money_is_flagged_only_when_sure_and_then_the_coach_says_why(
    tmp_path, seed, steps
):
    g = _position(seed, steps)
    takes = [a for a in g.legal_actions() if type(a) is TakeMoney]
    most = max(takes, key=_money)
    w = _coach(tmp_path, g)
    r = w.coach.weigh(g, most, len(g.history))
    if r is not None:
        best = _preferred(g, r)
        fewer = type(best) is TakeMoney and _money(best) < _money(most)
        _check_remark(r, "as much money" if fewer else None)


@pytest.mark.parametrize("seed,steps", [*TOP, EXACT[0], SAME[0]])
def test_the_hints_top_move_is_never_flagged(tmp_path, seed, steps):
    g = _position(seed, steps)
    w = _coach(tmp_path, g)
    top = w.hints(k=1)[0].action  # the table's hint, at its own budget and seed
    assert w.coach.weigh(g, top, len(g.history)) is None


@pytest.mark.parametrize("seed", [1, 2])
def test_G4_the_gardens_hints_top_lay_is_never_flagged(tmp_path, seed):
    g = GardensGame(["You", "Ben"], seed=seed)
    bot = GreedyGardensBot(seed)
    weighed = 0
    while weighed < 3 and not g.is_over:
        if g.current_player.name == "You" and len(g.legal_actions()) > 1:
            w = CoachedGardens(game=g.copy(), bot="greedy", progress=tmp_path / "p.json")
            top = w.hints(k=1)[0].action  # the table's hint, at its own budget and seed
            assert w.coach.weigh(g, top, g.step) is None
            weighed += 1
        g.apply(bot.choose(g))


def test_a_chance_is_said_as_an_estimate_never_as_a_certainty():
    assert pct(1.0) == "99%" and pct(0.0) == "1%" and pct(0.996) == "99%"
    assert pct(0.5) == "50%" and pct(0.004) == "1%"
