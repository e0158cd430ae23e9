"""OpenSpiel games ``python_alhambra`` (2-6 players) and ``python_gardens`` (2-4),
registered with ``pyspiel.register_game`` when this module is imported.

Sequential, imperfect information, explicit chance (``EXPLICIT_STOCHASTIC``) at one
node: the first, where chance picks one of ``deals`` seeds (uniformly; game parameter,
65536 by default), which the players never see; every later draw (the deal, the
money deck, the bag) is the engine's own generator seeded with it, so a state is its
history and serializes as OpenSpiel's default does. Terminal rewards: the winners
share 1. Actions are the
encoding of :mod:`.codec`; information-state and observation strings and tensors are
what the seat may see (:mod:`.observe`: the seat's view, not a record of its past);
``resample_from_infostate`` is the engine's ``determinize``, so OpenSpiel's ISMCTS
bot plays it (:func:`ismcts_bot`; :func:`ismcts_seat` seats it in the arena).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from ..engine.alhambra.game import Game
from ..engine.gardens.game import GardensGame
from ..players.base import RandomBot
from .aec import final_rewards
from .codec import ALHAMBRA_SIZE, GARDENS_SIZE, Steps
from .observe import observation, observation_size, text

_GAMES = {
    "python_alhambra": ("alhambra", 2, 6, ALHAMBRA_SIZE, 100_000),
    "python_gardens": ("gardens", 2, 4, GARDENS_SIZE, 36),
}


def _game_type(short: str) -> Any:
    _name, lo, hi, _size, _length = _GAMES[short]
    return pyspiel.GameType(
        short_name=short,
        long_name=f"Python {'Alhambra' if _name == 'alhambra' else 'Gardens of the Alhambra'} (alhambra-widget)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 2, "deals": 65536},
    )


class EngineGame(pyspiel.Game):  # type: ignore[misc]
    """One of the two games; its initial state is the chance node of the deal."""

    short_name = ""

    def __init__(self, params: dict[str, Any] | None = None):
        params = dict(params or {})
        name, _lo, _hi, size, length = _GAMES[self.short_name]
        self.kind = name
        self.n = int(params.get("players", 2))
        self.deals = int(params.get("deals", 65536))
        info = pyspiel.GameInfo(
            num_distinct_actions=size,
            max_chance_outcomes=self.deals,
            num_players=self.n,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=length,
        )
        super().__init__(_game_type(self.short_name), info, params)

    def deal(self, seed: int) -> Any:
        """A new engine game of ``n`` seats (``P0``...), dealt with ``seed``."""
        names = [f"P{i}" for i in range(self.n)]
        return GardensGame(names, seed=seed) if self.kind == "gardens" else Game(names, seed=seed)

    def new_initial_state(self) -> EngineState:
        """The initial state: the deal (a chance node) is to come."""
        return EngineState(self, None)

    def state_from(self, engine_game: Any) -> EngineState:
        """The state of a copy of an engine game (for a bot seated at a table)."""
        return EngineState(self, Steps(engine_game.copy()))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """An Observer of the observation vector of :mod:`.observe`."""
        return Observer(observation_size(self.kind))


class AlhambraGame(EngineGame):
    """Alhambra as an OpenSpiel game (``python_alhambra``)."""

    short_name = "python_alhambra"


class GardensSpielGame(EngineGame):
    """The Gardens of the Alhambra as an OpenSpiel game (``python_gardens``)."""

    short_name = "python_gardens"


class EngineState(pyspiel.State):  # type: ignore[misc]
    """A state: an engine game played by the steps of :mod:`.codec`."""

    def __init__(self, game: EngineGame, steps: Steps | None):
        super().__init__(game)
        self.steps: Steps = steps  # type: ignore[assignment]  # None: the deal is to come
        self.dealt = steps is not None

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance (before the deal) or terminal player."""
        if not self.dealt:
            return int(pyspiel.PlayerId.CHANCE)
        if self.steps.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.steps.game.current)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.steps.legal()) if player == self.current_player() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deal's outcomes: each of the game's ``deals`` seeds, equally likely."""
        n = self.get_game().deals
        return [(i, 1.0 / n) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        if not self.dealt:
            self.steps = Steps(self.get_game().deal(int(action)))
            self.dealt = True
            return
        self.steps.step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return str(self.steps.codec.describe(int(action)))

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.dealt and self.steps.over

    def returns(self) -> list[float]:
        """Each seat's final reward ("win" rewards), 0 until the end."""
        if not self.is_terminal():
            return [0.0] * self.get_game().num_players()
        return final_rewards(self.steps.game, "win")

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> EngineState:
        """A state ``player_id`` cannot tell from this one: the engine's determinize."""
        seed = int(probability_sampler() * 2**31)
        return EngineState(self.get_game(), self.steps.determinize(player_id, seed))

    def __str__(self) -> str:
        if not self.dealt:
            return "the deal is to come"
        return f"{self.steps.game!r} begun {list(self.steps.prefix)}"


class Observer:
    """OpenSpiel's python observer: one flat tensor of :mod:`.observe`'s numbers."""

    def __init__(self, size: int):
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: EngineState, player: int) -> None:
        """Fill the tensor with what ``player`` may see of ``state`` (zeros before the deal)."""
        if state.dealt:
            self.tensor[:] = observation(state.steps, player)
        else:
            self.tensor.fill(0.0)

    def string_from(self, state: EngineState, player: int) -> str:
        """What ``player`` may see of ``state``, in words."""
        return text(state.steps, player) if state.dealt else "the deal is to come"


pyspiel.register_game(_game_type("python_alhambra"), AlhambraGame)
pyspiel.register_game(_game_type("python_gardens"), GardensSpielGame)


def standing(game: Any) -> list[float]:
    """A quick value of an unfinished game for each seat: its points plus what the
    next scoring round would give it now (the engine's preview; the Gardens: points),
    turned into shares of 1 (a softmax over tens of points)."""
    names = [p.name for p in game.players]
    pts = dict(game.scores)
    if getattr(game, "GAME", "alhambra") == "alhambra":
        for n, v in game.scoring_preview(game.next_scoring_round).totals.items():
            if n in pts:
                pts[n] += v
    top = max(pts.values())
    w = [float(np.exp((pts[n] - top) / 10)) for n in names]
    return [x / sum(w) for x in w]


class EngineRollouts:
    """An ISMCTS evaluator working on the engine itself (no step encoding): the mean
    result of ``rollouts`` random playouts, each to the end (``depth=None``) or for
    ``depth`` engine moves and then valued by :func:`standing`; priors uniform."""

    def __init__(self, rollouts: int = 1, seed: int = 0, depth: int | None = None):
        self.rollouts = rollouts
        self.depth = depth
        self.rng = random.Random(seed)

    def evaluate(self, state: EngineState) -> np.ndarray:
        """The mean result of ``rollouts`` random playouts from ``state`` (finishing the move begun
        first)."""
        total = np.zeros(state.get_game().num_players())
        for _ in range(self.rollouts):
            s = state.steps.copy()
            while s.prefix:  # finish the move begun
                s.step(self.rng.choice(s.legal()))
            bot = RandomBot(self.rng.randrange(2**31))
            g = s.game
            left = -1 if self.depth is None else self.depth
            while not g.is_over and left != 0:
                g.apply(bot.choose(g))
                left -= 1
            total += final_rewards(g, "win") if g.is_over else standing(g)
        return total / self.rollouts

    def prior(self, state: EngineState) -> list[tuple[int, float]]:
        """Uniform priors over the legal steps."""
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def ismcts_bot(
    game: EngineGame, simulations: int = 50, seed: int = 0, rollouts: int = 1, depth: int | None = 8
) -> Any:
    """OpenSpiel's own ISMCTS bot (``open_spiel.python.algorithms.ismcts``) on one of
    these games, with :class:`EngineRollouts` as its evaluator (``depth`` random
    engine moves, then :func:`standing`; ``None``: random playouts to the end)."""
    from open_spiel.python.algorithms import ismcts

    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=EngineRollouts(rollouts, seed, depth),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed),
        allow_inconsistent_action_sets=True,
    )
    # The worlds it samples come from a generator seeded here (OpenSpiel's default
    # sampler draws from a process-wide source): the same seed, the same play.
    rng = random.Random(f"ismcts:{seed}")
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.random))
    return bot


class SpielSeat:
    """An OpenSpiel bot as a package bot (``choose(game)``): it makes the steps of one
    move on a copy of the engine game and returns that move."""

    def __init__(self, bot: Any, game: EngineGame):
        self.bot = bot
        self.spiel = game
        self.name = "openspiel-ismcts"

    def choose(self, game: Any) -> Any:
        """The engine move the OpenSpiel bot chooses in ``game``, made step by step on its copy."""
        state = self.spiel.state_from(game)
        steps = state.steps
        while True:
            legal = steps.legal()
            a = legal[0] if len(legal) == 1 else self.bot.step(state)
            move = steps.step(a)
            if move is not None:
                return move


class IsmctsSeat:
    """An arena seat for OpenSpiel's ISMCTS: a picklable factory ``(seed, game) ->
    bot`` (processes and clusters build the bot where the game is played), with
    ``simulations`` per step; its ``name`` labels it in the arena's figures."""

    def __init__(self, simulations: int = 50, depth: int | None = 8):
        self.simulations = simulations
        self.depth = depth
        self.name = f"openspiel-ismcts:{simulations}" + ("" if depth == 8 else f":{depth or 'end'}")

    def __call__(self, seed: int, game: Any) -> SpielSeat:
        short = "python_gardens" if getattr(game, "GAME", "") == "gardens" else "python_alhambra"
        spiel = pyspiel.load_game(short, {"players": len(game.players)})
        return SpielSeat(ismcts_bot(spiel, self.simulations, seed, depth=self.depth), spiel)
