"""The course's view model: the course map and the lesson."""

from __future__ import annotations

from typing import Literal, TypedDict

from .alhambra import AlhambraJson
from .gardens import GardensBoard
from .shared import CardJson, GlossaryEntry, TileJson


class FactsTable(TypedDict):
    """A small table of facts."""

    head: list[str]
    rows: list[list[str | int]]


class GardenPicture(TypedDict):
    """A garden tile before any turn (G2)."""

    id: str
    trees: int
    sides: list[str]


class GardensPicture(GardensBoard):
    """A Gardens board drawn for a lesson."""

    mark: str | None
    scores: dict[str, int]
    kinds: dict[str, list[str]]


class DeckJson(TypedDict):
    """A money deck: its size and where each scoring card may lie (R2)."""

    size: int
    windows: dict[str, tuple[int, int]]


class _PictureParts(TypedDict, total=False):
    table: FactsTable
    alhambra: AlhambraJson
    numbered: bool
    tile: TileJson
    cell: str
    gardens: GardensPicture
    garden: GardenPicture
    deck: DeckJson
    cards: list[CardJson]
    tiles: list[TileJson]


class PictureJson(_PictureParts):
    """The picture beside a lesson's explanation."""

    notes: list[str]


class VerdictJson(TypedDict):
    """The engine's judgement of a try."""

    ok: bool
    text: str
    rule: str | None
    mistake: str
    done: bool


class LessonGame(TypedDict):
    """What the learner may see of a lesson's game."""

    player: str
    phase: str
    market: dict[str, TileJson | None]
    display: list[CardJson]
    hand: list[CardJson]
    bought: list[TileJson]
    reserve: list[TileJson]
    alhambra: AlhambraJson


class AnswerMarks(TypedDict):
    """The cell a try picked on the board, the verdict, and once solved every right cell."""

    picked: str
    ok: bool
    rule: str | None
    right: list[str]


LessonMarks = TypedDict("LessonMarks", {"cells": list[str], "from": list[str]})
"""Once solved: the cell the answer built on or emptied."""


class StepsJson(TypedDict):
    """A lesson in steps: the step, how many, the goals done."""

    at: int
    of: int
    goals: list[str]


class _LessonParts(TypedDict, total=False):
    steps: StepsJson
    alhambra: AlhambraJson
    marks: LessonMarks
    tile: TileJson
    game: LessonGame
    gardens: GardensPicture
    fields: list[str]
    """A numbers lesson: the numbers asked for."""
    options: list[str]
    """A choose lesson: the choices."""
    option_tiles: list[list[TileJson]]


class LessonJson(_LessonParts):
    """A lesson as the page draws it."""

    id: str
    title: str
    chapter: str
    rules: list[str]
    teach: str
    picture: PictureJson | None
    goal: str
    task: str
    board: str
    hints: list[str]
    hints_left: int
    hints_here: int
    tries: int
    solved: bool
    stars: int
    feedback: VerdictJson | None
    after: str
    facts: list[str]
    table: FactsTable | None
    show_wall: bool
    pick: str | None
    answer: AnswerMarks | None
    terms: list[str]
    """The glossary's terms this lesson's words use (its explanation, task, hints shown,
    feedback): the page links the first use of each in a text to its entry."""


class CourseLesson(LessonJson):
    """The lesson on the course's board, with the learner's best stars in it."""

    best: int


class CourseItem(TypedDict):
    """A lesson in the course map."""

    id: str
    title: str
    chapter: str
    stars: int


class ChapterJson(TypedDict):
    """A chapter in the course map: lessons, and those with a star."""

    id: str
    name: str
    lessons: int
    done: int


class CourseMap(TypedDict):
    """The course map."""

    lessons: list[CourseItem]
    chapters: list[ChapterJson]
    at: int
    stars: int
    complete: bool
    unfinished: int | None
    practice: bool
    """A practice session's items (fresh positions), not the course's lessons: the map
    counts what this session solved, and done is "practice done", not the course."""


class CourseView(TypedDict):
    """The course's view model."""

    mode: Literal["course"]
    v: int
    course: CourseMap
    lesson: CourseLesson
    glossary: list[GlossaryEntry]
    """Every term of the course's glossary, each with the lesson teaching it."""
