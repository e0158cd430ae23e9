"""The course: every lesson, in order, grouped in chapters. A new lesson is one entry,
written in the ``book_*`` module of its chapter (``docs/writing-lessons.md``).

Each entry teaches, then asks: ``teach`` (2-5 sentences) and ``picture`` (drawn by
:mod:`.pictures` from the engine) come before the task; ``teaches`` and ``needs`` name
the rulings and :data:`FACTS` taught and needed (each need taught by then). It gives a
start position, a task (the kind of answer: ``build``, ``break``, ``remove``,
``exchange``, ``take``, ``buy``, ``turn``, ``place``, ``numbers``, ``choose``,
``field`` on a Gardens board, or ``steps``) and ``want`` (what the engine is asked);
never the answer. Nothing the page is sent before the answer contains it
(``tests/test_course.py`` checks every lesson).
"""

from __future__ import annotations

from typing import Any

from .book_first import E as _FIRST
from .book_last import E as _LAST
from .book_middle import E as _MIDDLE
from .lessons import Lesson
from .lessons.coached import COACHED
from .lessons.guided import GUIDED

CHAPTERS: dict[str, str] = {
    "basics": "Cells, cards and the first player",
    "money": "Money and buying",
    "building": "The building rules",
    "redesign": "Redesigning and the reserve",
    "scoring": "Scoring rounds",
    "walls": "Walls",
    "end": "The end of the game",
    "two": "Two players and Dirk",
    "strategy": "Strategy, with the what-if tools",
    "gardens": "The Gardens of the Alhambra",
    "coached": "Whole games: guided, then coached",
}
"""Chapter id -> title, in course order (the notebooks follow the chapters)."""

FACTS: dict[str, str] = {
    "coords": "cells are named (x, y) from the fountain: x east, y south",
    "wall-codes": 'a tile\'s walls are named by their sides: N, E, S, W ("tower 9 NES": walls north, east, south)',
    "points-table": "the points per kind, place and scoring round (R10's table)",
    "scoring-cards": "when the scoring rounds come: the scoring cards in the money deck (R2, R9)",
    "refill": "how the display and the market are refilled at the end of a turn (R9)",
    "longest-wall": "how the longest joined outer wall is counted, segment by segment (R11)",
    "setup": "the set-up: 54 building tiles in the bag, four market slots each with a tile, four money cards face up (R1, R2)",
    "discard-pile": "paid cards go face up onto the discard pile, shuffled into a new deck when the deck runs out (R6, R9)",
    "reserve-build": "building a tile from the reserve is a redesign (R8)",
    "g-supply": "the Gardens' hand (one tile), the supply and who starts (G3)",
    "g-owners": "each player owns one kind of tree; with two or three players some kinds have no player (G2)",
    "margin": "how strategy lessons judge: your points in the round minus the best other player's",
}
"""Facts a lesson may teach or need besides the ruling ids (``Lesson.teaches``, ``needs``)."""

GLOSSARY: dict[str, tuple[str, str]] = {
    "wall": (
        "coords",
        "a line along a side of a tile; wall meets wall and open meets open (R7), and the "
        "longest joined outer wall scores a point per segment (R11)",
    ),
    "bag": ("setup", "the cloth bag the building tiles are drawn from without looking (R2)"),
    "market": (
        "setup",
        "the four slots, one per currency, each with a building tile to buy in that currency (R1, R6)",
    ),
    "display": ("setup", "the four money cards lying face up, to be taken (R2, R5)"),
    "discard pile": ("paid-cards", "where paid cards lie face up until the deck runs out (R6, R9)"),
    "exact payment": (
        "buy-exact",
        "paying exactly a tile's price: no change is lost, and another action follows (R4, R6)",
    ),
    "reserve": (
        "to-reserve",
        "the tiles a player owns but has not built; they count for nothing (R8)",
    ),
    "redesign": (
        "to-reserve",
        "an action that changes an Alhambra with the reserve; it ends the turn (R8)",
    ),
    "scoring round": (
        "round1",
        "one of the three moments of a game when whoever has the most buildings of each "
        "kind scores for it, and each player's longest outer wall scores too (R10, R11)",
    ),
    "majority": (
        "round1",
        "having the most tiles of a kind among the players; a scoring round pays the places (R10)",
    ),
    "gift": (
        "gift",
        "a market tile handed out at the end to whoever holds the most of its currency (R12)",
    ),
    "seed": ("replay", "the number every shuffle and draw of a game comes from (R13)"),
    "Dirk": (
        "dirk-draw",
        "the imaginary third collector of a two-player game: his tiles count for the "
        "majorities; he has no turns (R3)",
    ),
    "supply": ("g-supply", "the face-down garden tiles players draw from (G3)"),
    "owns": ("g-unowned", "each player owns the trees of one kind; some kinds have no player (G2)"),
}
"""Term -> (the lesson that teaches it, what it means): no lesson uses a term before the
lesson that teaches it (``tests/test_course_round2.py``). The page links each term in a
lesson's text, the guide's steps and the feedback to its entry
(:mod:`alhambra_widget.course.glossary`; ``CourseWidget().glossary`` as plain data)."""

E: list[dict[str, Any]] = [*_FIRST, *_MIDDLE, *_LAST]
"""Every lesson entry (written in the ``book_*`` modules, by chapter)."""

LESSONS: tuple[Lesson, ...] = tuple(
    sorted(
        (Lesson(**e) for e in [*E, *GUIDED, *COACHED]),
        key=lambda les: list(CHAPTERS).index(les.chapter),
    )
)
"""Every lesson, in course order: by chapter, then in the order written (so lessons
written in another module join their chapter)."""


def lesson(lesson_id: str) -> Lesson:
    """The lesson with id ``lesson_id``; a KeyError names every lesson when there is none."""
    for les in LESSONS:
        if les.id == lesson_id:
            return les
    raise KeyError(f"No lesson {lesson_id!r}; the lessons are {[les.id for les in LESSONS]}.")


def chapter(chapter_id: str) -> list[Lesson]:
    """The lessons of chapter ``chapter_id``, in course order; a KeyError names the chapters when
    there is none."""
    if chapter_id not in CHAPTERS:
        raise KeyError(f"No chapter {chapter_id!r}; the chapters are {list(CHAPTERS)}.")
    return [les for les in LESSONS if les.chapter == chapter_id]
