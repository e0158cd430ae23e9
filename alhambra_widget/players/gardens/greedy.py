"""A greedy Gardens bot: takes the points it can, denies the rest, plants its trees
next to valuable buildings. It asks the engine what a lay would score (G4); it never
changes the game it is given."""

from __future__ import annotations

import random

from ...engine.gardens.components import buildings_of, fields_of
from ...engine.gardens.game import GardenPlayer, GardensGame, Lay
from ..base import best_of


class GreedyGardensBot:
    """Scores each lay: points it scores now for the bot (minus points it gives others),
    plus a small bonus for its own trees facing open buildings, by their value and by
    how close they are to being enclosed."""

    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "GreedyGardensBot()"

    def choose(self, game: GardensGame) -> Lay:
        """The lay with the best immediate score, ties broken by the bot's seeded generator."""
        me = game.current_player
        return best_of(game.legal_actions(), lambda a: self._score(game, me, a), self.rng)

    def rank(self, game: GardensGame, actions: list[Lay]) -> list[Lay]:
        """``actions`` from the most to the least preferred (ties in the given order)."""
        me = game.current_player
        return sorted(actions, key=lambda a: -self._score(game, me, a))

    def _score(self, game: GardensGame, me: GardenPlayer, a: Lay) -> float:
        total = 0.0
        for s in game.preview(a):  # the buildings this lay encloses, scored by the engine
            if s.winner in me.kinds:
                total += s.points
            elif s.owner is not None:
                total -= s.points * 0.7
        tile = game.tile(a.tile)
        for k, b in buildings_of(a.field):
            if b not in game.buildings or b in game.scored or game.enclosed(b, a):
                continue
            if tile.side(k, a.turn) in me.kinds:
                open_sides = sum(
                    1 for f, _ in fields_of(b) if f not in game.fields and f != a.field
                )
                total += game.buildings[b].value * tile.trees / (3.0 * (1 + open_sides))
        return total
