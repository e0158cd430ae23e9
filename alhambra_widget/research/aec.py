"""PettingZoo AEC environments of both games, built like PettingZoo's classic games
(chess, Texas hold'em): agents ``player_0`` .. ``player_{n-1}`` (seat order), a
``Discrete`` action space of the game's encoding (:mod:`.codec`; an Alhambra move may
take several steps, and the same agent then acts again), and observations
``{"observation": Box, "action_mask": int8}`` holding only what the acting agent may
see (:mod:`.observe`). Rewards come at the end: ``"win"`` (the winners share 1; the
default) or ``"points"`` (the agent's points minus the mean of the others', / 100).
``reset(seed=s)`` deals ``Game(seed=s)`` (later resets without a seed continue a
generator seeded with ``s``). ``render()`` gives the engine's SVG picture
(``render_mode="svg"``; no hands are drawn), that picture as an RGB array of one size
for the whole game (``"rgb_array"``, :mod:`.raster`) or text (``"ansi"``: the table as
a spectator sees it, no hand and no seed);
``"human"`` shows the picture in a notebook (the text elsewhere) after every step and
returns ``None``, as PettingZoo's human mode does.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..engine.errors import MalformedInput
from .codec import Steps
from .observe import observation, observation_size, text
from .raster import FRAME, Human, rgb_array

REWARDS = ("win", "points")


def final_rewards(game: Any, mode: str) -> list[float]:
    """Each seat's reward at the end: ``"win"`` (the winners share 1) or ``"points"``
    (own points minus the mean of the others', / 100)."""
    names = [p.name for p in game.players]
    if mode == "points":
        pts = [float(game.scores[n]) for n in names]
        n = len(pts)
        return [(p - (sum(pts) - p) / (n - 1)) / 100 for p in pts]
    winners = [n for n in game.winners if n in names]
    return [1.0 / len(winners) if n in winners else 0.0 for n in names]


class GameEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one game; :func:`new_game` (of a subclass) deals."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi", "svg", "rgb_array"],
        "is_parallelizable": False,
        "render_fps": 1,
    }
    game_name = ""

    def __init__(
        self, players: int = 2, rewards: str = "win", render_mode: str | None = None, **options: Any
    ):
        super().__init__()
        if rewards not in REWARDS:
            raise MalformedInput(f"rewards is 'win' or 'points', not {rewards!r}.")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise MalformedInput(
                f"render_mode is one of {self.metadata['render_modes']}, not {render_mode!r}."
            )
        self.n = players
        self.options = options
        self.reward_mode = rewards
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        size = self.new_game(0).codec.size
        obs = observation_size(self.game_name)
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=-10.0, high=10.0, shape=(obs,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._seeds = random.Random()
        self.steps: Steps | None = None
        self.human = Human()

    def new_game(self, seed: int) -> Steps:
        """A new game of this environment, dealt with ``seed``, as Steps (each game's subclass says
        which)."""
        raise NotImplementedError

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``: the observation vector and the action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: one integer step of :mod:`.codec`."""
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent`` may see (no hidden information): its observation vector, and the mask of
        legal steps when it is to move."""
        assert self.steps is not None
        seat = self.possible_agents.index(agent)
        obs = np.asarray(observation(self.steps, seat), dtype=np.float32)
        mask = np.zeros(self.action_spaces[agent].n, dtype=np.int8)
        if agent == self.agent_selection and not self.steps.over:
            mask[self.steps.legal()] = 1
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (seeded by ``seed``, or the next seed of the environment); the seat to
        move is selected."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(2**31)
        self.steps = self.new_game(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.steps.game.current]
        if self.render_mode == "human":
            self.render()

    def step(self, action: Any) -> None:
        """Play the selected agent's step (the engine refuses an illegal one); at the game's end
        every agent gets its final reward."""
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        assert self.steps is not None
        self.steps.step(int(action))
        self._cumulative_rewards[self.agent_selection] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.steps.over:
            for a, r in zip(self.possible_agents, final_rewards(self.steps.game, self.reward_mode)):
                self.rewards[a] = r
                self.terminations[a] = True
        else:
            self.agent_selection = self.agents[self.steps.game.current]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        """The game as the render mode asks: SVG text, an RGB array of the game's
        :data:`~.raster.FRAME`, text, or (``"human"``) shown, returning ``None``."""
        if self.render_mode is None or self.steps is None:
            return None
        if self.render_mode == "svg":
            return self.svg()
        if self.render_mode == "rgb_array":
            return rgb_array(self.svg(), FRAME[self.game_name])
        if self.render_mode == "human":
            self.human.show(self.svg(), self.words())
            return None
        return self.words()

    def words(self) -> str:
        """The table in words, as a spectator sees it (no hand, no seed)."""
        assert self.steps is not None
        return text(self.steps, self.steps.game.current, private=False)

    def svg(self) -> str:
        """The current game drawn as SVG by the game's view."""
        raise NotImplementedError

    def close(self) -> None:
        """Nothing to release."""
        pass


def wrap(env: GameEnv) -> Any:
    """PettingZoo's classic wrappers: actions out of range refused, order enforced.
    An illegal step raises the engine's IllegalAction (never a silent penalty)."""
    out = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(out)
