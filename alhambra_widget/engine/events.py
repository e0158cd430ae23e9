"""What happened, as data: an :class:`Event` is a kind and a dict of plain JSON values,
made by the engine as it changes the state. Its sentence is written by the game's own
table of narrators (``NARRATORS`` of the Event subclass), apart from the state change,
and only when somebody reads it. Shared by both games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

Narrator = Callable[[dict[str, Any]], str]


class Event:
    """Something that happened, for the widget, the lessons and the log.

    ``kind`` is one of the keys of :data:`NARRATORS`; ``data`` holds plain JSON values
    (names, tile names like ``"tower 9 NE"``, cards like ``"denar 3"``, cells as
    ``[x, y]``); ``text`` (and ``str(event)``) is the sentence."""

    __slots__ = ("_text", "data", "kind")

    NARRATORS: ClassVar[Mapping[str, Narrator]] = {}
    """The sentence of each kind, by the game (set by each game's subclass)."""

    def __init__(self, kind: str, data: dict[str, Any]):
        self.kind = kind
        self.data = data
        self._text: str | None = None

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor
        return (type(self), (self.kind, self.data))

    @property
    def text(self) -> str:
        """The event's sentence, written by the game's narrator for its kind (once, then kept)."""
        if self._text is None:
            self._text = self.NARRATORS[self.kind](self.data)
        return self._text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.kind, self.data) == (other.kind, other.data)

    __hash__ = None  # type: ignore[assignment]


def does(who: Any, verb: str) -> str:
    """``"Ben takes"``, but ``"You take"`` for a player named You (a common seat name)."""
    if who == "You":
        verb = {"passes": "pass"}.get(verb, verb[:-1] if verb.endswith("s") else verb)
    return f"{who} {verb}"
