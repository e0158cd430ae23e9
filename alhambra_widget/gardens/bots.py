"""A greedy Gardens bot: takes the points it can, denies the rest, plants its trees
next to valuable buildings."""

from __future__ import annotations

import random

from ..bots import best_of
from .components import buildings_of, fields_of, winning_kind


class GreedyGardensBot:
    """Scores each lay: points it scores now for the bot (minus points it gives others),
    plus a small bonus for its own trees facing open buildings, by their value and by
    how close they are to being enclosed."""

    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "GreedyGardensBot()"

    def choose(self, game):
        me = game.current_player
        return best_of(game.legal_actions(), lambda a: self._score(game, me, a), self.rng)

    def _score(self, game, me, a) -> float:
        tile = game.tile(a.tile)
        game.fields[a.field] = (tile, a.turn)  # look ahead, then restore
        try:
            total = 0.0
            for k, b in buildings_of(a.field):
                if b not in game.buildings or b in game.scored:
                    continue
                value = game.buildings[b].value
                counts = game.facing(b)
                if game.enclosed(b):
                    w = winning_kind(counts)
                    mult = sum(1 for c in counts.values() if c > 0)
                    if w in me.kinds:
                        total += value * mult
                    elif w is not None and game.owner_of(w):
                        total -= value * mult * 0.7
                else:
                    mine = tile.side(k, a.turn)
                    open_sides = sum(1 for f, _ in fields_of(b) if f not in game.fields)
                    if mine in me.kinds:
                        total += value * tile.trees / (3.0 * (1 + open_sides))
            return total
        finally:
            del game.fields[a.field]
