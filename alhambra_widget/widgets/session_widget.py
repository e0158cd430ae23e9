"""A board over a game with a timeline, seats, hints and review (the Alhambra and the
Gardens): :class:`SessionWidget`, made of the parts in :mod:`.searches`,
:mod:`.timeline` and :mod:`.play` over :mod:`.session_core`."""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from ..views.contract import SessionFields
from .base import Intents
from .play import PlayPart
from .searches import SearchesPart
from .session import G
from .timeline import TimelinePart


class SessionWidget(SearchesPart[G], TimelinePart[G], PlayPart[G]):
    """A widget over a :class:`~.session.Session` (a game, seats, a timeline): the Python
    API and the intents both games share. Subclasses give ``_parse_action``,
    ``_hint_stages``, ``_review_searches``, ``_review_weigher`` and ``_next_game``."""

    seen_steps = traitlets.Int(0).tag(sync=True)
    """The number of steps in the game when the page last drew it. The page sets it
    after every move, so a host that re-runs cells when the page changes a trait
    (marimo's ``mo.ui.anywidget``) sees each move; Python never sets it."""

    @traitlets.observe("seen_steps")
    def _page_drew(self, _change: Any) -> None:
        if hasattr(self, "session"):
            self._follow_ahead()  # a page shows the board: the review may begin ahead

    @traitlets.observe("show_all_money")
    def _money_toggled(self, change: Any) -> None:
        if hasattr(self, "session"):
            if change["new"]:
                self.session.show_hands()  # the record says so from here on
            self._publish()

    def _picture_key(self) -> Any:
        if self.session.bot_to_move() and self.autoplay_bots:
            return None  # the bots play on: redraw once a person is to move
        return self._position()

    def _shown_kw(self) -> dict[str, Any]:
        """What a view builder is told about the game shown: the step, the steps, the seats."""
        s = self.session
        return {
            "live": s.live,
            "step": s.step,
            "steps": len(s.game.history),
            "seats": {n: s.seat_kind(n) for n in s.seats},
        }

    def _session_fields(self) -> SessionFields:
        """What the view sends besides the game: its version, the bots, the lines, the panels."""
        s = self.session
        return {
            "v": self._v,
            "bot_to_move": s.bot_to_move(),
            "lines": s.variations.describe(),
            "hint": self._panels.get("hint") if self.hints_enabled else None,
            "hint_allowed": bool(self.hints_enabled and self._person_to_move()),
            "compare": self._panels.get("compare"),
            "review": self._panels.get("review"),
            "hands_shown": s.hands_shown,
            "paused": s.paused,
        }

    def _next_game(self, g: Any) -> Any:
        """The game after ``g``, over: the same players and options, the next seed; a game
        not yet over is refused with the game's ruling (MalformedInput)."""
        raise NotImplementedError

    def _intent_new_game(self, _content: dict[str, Any]) -> None:
        g = self.session.game
        self.game = self._next_game(g)
        names = [p.name for p in g.players]
        self._say(f"A new game: {', '.join(names)} (seed {g.seed + 1}).")

    INTENTS: ClassVar[Intents] = {
        **SearchesPart.INTENTS,
        **TimelinePart.INTENTS,
        **PlayPart.INTENTS,
        "new_game": _intent_new_game,
    }
