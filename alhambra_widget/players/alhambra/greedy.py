"""A greedy Alhambra bot: prefers exact payments, majorities and walls."""

from __future__ import annotations

import random
from collections.abc import Callable

from ...engine.alhambra.actions import (
    Action,
    Buy,
    Exchange,
    FromReserve,
    GiveToDirk,
    Pass,
    Place,
    Reserve,
    TakeMoney,
    ToReserve,
)
from ...engine.alhambra.components import Tile
from ...engine.alhambra.game import Game, Player
from ...engine.alhambra.narration import overpaid
from ...engine.alhambra.scoring import POINTS
from ..base import best_of


class GreedyBot:
    """Scores every legal action with a short look at its immediate effect and picks
    the best (ties broken by its own seeded generator):

    * buying: the tile's worth for the majorities (how close it brings the player to
      first place of its kind), a bonus for an exact payment (another action, R4),
      a penalty for what is overpaid;
    * taking money: the value taken;
    * placing: the gain in the longest wall, and building beats the reserve;
    * redesigns only when they lengthen the wall.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "GreedyBot()"

    def choose(self, game: Game) -> Action:
        """The legal action whose immediate effect scores best (see the class), ties broken by
        the bot's seeded generator."""
        return best_of(game.legal_actions(), self._scorer(game), self.rng)

    def rank(self, game: Game, actions: list[Action]) -> list[Action]:
        """``actions`` from the most to the least preferred (ties in the given order)."""
        score = self._scorer(game)
        return sorted(actions, key=lambda a: -score(a))

    def favourite(self, game: Game, actions: list[Action]) -> Action:
        """The first of ``actions`` that :meth:`rank` puts first (without sorting them)."""
        return max(actions, key=self._scorer(game))

    def _scorer(self, game: Game) -> Callable[[Action], float]:
        """The score of an action for the player to move (see the class), with what it
        reads of the game worked out once."""
        p = game.current_player
        counts = game.counts()
        wall = p.alhambra.longest_wall()
        return lambda a: self._score(game, p, counts, wall, a)

    def _kind_worth(
        self, game: Game, p: Player, counts: dict[str, dict[str, int]], kind: str
    ) -> float:
        mine = counts[p.name].get(kind, 0) + 1
        others = [c.get(kind, 0) for n, c in counts.items() if n != p.name]
        top = max(others, default=0)
        first: int = POINTS[kind][2][0]
        if mine > top:
            return first / 3
        if mine == top:
            return first / 5
        return first / (10 + 2 * (top - mine))

    def _wall_gain(self, p: Player, tile: Tile, pos: tuple[int, int], wall: int) -> int:
        return p.alhambra.longest_wall_if(tile, pos) - wall

    def _score(
        self, game: Game, p: Player, counts: dict[str, dict[str, int]], wall: int, a: Action
    ) -> float:
        if isinstance(a, TakeMoney):
            return 1.0 + sum(c.value for c in a.cards) * 0.6
        if isinstance(a, Buy):
            tile = game.market[a.currency]
            assert tile is not None  # a legal buy has a tile
            over = overpaid(tile.price, a.pay)  # R6: lost, no change is given
            return (
                4
                + self._kind_worth(game, p, counts, tile.kind)
                + (6 if over == 0 else -1.5 * over)
                - 0.1 * len(a.pay)
            )
        if isinstance(a, Place):
            return 5 + 2 * self._wall_gain(p, a.tile, a.pos, wall)
        if isinstance(a, Reserve):
            return 0.0
        if isinstance(a, GiveToDirk):
            return -1.0
        if isinstance(a, FromReserve):
            return (
                -2
                + 3 * self._wall_gain(p, a.tile, a.pos, wall)
                + self._kind_worth(game, p, counts, a.tile.kind) / 4
            )
        if isinstance(a, (ToReserve, Exchange)):
            return -6.0
        if isinstance(a, Pass):
            return -100.0
        return -50.0  # pragma: no cover
