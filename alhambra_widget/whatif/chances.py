"""Win chances from bot playouts in worlds where what nobody can know is redrawn:
:func:`win_chances`, on any ``concurrent.futures`` executor."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.alhambra.actions import Action
from ..engine.alhambra.game import Game
from ..engine.errors import IllegalAction
from ..players.parallel import InProcessExecutor, process_pool

if TYPE_CHECKING:
    from tqdm.auto import tqdm as Tqdm

    from ..engine.gardens.game import Lay

from .position import AnyGame
from .tables import data_frame, need_module


# -- win chances from bot playouts -----------------------------------------------------------
@dataclass
class WinChances:
    """For each candidate move, each player's share of wins over the continuations."""

    player: str
    candidates: list[Any]
    """The candidate actions (:class:`Action` or :class:`Lay`)."""
    wins: dict[str, dict[str, float]]  # candidate text -> player -> wins
    n: int
    seconds: float

    def table(self) -> Any:
        """A DataFrame (a :class:`PlainFrame` without pandas): each candidate's share of
        wins per player, the best for ``player`` first."""
        rows: list[dict[str, Any]] = [
            {"move": m, **{p: w / self.n for p, w in wins.items()}} for m, wins in self.wins.items()
        ]
        rows.sort(key=lambda r: -float(r[self.player]))  # stable: ties keep the candidates' order
        return data_frame(rows, ("move",))

    def plot(self, ax: Any = None) -> Any:
        """A horizontal bar chart of the chances (needs matplotlib and pandas); drawn on ``ax`` if
        given, which it returns."""
        plt = need_module("matplotlib.pyplot")
        need_module("pandas")
        df = self.table()
        if ax is None:
            _fig, ax = plt.subplots(figsize=(7, 0.5 + 0.45 * len(df)))
        df.plot.barh(ax=ax)
        ax.set_xlabel(f"chance of winning ({self.n} continuations per move)")
        ax.invert_yaxis()
        return ax


CHUNK = 10
"""Continuations per unit of work sent to an executor (a fixed size, so the work and
its results do not depend on the executor)."""


def _continuations(
    text: str, kind: str, cand: dict[str, Any], seeds: list[int], bot: str
) -> list[list[str]]:
    """Play one candidate's continuations: the winners of each. A unit of work for an
    executor (module level, plain arguments: it pickles for processes and clusters)."""
    from ..engine.gardens.game import GardensGame
    from ..players.bots import make_bot

    cls: Any = Game if kind == "alhambra" else GardensGame
    start = cls.from_json(text)
    start.apply(start.action_from_json(cand))
    out = []
    for s in seeds:
        g = start.sample_hidden(s)  # what nobody can know is redrawn
        rng = random.Random(s)
        bots = [make_bot(bot, rng.randrange(2**31), g) for _ in g.players]
        while not g.is_over:
            g.apply(bots[g.current].choose(g))
        out.append(list(g.winners))
    return out


def _default_executor() -> tuple[Executor, bool]:
    """A process pool on the local cores, or one process where processes cannot start
    (Pyodide): (executor, whether we own it and must shut it down)."""
    import os

    pool = process_pool(os.cpu_count() or 1) if (os.cpu_count() or 1) > 1 else None
    return (pool if pool is not None else InProcessExecutor()), True


def win_chances(
    game: AnyGame,
    candidates: Sequence[Action | Lay] | None = None,
    n: int = 200,
    bot: str = "random",
    seed: int = 0,
    progress: bool = True,
    executor: Executor | None = None,
) -> WinChances:
    """Estimate, for each candidate move of the player to move (default: every legal
    action, up to 12 picked by the greedy bot's preference), each player's chance of
    winning: ``n`` continuations per move, played by bots in worlds where what nobody
    can know (the bag, the order of the money deck, the Gardens supply) is redrawn.

    The continuations run on ``executor`` (any ``concurrent.futures.Executor``: a Dask
    ``client.get_executor()`` or a Ray executor spreads a big study over a cluster); by
    default a process pool on the local cores, or one process where processes cannot
    start. For a given ``seed`` the result is the same whatever the executor."""
    if game.is_over:
        raise IllegalAction("R12", "R12: the game is over: there is nothing to estimate.")
    me = game.current_player.name
    if candidates is None:
        legal = game.legal_actions()
        candidates = legal if len(legal) <= 12 else _top_moves(game, legal, 12)
    rng = random.Random(seed)
    seeds = [[rng.randrange(2**63) for _ in range(n)] for _ in candidates]
    text = game.to_json()
    kind = "alhambra" if isinstance(game, Game) else "gardens"
    names = [p.name for p in game.players]
    own = executor is None
    if executor is None:
        executor, own = _default_executor()
    bar = _progress(len(candidates) * n) if progress else None
    t0 = time.perf_counter()
    try:
        futures = [
            [
                executor.submit(_continuations, text, kind, cand.to_json(), s[i : i + CHUNK], bot)
                for i in range(0, n, CHUNK)
            ]
            for cand, s in zip(candidates, seeds)
        ]
        wins: dict[str, dict[str, float]] = {}
        for cand, fs in zip(candidates, futures):
            tally = {nm: 0.0 for nm in names}
            for f in fs:  # in a fixed order: the same sums whatever the executor
                for winners in f.result():
                    for w in winners:
                        if w in tally:
                            tally[w] += 1 / len(winners)
                if bar is not None:
                    bar.update(CHUNK)
            wins[str(cand)] = tally
    finally:
        if own:
            executor.shutdown(cancel_futures=True)
        if bar is not None:
            bar.close()
    return WinChances(me, list(candidates), wins, n, time.perf_counter() - t0)


def _top_moves(game: AnyGame, legal: Sequence[Action | Lay], k: int) -> list[Action | Lay]:
    from ..players.alhambra.greedy import GreedyBot

    if isinstance(game, Game):
        actions = [a for a in legal if isinstance(a, Action)]
        return list(GreedyBot(0).rank(game, actions)[:k])
    return list(legal[:k])


def _progress(total: int) -> Tqdm | None:
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is in the dev extras
        return None
    return tqdm(total=total, desc="continuations", leave=False)
