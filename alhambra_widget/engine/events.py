"""What happened, as data: an :class:`Event` is a kind and a dict of plain JSON values,
made by the engine as it changes the state. Its sentence is written by the game's own
table of narrators (``NARRATORS`` of the Event subclass), apart from the state change,
and only when somebody reads it. Shared by both games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

Narrator = Callable[[dict[str, Any]], str]
Maker = Callable[[Any, Any, Any, Any], dict[str, Any]]
"""Builds an event's data from up to four values given when it happened (see
:class:`Event`)."""


class Event:
    """Something that happened, for the widget, the lessons and the log.

    ``kind`` is one of the keys of :data:`NARRATORS`; ``data`` holds plain JSON values
    (names, tile names like ``"tower 9 NE"``, cards like ``"denar 3"``, cells as
    ``[x, y]``); ``text`` (and ``str(event)``) is the sentence.

    ``Event(kind, data)``; or, for the engine's frequent events, ``Event(kind, None,
    make, a, b, c, d)``: ``data`` is ``make(a, b, c, d)``, made on first read (the
    values are immutable: names, tiles, actions). Most events are never read (a bot's
    simulations, a replay), and an event without its dictionary and lists is one object
    for the garbage collector to visit instead of two or three."""

    __slots__ = ("_a", "_b", "_c", "_d", "_data", "_make", "_text", "kind")

    NARRATORS: ClassVar[Mapping[str, Narrator]] = {}
    """The sentence of each kind, by the game (set by each game's subclass)."""

    def __init__(
        self,
        kind: str,
        data: dict[str, Any] | None,
        make: Maker | None = None,
        a: Any = None,
        b: Any = None,
        c: Any = None,
        d: Any = None,
    ):
        if data is None and make is None:
            raise TypeError(f"Event({kind!r}) needs its data, or the function that makes it.")
        self.kind = kind
        self._data = data
        self._make = make
        self._a = a
        self._b = b
        self._c = c
        self._d = d
        self._text: str | None = None

    @property
    def data(self) -> dict[str, Any]:
        """The event's plain JSON values (made on first read when made later, then kept)."""
        data = self._data
        if data is None:
            make = self._make
            assert make is not None  # (the constructor refuses an event with neither)
            data = self._data = make(self._a, self._b, self._c, self._d)
            self._make = self._a = self._b = self._c = self._d = None
        return data

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor
        return (type(self), (self.kind, self.data))

    @property
    def text(self) -> str:
        """The event's sentence, written by the game's narrator for its kind (once, then kept)."""
        if self._text is None:
            narrate = self.NARRATORS.get(self.kind)  # (an event a user made of another kind
            # has no narrator: its kind and data say what it is)
            self._text = narrate(self.data) if narrate else f"{self.kind}: {self.data}"
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
