"""The last chapter's first lessons: a guided first game of each game
(:mod:`alhambra_widget.course.guide_alhambra`, :mod:`~alhambra_widget.course.guide_gardens`),
before the free coached games. The answer is the finished game, judged as a coached
game's is (:mod:`.coached`); the guided table records its stars itself at the end."""

from __future__ import annotations

from typing import Any

_TEACH = (
    "Before you play on your own, the guide walks you through a whole game on the real "
    "table, against Ben, a bot. At each step it says what to do and why, marks what to click "
    "with ▶, and explains each rule the moment it first happens. You make every one of your "
    "moves; a different click is refused, with what to do instead. Ben's replies are played "
    "by the table."
)

GUIDED: list[dict[str, Any]] = [
    dict(
        id="guided-game",
        chapter="coached",
        title="A guided first game of the Alhambra",
        rules=("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12"),
        goal="Play the guided game to its end: in a new cell run "
        "`from alhambra_widget import GuidedGame` and then `GuidedGame()`, and follow the "
        "guide's steps. Finishing earns the stars.",
        task="coached",
        start={"kind": "alhambra", "seed": 9},
        teach=_TEACH,
        hints=("Do what the guide's bold line says: the thing to click is marked with ▶.",),
    ),
    dict(
        id="guided-gardens",
        chapter="coached",
        title="A guided first game of the Gardens",
        rules=("G1", "G2", "G3", "G4", "G5"),
        goal="Play the guided Gardens game to its end: in a new cell run "
        "`from alhambra_widget import GuidedGardens` and then `GuidedGardens()`, and follow "
        "the guide's steps. Finishing earns the stars.",
        task="coached",
        start={"kind": "gardens", "seed": 9},
        teach=_TEACH,
        hints=("Turn your tile as the guide says, then click the field marked with ▶.",),
    ),
]
"""The guided games' lessons (added to the chapter ``"coached"`` by the catalog, before
the coached games)."""
