"""Draws a seat's game is told of: a list rearranged so that given items come out
next (:mod:`.seat_record`). Interpreted, not compiled: :class:`Revealing` subclasses
``random.Random``, which a compiled class may not."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .errors import GameError


class Revealing(random.Random):
    """A generator whose shuffle leaves ``due`` last, in order, so that they are drawn
    next (a seat's game: the cards a reshuffled discard pile gives, as the server
    revealed them). The rest is shuffled as usual."""

    def __init__(self, seed: object = None, due: Sequence[Any] = ()):
        super().__init__(seed)  # type: ignore[arg-type]
        self.due = list(due)

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        """Shuffle ``x`` in place, then bring the due items to its end (drawn first)."""
        super().shuffle(x)
        put_last(x, self.due)
        self.due = []


def put_last(items: list[Any], due: Sequence[Any], done: int = 0) -> None:
    """Rearrange ``items`` (drawn from the end) so that ``due`` come out first, in order,
    after the last ``done`` items, which stay: ``due[0]`` at ``len(items) - 1 - done``.
    Each is found among the places not yet fixed; a missing one is a
    :class:`GameError` (the record does not fit the game)."""
    for i, item in enumerate(due, done):
        target = len(items) - 1 - i
        for j in range(target, -1, -1):
            if items[j] == item:
                items[j], items[target] = items[target], items[j]
                break
        else:
            raise GameError(f"The seat's record does not fit its game: {item} cannot be drawn.")
