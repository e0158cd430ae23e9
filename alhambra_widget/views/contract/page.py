"""What a board syncs with the page: the ``view`` (one of the view models), the other
traits, and the intents the page sends back."""

from __future__ import annotations

from typing import Literal, TypedDict

from .alhambra import GameView, SandboxView
from .course import CourseView
from .gardens import GardensView
from .shared import ActionJson, PosJson

View = GameView | GardensView | CourseView | SandboxView
"""The ``view`` trait: what the page draws."""


# -- the other synced traits -------------------------------------------------------------


class Message(TypedDict, total=False):
    """The ``message`` trait: the last sentence for the page (empty: nothing to say)."""

    text: str
    kind: Literal["info", "error"]
    rule: str | None
    id: int
    """Counts up: the same sentence twice still reaches the page."""


class Texts(TypedDict):
    """The ``texts`` trait, sent once: the rules' texts by ruling id, the building
    kinds' shapes (SVG paths)."""

    rules: dict[str, str]
    glyphs: dict[str, str]


class Traits(TypedDict, total=False):
    """Every trait a board syncs with the page (a widget has the ones it uses)."""

    view: View
    message: Message
    texts: Texts
    board_id: str
    show_coords: bool
    show_walls: bool
    show_all_money: bool
    autoplay_bots: bool
    bot_delay: float
    hints_enabled: bool
    seen_steps: int
    """Written by the page: the steps in the game when it last drew it."""


# -- the intents: what the page sends ------------------------------------------------------


class _ViewName(TypedDict, total=False):
    view: str
    """Which view of the board (a notebook may show it more than once, and draws its
    output anew): the kernel counts the views left in pages."""


class HelloIntent(_ViewName):
    """The page greets the kernel when it draws the board."""

    kind: Literal["hello"]


class ByeIntent(_ViewName):
    """A view of the board leaves the page (its output cleared or drawn anew, its
    notebook closed): with no view left, the background review stops."""

    kind: Literal["bye"]


class _ActMore(TypedDict, total=False):
    resolve: Literal["branch", "undo"]
    """From a past step: branch off a new line, or undo back to it."""
    place: PosJson
    """With a purchase: the cell to build the tile on once the turn's actions are over
    (a tile dragged from the market onto a cell, R9)."""


class ActIntent(_ActMore):
    """A person's action."""

    kind: Literal["act"]
    v: int
    action: ActionJson


class VersionedIntent(TypedDict):
    """A request made on view ``v``: a bot's move, undoing the last decision, a hint, a
    review."""

    kind: Literal["bot", "undo", "hint", "review"]
    v: int


class CancelIntent(TypedDict):
    """Close a hint or a review (or stop its search)."""

    kind: Literal["hint", "review"]
    cancel: Literal[True]


class GotoIntent(TypedDict):
    """Show the game after ``step`` actions."""

    kind: Literal["goto"]
    step: int


class LineIntent(TypedDict):
    """Play, promote, delete or compare a line of the variation tree."""

    kind: Literal["line"]
    do: Literal["switch", "promote", "delete", "compare"]
    line: int


class ExplainIntent(TypedDict):
    """Why may the tile not go there? (a click on a cell the page marks illegal)."""

    kind: Literal["explain"]
    player: int | None
    sandbox: bool
    tile: str
    pos: PosJson


class CellIntent(TypedDict):
    """Why may this tile not go to the reserve (R8)? Remove the sandbox's tile here."""

    kind: Literal["explain_removal", "sb_remove"]
    pos: PosJson


class SandboxIntent(TypedDict):
    """Open a sandbox on a copy of player ``player``'s Alhambra (None: close it)."""

    kind: Literal["sandbox"]
    player: int | None


class SandboxPlaceIntent(TypedDict):
    """Build a palette tile in the sandbox."""

    kind: Literal["sb_place"]
    tile: str
    pos: PosJson


class CoachIntent(TypedDict):
    """The answer to the coach."""

    kind: Literal["coach"]
    do: Literal["undo", "keep", "close"]
    v: int


class GuideIntent(TypedDict):
    """A request to the guide of a guided first game: start it again."""

    kind: Literal["guide"]
    do: Literal["restart"]
    v: int


class LessonIntent(TypedDict):
    """Open a lesson (its index in the course map, or its id)."""

    kind: Literal["lesson"]
    lesson: int | str


class Answer(TypedDict, total=False):
    """A lesson's answer: a cell, a placement, a field, cards taken, a purchase, the
    reserve, numbers or a choice."""

    cell: PosJson
    place: PosJson
    field: PosJson
    take: list[str]
    buy: str | None
    cards: list[str]
    reserve: bool
    numbers: dict[str, str]
    choice: str


class AnswerIntent(TypedDict):
    """A try at the lesson."""

    kind: Literal["answer"]
    v: int
    answer: Answer


class CourseRequest(TypedDict):
    """The course: the lesson's next hint, start the lesson again, or read the progress
    again (the learner is back at the board: another notebook may have earned stars)."""

    kind: Literal["hint", "reset", "refresh"]


class NewGameIntent(TypedDict):
    """A finished game's "New game": the same players, seats and options, the next seed."""

    kind: Literal["new_game"]


Intent = (
    HelloIntent
    | ByeIntent
    | ActIntent
    | VersionedIntent
    | CancelIntent
    | GotoIntent
    | LineIntent
    | ExplainIntent
    | CellIntent
    | SandboxIntent
    | SandboxPlaceIntent
    | CoachIntent
    | GuideIntent
    | LessonIntent
    | AnswerIntent
    | CourseRequest
    | NewGameIntent
)
"""Every message the page sends."""


class Ack(TypedDict):
    """Python's answer to every message: it is there."""

    kind: Literal["ack"]
