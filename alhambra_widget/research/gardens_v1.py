"""PettingZoo AEC environment of The Gardens of the Alhambra, 2 to 4 players:
``gardens_v1.env(players=2)``. See :mod:`.aec` and docs/research.md."""

from __future__ import annotations

from typing import Any

from ..engine.gardens.game import GardensGame
from .aec import GameEnv, wrap
from .codec import Steps


class raw_env(GameEnv):
    """The Gardens AEC environment, unwrapped (:func:`env` wraps it)."""

    metadata = GameEnv.metadata | {"name": "gardens_v1"}
    game_name = "gardens"

    def new_game(self, seed: int) -> Steps:
        """A new Gardens game of ``n`` seats (``player_0``...), seeded, with the game's options."""
        names = [f"player_{i}" for i in range(self.n)]
        return Steps(GardensGame(names, seed=seed, **self.options))

    def svg(self) -> str:
        """The Gardens drawn by :func:`~alhambra_widget.views.gardens.view.gardens_svg`."""
        from ..views.gardens.view import gardens_svg

        assert self.steps is not None
        return gardens_svg(self.steps.game)


def env(**kwargs: Any) -> Any:
    """The wrapped environment (``players`` 2-4, ``rewards`` "win" or "points",
    ``render_mode`` "human", "svg", "rgb_array" or "ansi", and the game's options such as ``hand_size``)."""
    return wrap(raw_env(**kwargs))
