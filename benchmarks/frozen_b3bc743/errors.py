"""The exceptions of the package (shared by both games), all ``ValueError`` subclasses
under one base, :class:`GameError`:

- :class:`IllegalAction`: a move the rules refuse. ``rule`` is always a ruling id
  (``R1``..``R13``, ``R7a``..``R7d``, ``G1``..``G5``; see ``docs/rules.md``) and
  ``sentence`` says why, truthfully. The state that refused is untouched.
- :class:`MalformedInput`: input of the wrong shape (an unknown action type or intent,
  a field missing, a cell that is not a pair of integers, text that is not JSON). It
  names no rule: nothing was judged.
- :class:`GameFileError`: a saved game that is malformed or does not replay to what it
  records (a kind of malformed input).

A :class:`GameError` that is neither says that a request does not fit the object's
state (nothing to undo; an Alhambra that belongs to a game changed by hand).
"""

from __future__ import annotations

RULING_IDS = frozenset(
    [f"R{i}" for i in range(1, 14)] + [f"R7{c}" for c in "abcd"] + [f"G{i}" for i in range(1, 6)]
)
"""Every ruling id a refusal may name (R7a-R7d are the four building rules of R7)."""


class GameError(ValueError):
    """Base of every error of the package; ``str(error)`` is ``sentence``."""

    rule: str | None = None

    def __init__(self, sentence: str):
        super().__init__(sentence)
        self.sentence = sentence

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.sentence!r})"


class IllegalAction(GameError):
    """A move, placement or position that the rules refuse: ``rule`` is the ruling id
    (``"R7a"``, ``"R6"``, ``"G3"``, ...), ``sentence`` says why in plain words."""

    def __init__(self, rule: str, sentence: str):
        if rule not in RULING_IDS:
            raise TypeError(f"{rule!r} is not a ruling id")
        super().__init__(sentence)
        self.rule = rule

    def __repr__(self) -> str:
        return f"{type(self).__name__}(rule={self.rule!r}, sentence={self.sentence!r})"


class MalformedInput(GameError):
    """Input of the wrong shape: nothing was judged, so no rule is named."""


class GameFileError(MalformedInput):
    """A saved game (JSON) that is malformed or does not replay to what it records.
    ``rule`` is the ruling id when a saved action is refused by the rules, else None."""

    def __init__(self, sentence: str, rule: str | None = None):
        super().__init__(sentence)
        self.rule = rule


def int_pair(value: object, what: str) -> tuple[int, int]:
    """``value`` as an ``(x, y)`` pair of integers, or :class:`MalformedInput` whose
    sentence says what ``what`` (e.g. "A cell") should be."""
    x: object
    y: object
    try:
        x, y = value  # type: ignore[misc]
    except (TypeError, ValueError):
        raise MalformedInput(f"{what} is an (x, y) pair of integers, not {value!r}.") from None
    if type(x) is not int or type(y) is not int:
        raise MalformedInput(f"{what} is an (x, y) pair of integers, not {value!r}.")
    return (x, y)
