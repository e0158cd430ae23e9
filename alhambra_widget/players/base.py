"""What every bot is, and bots shared by both games: anything with ``legal_actions()`` and ``apply()``.

A bot is ``choose(game) -> action``; it never changes the game. Bots are seeded, so
a bot game replays exactly (and its actions are recorded like anybody's).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Bot(Protocol):
    """A computer player: ``choose(game)`` returns one of ``game.legal_actions()``."""

    def choose(self, game: Any) -> Any:
        """The bot's action in ``game``, one of ``game.legal_actions()``; a bot reads only what its
        seat may see."""


class RandomBot:
    """Picks uniformly among ``game.legal_actions()``."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Any:
        """A legal action drawn at random by the bot's seeded generator."""
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
