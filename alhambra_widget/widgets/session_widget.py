"""A board over a game with a timeline, seats, hints and review (the Alhambra and the
Gardens)."""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, ClassVar

import traitlets

from ..engine.errors import GameError, MalformedInput
from ..players.ismcts import Decision
from ..widgets.session import Session
from .base import Intents, _Base


class _SessionWidget(_Base):
    """A widget over a :class:`Session` (a game, seats, a timeline): the Python API
    and the intents both games share. Subclasses give ``_parse_action``."""

    autoplay_bots = traitlets.Bool(True).tag(sync=True)
    bot_delay = traitlets.Float(0.6).tag(sync=True)
    show_all_money = traitlets.Bool(False).tag(sync=True)
    seen_steps = traitlets.Int(0).tag(sync=True)
    """The number of steps in the game when the page last drew it. The page sets it
    after every move, so a host that re-runs cells when the page changes a trait
    (marimo's ``mo.ui.anywidget``) sees each move; Python never sets it."""

    session: Session

    hints_enabled = traitlets.Bool(True).tag(sync=True)
    """Offer the hint button to the person to move (a lesson or a teacher turns it off)."""
    hint_playouts = traitlets.Int(400)
    """Simulations of the search behind a hint."""
    review_playouts = traitlets.Int(120)
    """Simulations per decision of a game review."""

    # -- hints ----------------------------------------------------------------------
    @traitlets.observe("hints_enabled")
    def _hints_toggled(self, _change: Any) -> None:
        if hasattr(self, "session"):
            self._publish()

    def _person_to_move(self) -> bool:
        s = self.session
        return s.live and not s.game.is_over and not s.bot_to_move()

    def _search_in_background(
        self, name: str, total: int, work: Callable[[Callable[[int], bool]], dict[str, Any]]
    ) -> None:
        """Run ``work(progress)`` (a search) without freezing the board: in a thread of
        the kernel, which keeps answering the page, with its progress shown as panel
        ``name``. Its answer is dropped if it was cancelled or the game moved on."""
        at = self._position()
        self._panel_at[name] = at
        self._panels[name] = {"state": "running", "done": 0, "total": total}
        self._publish()
        last = [time.perf_counter()]

        def progress(done: int) -> bool:
            if self._panel_at.get(name) != at:
                return True  # cancelled, or the game moved on: stop searching
            if time.perf_counter() - last[0] > 0.25:
                last[0] = time.perf_counter()
                self._panels[name] = {"state": "running", "done": done, "total": total}
                self._publish()
            return False

        def run() -> None:
            result = work(progress)
            if self._panel_at.get(name) == at and self._position() == at:
                self._panels[name] = {"state": "done", **result}
                self._publish()

        if sys.platform == "emscripten":  # no threads in Pyodide: the board waits
            run()
        else:
            threading.Thread(target=run, name=f"alhambra-{name}", daemon=True).start()

    def _close_panel(self, name: str) -> None:
        self._panels.pop(name, None)
        self._panel_at.pop(name, None)
        self._publish()

    def _intent_hint(self, content: dict[str, Any]) -> None:
        if content.get("cancel"):
            self._close_panel("hint")
            return
        self._check_version(content)
        if not self.hints_enabled:
            raise GameError("Hints are turned off for this board.")
        if not self._person_to_move():
            raise GameError("A hint is for the person to move, at the live end of the game.")
        game = self.session.game.copy()
        n = self.hint_playouts

        def work(progress: Callable[[int], bool]) -> dict[str, Any]:
            return {"moves": [h.to_dict() for h in self._hint_search(game, n, progress)]}

        self._search_in_background("hint", n, work)

    @staticmethod
    def _hint_search(game: Any, playouts: int, progress: Callable[[int], bool]) -> list[Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- game review ------------------------------------------------------------------
    def review(self, player: str | None = None, playouts: int | None = None) -> list[Decision]:
        """Each decision of ``player`` (default: the person at the screen) weighed
        against the search bot's choice, from what the player could see then (see
        :func:`~.ismcts.review_decisions`). Sort by ``loss`` for the biggest mistakes."""
        n = playouts or self.review_playouts
        return self._review_search(self.session.game, player or self._reviewed(), n, None)

    def _reviewed(self) -> str:
        people = [p.name for p in self.game.players if self.session.seats.get(p.name) is None]
        if not people:
            raise GameError("Nobody at the screen plays this game: name the player to review.")
        return people[0]

    def _intent_review(self, content: dict[str, Any]) -> None:
        if content.get("cancel"):
            self._close_panel("review")
            return
        self._check_version(content)
        player = self._reviewed()
        game = self.session.game.copy()
        n = sum(1 for m, _ in game.movers if game.players[m].name == player)
        playouts = self.review_playouts

        def work(progress: Callable[[int], bool]) -> dict[str, Any]:
            found = self._review_search(game, player, playouts, lambda d, _t: progress(d))
            worst = sorted(found, key=lambda d: -d.loss)[:5]
            return {
                "player": player,
                "decisions": len(found),
                "mean_loss": round(sum(d.loss for d in found) / max(1, len(found)), 3),
                "big": sum(1 for d in found if d.loss > 0.1),
                "mistakes": [d.to_dict() for d in worst if d.loss > 0.02],
            }

        self._search_in_background("review", n, work)

    @staticmethod
    def _review_search(
        game: Any, player: str, playouts: int, progress: Callable[[int, int], bool | None] | None
    ) -> list[Decision]:  # pragma: no cover - abstract
        raise NotImplementedError

    _publishing = threading.RLock()  # a search publishes from its own thread

    def _start(self, game, seats) -> None:
        # searches shown on the board ("hint", "review"): their progress or result,
        # and the game position each is for (gone when the game moves on)
        self._panels: dict[str, dict[str, Any]] = {}
        self._panel_at: dict[str, Any] = {}
        self._action_observers: list[Any] = []
        self._observed: Any = None
        self._last_act: str | None = None  # the last click applied (v, action, resolve)
        self._acting = False  # a click of this page is being applied
        self._board_at: Any = None  # the game's position when the page was last drawn
        self.session = Session(game, seats or {})
        self.session.add_listener(self._publish)

    @staticmethod
    def _parse_action(data):  # pragma: no cover - abstract
        raise NotImplementedError

    # -- Python API ------------------------------------------------------------
    @property
    def game(self):
        """The live game."""
        return self.session.game

    @game.setter
    def game(self, game) -> None:
        names = [p.name for p in game.players]
        self.session.set_game(game, {n: k for n, k in self.seats.items() if n in names})

    @property
    def seats(self) -> dict[str, str]:
        return {n: self.session.seat_kind(n) for n in self.session.seats}

    @property
    def step(self) -> int:
        """The step shown on the timeline."""
        return self.session.step

    def goto(self, step: int) -> None:
        """Show the game after ``step`` actions (a past state is a view)."""
        self.session.goto(step)

    def first(self) -> None:
        self.goto(0)

    def last(self) -> None:
        self.goto(len(self.game.history))

    def prev(self) -> None:
        self.goto(self.step - 1)

    def next(self) -> None:
        self.goto(self.step + 1)

    def act(self, action, resolve: str | None = None):
        """Apply ``action`` as the player to move (see :meth:`Session.act`)."""
        return self.session.act(action, resolve=resolve)

    def run_bots(self, max_steps: int = 10_000) -> int:
        """Let the bots play now (no delay) until a person is to move."""
        return self.session.run_bots(max_steps)

    def on_action(self, fn) -> None:
        """Call ``fn(action, events)`` whenever an action is applied to the game the
        widget shows (from a click, a bot, or Python); a game set later replaces the
        one observed."""
        self._action_observers.append(fn)
        if self._observed is None:
            self._observed = self.session.game
            self._observed.add_listener(self._forward)
            self.session.add_listener(self._rebind)

    def _forward(self, game, action, events) -> None:
        if action is not None and game is self.session.game:
            for fn in list(self._action_observers):
                fn(action, events)

    def _rebind(self) -> None:
        if self._observed is not None and self._observed is not self.session.game:
            self._observed.remove_listener(self._forward)
            self._observed = self.session.game
            self._observed.add_listener(self._forward)

    @traitlets.observe("show_all_money")
    def _money_toggled(self, _change) -> None:
        if hasattr(self, "session"):
            self._publish()

    # -- intents --------------------------------------------------------------------
    def _check_version(self, content) -> None:
        if content.get("v") != self._v:
            raise GameError(
                "The board changed before your click arrived; nothing was done. Try again."
            )

    def _intent_act(self, content) -> None:
        key = json.dumps([content.get("v"), content.get("action"), content.get("resolve")],
                         sort_keys=True, default=str)  # fmt: skip
        if content.get("v") != self._v and key == self._last_act:
            return  # the same click again (a double click): it was done, nothing to say
        self._check_version(content)
        action = self._parse_action(content.get("action"))
        resolve = content.get("resolve")
        if resolve not in (None, "branch", "undo"):
            raise MalformedInput("resolve is 'branch', 'undo' or absent.")
        self._acting = True
        try:
            events = self.session.act(action, resolve=resolve)
        finally:
            self._acting = False
        self._last_act = key
        self._say(" ".join(e.text for e in events[:3]) or str(action), "info")

    def _intent_bot(self, content) -> None:
        # an automatic tick, not a click: when another view (or widget on the same
        # game) has already moved, it is simply dropped
        if content.get("v") != self._v or not self.session.bot_to_move():
            return
        self.session.bot_step()

    def _intent_goto(self, content) -> None:
        self.session.goto(content.get("step"))

    def _intent_undo(self, content) -> None:
        self._check_version(content)
        self.session.goto(len(self.game.history))
        n = self.session.undo()
        self._say(
            "Your last decision was taken back"
            + (f", with the {n - 1} bot action{'s' if n > 2 else ''} after it." if n > 1 else ".")
        )

    @property
    def variations(self) -> Any:
        """The game's tree of lines (:class:`~alhambra_widget.widgets.variations.Variations`):
        acting from a past step branches off a new line; ``w.session.line(i)`` is a
        line as a game, ``switch``, ``promote`` and ``delete_line`` edit the tree, and
        ``w.session.to_json()`` saves the game with it."""
        return self.session.variations

    def _compare_with(self, i: int) -> None:
        """The page asks to compare line ``i`` with the line being played: shown as a
        panel (gone when the game moves on)."""
        if not hasattr(self, "compare_lines"):
            raise GameError("Lines are compared with the what-if tools of Alhambra.")
        me = self.session.variations.current
        c = self.compare_lines(me, i)
        self._panels["compare"] = {"state": "done", "a": me, "b": i, "round": c.round,
                                   "totals": {n: list(t) for n, t in c.totals().items()}}  # fmt: skip
        self._panel_at["compare"] = self._position()
        self._publish()

    def _intent_line(self, content: dict[str, Any]) -> None:
        what, i = content.get("do"), content.get("line")
        if type(i) is not int:
            raise MalformedInput("A line is a whole number.")
        ops = {"switch": self.session.switch, "promote": self.session.promote,
               "delete": self.session.delete_line, "compare": self._compare_with}  # fmt: skip
        if what not in ops:
            raise MalformedInput("A line intent does 'switch', 'promote', 'delete' or 'compare'.")
        ops[what](i)

    def undo(self) -> int:
        """Take back the last decision of a person, and the bot actions after it (see
        :meth:`Session.undo`); returns how many actions were taken back."""
        return self.session.undo()

    def _publish(self) -> None:
        with self._publishing:
            # a sentence about the page's own last click goes stale once anything else
            # moves the game (a bot, Python): the strip of the last moves says what happened
            at = self._position()
            if at != self._board_at and not self._acting and self.message:
                self.message = {}
            self._board_at = at
            for name in [k for k, v in self._panel_at.items() if v != at]:
                self._panels.pop(name, None)  # a search for a position that is gone
                self._panel_at.pop(name, None)
            super()._publish()

    def _position(self) -> Any:
        """Where the game is (not the timeline, which is only a view): which game, how
        many actions, the last one."""
        h = self.session.game.history
        return (id(self.session.game), len(h), h[-1] if h else None)

    def _picture_key(self) -> Any:
        if self.session.bot_to_move() and self.autoplay_bots:
            return None  # the bots play on: redraw once a person is to move
        return self._position()

    def _session_view(self, build, **kw) -> dict:
        s = self.session
        view = build(
            s.shown(), live=s.live, step=s.step, steps=len(s.game.history),
            seats={n: s.seat_kind(n) for n in s.seats}, **kw,
        )  # fmt: skip
        view["bot_to_move"] = s.bot_to_move()
        view["lines"] = s.variations.describe()
        view["hint"] = self._panels.get("hint") if self.hints_enabled else None
        view["hint_allowed"] = bool(self.hints_enabled and self._person_to_move())
        view["compare"] = self._panels.get("compare")
        view["review"] = self._panels.get("review")
        return view

    INTENTS: ClassVar[Intents] = {
        **_Base.INTENTS,
        "hint": _intent_hint,
        "act": _intent_act,
        "bot": _intent_bot,
        "goto": _intent_goto,
        "undo": _intent_undo,
        "line": _intent_line,
        "review": _intent_review,
    }
