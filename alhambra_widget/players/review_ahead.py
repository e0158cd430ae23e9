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

The work stops when nobody can use it, and the background pool's processes end
(:func:`~.parallel.release_background`, once no review holds the pool): when the game
is over and every step is weighed; after ``idle`` seconds with no new step (nobody
plays: a page closed, a person gone); when the caller pauses it
(:meth:`~ReviewAhead.pause`: nobody shows the board) or stops it. What is weighed stays
(but for a stop): the next move, or a review asked for, takes up the steps left.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from typing import Any

from .ismcts import Choice, Decision, steps_of, weigh
from .parallel import background_executor, cores, release_background

Basis = tuple[int, str | None, list[Any]]
"""A step weighed, and what for: the game's setup and its actions up to the step."""
Progress = Callable[[int, int], bool | None]
"""Told how many of the steps asked for are weighed, of how many; True stops."""
IDLE = 120.0
"""Seconds with no new step after which a review ahead stops its work (default)."""

_HOLDERS: set[ReviewAhead] = set()  # the reviews with work on the background pool
_HOLDERS_LOCK = threading.Lock()


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


def pause_all() -> None:
    """Pause every review ahead of this process that holds the background pool, so its
    processes end (:meth:`ReviewAhead.pause`: what each has weighed stays, and its next
    move takes up the rest)."""
    with _HOLDERS_LOCK:
        holders = list(_HOLDERS)
    for review in holders:
        review.pause()


def _holding(review: ReviewAhead) -> bool:
    """Whether ``review`` holds the background pool (its processes are kept for it)."""
    with _HOLDERS_LOCK:
        return review in _HOLDERS


class ReviewAhead:
    """The decisions of a game weighed step by step as it is played, in the
    background. :meth:`follow` after each change of the game; :meth:`decisions` for
    what is weighed so far; :meth:`wait` for a review; :meth:`pause` while nobody can
    use it and :meth:`stop` to drop it all. ``analyse`` and ``says`` are a review's
    (they must pickle: a bot's bound method, module-level functions); ``executor``:
    default the background pool; ``idle``: seconds with no new step before the work
    pauses by itself (``None``: never)."""

    def __init__(
        self,
        analyse: Callable[..., list[Choice]],
        says: Callable[[Any, Any], str],
        *,
        executor: Executor | None = None,
        idle: float | None = IDLE,
    ):
        self.analyse, self.says = analyse, says
        self.executor = executor
        self._pooled = executor is None  # the executor is the kept background pool
        self.idle = idle
        """Seconds with no new step after which the work pauses (``None``: never)."""
        self._cond = threading.Condition()
        self._options: str | None = None  # the game's setup, as in its saved JSON
        self._kind: type[Any] = object
        self._seen = 0  # the game object last followed
        self._actions: list[Any] = []  # the actions the decisions are for
        self._text = ""  # the game's saved JSON with those actions
        self._over = False  # the game followed is over: no step will come
        self._found: dict[int, Decision | None] = {}
        self._queue: deque[int] = deque()
        # the steps out on the executor, each with what it was weighed for: the game's
        # setup and its actions up to the step (its answer counts only if they still hold)
        self._out: dict[Future[Decision | None], Basis] = {}
        self._failed: BaseException | None = None
        self._moved = time.monotonic()  # when a new step came last
        self._timer: threading.Thread | None = None
        self._stopped = threading.Event()  # the review is dropped: the watcher ends

    def follow(self, game: Any, ahead: bool = True) -> bool:
        """Take in ``game`` as it is now (call it after every change): its new steps
        are queued, the decisions of steps whose past changed (an undo, another game)
        are dropped; not ``ahead``: only the dropping, and the work out is
        dropped (:meth:`pause`). False (nothing queued) for a game not weighed here: a seat's
        game at a table online, which knows no other hand (its record is not the
        game's), or where there are no processes."""
        if getattr(game, "seat_record", None) is not None:
            return False
        history = game.history
        with self._cond:
            seen, self._seen = self._seen, id(game)
            unchanged = len(history) == len(self._actions) and (
                not history or history[-1] == self._actions[-1]
            )
            # paused earlier (idle, no view): the steps left go out again, below
            busy = self._queue or self._out or len(self._found) >= len(self._actions)
            if ahead and busy and self._options is not None and seen == id(game) and unchanged:
                return True  # nothing new (the timeline moved, a panel changed)
            if not ahead:
                if self._options is not None and not self._valid_for(game):
                    self._drop(0)
                    self._options = None
                self._pause()
                return False
            if self._executor() is None:
                return False
            self._take(game)
            self._moved = time.monotonic()
            self._resume()
        self._arm_timer()
        return True

    def _take(self, game: Any) -> None:
        """Take in ``game``'s setup and actions, dropping what they change (holding
        the lock)."""
        history = game.history
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
        self._over = bool(game.is_over)

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

    def _resume(self) -> None:
        """Queue every step not weighed nor out, and send them (holding the lock)."""
        out = {basis[0] for basis in self._out.values()}
        self._queue = deque(
            s for s in range(len(self._actions)) if s not in self._found and s not in out
        )
        self._pump()
        self._release_if_done()

    def _pump(self) -> None:
        """Keep one step per core out on the executor (called holding the lock)."""
        executor = self.executor
        while executor is not None and self._queue and len(self._out) < cores():
            step = self._queue.popleft()
            if step in self._found or step >= len(self._actions):
                continue
            try:
                f = executor.submit(
                    weigh_saved, self._kind, self._text, step, self.analyse, self.says
                )
            except RuntimeError as e:  # a broken or shut pool: the review goes without it
                if self._pooled and executor is not background_executor():
                    executor = self.executor = background_executor()  # released: a new one
                    self._queue.appendleft(step)
                    continue
                self._failed = e
                return
            if self._pooled:
                with _HOLDERS_LOCK:
                    _HOLDERS.add(self)
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
            if basis is not None:
                self._pump()
                self._release_if_done()
            self._cond.notify_all()

    def _release_if_done(self) -> None:
        """The game is over and every step is weighed: nothing will come, the pool's
        processes may end (holding the lock)."""
        if self._over and not self._queue and not self._out:
            self._pause()

    def _pause(self) -> None:
        """Drop the steps queued and out, keep what is weighed, and let the background
        pool go (its processes end when no other review holds it; holding the lock)."""
        self._queue.clear()
        out, self._out = list(self._out), {}
        for f in out:
            f.cancel()
        with _HOLDERS_LOCK:
            if self not in _HOLDERS:
                return
            _HOLDERS.discard(self)
            last = not _HOLDERS
        if last and self._pooled:
            release_background()
            self.executor = None  # the next step starts a new pool

    def pause(self) -> None:
        """Nobody can use the work now (nobody shows the board): drop the steps queued
        and out (the background pool's processes end when no other review holds it);
        what is weighed stays, and the next :meth:`follow` or :meth:`wait` takes up
        the rest."""
        with self._cond:
            self._pause()
            self._cond.notify_all()

    def _arm_timer(self) -> None:
        """Pause once ``idle`` seconds pass with no new step: one watcher thread, started
        once, which sleeps until the time is up (a move only notes its time: starting a
        timer a move cost the kernel's thread milliseconds)."""
        if self._timer is None and self.idle is not None:
            self._stopped = threading.Event()
            self._timer = threading.Thread(target=self._watch_idle, args=(self._stopped,))
            self._timer.daemon = True
            self._timer.name = "alhambra-review-idle"
            self._timer.start()

    def _watch_idle(self, stopped: threading.Event) -> None:
        while not stopped.wait(self._idle_left() or self.idle or 60.0):
            with self._cond:
                if self._idle_left() == 0 and (self._queue or self._out or _holding(self)):
                    self._pause()

    def _idle_left(self) -> float | None:
        """Seconds until the work pauses for want of a move (``None``: no limit)."""
        if self.idle is None:
            return None
        return max(0.0, self.idle - (time.monotonic() - self._moved))

    def stop(self) -> None:
        """Drop all the work: the steps queued, and the decisions found."""
        with self._cond:
            self._drop(0)
            self._options = None
            self._pause()
            self._cond.notify_all()
        self._stopped.set()
        self._timer = None

    def working(self) -> bool:
        """Whether steps are queued or out on the executor now."""
        with self._cond:
            return bool(self._queue or self._out)

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

    def _out_step(self, wanted: set[int]) -> int | None:
        """A step of ``wanted`` out on the executor but not weighed yet, for a waiting
        thread to weigh too (the pool's processes yield to everything else: at the end of
        a review, on a busy machine, the last steps would wait for them; the same seed
        gives the same decision, whoever is first; holding the lock)."""
        out = [basis[0] for basis in self._out.values() if basis[0] in wanted]
        left = [s for s in out if s not in self._found]
        return min(left) if left else None

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
            if covered and self._executor() is not None:
                self._resume()  # (after a pause: the steps left go out again)
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
                queued = mine is not None
                if mine is None and done < len(steps):
                    mine = self._out_step(wanted)
                work = (self._kind, self._text, self._basis(mine) if mine is not None else None)
                if mine is None and done < len(steps) and not self._out:
                    self._executor()
                    self._resume()  # (paused meanwhile: take the steps up again)
            if progress is not None and progress(done, len(steps)):
                if queued and mine is not None:
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
                self._release_if_done()
                self._cond.notify_all()
        return self.decisions(game, players)
