"""A game's picture for review (issue 26): each player's estimated chance to win, step
by step, an accuracy per player, and the mistakes (either game).

The chances come from what everybody sees: points so far and, in the Alhambra, what
the scoring rounds still to come would give with today's buildings (R10, R11; the
hands' values are hidden, R0). Each player's margin over the best of the others goes
through the search's logistic curve (:func:`~.ismcts.margin_chances`), and the
players' figures are scaled to add up to 1.

Accuracy and mistakes come from a review (:class:`~.ismcts.Decision` lists: what the
search thought of each decision). A decision's accuracy follows lichess's formula on
the chance to win it gave away, in percentage points ``d``:
``103.1668 * exp(-0.04354 * d) - 3.1669`` (100 for no loss), clipped to 0..100; a
player's accuracy is the mean over their decisions. A mistake gave away at least
:data:`MISTAKE` of the chance to win.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.pictures import svg_of
from .ismcts import Decision, margin_chances

MISTAKE = 0.10
"""The chance to win a decision must give away to be marked a mistake."""


def decision_accuracy(loss: float) -> float:
    """Lichess's accuracy of a move that gave away ``loss`` (0..1) of the chance to win."""
    d = 100.0 * max(0.0, loss)
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * d) - 3.1669))


@dataclass(frozen=True)
class ReviewGraph:
    """``chances[i][k]``: player ``k``'s estimated chance to win after ``i`` steps;
    ``accuracy``: player -> 0..100 (players reviewed only); ``mistakes``: the
    decisions that gave away at least :data:`MISTAKE`, by step; ``rounds``: the steps
    after which a scoring round was scored (the engine's ``round_scored`` events, R10)."""

    players: tuple[str, ...]
    chances: tuple[tuple[float, ...], ...]
    accuracy: Mapping[str, float] = field(default_factory=dict)
    mistakes: tuple[Decision, ...] = ()
    rounds: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The graph as JSON for the page: players, chances (3 decimals), accuracy (1 decimal), the
        mistakes and the scoring rounds' steps."""
        return {
            "players": list(self.players),
            "chances": [[round(c, 3) for c in row] for row in self.chances],
            "accuracy": {p: round(a, 1) for p, a in self.accuracy.items()},
            "mistakes": [m.to_dict() for m in self.mistakes],
            "rounds": list(self.rounds),
        }

    def _repr_svg_(self) -> str | None:
        return svg_of(self)  # drawn by alhambra_widget.views.review_graph


def public_values(game: Any) -> list[float]:
    """Each player's points, and in the Alhambra the scoring rounds still to come with
    today's buildings: all of it public."""
    values = [float(p.score) for p in game.players]
    if getattr(game, "GAME", "") == "alhambra" and not game.is_over:
        for number in range(len(game.rounds) + 1, 4):
            totals = game.scoring_preview(number).totals
            weight = 0.8 if number == len(game.rounds) + 1 else 0.6
            for i, p in enumerate(game.players):
                values[i] += weight * totals[p.name]
    return values


def chances_now(game: Any, scale: float = 12.0) -> tuple[float, ...]:
    """Each player's estimated chance to win in ``game`` (adding up to 1); the result
    at the end (shared wins split)."""
    if game.is_over:
        w = game.winners
        return tuple(1.0 / len(w) if p.name in w else 0.0 for p in game.players)
    raw = margin_chances(public_values(game), scale)
    total = sum(raw) or 1.0
    return tuple(r / total for r in raw)


def review_graph(game: Any, decisions: Mapping[str, Sequence[Decision]] | None = None) -> ReviewGraph:
    """The picture's data for ``game`` (replayed once from its setup); ``decisions``:
    reviews by player (``review(game, name)`` of the game's module), for the accuracy
    and the mistakes."""
    g = game.at(0)
    rows = [chances_now(g)]
    rounds: list[int] = []
    for step, action in enumerate(game.history, start=1):
        if any(e.kind == "round_scored" for e in g.apply(action)):
            rounds.append(step)
        rows.append(chances_now(g))
    accuracy: dict[str, float] = {}
    mistakes: list[Decision] = []
    for name, ds in (decisions or {}).items():
        if ds:
            accuracy[name] = sum(decision_accuracy(d.loss) for d in ds) / len(ds)
        mistakes += [d for d in ds if d.loss >= MISTAKE]
    mistakes.sort(key=lambda d: d.step)
    players = tuple(p.name for p in game.players)
    return ReviewGraph(players, tuple(rows), accuracy, tuple(mistakes), tuple(rounds))
