"""The strong Alhambra bot: information-set Monte Carlo tree search
(:mod:`alhambra_widget.ismcts`) with a fast rollout policy and an evaluation of
majorities, walls and money. It decides from what its seat may see: every simulation
starts from :meth:`Game.determinize`, never from the hidden state it is handed."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..ismcts import Choice, margin_chances, search
from .actions import Action, Buy, Place, TakeMoney
from .bots import GreedyBot
from .game import Game

FOCUS = 6
"""How many actions a node tries: the greedy bot's favourites (its ranking is the
search's prior; the search then decides among them)."""

_ranker = GreedyBot(0)


def focus(game: Game, legal: list[Action]) -> list[Action]:
    """The greedy bot's ``FOCUS`` favourite actions among ``legal``."""
    if len(legal) <= FOCUS:
        return legal
    return _ranker.rank(game, legal)[:FOCUS]

LEVELS = {"easy": 60, "medium": 250, "strong": 1000}
"""Simulations per decision for each level (the default level is ``"strong"``)."""


def rollout_policy(game: Game, rng: random.Random) -> Action:
    """Mostly the greedy bot's favourite, sometimes a quick sensible move (so the
    rollouts do not all follow one line)."""
    legal = game.legal_actions()
    if len(legal) > 1 and rng.random() < 0.75:
        return _ranker.rank(game, legal)[0]
    return quick_move(game, rng)


def quick_move(game: Game, rng: random.Random) -> Action:
    """A quick, sensible move: an exact purchase if there is one, else often a purchase,
    else the richest take of money; bought tiles are built where they may go (else the
    reserve). Redesigns only when nothing else is possible."""
    legal = game.legal_actions()
    if game.phase == "act":
        buys = [a for a in legal if type(a) is Buy]
        if buys:
            exact = [a for a in buys if game.is_exact(a)]
            if exact:
                return exact[rng.randrange(len(exact))]
            if rng.random() < 0.5:
                return buys[rng.randrange(len(buys))]
        takes = [a for a in legal if type(a) is TakeMoney]
        if takes:
            top = max(sum(c.value for c in a.cards) for a in takes)
            best = [a for a in takes if sum(c.value for c in a.cards) == top]
            return best[rng.randrange(len(best))]
        return legal[rng.randrange(len(legal))]
    places = [a for a in legal if type(a) is Place]
    pick = places or legal
    return pick[rng.randrange(len(pick))]


def estimate(game: Game) -> list[float]:
    """Each player's points at the end, roughly: points so far, what the scoring rounds
    still to come would give with today's buildings and walls (R10, R11), and a little
    for money in hand (it becomes buildings)."""
    if game.is_over:
        return [float(p.score) for p in game.players]
    est = [p.score + 0.1 * sum(c.value for c in p._money) for p in game.players]
    for number in range(len(game.rounds) + 1, 4):
        totals = game.scoring_preview(number).totals
        weight = 0.8 if number == len(game.rounds) + 1 else 0.6
        for i, p in enumerate(game.players):
            est[i] += weight * totals[p.name]
    return est


def evaluate(game: Game) -> list[float]:
    """Each player's chance to win: the real result at the end, else from the margin of
    the estimated points."""
    if game.is_over:
        w = game.winners
        return [1.0 / len(w) if p.name in w else 0.0 for p in game.players]
    return margin_chances(estimate(game), scale=12.0)


class StrongBot:
    """ISMCTS with ``playouts`` simulations per decision (or a level's: ``"easy"``,
    ``"medium"``, ``"strong"``). Deterministic for a given seed, budget and information
    set: the search is seeded by ``seed`` and the public step number only."""

    name = "strong"

    def __init__(self, seed: int | None = None, playouts: int | str = "strong", rollout: int = 12):
        self.seed = 0 if seed is None else seed
        self.playouts = LEVELS[playouts] if isinstance(playouts, str) else int(playouts)
        self.name = playouts if isinstance(playouts, str) else "strong"  # the seat's kind
        self.rollout = rollout

    def __repr__(self) -> str:
        return f"StrongBot(playouts={self.playouts})"

    def analyse(
        self, game: Game, progress: Callable[[int], bool | None] | None = None
    ) -> list[Choice]:
        """The search's view of every action for the player to move, best first."""
        return search(
            game,
            playouts=self.playouts,
            seed=f"{self.seed}:{game.step}",
            policy=rollout_policy,
            evaluate=evaluate,
            rollout=self.rollout,
            progress=progress,
            focus=focus,
        )

    def choose(self, game: Game) -> Action:
        choices: Sequence[Choice] = self.analyse(game)
        action: Action = choices[0].action
        return action
