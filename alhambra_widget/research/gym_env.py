"""A Gymnasium environment: one seat of either game, every other seat a bot of the
package (``"random"``, ``"greedy"``, ``"easy"``, ``"medium"``, ``"strong"``,
``"strong:N"``: :func:`~alhambra_widget.players.bots.make_bot`).

The actions are the game's encoding (:mod:`.codec`); the observation is
``{"observation", "action_mask"}`` of the agent's seat (:mod:`.observe`), and
:meth:`SeatEnv.action_masks` gives the mask (as sb3-contrib's maskable agents ask).
The reward comes at the end (``"win"`` or ``"points"``, as in :mod:`.aec`). A step
the rules refuse ends the episode with reward -1 and the engine's sentence in
``info["illegal"]`` (``illegal="lose"``, the default, as PettingZoo's classic games do),
or raises the engine's IllegalAction (``illegal="raise"``).

Importing this module registers the Gymnasium ids :data:`IDS`:
``gym.make("alhambra_widget/Alhambra-v1")`` (or, without importing first,
``gym.make("alhambra_widget.research.gym_env:alhambra_widget/Alhambra-v1")``), and
``"alhambra_widget/Gardens-v1"``; keyword arguments pass to :class:`SeatEnv`.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..engine.alhambra.game import Game
from ..engine.errors import IllegalAction, MalformedInput
from ..engine.gardens.game import GardensGame
from ..players.bots import make_bot
from .aec import REWARDS, final_rewards
from .codec import Steps
from .observe import observation, observation_size, text
from .raster import FRAME, Human, rgb_array


class SeatEnv(gym.Env):
    """Seat ``seat`` of a ``players``-player game of ``game`` ("alhambra" or
    "gardens"); ``opponents`` is one bot kind for all other seats or one per seat."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["human", "ansi", "svg", "rgb_array"],
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str = "alhambra",
        players: int = 2,
        seat: int = 0,
        opponents: str | list[str] = "greedy",
        rewards: str = "win",
        illegal: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ):
        if (
            game not in ("alhambra", "gardens")
            or rewards not in REWARDS
            or illegal not in ("lose", "raise")
        ):
            raise MalformedInput(
                "game is alhambra/gardens, rewards win/points, illegal lose/raise."
            )
        self.game_name = game
        self.players = players
        self.seat = seat
        kinds = [opponents] * players if isinstance(opponents, str) else list(opponents)
        self.kinds = kinds
        self.reward_mode = rewards
        self.illegal = illegal
        self.render_mode = render_mode
        self.options = options
        self.steps = self._deal(0)
        size = self.steps.codec.size
        self.action_space = spaces.Discrete(size)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-10.0, 10.0, (observation_size(game),), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.bots: list[Any] = []
        self.human = Human()

    def _deal(self, seed: int) -> Steps:
        names = [f"player_{i}" for i in range(self.players)]
        cls = GardensGame if self.game_name == "gardens" else Game
        return Steps(cls(names, seed=seed, **self.options))

    def _obs(self) -> dict[str, np.ndarray]:
        mask = np.zeros(self.steps.codec.size, dtype=np.int8)
        if not self.steps.over and self.steps.game.current == self.seat:
            mask[self.steps.legal()] = 1
        obs = np.asarray(observation(self.steps, self.seat), dtype=np.float32)
        return {"observation": obs, "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The legal steps as booleans (for MaskablePPO and the like)."""
        return self._obs()["action_mask"].astype(bool)

    def _bots_play(self) -> None:
        s = self.steps
        while not s.over and s.game.current != self.seat:
            s.apply(self.bots[s.game.current].choose(s.game))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal a new game (seeded) with new bots in the other seats, and let them play up to the
        learner's turn."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31)) if seed is None else seed
        self.steps = self._deal(game_seed)
        self.bots = [
            None if i == self.seat else make_bot(k, game_seed * 10 + i, self.steps.game)
            for i, k in enumerate(self.kinds)
        ]
        self._bots_play()
        if self.render_mode == "human":
            self.render()
        return self._obs(), {}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play one step of the seat's move, then the bots' moves until the seat is to
        act again: ``(observation, reward, terminated, truncated, info)``. A refused
        step ends the episode with -1 and the engine's sentence in ``info`` (or raises
        ``IllegalAction``, with ``illegal="raise"``)."""
        try:
            self.steps.step(int(action))
        except IllegalAction as e:
            if self.illegal == "raise":
                raise
            return self._obs(), -1.0, True, False, {"illegal": e.sentence, "rule": e.rule}
        self._bots_play()
        if self.render_mode == "human":
            self.render()
        if self.steps.over:
            r = final_rewards(self.steps.game, self.reward_mode)[self.seat]
            return self._obs(), r, True, False, {"scores": self.steps.game.scores}
        return self._obs(), 0.0, False, False, {}

    def render(self) -> Any:
        """The game as the render mode asks: SVG text, an RGB array of the game's
        :data:`~.raster.FRAME` (:mod:`.raster`), the seat's text, or (``"human"``) shown,
        returning ``None``."""
        if self.render_mode == "ansi":
            return text(self.steps, self.seat)
        if self.render_mode not in ("svg", "rgb_array", "human"):
            return None
        if self.game_name == "gardens":
            from ..views.gardens.view import gardens_svg

            svg = gardens_svg(self.steps.game)
        else:
            from ..views.alhambra.svg import game_svg

            svg = game_svg(self.steps.game)
        if self.render_mode == "svg":
            return svg
        if self.render_mode == "human":
            self.human.show(svg, text(self.steps, self.seat))
            return None
        return rgb_array(svg, FRAME[self.game_name])


IDS = {"alhambra_widget/Alhambra-v1": "alhambra", "alhambra_widget/Gardens-v1": "gardens"}
"""The Gymnasium ids registered, and the game each makes (version as the PettingZoo
environments': the observation's :data:`~.observe.VERSION`)."""

for _id, _game in IDS.items():
    if _id not in gym.registry:
        gym.register(_id, entry_point=SeatEnv, kwargs={"game": _game})
