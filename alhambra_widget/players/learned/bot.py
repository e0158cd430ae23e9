"""The learned baseline as a bot: ``make_bot("baseline")``."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

from . import alhambra, gardens
from .mlp import Network

WEIGHTS = Path(__file__).parent / "weights"
"""Where the shipped weights are: ``alhambra.json`` and ``gardens.json``."""

GAMES = {"alhambra": alhambra, "gardens": gardens}
"""Each game's module of choices and features."""


@cache
def network(game_kind: str) -> Network:
    """The shipped policy network for ``game_kind`` (``"alhambra"``, ``"gardens"``)."""
    return Network.load(WEIGHTS / f"{game_kind}.json")


def pick(net: Network, x: list[float], mask: list[bool], rng: random.Random) -> int:
    """The available choice the network rates highest (ties broken by ``rng``)."""
    logits = net(x)
    best = max(v for v, ok in zip(logits, mask) if ok)
    return rng.choice([i for i, (v, ok) in enumerate(zip(logits, mask)) if ok and v == best])


class BaselineBot:
    """Plays the learned policy: at each decision the game's few choices (see
    :mod:`.alhambra`, :mod:`.gardens`), each one engine action from
    ``game.legal_actions()``; the network (the shipped one unless ``net``) picks the
    available choice it rates highest, from what the seat may see."""

    name = "baseline"

    def __init__(
        self, seed: int | None = None, game_kind: str = "alhambra", net: Network | None = None
    ):
        self.rng = random.Random(seed)
        self.game_kind = game_kind
        self.net = net or network(game_kind)
        self.module = GAMES[game_kind]

    def __repr__(self) -> str:
        return f"BaselineBot({self.game_kind!r})"

    def choose(self, game: Any) -> Any:
        """The engine action of the choice the network prefers."""
        opts = self.module.options(game)
        mask = [o is not None for o in opts]
        if sum(mask) == 1:
            return opts[mask.index(True)]
        i = pick(self.net, self.module.features(game, opts), mask, self.rng)
        return opts[i]
