"""The Gardens search bot: the same information-set search as Alhambra's
(:mod:`alhambra_widget.ismcts`), from :meth:`GardensGame.determinize` (the other hands
and the supply redrawn), focused on the greedy bot's favourite lays."""

from __future__ import annotations

import random

from ..ismcts import Choice, margin_chances, search
from .bots import GreedyGardensBot
from .game import GardensGame, Lay

LEVELS = {"easy": 40, "medium": 150, "strong": 400}
FOCUS = 8
_ranker = GreedyGardensBot(0)


def focus(game: GardensGame, legal: list[Lay]) -> list[Lay]:
    return legal if len(legal) <= FOCUS else _ranker.rank(game, legal)[:FOCUS]


def rollout_policy(game: GardensGame, rng: random.Random) -> Lay:
    legal = game.legal_actions()
    if len(legal) > 1 and rng.random() < 0.7:
        return _ranker.rank(game, legal)[0]
    return legal[rng.randrange(len(legal))]


def evaluate(game: GardensGame) -> list[float]:
    if game.is_over:
        w = game.winners
        return [1.0 / len(w) if p.name in w else 0.0 for p in game.players]
    return margin_chances([float(p.score) for p in game.players], scale=10.0)


class GardensStrongBot:
    """ISMCTS for the Gardens with ``playouts`` simulations per decision (or a level).
    Deterministic for a given seed, budget and information set."""

    name = "strong"

    def __init__(self, seed: int | None = None, playouts: int | str = "strong", rollout: int = 8):
        self.seed = 0 if seed is None else seed
        self.playouts = LEVELS[playouts] if isinstance(playouts, str) else int(playouts)
        self.name = playouts if isinstance(playouts, str) else "strong"
        self.rollout = rollout

    def __repr__(self) -> str:
        return f"GardensStrongBot(playouts={self.playouts})"

    def analyse(self, game: GardensGame) -> list[Choice]:
        return search(
            game, playouts=self.playouts, seed=f"{self.seed}:{game.step}",
            policy=rollout_policy, evaluate=evaluate, rollout=self.rollout, focus=focus,
        )  # fmt: skip

    def choose(self, game: GardensGame) -> Lay:
        action: Lay = self.analyse(game)[0].action
        return action
