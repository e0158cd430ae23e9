"""Bots shared by both games: anything with ``legal_actions()`` and ``apply()``.

A bot is ``choose(game) -> action``; it never changes the game. Bots are seeded, so
a bot game replays exactly (and its actions are recorded like anybody's).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


class RandomBot:
    """Picks uniformly among ``game.legal_actions()``."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game):
        return self.rng.choice(game.legal_actions())

    def __repr__(self) -> str:
        return "RandomBot()"


def best_of(actions: Sequence[T], score: Callable[[T], float], rng: random.Random) -> T:
    """The action with the highest ``score(action)``; ties broken by ``rng``."""
    best: list[T] = []
    best_score: float | None = None
    for a in actions:
        s = score(a)
        if best_score is None or s > best_score + 1e-9:
            best, best_score = [a], s
        elif abs(s - best_score) <= 1e-9:
            best.append(a)
    return rng.choice(best)


def make_bot(kind, seed: int | None = None, game=None):
    """``"random"``, ``"greedy"`` (the greedy bot of ``game``'s kind), a level of the
    strong search bot (``"easy"``, ``"medium"``, ``"strong"``, or ``"strong:N"`` for N
    simulations per decision), or a bot object."""
    if kind is None or hasattr(kind, "choose"):
        return kind
    level: str | int | None = kind if kind in ("easy", "medium", "strong") else None
    if isinstance(kind, str) and kind.startswith("strong:") and kind[7:].isdigit() and int(kind[7:]) > 0:
        level = int(kind[7:])
    if level is not None:
        if game is not None and type(game).__module__.startswith("alhambra_widget.gardens"):
            from .gardens.strong import GardensStrongBot

            return GardensStrongBot(seed, playouts=level)
        from .alhambra.strong import StrongBot

        return StrongBot(seed, playouts=level)
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        if game is not None and type(game).__module__.startswith("alhambra_widget.gardens"):
            from .gardens.bots import GreedyGardensBot

            return GreedyGardensBot(seed)
        from .alhambra.bots import GreedyBot

        return GreedyBot(seed)
    raise ValueError(
        "A seat is 'human', 'random', 'greedy', 'easy', 'medium', 'strong', 'strong:N' "
        f"or a bot object, not {kind!r}."
    )
