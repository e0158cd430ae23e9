"""The coach's judgement, apart from any widget: when it speaks, and what it says.

The coach weighs a move with the search behind the table's hint (the same budget, the
same trees, the same seed: :data:`ALHAMBRA_PLAYOUTS`, :data:`GARDENS_PLAYOUTS`), the
move played included. It speaks only when the search is sure
(``benchmarks/coach_noise.py`` measures how a verdict moves with the seed):

* the move is not the hint's top move (:func:`~alhambra_widget.players.ranking.ranked`,
  the order a hint shows), and not *about equal* to the search's choice, as a hint
  measures it (:func:`~alhambra_widget.players.ranking.about_equal`);
* it gives away more than ``threshold`` of the chance to win (:data:`THRESHOLD`);
* the two moves differ in something the course has taught (money, majorities, walls,
  what is left for the next player, what a lay encloses): the coach names what only
  one of them does, never two identical lists. When nothing it can name tells them
  apart, it stays silent (the review still weighs the move).

When the move it flags follows a principle the course teaches (an exact payment, R4;
taking as much money as one action allows, R5), the coach says so and why this
position is the exception. Chances are the search's estimates, said as such and never
as certainties ("about 99%" at most, "about 1%" at least).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..players.ismcts import Choice, Decision
from ..players.ranking import about_equal
from ..views.contract import RemarkJson, ReviewSummary
from ..views.panels import decision_json

ALHAMBRA_PLAYOUTS = 1600
"""Simulations of each Alhambra weighing: the hint's own budget
(:data:`~alhambra_widget.players.alhambra.strong.HINT_PLAYOUTS`, trees of 200). With
it a verdict is the same for three seeds in 28 of 30 positions
(``benchmarks/coach_noise.py``, ``docs/coach.md``)."""

GARDENS_PLAYOUTS = 800
"""Simulations of each Gardens weighing, in trees of :data:`TREE`: half the Alhambra's,
a lay being cheaper to weigh (the Gardens hint's 150 in one tree is too small to judge
a lay by; ``benchmarks/coach_noise.py --game gardens`` measures it)."""

TREE = 200
"""The most simulations one tree of a Gardens weighing gets (as a hint's trees)."""

MOST = 3
"""How many of what only a move does a remark names in its line; the rest are its
``more``, which the page shows on demand (the remark stays short beside the board)."""

THRESHOLD = 0.1
"""The share of the chance to win a move must give away before the coach speaks: five
times the largest spread of a loss between seeds at 1,600 simulations
(``benchmarks/coach_noise.py``: over 30 positions the loss's standard deviation between
three seeds is 0.007 on average, 0.020 at most)."""


@dataclass(frozen=True)
class Remark:
    """Something the coach says: ``kind`` is ``"mistake"`` (a move that gave away more
    than the threshold; it may be taken back), ``"scoring"`` (the first scoring
    explained), ``"undone"`` or ``"end"`` (the game is over)."""

    kind: str
    text: str
    step: int
    rule: str | None = None
    lines: tuple[str, ...] = ()
    """The details: what tells the two moves apart, the rows of a scoring breakdown."""
    more: tuple[str, ...] = ()
    """What else tells the two moves apart, beyond the first :data:`MOST` of each."""
    decision: Decision | None = None
    preferred: Any = None
    """A flagged move: the move the search prefers (the hint's top move)."""

    def to_dict(self) -> RemarkJson:
        """The remark as JSON for the page (its decision too, when it has one)."""
        return {
            "kind": self.kind,
            "text": self.text,
            "step": self.step,
            "rule": self.rule,
            "lines": list(self.lines),
            "more": list(self.more),
            "decision": decision_json(self.decision) if self.decision else None,
        }


@dataclass(frozen=True)
class Judgement:
    """One weighing: the search's choices, the move played (``mine``, None if the
    search did not try it), the search's choice (``lead``, the most tried), the hint's
    top move (``top``), and whether the coach is sure the move was a mistake."""

    choices: list[Choice]
    mine: Choice | None
    lead: Choice
    top: Any
    threshold: float

    @property
    def loss(self) -> float:
        """The chance to win the move gave away against the search's choice (0 or more)."""
        return max(0.0, self.lead.value - (self.mine.value if self.mine else 0.0))

    @property
    def sure(self) -> bool:
        """The move gave away more than the threshold, beyond the search's noise, and is
        not the hint's top move."""
        if self.mine is None or self.mine.action == self.top:
            return False
        return self.loss > self.threshold and not about_equal(self.mine, self.lead)


Principle = Callable[[Any, Any, Any], "str | None"]
"""``principle(game, played, preferred)``: the principle the course taught that the
played move follows and the preferred one does not, in a sentence, or None."""


def _no_principle(game: Any, played: Any, preferred: Any) -> str | None:
    return None


@dataclass
class Coach:
    """The judgement: ``analyse(game, include)`` is the search (seeded by the step, as
    the hint's), ``reasons(game, action)`` what a move changes in the course's terms,
    ``top(game, choices)`` the hint's top move, ``principle`` what the course taught
    that a flagged move follows. ``weigh(before, played, step)`` returns a
    :class:`Remark` when the coach is sure (:attr:`Judgement.sure`) and can name a
    difference between the two moves, else None."""

    analyse: Callable[[Any, Sequence[Any]], list[Choice]]
    reasons: Callable[[Any, Any], list[str]]
    top: Callable[[Any, list[Choice]], Any]
    threshold: float = THRESHOLD
    principle: Principle = _no_principle
    decisions: dict[int, Decision] = field(default_factory=dict)
    """Every decision weighed so far, by step (a decision taken back is dropped)."""

    def judge(self, before: Any, played: Any) -> Judgement:
        """The search's weighing of ``played`` in ``before`` (the learner to move)."""
        choices = self.analyse(before, [played])
        mine = next((c for c in choices if c.action == played), None)
        return Judgement(choices, mine, choices[0], self.top(before, choices), self.threshold)

    def weigh(self, before: Any, played: Any, step: int) -> Remark | None:
        """Weigh the move ``played`` in the position ``before`` (decision ``step``); a
        "mistake" Remark when the coach is sure and can say what tells the moves apart,
        else None (also when there was no choice)."""
        if len(before.legal_actions()) < 2:
            return None  # no choice, nothing to judge
        j = self.judge(before, played)
        best = next((c for c in j.choices if c.action == j.top), j.lead)
        d = Decision(
            step,
            before.current_player.name,
            says(before, played),
            says(before, best.action),
            j.mine.value if j.mine else 0.0,
            j.lead.value,
        )
        self.decisions[step] = d
        if not j.sure:
            return None
        lines, more = self.differences(before, played, best.action, d)
        if not lines:
            return None  # nothing the course taught tells them apart: no remark
        text = (
            f"The computer's search is sure another move was better: your chance to win "
            f"would be about {pct(best.value)} after it, and is about {pct(d.chance_played)} "
            f"after yours (its estimates). Take your move back?"
        )
        return Remark("mistake", text, step, None, tuple(lines), tuple(more), d, best.action)

    def differences(
        self, game: Any, played: Any, best: Any, d: Decision
    ) -> tuple[list[str], list[str]]:
        """The lines of a remark: each move with the first :data:`MOST` of what only it
        does (the effects both share are left out), and the principle the played move
        followed, if any; then the rest of what only each does (its ``more``). Empty
        when their effects are the same."""
        mine, theirs = self.reasons(game, played), self.reasons(game, best)
        only_mine = [r for r in mine if r not in theirs]
        only_theirs = [r for r in theirs if r not in mine]
        if not only_mine and not only_theirs:
            return [], []
        said_mine, rest_mine = _only(only_mine, d.played, "Only yours")
        said_best, rest_best = _only(only_theirs, d.best, "Only the search's")
        lines = [f"You played: {_stop(d.played)}{said_mine}"]
        lines.append(f"The search prefers: {_stop(d.best)}{said_best}")
        taught = self.principle(game, played, best)
        if taught:
            lines.append(taught)
        more = [
            f"{who}, also: {'; '.join(rest)}."
            for who, rest in (("Yours", rest_mine), ("The search's", rest_best))
            if rest
        ]
        return lines, more

    def forget_after(self, steps: int) -> None:
        """Drop the decisions taken back (at or after step ``steps``)."""
        for k in [k for k in self.decisions if k >= steps]:
            del self.decisions[k]

    def review(self) -> ReviewSummary:
        """The review of the game, in the form of the table's review panel: each
        decision weighed during the game, the biggest losses first."""
        found = [self.decisions[k] for k in sorted(self.decisions)]
        worst = sorted(found, key=lambda d: -d.loss)[:5]
        return {
            "state": "done",
            "player": found[0].player if found else "",
            "decisions": len(found),
            "mean_loss": round(sum(d.loss for d in found) / max(1, len(found)), 3),
            "big": sum(1 for d in found if d.loss > 0.1),
            "mistakes": [decision_json(d) for d in worst if d.loss > 0.02],
        }


def _stop(sentence: str) -> str:
    return sentence if sentence.endswith(".") else sentence + "."


def _only(reasons: list[str], sentence: str, whose: str) -> tuple[str, list[str]]:
    """What only this move does, less what its own sentence already says (an
    overpayment is in the log's sentence of the buy: said once): the first
    :data:`MOST` in words after ``whose`` ("Only yours"), and the rest."""
    unsaid = [r for r in reasons if r not in sentence]
    if unsaid:
        return f" {whose}: {'; '.join(unsaid[:MOST])}.", unsaid[MOST:]
    return ("" if reasons else " Nothing that tells it apart from the other move."), []


def says(game: Any, action: Any) -> str:
    """The engine's own sentence for ``action`` (its first event, on a copy)."""
    events = game.copy().apply(action)
    return events[0].text if events else str(action)


def pct(x: float) -> str:
    """A chance the search estimated, in words: never 0% nor 100% (an estimate is not a
    certainty), so at least 1% and at most 99%."""
    return f"{min(99, max(1, round(100 * x)))}%"
