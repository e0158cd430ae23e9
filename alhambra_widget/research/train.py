"""Training the learned baseline: ``python -m alhambra_widget.research.train --game alhambra``.

MaskablePPO (sb3-contrib) on :class:`ChoiceEnv`: one seat of a 2-player game against
the package's bots (by default random and greedy, one drawn per game), where an
action is one of the game's few choices (:mod:`alhambra_widget.players.learned`),
each resolved to one engine action from the engine's own legal list; the agent sees
the features of its own seat only. A choice with nothing else available is made
without asking the agent.

The reward: the change of the seat's lead (its points less the best other seat's) /
100 after each of its steps, and at the end twice its share of the win less 1 (1 for
a win, -1 for a loss, 0 for a win shared by two). So the rewards of a game add up to
the final lead / 100 plus the result.

Every ``--eval-every`` steps the policy is exported (the actor network's weights, as
:class:`~alhambra_widget.players.learned.mlp.Network` JSON) and plays ``--eval-games``
seeded games against each of ``--eval-against`` (random and greedy) through the same
bot that ships, seats alternating; each is a row of ``--curve`` (CSV: steps, minutes,
opponent, games, wins, rate, Wilson 95% interval). The export with the best mean rate
is written to ``--out``. Training stops after ``--minutes`` or
``--steps``, whichever comes first.

Needs the ``train`` extra (torch, sb3-contrib), imported only here.
"""

from __future__ import annotations

import argparse
import csv
import json
import time
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..engine.alhambra.game import Game
from ..engine.gardens.game import GardensGame
from ..players.arena import wilson
from ..players.bots import make_bot
from ..players.ladder import play
from ..players.learned.bot import GAMES, WEIGHTS, BaselineBot
from ..players.learned.mlp import Network, layer


def _lead(game: Any, seat: int) -> float:
    me = game.players[seat]
    return float(me.score - max(p.score for p in game.players if p.name != me.name))


class ChoiceEnv(gym.Env):
    """One seat of a 2-player ``game`` (``"alhambra"``, ``"gardens"``) against a bot
    drawn from ``opponents`` each game; the seat drawn each game too."""

    def __init__(self, game: str = "alhambra", opponents: tuple[str, ...] = ("random", "greedy")):
        self.game_kind = game
        self.module = GAMES[game]
        self.opponents = opponents
        self.game: Any = self._deal(0)
        self.seat = 0
        self.bot: Any = None
        self.opts: list[Any] = []
        self.size = len(self.module.features(self.game, self.module.options(self.game)))
        self.observation_space = spaces.Box(-10.0, 10.0, (self.size,), np.float32)
        self.action_space = spaces.Discrete(len(self.module.CHOICES))

    def _deal(self, seed: int) -> Any:
        cls = GardensGame if self.game_kind == "gardens" else Game
        return cls(["P0", "P1"], seed=seed)

    def _advance(self) -> None:
        """Let the bot move, and make the seat's forced choices, until the seat has a
        real choice or the game is over."""
        g = self.game
        while not g.is_over:
            if g.current != self.seat:
                g.apply(self.bot.choose(g))
                continue
            self.opts = self.module.options(g)
            avail = [o for o in self.opts if o is not None]
            if len(avail) > 1:
                return
            g.apply(avail[0])

    def _obs(self) -> np.ndarray:
        if self.game.is_over:
            return np.zeros(self.size, np.float32)
        return np.asarray(self.module.features(self.game, self.opts), np.float32)

    def action_masks(self) -> np.ndarray:
        """The choices available now (MaskablePPO asks)."""
        if self.game.is_over:
            return np.ones(len(self.module.CHOICES), bool)
        return np.array([o is not None for o in self.opts], bool)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        """A new game, seat and opponent, played up to the seat's first choice."""
        super().reset(seed=seed)
        r = self.np_random
        self.game = self._deal(int(r.integers(2**31)))
        self.seat = int(r.integers(2))
        kind = self.opponents[int(r.integers(len(self.opponents)))]
        self.bot = make_bot(kind, int(r.integers(2**31)), self.game)
        self._advance()
        return self._obs(), {}

    def step(self, action: Any) -> Any:
        """Make choice ``action``; the bot plays; reward as the module says. A choice
        the mask leaves out ends the episode with -1 (for unmasked agents)."""
        choice = self.opts[int(action)] if not self.game.is_over else None
        if choice is None:  # masked: nothing of that kind is legal now (an unmasked agent)
            return self._obs(), -1.0, True, False, {"unavailable": self.module.CHOICES[int(action)]}
        before = _lead(self.game, self.seat)
        self.game.apply(choice)
        self._advance()
        reward = (_lead(self.game, self.seat) - before) / 100
        done = self.game.is_over
        if done:
            winners = self.game.winners
            me = self.game.players[self.seat].name
            reward += 2 * (1 / len(winners) if me in winners else 0.0) - 1
        return self._obs(), reward, done, False, {}


def _torch() -> tuple[Any, Any]:
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError as e:
        raise SystemExit(
            "Training needs torch and sb3-contrib: pip install -e '.[rl,train]' "
            f"(the train extra pins a CPU-friendly torch). ({e})"
        ) from e
    return torch, MaskablePPO


def export(model: Any, game: str, meta: dict[str, Any]) -> dict[str, Any]:
    """The actor of a MaskablePPO ``model`` (its policy MLP and action head) as
    :class:`~alhambra_widget.players.learned.mlp.Network` JSON."""
    policy = model.policy
    linears = [m for m in policy.mlp_extractor.policy_net if hasattr(m, "weight")]
    linears.append(policy.action_net)
    layers = []
    for i, lin in enumerate(linears):
        w = lin.weight.detach().cpu().numpy().astype(float).tolist()
        b = lin.bias.detach().cpu().numpy().astype(float).tolist()
        layers.append(layer(w, b, None if i == len(linears) - 1 else "tanh"))
    return {"game": game, "choices": list(GAMES[game].CHOICES), **meta, "layers": layers}


def evaluate(net: Network, game: str, games: int, seed: int, opponent: str = "random") -> float:
    """The net's wins (a shared win its share) in ``games`` 2-player games against
    ``opponent``, seeds from ``seed``, seats alternating."""

    def seat(s: int, g: Any) -> BaselineBot:
        return BaselineBot(s, game, net)

    seat.name = "baseline"  # type: ignore[attr-defined]
    wins = 0.0
    for i in range(games):
        seats: list[Any] = [seat, opponent] if i % 2 == 0 else [opponent, seat]
        r = play(f"{game}:2", seats, seed + i)
        k = i % 2
        if r["won"][k]:
            wins += 1 / sum(r["won"])
    return wins


def _row(
    writer: Any, f: Any, at: tuple[int, float], opponent: str, wins: float, games: int
) -> float:
    lo, hi = wilson(wins, games)
    steps, minutes = at
    writer.writerow(
        [
            steps,
            f"{minutes:.2f}",
            opponent,
            games,
            f"{wins:g}",
            f"{wins / games:.3f}",
            f"{lo:.3f}",
            f"{hi:.3f}",
        ]
    )
    f.flush()
    print(
        f"{steps:>8} steps {minutes:6.1f} min: {wins:g}/{games} wins against {opponent} "
        f"({lo:.0%}-{hi:.0%})",
        flush=True,
    )
    return wins / games


def _assess(args: argparse.Namespace, data: dict[str, Any], writer: Any, f: Any) -> float:
    """Play the exported policy against each of ``--eval-against``; log each; the mean rate."""
    at = (data["steps"], data["minutes"])
    rates = [
        _row(
            writer,
            f,
            at,
            o,
            evaluate(Network(data), args.game, args.eval_games, args.eval_seed, o),
            args.eval_games,
        )
        for o in args.eval_against
    ]
    return sum(rates) / len(rates)


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train as the command line says (see the module); returns the best export."""
    torch, MaskablePPO = _torch()
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    opponents = tuple(args.opponents)
    envs = DummyVecEnv([lambda: ChoiceEnv(args.game, opponents) for _ in range(args.envs)])
    envs.seed(args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        seed=args.seed,
        n_steps=args.n_steps,
        batch_size=256,
        n_epochs=args.epochs,
        learning_rate=args.lr,
        gamma=0.995,
        gae_lambda=0.95,
        ent_coef=0.01,
        verbose=0,
        policy_kwargs={"net_arch": {"pi": [64, 64], "vf": [64, 64]}},
    )
    start = time.perf_counter()
    best: dict[str, Any] = {}
    best_rate = -1.0
    Path(args.curve).parent.mkdir(parents=True, exist_ok=True)
    with open(args.curve, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(
            ["steps", "minutes", "opponent", "games", "wins", "rate", "ci95_low", "ci95_high"]
        )
        while True:
            minutes = (time.perf_counter() - start) / 60
            steps = int(model.num_timesteps)
            meta = {"steps": steps, "minutes": round(minutes, 2), "opponents": list(opponents)}
            data = export(model, args.game, meta)
            rate = _assess(args, data, writer, f)
            if rate >= best_rate:
                best, best_rate = data, rate
                Path(args.out).write_text(json.dumps(best) + "\n", encoding="utf-8")
            if minutes >= args.minutes or steps >= args.steps:
                if args.save:
                    model.save(args.save)  # the whole model, to go on training later
                return best
            model.learn(args.eval_every, reset_num_timesteps=False)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """The command line (see the module)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=sorted(GAMES), default="alhambra")
    ap.add_argument("--minutes", type=float, default=30.0)
    ap.add_argument("--steps", type=int, default=400_000)
    ap.add_argument("--eval-every", type=int, default=20_480)
    ap.add_argument("--eval-games", type=int, default=60)
    ap.add_argument("--eval-seed", type=int, default=900_000)
    ap.add_argument("--opponents", nargs="+", default=["random", "greedy"])
    ap.add_argument("--eval-against", nargs="+", default=["random", "greedy"])
    ap.add_argument("--envs", type=int, default=4)
    ap.add_argument("--n-steps", type=int, default=512)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--save", default="", help="also save the sb3 model (a .zip) at the end")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=None, help="the weights (default: the shipped file)")
    ap.add_argument("--curve", default=None, help="the learning curve, CSV")
    args = ap.parse_args(argv)
    args.out = args.out or str(WEIGHTS / f"{args.game}.json")
    args.curve = args.curve or f"{args.game}-curve.csv"
    return train(args)


if __name__ == "__main__":
    main()
