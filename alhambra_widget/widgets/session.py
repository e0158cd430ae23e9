"""What both games' widgets share: seats (people or bots), the timeline, intents.

A :class:`Session` owns a live game, a cursor on its timeline, and a bot per bot
seat. It turns intents (plain dicts from the browser, or calls from Python) into
actions, and refuses bad ones with a sentence, never a traceback. It knows nothing
of JSON views or of Jupyter: the widgets build on it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ..engine.errors import GameError, MalformedInput
from ..engine.record import Listener
from ..players.base import Bot
from ..players.bots import BOT_LEVEL, make_bot
from .variations import Variations

P = TypeVar("P", bound="PlayedGame")


class _Named(Protocol):
    @property
    def name(self) -> str: ...


class PlayedGame(Protocol):
    """What a :class:`Session` asks of a game: both games
    (:class:`~alhambra_widget.engine.alhambra.game.Game` and
    :class:`~alhambra_widget.engine.gardens.game.GardensGame`) are one. Actions are
    ``object`` here: the game itself refuses what is not one of its actions
    (:class:`MalformedInput`)."""

    GAME: ClassVar[str]

    @property
    def seed(self) -> int:
        """The seed of the game's one generator."""

    @property
    def history(self) -> Sequence[Any]:
        """The actions applied, in order."""

    @property
    def movers(self) -> Sequence[tuple[int, int]]:
        """For each action: who made it, and where its events start in the log."""

    @property
    def players(self) -> Sequence[_Named]:
        """The players in seat order."""

    @property
    def current_player(self) -> _Named:
        """The player to move."""

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""

    def apply(self, action: Any) -> list[Any]:
        """Apply a legal action; returns the events (an illegal one is refused whole)."""

    def why_illegal(self, action: object) -> GameError | None:
        """None if ``action`` is legal now, else the error ``apply`` would raise."""

    def at(self: P, step: int) -> P:
        """An independent game as it was after ``step`` actions."""

    def copy(self: P) -> P:
        """An independent game in this state, with its record."""

    def become(self: P, other: P) -> None:
        """Take on the state and record of ``other`` (the listeners stay)."""

    def undo_to(self, step: int) -> int:
        """Take back every action after the first ``step``; returns how many."""

    def add_listener(self, fn: Listener) -> None:
        """Call ``fn(game, action, events)`` after every applied action."""

    def remove_listener(self, fn: Listener) -> None:
        """Stop calling ``fn``."""

    def to_json(self) -> str:
        """The game as a small JSON document (options, seed, actions, a fingerprint)."""

    @classmethod
    def from_json(cls: type[P], text: str | bytes) -> P:
        """Rebuild a game from :meth:`to_json`."""

    @staticmethod
    def action_from_json(data: object) -> Any:
        """The action a JSON dict describes."""


G = TypeVar("G", bound=PlayedGame)


def _check_names(game: PlayedGame, seats: Mapping[str, object] | None) -> None:
    names = [p.name for p in game.players]
    unknown = set(seats or ()) - set(names)
    if unknown:
        raise MalformedInput(f"No such player(s): {sorted(unknown)}; the players are {names}.")


_SESSION_ACTING: ContextVar[bool] = ContextVar("alhambra_session_acting", default=False)
"""True while a session applies an action (a person's, a bot's): any other action a
session hears of was applied to the bare game (``w.game.apply``)."""


class Session(Generic[G]):
    """A game with seats and a timeline.

    ``seats`` maps player names to ``"human"``, ``"random"``, ``"greedy"``, a level of
    the search bot (``"easy"``, ``"medium"``, ``"strong"``, ``"strong:N"`` simulations or
    ``"strong:1s"`` a time) or a bot object; missing names are human. ``"strong"`` at a
    table is :data:`~alhambra_widget.players.BOT_LEVEL`: the search, 1 s a decision. ``cursor`` is ``None`` at the live end, else the step being looked
    at (a past state is only a view).

    The game itself stays a bare game that knows no seats: ``game.apply`` may play any
    seat (handy to drive every seat from a test). Only acting while a past step is
    shown is refused there, since it would act at the live end: :meth:`act` branches."""

    def __init__(self, game: G, seats: Mapping[str, object] | None = None):
        self._listeners: list[Callable[[], None]] = []
        self._game: G = game
        self.cursor: int | None = None
        self._past: G | None = None
        self.hands_shown: int | None = None
        """The step from which every hand was shown (a teacher's switch), or None: the
        record, the timeline and the review say so."""
        self.seats: dict[str, Bot | None] = {}
        self.paused = False
        """At a table a server keeps: a teacher has paused it (moves wait until it resumes)."""
        self.remote: Callable[[object], list[Any]] | None = None
        """At a table a server keeps (:mod:`alhambra_widget.online`): sends a person's
        action to the server and returns its events once the server has applied it."""
        self._bind(game, seats or {})

    # -- the game -------------------------------------------------------------
    @property
    def game(self) -> G:
        """The live game (the board may show a past step of it: :attr:`step`)."""
        return self._game

    def set_game(self, game: G, seats: Mapping[str, object] | None = None) -> None:
        """Show and play ``game`` from now on (with ``seats``, else the same seats).
        An unknown player name in ``seats`` raises :class:`MalformedInput`."""
        _check_names(game, seats)
        self._game.remove_listener(self._changed)
        self._game = game
        self._bind(game, seats)

    def _bind(self, game: G, seats: Mapping[str, object] | None) -> None:
        _check_names(game, seats)
        names = [p.name for p in game.players]
        self.variations = Variations(game.history)
        game.add_listener(self._changed)
        if seats is not None:
            self.seats = {}
            for i, n in enumerate(names):
                kind = seats.get(n, "human")
                if kind == "strong":  # at the table the search bot takes its time, not a count
                    kind = BOT_LEVEL
                if kind in (None, "human"):
                    self.seats[n] = None
                elif hasattr(kind, "choose"):  # a bot object (or a seat played elsewhere)
                    self.seats[n] = kind
                else:
                    self.seats[n] = make_bot(kind, game.seed * 7 + i, game)
        self.cursor = None
        self._past = None
        self._emit()

    def __repr__(self) -> str:
        where = "live" if self.live else f"at step {self.cursor} of {len(self._game.history)}"
        return f"<Session {where}, seats {dict((n, self.seat_kind(n)) for n in self.seats)}>"

    def seat_kind(self, name: str) -> str:
        """``"human"``, or the name of the bot that plays seat ``name``."""
        bot = self.seats.get(name)
        return "human" if bot is None else str(getattr(bot, "name", "bot"))

    def _changed(self, game: G, action: object, events: list[Any]) -> None:
        if action is not None and not _SESSION_ACTING.get():
            self._refuse_at_past_step(game)
        h, end = game.history, self.variations.node
        if len(h) == end.depth + 1 and action is not None:
            self.variations.extend(h[-1])  # one more action on the line being played
        else:
            if len(h) < end.depth and end.path()[: len(h)] == h:
                self.variations.cut(len(h))  # taken back (an undo): that part goes
            self.variations.follow(h)
        self._past = None
        if self.cursor is not None and self.cursor > len(game.history):
            self.cursor = None
        self._emit()

    def _refuse_at_past_step(self, game: G) -> None:
        """An action applied to the bare game while a past step is shown would act at
        the live end, not where the person looks: it is taken back and refused."""
        if self.cursor is None or self.cursor >= len(game.history) - 1:
            return
        n = len(game.history) - 1
        game.undo_to(n)  # the state as it was (the listeners stay and are told)
        raise GameError(
            f"The board shows step {self.cursor} of {n}, and game.apply acts at the live "
            f"end: nothing was applied. Act with act(action, resolve='branch') to branch "
            f"off at step {self.cursor}, or resolve='undo' to undo back to it; or go to "
            "the live end first (last())."
        )

    def add_listener(self, fn: Callable[[], None]) -> None:
        """Call ``fn()`` whenever what the board shows changes."""
        self._listeners.append(fn)

    def changed(self) -> None:
        """Tell the listeners that what the board shows changed (a game replaced in
        place, as a table's server reveals a finished game's whole record)."""
        self._past = None
        self._emit()

    def _emit(self) -> None:
        for fn in list(self._listeners):
            fn()

    # -- the timeline -------------------------------------------------------
    @property
    def live(self) -> bool:
        """True when the board shows the live end of the game (not a past step)."""
        return self.cursor is None or self.cursor == len(self._game.history)

    @property
    def step(self) -> int:
        """The step the board shows (the number of actions applied when live)."""
        return len(self._game.history) if self.cursor is None else self.cursor

    def shown(self) -> G:
        """The game as shown: the live game, or a replayed copy at the cursor."""
        if self.cursor is None or self.live:
            return self._game
        if self._past is None or len(self._past.history) != self.cursor:
            self._past = self._game.at(self.cursor)
        return self._past

    def goto(self, step: int) -> None:
        """Show the game after ``step`` actions (clamped to the game; the live end at the last); a
        step that is no whole number is MalformedInput."""
        n = len(self._game.history)
        if type(step) is not int:
            raise MalformedInput(f"A step is a whole number, not {step!r}.")
        step = max(0, min(n, step))
        self.cursor = None if step == n else step
        self._emit()

    # -- acting ----------------------------------------------------------------
    def _apply(self, action: object) -> list[Any]:
        return self.applying(lambda: self._game.apply(action))

    def applying(self, apply: Callable[[], list[Any]]) -> list[Any]:
        """Run ``apply``, which moves the game as the session's own move (a bot's, a
        person's, a move a table's server sent): a past step being looked at stays."""
        token = _SESSION_ACTING.set(True)
        try:
            return apply()
        finally:
            _SESSION_ACTING.reset(token)

    def act(self, action: object, *, resolve: str | None = None) -> list[Any]:
        """Apply ``action`` for the player to move (a person: a bot's seat is refused).
        From a past state, ``resolve`` says what to do: ``"branch"`` (keep the old line
        in :attr:`variations` and go on from here in a new line) or ``"undo"`` (undo
        back to here, dropping what came after); without it the action is refused."""
        if self.cursor is None or self.live:
            self._check_seat(self._game)
            if self.remote is not None:
                err = self._game.why_illegal(action)  # (refused here at once, in the same words)
                if err is not None:
                    raise err
                return self.remote(action)
            return self._apply(action)
        if self.remote is not None:
            raise GameError(
                f"You are looking at step {self.cursor} of {len(self._game.history)}: at a table "
                "online the game goes on at its live end. Go to the live end to move."
            )
        if resolve not in ("branch", "undo"):
            raise GameError(
                f"You are looking at step {self.cursor} of {len(self._game.history)}: "
                "say first whether to keep the old game (play on beside it) or erase the steps after this one (undo back to here).",
            )
        back = self._game.at(self.cursor)
        self._check_seat(back)
        err = back.why_illegal(action)
        if err is not None:
            raise err
        if resolve == "undo":
            self.variations.cut(self.cursor)
        self._game.become(back)  # undo back to the cursor (listeners stay)
        self.cursor = None
        self._past = None
        return self._apply(action)  # notifies the listeners

    # -- the variation tree ----------------------------------------------------------
    def line(self, i: int) -> G:
        """Line ``i`` of :attr:`variations` as a game of its own (for example to compare
        two lines' scores with :func:`alhambra_widget.whatif.compare`)."""
        g = self._game.at(0)
        for a in self.variations.line(i):
            g.apply(a)
        return g

    def switch(self, i: int) -> None:
        """Play line ``i`` from now on (its end is the live game)."""
        g = self.line(i)
        self._game.become(g)  # the listeners stay
        self.variations.follow(g.history)
        self.cursor = None
        self._past = None
        self._emit()

    def promote(self, i: int) -> None:
        """Make line ``i`` the main line."""
        self.variations.promote(i)
        self._emit()

    def delete_line(self, i: int) -> None:
        """Delete line ``i`` from where it branches off (not the line being played)."""
        self.variations.delete(i)
        self._emit()

    def to_json(self) -> str:
        """The game as :meth:`Game.to_json` saves it, with its variation tree."""
        doc = json.loads(self._game.to_json())
        doc["variations"] = self.variations.to_data(lambda a: a.to_json())
        if self.hands_shown is not None:
            doc["hands_shown"] = {"from_step": self.hands_shown}
        return json.dumps(doc, separators=(",", ":"))

    def show_hands(self) -> None:
        """Mark the game: every hand is shown from the live step on (kept the first)."""
        if self.hands_shown is None:
            self.hands_shown = len(self._game.history)

    def load_json(self, text: str) -> None:
        """Play a game saved by :meth:`to_json` (its variations too)."""
        g = type(self._game).from_json(text)
        doc = json.loads(text)
        self._game.become(g)
        self.variations = (
            Variations.from_data(doc["variations"], g.action_from_json, g.history)
            if "variations" in doc
            else Variations(g.history)
        )
        shown = doc.get("hands_shown")
        self.hands_shown = (
            shown["from_step"]
            if isinstance(shown, dict) and type(shown.get("from_step")) is int
            else None
        )
        self.cursor = None
        self._past = None
        self._emit()

    def movers(self) -> list[str]:
        """Who made each action of the live game: the player to move before it."""
        g = self._game
        return [g.players[who].name for who, _ in g.movers]

    def undo(self) -> int:
        """Take back the last decision of a person. With bots in the game, the bot
        actions made since go too: undoing only the last bot move would have the bot
        move again at once, differently. A hand edit (``Game.edit``) counts as a
        person's decision. Returns how many actions were taken back."""
        g = self._game
        if self.remote is not None:
            raise GameError("At a table online a move, once made, stays: there is no undo.")
        if not g.history:
            raise GameError("There is nothing to undo.")
        movers = self.movers()
        k = len(g.history) - 1
        while (
            k >= 0
            and self.seats.get(movers[k]) is not None
            and not getattr(g.history[k], "BY_HAND", False)
        ):
            k -= 1
        if k < 0:
            raise GameError("Only bots have played so far: there is no decision of yours to undo.")
        n = len(g.history) - k
        self.cursor = None
        self._past = None
        g.undo_to(k)  # the listeners stay and are told
        return n

    def _check_seat(self, game: G) -> None:
        if game.is_over:
            return  # the game refuses with its own rule
        who = game.current_player.name
        if getattr(self.seats.get(who), "remote", False):
            raise GameError(f"It is {who}'s turn: {who} plays from their own notebook.")
        if self.seats.get(who) is not None:
            raise GameError(
                f"It is {who}'s turn, and {who} is played by the {self.seat_kind(who)} bot."
            )

    def bot_to_move(self) -> bool:
        """True when the board is live, the game not over, and a bot plays the seat to move."""
        g = self._game
        bot = self.seats.get(g.current_player.name)
        return self.live and not g.is_over and bot is not None and not getattr(bot, "remote", False)

    def bot_step(self) -> bool:
        """Let the bot to move make one action; ``False`` if no bot is to move."""
        if not self.bot_to_move():
            return False
        bot = self.seats[self._game.current_player.name]
        assert bot is not None  # bot_to_move
        self._apply(bot.choose(self._game))
        return True

    def run_bots(self, max_steps: int = 10_000) -> int:
        """Let bots play until a person is to move or the game ends; returns the count."""
        n = 0
        while n < max_steps and self.bot_step():
            n += 1
        return n
