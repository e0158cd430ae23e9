"""What the parts of a session board share: the :class:`Session`, the search panels and
the position the page was last drawn at (:class:`SessionCore`). The parts are mixins:
hints and review (:mod:`.searches`), the timeline and variations (:mod:`.timeline`),
the intents of play (:mod:`.play`); :mod:`.session_widget` puts them together."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any, Generic, Literal, TypedDict

import traitlets

from ..engine.errors import GameError
from ..views.contract import ComparePanel, HintPanel, ReviewPanel
from .base import BaseWidget
from .session import G, Session


class Panels(TypedDict, total=False):
    """The searches shown on the board: each one's progress or result."""

    hint: HintPanel
    review: ReviewPanel
    compare: ComparePanel


PanelName = Literal["hint", "review", "compare"]
Position = tuple[int, int, object]
"""Where a game is: which game object, how many actions, the last one."""


class SessionCore(BaseWidget, Generic[G]):
    """A widget over a :class:`Session`: the state every part reads."""

    autoplay_bots = traitlets.Bool(True).tag(sync=True)
    """The page lets the bots move, one every ``bot_delay`` seconds; with no page (a
    script), the bots answer a person's :meth:`act` at once."""
    bot_delay = traitlets.Float(0.6).tag(sync=True)
    show_all_money = traitlets.Bool(False).tag(sync=True)
    hints_enabled = traitlets.Bool(True).tag(sync=True)
    """Offer the hint button to the person to move (a lesson or a teacher turns it off)."""

    session: Session[G]
    _publishing = threading.RLock()  # a search publishes from its own thread

    def _start(self, game: G, seats: Mapping[str, object] | None) -> None:
        # searches shown on the board ("hint", "review", "compare"): their progress or
        # result, and the game position each is for (gone when the game moves on)
        self._panels: Panels = {}
        self._panel_at: dict[PanelName, Position] = {}
        self._action_observers: list[Callable[[Any, list[Any]], None]] = []
        self._observed: G | None = None
        self._last_act: str | None = None  # the last click applied (v, action, resolve)
        self._acting = False  # a click of this page is being applied
        self._board_at: Position | None = None  # the position when the page was last drawn
        self.session = Session(game, seats or {})
        self.session.add_listener(self._publish)

    @property
    def game(self) -> G:
        """The live game: a bare game that knows no seats (see :meth:`act`)."""
        return self.session.game

    @game.setter
    def game(self, game: G) -> None:
        """Play ``game`` from now on; the seats of the players still in it stay."""
        names = [p.name for p in game.players]
        kinds: dict[str, object] = {n: k for n, k in self.seats.items() if n in names}
        self.session.set_game(game, kinds)

    @property
    def seats(self) -> dict[str, str]:
        """Each seat's player: ``"human"`` or the bot's name."""
        return {n: self.session.seat_kind(n) for n in self.session.seats}

    def _person_to_move(self) -> bool:
        s = self.session
        return s.live and not s.game.is_over and not s.bot_to_move()

    def _position(self) -> Position:
        """Where the game is (not the timeline, which is only a view): which game, how
        many actions, the last one."""
        h = self.session.game.history
        return (id(self.session.game), len(h), h[-1] if h else None)

    def _check_version(self, content: dict[str, Any]) -> None:
        if content.get("v") != self._v:
            raise GameError(
                "The board changed before your click arrived; nothing was done. Try again."
            )

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
