"""A game's picture for review: each player's estimated chance to win, step
by step, an accuracy per player, and the mistakes (either game).

The chances come from what everybody sees: points so far and, in the Alhambra, what
the scoring rounds still to come would give with today's buildings (R10, R11; the
hands' values are hidden, R0). Each player's margin over the best of the others goes
through the search's logistic curve (:func:`~.ismcts.margin_chances`) on a scale that
fits the points still to come (:data:`SCALE`: early on a lead of 10 points means
little, at the end much), and the players' figures are scaled to add up to 1.

Where a review weighed a player's decisions, the search's own estimates after the moves
played (``chance_played``, from what that player could see) correct that player's
line: the difference between the search's estimate and the public one, averaged over
the player's decisions so far (each new one weighing :data:`TRUST`), is added to the
public estimate from then on (:func:`corrected`). The widget reviews the other players
only once the game is over: until then their decisions, weighed from their hands, stay
hidden, and so do their corrections.

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
from .alhambra.strong import with_rounds_to_come
from .ismcts import Decision, margin_chances

MISTAKE = 0.10
"""The chance to win a decision must give away to be marked a mistake."""

TRUST = 0.35
"""How much a decision's search estimate moves its player's correction, in log-odds
(the rest is the correction from the decisions before). The search's estimates make
the lines agree with the mistakes marked on them, but a search of a hundred
simulations is noisy. On 6 reviewed 2-player games (``benchmarks/review_chances.py
--reviews 6``): mean change a step and log-loss against who won, 0.030 and 0.568 at
0.35; 0.048 and 0.569 at 1 (the lines jump); 0.022 and 0.587 for the public estimate
alone; 0.033 and 0.703 for the old fixed scale of 12 points."""

SCALE = {"alhambra": (4.0, 40.0), "gardens": (8.0, 20.0)}
"""The logistic curve's scale in points for a lead in public points, by game: ``a + b *
share of the game left`` (the bag's share of the building tiles, R1; the share of the
Gardens' fields still empty, G5). Chosen by ``benchmarks/review_chances.py`` (log-loss
against who won, on held-out games)."""


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
    if getattr(game, "GAME", "") == "alhambra":  # weighed as the strong bot weighs them
        return with_rounds_to_come(game, values)
    return values


def share_left(game: Any) -> float:
    """How much of the game is still to come, 1 at setup to 0 at the end, from what
    everybody sees: the bag's share of the building tiles (R1) in the Alhambra, the
    share of the fields still empty in the Gardens (G5)."""
    if getattr(game, "GAME", "") == "alhambra":
        share: float = game.bag_share_left
    else:
        share = game.fields_share_left
    return share


def chances_now(game: Any, scale: float | None = None) -> tuple[float, ...]:
    """Each player's estimated chance to win in ``game`` (adding up to 1) from public
    points, on the curve :data:`SCALE` (or a fixed ``scale``); the result at the end
    (shared wins split)."""
    if game.is_over:
        w = game.winners
        return tuple(1.0 / len(w) if p.name in w else 0.0 for p in game.players)
    if scale is None:
        a, b = SCALE["alhambra" if getattr(game, "GAME", "") == "alhambra" else "gardens"]
        scale = a + b * share_left(game)
    return _shares(margin_chances(public_values(game), scale))


def _shares(raw: Sequence[float]) -> tuple[float, ...]:
    total = sum(raw) or 1.0
    return tuple(r / total for r in raw)


def corrected(
    rows: Sequence[Sequence[float]],
    players: Sequence[str],
    decisions: Sequence[Decision],
    over: bool,
) -> list[tuple[float, ...]]:
    """``rows`` (public chances, one a step) with each reviewed player's line moved by
    the search. A correction is a factor on the player's odds: after a decision at step
    ``s``, the factor that would give the player the search's ``chance_played`` at row
    ``s + 1`` (the others sharing the rest) moves the player's correction by
    :data:`TRUST` (in log-odds); the correction applies from then on, each row scaled
    back to add up to 1 (the last row of a game ``over`` is its result: nothing to
    correct)."""
    at = {
        (d.step + 1, players.index(d.player)): d.chance_played
        for d in decisions
        if d.player in players
    }
    offset = [0.0] * len(players)  # log-odds
    out: list[tuple[float, ...]] = []
    for i, row in enumerate(rows):
        if over and i == len(rows) - 1:
            out.append(tuple(row))
            break
        for k in range(len(players)):
            if (i, k) in at:
                offset[k] += TRUST * (_logit(at[(i, k)]) - _logit(row[k]) - offset[k])
        out.append(
            _shares([r * math.exp(o) for r, o in zip(row, offset)]) if any(offset) else tuple(row)
        )
    return out


def _logit(p: float) -> float:
    p = min(0.98, max(0.02, p))
    return math.log(p / (1.0 - p))


def review_graph(
    game: Any, decisions: Mapping[str, Sequence[Decision]] | None = None
) -> ReviewGraph:
    """The picture's data for ``game`` (replayed once from its setup); ``decisions``:
    reviews by player (``review(game, name)`` of the game's module), for the accuracy
    and the mistakes."""
    return with_decisions(public_graph(game), decisions or {}, game.is_over)


def public_graph(game: Any) -> ReviewGraph:
    """The graph of ``game`` from public points only (:func:`chances_now` at each
    step, the game replayed once from its setup): no accuracy, no mistakes. A review
    that fills in adds its decisions as they come (:func:`with_decisions`)."""
    g = game.at(0)
    rows: list[tuple[float, ...]] = [chances_now(g)]
    rounds: list[int] = []
    for step, action in enumerate(game.history, start=1):
        if any(e.kind == "round_scored" for e in g.apply(action)):
            rounds.append(step)
        rows.append(chances_now(g))
    return ReviewGraph(tuple(p.name for p in game.players), tuple(rows), rounds=tuple(rounds))


def with_decisions(
    public: ReviewGraph, decisions: Mapping[str, Sequence[Decision]], over: bool
) -> ReviewGraph:
    """The :func:`public_graph` ``public`` with ``decisions`` (by player): each
    reviewed player's accuracy, the mistakes, and the lines moved by the search
    (:func:`corrected`; ``over``: the game is over, its last row is its result)."""
    accuracy: dict[str, float] = {}
    mistakes: list[Decision] = []
    for name, ds in decisions.items():
        if ds:
            accuracy[name] = sum(decision_accuracy(d.loss) for d in ds) / len(ds)
        mistakes += [d for d in ds if d.loss >= MISTAKE]
    mistakes.sort(key=lambda d: d.step)
    weighed = [d for ds in decisions.values() for d in ds]
    return ReviewGraph(
        public.players,
        tuple(corrected(public.chances, public.players, weighed, over)),
        accuracy,
        tuple(mistakes),
        public.rounds,
    )
