"""PettingZoo AEC environment of Alhambra, 2 to 6 players:
``alhambra_v1.env(players=3)``. See :mod:`.aec` and docs/research.md."""

from __future__ import annotations

from typing import Any

from ..engine.alhambra.game import Game
from .aec import GameEnv, wrap
from .codec import Steps


class raw_env(GameEnv):
    """The Alhambra AEC environment, unwrapped (:func:`env` wraps it)."""

    metadata = GameEnv.metadata | {"name": "alhambra_v1"}
    game_name = "alhambra"

    def new_game(self, seed: int) -> Steps:
        """A new Alhambra game of ``n`` seats (``player_0``...), seeded, with the game's options."""
        return Steps(Game([f"player_{i}" for i in range(self.n)], seed=seed, **self.options))

    def svg(self) -> str:
        """The Alhambra drawn by :func:`~alhambra_widget.views.alhambra.svg.game_svg`."""
        from ..views.alhambra.svg import game_svg

        assert self.steps is not None
        return game_svg(self.steps.game)


def env(**kwargs: Any) -> Any:
    """The wrapped environment (``players`` 2-6, ``rewards`` "win" or "points",
    ``render_mode`` "human", "svg", "rgb_array" or "ansi", and the game's options such as ``dirk_can_win``)."""
    return wrap(raw_env(**kwargs))
