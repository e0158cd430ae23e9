"""A game's review weighed while the game is played (either game): :class:`ReviewAhead`.

A review weighs each decision against the search's choice at that step, from what its
player could see then (:func:`~.ismcts.weigh`). That needs only the game up to the
step and the action played there, so each step can be weighed as soon as it is
played, in the background, and the review of a finished game is then ready moments
after its last move. The steps go to the background pool
(:func:`~.parallel.background_executor`: one process per core, at a lower priority),
never to the calling process: the board stays responsive.

The decisions are the same, for a seed, as a review of the finished game from scratch
(:func:`~.parallel.parallel_review`): each step's search is seeded by the step and
starts from the same position. A decision stays valid while the game's actions up to
its step stay the same: an undo or a new game drops what no longer holds. Nothing here
is shown to anybody: the caller chooses whose decisions to show and when (another
player's decisions are weighed from their hidden hand).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from typing import Any

from .ismcts import Choice, Decision, steps_of, weigh
from .parallel import background_executor, cores

Basis = tuple[int, str | None, list[Any]]
"""A step weighed, and what for: the game's setup and its actions up to the step."""
Progress = Callable[[int, int], bool | None]
"""Told how many of the steps asked for are weighed, of how many; True stops."""


def weigh_saved(
    kind: type[Any],
    text: str,
    step: int,
    analyse: Callable[..., list[Choice]],
    says: Callable[[Any, Any], str],
) -> Decision | None:
    """One step of a review in a worker: the game travels as its saved JSON (module
    level, plain arguments: it pickles)."""
    return weigh(kind.from_json(text), step, analyse, says)


class ReviewAhead:
    """The decisions of a game weighed step by step as it is played, in the
    background. :meth:`follow` after each change of the game; :meth:`decisions` for
    what is weighed so far; :meth:`wait` for a review; :meth:`stop` to drop the work.
    ``analyse`` and ``says`` are a review's (they must pickle: a bot's bound method,
    module-level functions); ``executor``: default the background pool."""

    def __init__(
        self,
        analyse: Callable[..., list[Choice]],
        says: Callable[[Any, Any], str],
        *,
        executor: Executor | None = None,
    ):
        self.analyse, self.says = analyse, says
        self.executor = executor
        self._cond = threading.Condition()
        self._options: str | None = None  # the game's setup, as in its saved JSON
        self._kind: type[Any] = object
        self._seen = 0  # the game object last followed
        self._actions: list[Any] = []  # the actions the decisions are for
        self._text = ""  # the game's saved JSON with those actions
        self._found: dict[int, Decision | None] = {}
        self._queue: deque[int] = deque()
        # the steps out on the executor, each with what it was weighed for: the game's
        # setup and its actions up to the step (its answer counts only if they still hold)
        self._out: dict[Future[Decision | None], Basis] = {}
        self._failed: BaseException | None = None

    def follow(self, game: Any, ahead: bool = True) -> bool:
        """Take in ``game`` as it is now (call it after every change): its new steps
        are queued, the decisions of steps whose past changed (an undo, another game)
        are dropped; not ``ahead``: only the dropping. False (nothing queued) for a game
        not weighed here: a seat's game at a table online, which knows no other hand
        (its record is not the game's), or where there are no processes."""
        if getattr(game, "seat_record", None) is not None:
            return False
        history = game.history
        with self._cond:
            seen, self._seen = self._seen, id(game)
            unchanged = len(history) == len(self._actions) and (
                not history or history[-1] == self._actions[-1]
            )
            if self._options is not None and seen == id(game) and unchanged:
                return True  # nothing new (the timeline moved, a panel changed)
            if not ahead:
                if self._options is not None and not self._valid_for(game):
                    self._drop(0)
                    self._options = None
                return False
            if self._executor() is None:
                return False
            options = game.to_json()
            setup = options[: options.find('"actions"')]
            if setup != self._options:
                self._drop(0)
                self._options = setup
            same = 0
            for a, b in zip(self._actions, history):
                if a != b:
                    break
                same += 1
            if same < len(self._actions):
                self._drop(same)
            self._actions = list(history)
            self._kind = type(game)
            self._text = options
            self._queue.extend(range(same, len(history)))
            self._pump()
        return True

    def _executor(self) -> Executor | None:
        if self.executor is None:
            self.executor = background_executor()
        return self.executor

    def _drop(self, keep: int) -> None:
        """Forget every step from ``keep`` on (called holding the lock)."""
        del self._actions[keep:]
        self._found = {s: d for s, d in self._found.items() if s < keep}
        self._queue = deque(s for s in self._queue if s < keep)
        for f, (step, _setup, _actions) in list(self._out.items()):
            if step >= keep and f.cancel():
                self._out.pop(f, None)  # (its callback, run by cancel, may have done it)

    def _pump(self) -> None:
        """Keep one step per core out on the executor (called holding the lock)."""
        executor = self._executor()
        while executor is not None and self._queue and len(self._out) < cores():
            step = self._queue.popleft()
            if step in self._found or step >= len(self._actions):
                continue
            try:
                f = executor.submit(
                    weigh_saved, self._kind, self._text, step, self.analyse, self.says
                )
            except RuntimeError as e:  # a broken or shut pool: the review goes without it
                self._failed = e
                return
            self._out[f] = self._basis(step)
            f.add_done_callback(self._done)

    def _basis(self, step: int) -> Basis:
        """What weighing ``step`` now is for (called holding the lock)."""
        return step, self._options, self._actions[: step + 1]

    def _holds(self, basis: Basis) -> bool:
        """Whether a step weighed for ``basis`` is still the game's (holding the lock)."""
        step, setup, actions = basis
        return setup == self._options and self._actions[: step + 1] == actions

    def _done(self, f: Future[Decision | None]) -> None:
        with self._cond:
            basis = self._out.pop(f, None)
            if basis is not None and self._holds(basis) and not f.cancelled():
                step = basis[0]
                error = f.exception()
                if error is None:
                    self._found[step] = f.result()
                elif self._failed is None:
                    self._failed = error
            self._pump()
            self._cond.notify_all()

    def stop(self) -> None:
        """Drop all the work: the steps queued, and the decisions found."""
        with self._cond:
            self._drop(0)
            self._options = None
            self._cond.notify_all()

    def decisions(self, game: Any, players: Sequence[str]) -> dict[str, list[Decision]]:
        """The decisions of ``players`` in ``game`` weighed so far, by player, in the
        order of the steps (a forced move is no decision)."""
        with self._cond:
            found = dict(self._found) if self._valid_for(game) else {}
        out: dict[str, list[Decision]] = {name: [] for name in players}
        for step in steps_of(game, players):
            d = found.get(step)
            if d is not None:
                out[d.player].append(d)
        return out

    def _valid_for(self, game: Any) -> bool:
        h = game.history
        return len(h) <= len(self._actions) and all(a == b for a, b in zip(h, self._actions))

    def wait(
        self, game: Any, players: Sequence[str], progress: Progress | None = None
    ) -> dict[str, list[Decision]] | None:
        """The decisions of ``players`` in ``game`` (:meth:`decisions`) once every step
        of theirs is weighed: their steps first in the queue, and this thread weighs
        some too (somebody waits: the calling process's core helps the background
        pool). ``progress(done, total)`` as the steps come in (True stops: what is
        weighed by then). ``None`` where this cannot weigh ``game`` (:meth:`follow`),
        or the game moved on under it: the caller reviews it alone."""
        with self._cond:
            covered = self._options is not None and self._valid_for(game)
        if not covered and not self.follow(game):
            return None
        steps = steps_of(game, players)
        wanted = set(steps)
        with self._cond:
            first = [s for s in self._queue if s in wanted]
            self._queue = deque(first + [s for s in self._queue if s not in wanted])
        while True:
            with self._cond:
                if self._failed is not None or not self._valid_for(game):
                    return None  # the pool broke, or the game moved on under the review
                done = sum(1 for s in steps if s in self._found)
                mine = self._queue.popleft() if self._queue and done < len(steps) else None
                work = (self._kind, self._text, self._basis(mine) if mine is not None else None)
            if progress is not None and progress(done, len(steps)):
                if mine is not None:
                    with self._cond:
                        self._queue.appendleft(mine)
                break
            if done == len(steps):
                break
            if mine is None:
                with self._cond:
                    self._cond.wait(0.25)
                continue
            found = weigh_saved(work[0], work[1], mine, self.analyse, self.says)
            with self._cond:
                if work[2] is not None and self._holds(work[2]):
                    self._found[mine] = found
                self._cond.notify_all()
        return self.decisions(game, players)
