"""The timeline and the variation tree of a session board (:class:`TimelinePart`): going
to a past step, undoing a person's decision, switching, promoting, deleting and
comparing lines."""

from __future__ import annotations

from typing import Any, ClassVar

from ..engine.errors import GameError, MalformedInput
from .base import Intents
from .session import G
from .session_core import SessionCore
from .variations import Variations


class TimelinePart(SessionCore[G]):
    """The Python API and the intents of the timeline and of the lines."""

    @property
    def step(self) -> int:
        """The step shown on the timeline."""
        return self.session.step

    def goto(self, step: int) -> None:
        """Show the game after ``step`` actions (a past state is a view: acting there
        branches with ``act(action, resolve="branch")``)."""
        self.session.goto(step)

    def first(self) -> None:
        """Show the setup (step 0)."""
        self.goto(0)

    def last(self) -> None:
        """Show the live end of the game."""
        self.goto(len(self.game.history))

    def prev(self) -> None:
        """Show the step before."""
        self.goto(self.step - 1)

    def next(self) -> None:
        """Show the step after."""
        self.goto(self.step + 1)

    def undo(self) -> int:
        """Take back the last decision of a person, and the bot actions after it (see
        :meth:`Session.undo`); returns how many actions were taken back."""
        return self.session.undo()

    @property
    def variations(self) -> Variations:
        """The game's tree of lines (:class:`~alhambra_widget.widgets.variations.Variations`):
        acting from a past step branches off a new line; ``w.session.line(i)`` is a
        line as a game, ``switch``, ``promote`` and ``delete_line`` edit the tree, and
        ``w.session.to_json()`` saves the game with it."""
        return self.session.variations

    def _intent_goto(self, content: dict[str, Any]) -> None:
        step = content.get("step")
        if type(step) is not int:
            raise MalformedInput(f"A step is a whole number, not {step!r}.")
        self.session.goto(step)

    def _intent_undo(self, content: dict[str, Any]) -> None:
        self._check_version(content)
        self.session.goto(len(self.game.history))
        n = self.session.undo()
        self._say(
            "Your last decision was taken back"
            + (f", with the {n - 1} bot action{'s' if n > 2 else ''} after it." if n > 1 else ".")
        )

    def _compare_with(self, i: int) -> None:
        """The page asks to compare line ``i`` with the line being played: shown as a
        panel (gone when the game moves on)."""
        compare_lines = getattr(self, "compare_lines", None)
        if compare_lines is None:
            raise GameError("Lines are compared with the what-if tools of Alhambra.")
        me = self.session.variations.current
        c = compare_lines(me, i)
        self._panels["compare"] = {
            "state": "done",
            "a": me,
            "b": i,
            "round": c.round,
            "totals": dict(c.totals()),
        }
        self._panel_at["compare"] = self._position()
        self._publish()

    def _intent_line(self, content: dict[str, Any]) -> None:
        what, i = content.get("do"), content.get("line")
        if type(i) is not int:
            raise MalformedInput("A line is a whole number.")
        ops = {
            "switch": self.session.switch,
            "promote": self.session.promote,
            "delete": self.session.delete_line,
            "compare": self._compare_with,
        }
        if what not in ops:
            raise MalformedInput("A line intent does 'switch', 'promote', 'delete' or 'compare'.")
        ops[what](i)

    INTENTS: ClassVar[Intents] = {
        **SessionCore.INTENTS,
        "goto": _intent_goto,
        "undo": _intent_undo,
        "line": _intent_line,
    }
