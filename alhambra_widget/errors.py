"""The one exception family of the package (shared by both games).

Every refusal carries the id of the rule it enforces (``R7a``, ``G3``, ...; see
``shared/RULINGS.md``) and a plain sentence. The state that refused is untouched.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action, placement or document that the rules refuse.

    ``rule`` is the ruling id (``"R7a"``, ``"R6"``, ``"occupied"``, ``"format"``, ...);
    ``sentence`` says why in plain words; ``str(error)`` is the sentence.
    """

    def __init__(self, rule: str, sentence: str):
        super().__init__(sentence)
        self.rule = rule
        self.sentence = sentence

    def __repr__(self) -> str:
        return f"{type(self).__name__}(rule={self.rule!r}, sentence={self.sentence!r})"


class GameFileError(IllegalAction):
    """A saved game (JSON) that is malformed or does not replay to what it records."""


def int_pair(value, what: str) -> tuple[int, int]:
    """``value`` as an ``(x, y)`` pair of integers, or ``IllegalAction(rule="format")``
    whose sentence says what ``what`` (e.g. "A cell") should be."""
    try:
        x, y = value
    except (TypeError, ValueError):
        x = y = None
    if type(x) is not int or type(y) is not int:
        raise IllegalAction("format", f"{what} is an (x, y) pair of integers, not {value!r}.")
    return (x, y)
