"""OpenSpiel games ``python_alhambra`` (2-6 players) and ``python_gardens`` (2-4),
registered with ``pyspiel.register_game`` when this module is imported.

Sequential, imperfect information, explicit chance (``EXPLICIT_STOCHASTIC``) at the
start only: chance picks one of ``deals`` seeds (uniformly; game parameter, 65536 by
default), which the players never see, in two chance nodes of at most 256 outcomes
each (the seed's high part, weighted by how many seeds it leads to, then its low
part), so no node lists every deal; every later draw (the deal, the money deck, the
bag) is the engine's own generator seeded with it, so a state is its history and
serializes as OpenSpiel's default does. Terminal rewards: the winners share 1.
Actions are the encoding of :mod:`.codec`.

Observations honour OpenSpiel's observation types (:class:`Observer`): the tensor is
made of :mod:`.observe`'s pieces, ``private`` (the seat's own hand; every hand for
``ALL_PLAYERS``; none for ``NONE``) and ``public`` (unless ``public_info=False``). A
perfect-recall string (the information state) adds the seat's record: every step
since the deal and what the table showed after each move, and the seat's own draws
(the Gardens); the perfect-recall tensor is the same fixed-size view, which holds
what the record says of the hidden cards (each seat's publicly known money, the
discard pile). ``resample_from_infostate`` is the engine's ``determinize``, so
OpenSpiel's ISMCTS bot plays it (:func:`ismcts_bot`, which ``evaluate_bots`` can
restart; :class:`IsmctsSeat` seats it in the arena).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from ..engine.alhambra.game import Game
from ..engine.gardens.game import GardensGame
from ..players.base import RandomBot
from .aec import final_rewards
from .codec import ALHAMBRA_SIZE, GARDENS_SIZE, Steps
from .observe import piece_sizes, pieces, text

_GAMES = {
    "python_alhambra": ("alhambra", 2, 6, ALHAMBRA_SIZE, 100_000),
    "python_gardens": ("gardens", 2, 4, GARDENS_SIZE, 36),
}
BLOCK = 256
"""The most outcomes a chance node lists: a deal's seed is ``high * BLOCK + low``."""
PUBLIC = -1
"""The owner of a record entry every seat sees."""


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
    """One of the two games; its initial state is the chance node of the deal. A number
    of players the engine refuses, or ``deals`` below 1, is refused here, at
    ``load_game`` (the engine's own refusal, with its ruling)."""

    short_name = ""

    def __init__(self, params: dict[str, Any] | None = None):
        params = dict(params or {})
        name, _lo, _hi, size, length = _GAMES[self.short_name]
        self.kind = name
        self.n = int(params.get("players", 2))
        self.deals = int(params.get("deals", 65536))
        if self.deals < 1:
            raise ValueError(f"deals is at least 1, not {self.deals}.")
        self.deal(0)  # the engine refuses a number of players it does not seat
        self.blocks = -(-self.deals // BLOCK)
        info = pyspiel.GameInfo(
            num_distinct_actions=size,
            max_chance_outcomes=max(self.blocks, min(self.deals, BLOCK)),
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
        """The initial state: the deal (chance) is to come."""
        return EngineState(self, None)

    def state_from(self, engine_game: Any) -> EngineState:
        """The state of a copy of an engine game (for a bot seated at a table); its
        record starts at this position."""
        state = EngineState(self, Steps(engine_game.copy()))
        state.record = [(PUBLIC, "from a position")]
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """An Observer of the pieces ``iig_obs_type`` asks for (by default OpenSpiel's
        observation: public, the seat's own hand, no recall)."""
        return Observer(self.kind, iig_obs_type)


class AlhambraGame(EngineGame):
    """Alhambra as an OpenSpiel game (``python_alhambra``)."""

    short_name = "python_alhambra"


class GardensSpielGame(EngineGame):
    """The Gardens of the Alhambra as an OpenSpiel game (``python_gardens``)."""

    short_name = "python_gardens"


def _table(g: Any) -> str:
    """What a move showed every seat of the Alhambra's hidden piles: the display and the
    market as they now lie, and the scoring cards drawn (R9)."""
    market = ",".join(str(t) for t in g.market.values())
    return f"[{' '.join(map(str, g.display))}|{market}|{len(g.scoring_cards_drawn)}]"


class EngineState(pyspiel.State):  # type: ignore[misc]
    """A state: an engine game played by the steps of :mod:`.codec`. ``record`` is what
    the seats saw since the deal: ``(owner, words)`` entries, the owner :data:`PUBLIC`
    or the one seat that saw it."""

    def __init__(self, game: EngineGame, steps: Steps | None):
        super().__init__(game)
        self.steps: Steps = steps  # type: ignore[assignment]  # None: the deal is to come
        self.dealt = steps is not None
        self.high: int | None = None  # the seed's high part, once chance picked it
        self.record: list[tuple[int, str]] = []

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
        """The deal's outcomes, each of the game's ``deals`` seeds equally likely in the
        end: first the seed's high part (weighted by the seeds it leads to), then its
        low part; one node when there are at most :data:`BLOCK` deals."""
        game = self.get_game()
        d = game.deals
        if d <= BLOCK:
            return [(i, 1.0 / d) for i in range(d)]
        if self.high is None:
            return [(h, min(BLOCK, d - h * BLOCK) / d) for h in range(game.blocks)]
        n = min(BLOCK, d - self.high * BLOCK)
        return [(i, 1.0 / n) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        if not self.dealt:
            game = self.get_game()
            if game.deals > BLOCK and self.high is None:
                self.high = int(action)
                return
            self.steps = Steps(game.deal((self.high or 0) * BLOCK + int(action)))
            self.dealt = True
            if self.steps.codec.game == "alhambra":
                dirk = " ".join(t.name for t in self.steps.game.dirk_tiles)
                self.record.append((PUBLIC, f"dealt {_table(self.steps.game)} dirk {dirk}"))
            return
        self._step(int(action))

    def _step(self, action: int) -> None:
        """Take a step, and write in the record what the seats saw of it."""
        g = self.steps.game
        mover = g.current
        held = {t.id for t in g.players[mover].hand} if self.steps.codec.game == "gardens" else None
        move = self.steps.step(action)
        self.record.append((PUBLIC, str(action)))
        if move is None:
            return
        if held is None:
            self.record.append((PUBLIC, _table(g)))
        else:  # the Gardens: the tile drawn is seen by its player alone (G3)
            drawn = sorted({t.id for t in g.players[mover].hand} - held)
            self.record.append((mover, "drew " + " ".join(drawn)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {'high' if self.high is None and self.get_game().deals > BLOCK else 'low'} {action}"
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
        """A state ``player_id`` cannot tell from this one: the engine's determinize, with
        the record ``player_id`` saw (the other seats' own entries are not copied)."""
        seed = int(probability_sampler() * 2**31)
        out = EngineState(self.get_game(), self.steps.determinize(player_id, seed))
        out.record = [(o, w) for o, w in self.record if o in (PUBLIC, player_id)]
        return out

    def seen(self, player: int, private: str = "single", public: bool = True) -> str:
        """The record as ``player`` saw it: the public entries (``public``), and its own
        (``private`` ``"single"``) or everybody's (``"all"``) or none (``"none"``)."""

        def shown(owner: int) -> bool:
            if owner == PUBLIC:
                return public
            return private == "all" or (private == "single" and owner == player)

        return " ".join(w for o, w in self.record if shown(o))

    def __str__(self) -> str:
        if not self.dealt:
            return "the deal is to come"
        return f"{self.steps.game!r} begun {list(self.steps.prefix)}"


_PRIVATE = {
    pyspiel.PrivateInfoType.NONE: "none",
    pyspiel.PrivateInfoType.SINGLE_PLAYER: "single",
    pyspiel.PrivateInfoType.ALL_PLAYERS: "all",
}


class Observer:
    """OpenSpiel's python observer of one observation type: a flat tensor of the pieces
    of :func:`.observe.pieces` it asks for (``dict`` names each), and the words."""

    def __init__(self, kind: str, iig_obs_type: Any = None):
        t = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.private = _PRIVATE[t.private_info]
        self.public = bool(t.public_info)
        self.recall = bool(t.perfect_recall)
        sizes = piece_sizes(kind, self.private, self.public)
        self.tensor = np.zeros(sum(sizes.values()), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, n in sizes.items():
            self.dict[name] = self.tensor[at : at + n]
            at += n

    def set_from(self, state: EngineState, player: int) -> None:
        """Fill the tensor with the pieces ``player`` sees of ``state`` (zeros before the
        deal)."""
        if not state.dealt:
            self.tensor.fill(0.0)
            return
        for name, values in pieces(state.steps, player, self.private, self.public).items():
            self.dict[name][:] = values

    def string_from(self, state: EngineState, player: int) -> str:
        """What ``player`` sees of ``state``, in words; with perfect recall, then the record
        as it saw it."""
        if not state.dealt:
            return "the deal is to come"
        s = state.steps
        out = text(s, player, self.private == "single", self.public)
        if self.private == "all":
            out += "".join(
                f"\nP{i} {text(s, i, True, False).splitlines()[1]}"
                for i in range(len(s.game.players))
            )
        if self.recall:
            out += "\nrecord " + state.seen(player, self.private, self.public)
        return out


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


class RestartableISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS bot, which searches afresh at every step, with the two calls
    ``evaluate_bots`` makes of every bot: ``restart_at`` and ``inform_action`` (nothing
    to do: the bot keeps no tree between steps)."""

    def restart_at(self, state: Any) -> None:
        """Nothing kept between steps: nothing to restart."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing kept between steps: another seat's action needs no bookkeeping."""


def ismcts_bot(
    game: EngineGame, simulations: int = 50, seed: int = 0, rollouts: int = 1, depth: int | None = 8
) -> Any:
    """OpenSpiel's own ISMCTS bot (``open_spiel.python.algorithms.ismcts``) on one of
    these games, with :class:`EngineRollouts` as its evaluator (``depth`` random
    engine moves, then :func:`standing`; ``None``: random playouts to the end); it can
    be restarted, so ``evaluate_bots`` plays it (:class:`RestartableISMCTS`)."""
    bot = RestartableISMCTS(
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
