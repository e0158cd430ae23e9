"""Playing on a session board (:class:`PlayPart`): a person's actions from the page or
from Python, the bots' moves, and observers of every action."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, ClassVar

from ..engine.errors import GameError, MalformedInput
from .base import Intents
from .session import G
from .session_core import SessionCore


class PlayPart(SessionCore[G]):
    """Acting: :meth:`act` and :meth:`run_bots` from Python, the ``act`` and ``bot``
    intents from the page (subclasses give ``_parse_action``)."""

    def _parse_action(self, data: object) -> object:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- Python ------------------------------------------------------------------
    def act(self, action: object, resolve: str | None = None) -> list[Any]:
        """Apply ``action`` for the person to move, as a click would (see
        :meth:`Session.act`); returns its events. A bot's seat is refused. At a past
        step (after :meth:`goto`) ``resolve="branch"`` branches off a new line there
        and ``resolve="undo"`` undoes back to it; without it the action is refused.

        Then the bots answer: at once when no page draws the board (a script), or one
        every ``bot_delay`` seconds by the page (``autoplay_bots``)."""
        s = self.session
        if s.bot_to_move():
            who = s.game.current_player.name
            raise GameError(
                f"It is {who}'s turn, and {who} is played by the {s.seat_kind(who)} bot: "
                "run_bots() lets the bots move (after a person's act() they answer by "
                "themselves)."
            )
        events = s.act(action, resolve=resolve)
        if not self._page_seen and self.autoplay_bots:
            s.run_bots()
        return events

    def run_bots(self, max_steps: int = 10_000) -> int:
        """Let the bots play now (no delay) until a person is to move; returns how many
        actions they made."""
        return self.session.run_bots(max_steps)

    def on_action(self, fn: Callable[[Any, list[Any]], None]) -> None:
        """Call ``fn(action, events)`` whenever an action is applied to the game the
        widget shows (from a click, a bot, or Python); a game set later replaces the
        one observed."""
        self._action_observers.append(fn)
        if self._observed is None:
            self._observed = self.session.game
            self._observed.add_listener(self._forward)
            self.session.add_listener(self._rebind)

    def _forward(self, game: object, action: object, events: list[Any]) -> None:
        if action is not None and game is self.session.game:
            for fn in list(self._action_observers):
                fn(action, events)

    def _rebind(self) -> None:
        if self._observed is not None and self._observed is not self.session.game:
            self._observed.remove_listener(self._forward)
            self._observed = self.session.game
            self._observed.add_listener(self._forward)

    # -- intents ---------------------------------------------------------------------
    def _intent_act(self, content: dict[str, Any]) -> None:
        key = json.dumps(
            [content.get("v"), content.get("action"), content.get("resolve")],
            sort_keys=True,
            default=str,
        )
        if content.get("v") != self._v and key == self._last_act:
            return  # the same click again (a double click): it was done, nothing to say
        self._check_version(content)
        action = self._parse_action(content.get("action"))
        resolve = content.get("resolve")
        if resolve not in (None, "branch", "undo"):
            raise MalformedInput("resolve is 'branch', 'undo' or absent.")
        self._act_for_page(action, resolve)
        self._last_act = key

    def _act_for_page(self, action: object, resolve: str | None = None) -> None:
        """Apply an action the page asked for (see :meth:`Session.act`), and say what it did."""
        self._acting = True
        try:
            events = self.session.act(action, resolve=resolve)
        finally:
            self._acting = False
        self._say(" ".join(self._words(e) for e in events[:3]) or str(action), "info")

    def _words(self, event: Any) -> str:
        """An event's sentence for the page (a game may name things in plainer words)."""
        return str(event.text)

    def _intent_bot(self, content: dict[str, Any]) -> None:
        # an automatic tick, not a click: when another view (or widget on the same
        # game) has already moved, it is simply dropped
        if content.get("v") != self._v or not self.session.bot_to_move():
            return
        self.session.bot_step()

    INTENTS: ClassVar[Intents] = {**SessionCore.INTENTS, "act": _intent_act, "bot": _intent_bot}
