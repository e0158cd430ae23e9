"""Does the search gain from the money everyone saw?
``python benchmarks/determinization.py --games 60 --playouts 300 --workers 1``.

Prints figures; it is not a test. Two-player games in the arena
(:func:`alhambra_widget.players.arena.run`: seeds ``--seed``, ``--seed + 1``, ...,
seats alternating, each bot seeded apart), the search bot at ``--playouts``
simulations a decision (budgets by simulations, not time: the machine is shared):

* ``--against pooled``: the search as shipped, whose determinization keeps in each
  opponent's hand the cards everyone saw them take and not pay out
  (:meth:`Game.known_money`, R5, R6), against the same search with the determinization
  before it (:func:`pooled`: every opponent card pooled with the deck and dealt again);
* ``--against greedy``: the search as shipped against the greedy bot.

The share of the games won (a shared win counts its share) with a Wilson 95% interval.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from alhambra_widget import Game, engine_info
from alhambra_widget.engine.alhambra.components import Card
from alhambra_widget.players.alhambra.strong import StrongBot
from alhambra_widget.players.arena import label, play, wilson
from alhambra_widget.players.ismcts import Choice


def pooled(game: Game, seat: int, seed: int | str) -> Game:
    """The determinization before the known money: :meth:`Game.determinize`, then every
    other player's cards pooled with the deck's money cards and dealt again at random
    (each keeping their count; the scoring cards keep their places). With the engine's
    public position editor: one edit more in the copy's record, which the search never
    reads."""
    d = game.determinize(seat, seed)
    rng = random.Random(f"pooled:{seed}")
    deck = list(d.deck)
    slots = [i for i, c in enumerate(deck) if type(c) is Card]
    others = [p for i, p in enumerate(d.players) if i != seat]
    pool = sorted([deck[i] for i in slots] + [c for p in others for c in p.money])  # type: ignore[type-var]
    rng.shuffle(pool)
    money = {}
    for p in others:
        n = len(p.money)
        money[p.name], pool = {"money": pool[:n]}, pool[n:]
    for i, c in zip(slots, pool):
        deck[i] = c
    d.edit(players=money, deck=deck[::-1])  # the edit gives the deck top first
    return d


class PooledView:
    """The game to search from, as the search before the known money saw it: the same
    game, determinized by :func:`pooled`."""

    def __init__(self, game: Game):
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def determinize(self, seat: int, seed: int | str) -> Game:
        return pooled(self.game, seat, seed)


class PooledBot(StrongBot):
    """The shipped search bot, with the determinization before the known money."""

    def analyse(
        self,
        game: Game,
        progress: Callable[[int], bool | None] | None = None,
        include: Sequence[Any] = (),
    ) -> list[Choice]:
        return super().analyse(PooledView(game), progress, include)  # type: ignore[arg-type]


class Pooled:
    """An arena seat (a picklable factory): :class:`PooledBot` at ``playouts``."""

    def __init__(self, playouts: int):
        self.playouts = playouts
        self.name = f"pooled:{playouts}"

    def __call__(self, seed: int, game: Game) -> PooledBot:
        return PooledBot(seed, playouts=self.playouts)


def games(
    kinds: list[Any], seed: int, n: int, workers: int
) -> Iterator[tuple[int, dict[str, Any]]]:
    """``n`` arena games (seeds from ``seed``, seats alternating), each as it ends: one
    after another in this process, or on ``workers`` processes."""
    if workers <= 1:
        for i in range(n):
            yield seed + i, play(kinds, seed + i, i % 2)
        return
    with ProcessPoolExecutor(max_workers=workers) as ex:
        jobs = {ex.submit(play, kinds, seed + i, i % 2): seed + i for i in range(n)}
        for job in as_completed(jobs):
            yield jobs[job], job.result()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--against", choices=["pooled", "greedy"], default="pooled")
    ap.add_argument("--playouts", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    other: Any = Pooled(args.playouts) if args.against == "pooled" else "greedy"
    kinds = [f"strong:{args.playouts}", other]
    new = label(kinds[0])
    t0, share, points, done = time.perf_counter(), 0.0, 0.0, 0
    for seed, r in games(kinds, args.seed, args.games, args.workers):  # as they end
        done += 1
        share += r["share"][new]
        points += r["points"][new] - r["points"][label(other)]
        lo, hi = wilson(share, done)
        print(
            f"seed {seed}: {new} {r['share'][new]:g} ({r['points'][new]:g} to "
            f"{r['points'][label(other)]:g}); so far {share:g}/{done} = {share / done:.1%} "
            f"(Wilson 95% {lo:.1%}-{hi:.1%})",
            flush=True,
        )
    lo, hi = wilson(share, done)
    print(
        f"{new} vs {label(other)}, 2 players, {done} games: won {share:g} = {share / done:.1%} "
        f"(Wilson 95% {lo:.1%}-{hi:.1%}), {points / done:+.1f} points a game; "
        f"{time.perf_counter() - t0:.0f} s, {engine_info()['engine']} engine"
    )


if __name__ == "__main__":
    main()
