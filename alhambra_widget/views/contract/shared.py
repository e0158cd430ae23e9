"""The pieces both tables share: cards and tiles, where a move shows, the actions, the
search panels (hints, the review, a comparison of lines), the session's fields."""

from __future__ import annotations

from typing import Literal, TypedDict

CardJson = tuple[str, int]
"""A money card: ``[currency, value]``."""
TileJson = tuple[str, int, str]
"""A building tile: ``[kind, price, walls]`` (walls: the sides with a wall, ``"NE"``)."""
BuiltJson = tuple[int, int, str, int, str]
"""A tile built in an Alhambra: ``[x, y, kind, price, walls]``."""
SegmentJson = tuple[int, int, int, int]
"""A wall segment between two cell corners: ``[x1, y1, x2, y2]``."""
PosJson = tuple[int, int]
"""A cell or a Gardens field: ``[x, y]``."""
CellRules = dict[str, str]
"""Per cell ``"x,y"``: ``""`` when legal, else the ruling id that forbids it."""

Marks = TypedDict(
    "Marks",
    {
        "cards": list[CardJson],
        "slot": str,
        "pay": list[CardJson],
        "cells": list[str],
        "from": list[str],
        "fields": list[str],
    },
    total=False,
)
"""Where a move shows on the table (a move made, or a hint's move): the display cards
taken, the market slot bought from and the cards paid, the cells built on (``cells``)
or emptied (``from``), the Gardens fields laid on. Read off the action's fields."""


class RecentJson(TypedDict):
    """A move of another player since the viewer last acted, for the page to mark."""

    player: int
    text: str
    """The move's sentence from the log."""
    marks: Marks


LineJson = TypedDict("LineJson", {"line": int, "steps": int, "from": int, "current": bool})
"""A line of the variation tree: its number, length, the step it branches off at (0 for
the main line) and whether it is being played."""


# -- the actions (what an ``act`` intent carries, and a hint's move) ---------------------


class TakeMoneyJson(TypedDict):
    """R5: take money cards from the display, named ``"denar 3"``."""

    type: Literal["take_money"]
    cards: list[str]


class BuyJson(TypedDict):
    """R6: buy the tile of a market slot, paying with these card values."""

    type: Literal["buy"]
    currency: str
    pay: list[int]


class AtCellJson(TypedDict):
    """Build a tile on a cell: bought (R9), from the reserve (R8), or exchanged."""

    type: Literal["place", "from_reserve", "exchange"]
    tile: str
    pos: PosJson


class TileOnlyJson(TypedDict):
    """Put a tile bought in the reserve, or give it to Dirk (R3)."""

    type: Literal["reserve", "give_to_dirk"]
    tile: str


class ToReserveJson(TypedDict):
    """R8: move a built tile to the reserve."""

    type: Literal["to_reserve"]
    pos: PosJson


class PassJson(TypedDict):
    """Nothing else is possible."""

    type: Literal["pass"]


class LayJson(TypedDict):
    """The Gardens (G3): lay a tile of the hand on a field, turned 0-3 quarter turns."""

    type: Literal["lay"]
    tile: str
    field: PosJson
    turn: int


ActionJson = (
    TakeMoneyJson | BuyJson | AtCellJson | TileOnlyJson | ToReserveJson | PassJson | LayJson
)
"""An action of either game as its ``to_json()`` writes it."""


# -- the session's panels: hints, the review, a comparison of lines ---------------------


class RunningPanel(TypedDict):
    """A search in progress: how much is done."""

    state: Literal["running"]
    done: int
    total: int


class HintJson(TypedDict):
    """One of the search's best moves: the action, its sentence, the chance to win after
    it, the simulations that tried it, the reasons."""

    action: ActionJson
    says: str
    chance: float
    visits: int
    reasons: list[str]
    about_equal: bool
    """Within the search's noise of its choice: no ranking."""


class HintMove(HintJson):
    """A hint's move, with where it shows on the table."""

    marks: Marks


class Refining(TypedDict):
    """A search still at work after a first answer: the simulations done, of all."""

    done: int
    total: int


class _HintRefining(TypedDict, total=False):
    refining: Refining
    """Present while the search goes on: the moves are a first answer, from part of
    its simulations, and better ones come."""


class HintDone(_HintRefining):
    """The hint's moves, best first."""

    state: Literal["done"]
    moves: list[HintMove]


class _DecisionChoice(TypedDict, total=False):
    best: str
    """What the search preferred (absent for another player's mistake: worked out from
    their hidden hand)."""
    chance_best: float


class DecisionJson(_DecisionChoice):
    """A decision weighed in a review: what was played, the chances, the loss."""

    step: int
    player: str
    played: str
    chance_played: float
    loss: float


class GraphJson(TypedDict):
    """The review's graph: each player's chance to win step by step, the accuracy of
    each player reviewed, the mistakes, the scoring rounds' steps."""

    players: list[str]
    chances: list[list[float]]
    accuracy: dict[str, float]
    mistakes: list[DecisionJson]
    rounds: list[int]


class _ReviewCounted(TypedDict, total=False):
    actions: int
    """Every action of the player (the decisions are those with a choice)."""
    hands_shown: int | None


class ReviewSummary(_ReviewCounted):
    """The decisions of the person reviewed: their number, mean loss, the big ones, the
    costliest."""

    state: Literal["done"]
    player: str
    decisions: int
    mean_loss: float
    big: int
    mistakes: list[DecisionJson]


class ReviewDone(ReviewSummary):
    """The review panel once done, with the game's graph."""

    graph: GraphJson


class ComparePanel(TypedDict):
    """Two lines side by side: what scoring round ``round`` gives at the end of each."""

    state: Literal["done"]
    a: int
    b: int
    round: int
    totals: dict[str, tuple[int, int, int]]
    """Per player: the total in line a, in line b, and the change."""


class _ReviewSoFar(TypedDict, total=False):
    graph: GraphJson
    """The game's graph with the decisions weighed so far (it fills as they come)."""


class ReviewRunning(_ReviewSoFar):
    """A review in progress: how many of the decisions are weighed, and the graph so far."""

    state: Literal["running"]
    done: int
    total: int


HintPanel = RunningPanel | HintDone
"""The hint panel: running, or its moves (maybe a first answer, still refining)."""
ReviewPanel = ReviewRunning | ReviewDone
"""The review panel: running (with its graph so far), or done."""


class RemarkJson(TypedDict):
    """Something the coach says (kind ``"mistake"``, ``"scoring"``, ``"undone"``, ``"end"``)."""

    kind: str
    text: str
    step: int
    rule: str | None
    lines: list[str]
    more: list[str]
    """What else tells a flagged move from the preferred one (shown on demand)."""
    decision: DecisionJson | None


class CoachJson(TypedDict):
    """The coach of a coached game: its last remark, whether it offers a move back."""

    remark: RemarkJson | None
    offer: bool
    threshold: float
    finished: bool


class GlossaryEntry(TypedDict):
    """A term of the course's glossary: what it means, the lesson that teaches it (its id
    and ``title``; ``at``, its place in the course map sent with it, or None), and the
    ``stem`` the page looks for in a text to link its uses to this entry."""

    term: str
    stem: str
    meaning: str
    lesson: str
    title: str
    at: int | None


class GuideJson(TypedDict):
    """The guide of a guided first game: the step it waits for (``step`` of ``steps``),
    what happened since the last one (``before``; ``note``: that a stretch was played
    for the learner), what to do (``do``) and why (``why``,
    naming ``rules``), where to click (``marks``), and what a click that was not the
    step's move was told (``said``: a gentle sentence, drawn in the guide's region, or
    empty); at the end (``finished``) the result in ``why``, the engine's ``lines`` and
    what comes next (``next``: the coached game's line of code). After a scoring round
    the table played by itself, ``walk`` is what the guide says while the round's
    walkthrough is open and ``walked`` once it is closed (both empty otherwise): the
    guide's text follows the walkthrough."""

    step: int
    steps: int
    note: str
    before: list[str]
    do: str
    why: str
    lines: list[str]
    rules: list[str]
    marks: Marks
    finished: bool
    said: str
    next: str
    walk: str
    walked: str
    good: str
    """Why the step's move is a good one, in the course's terms (empty at the end)."""
    glossary: list[GlossaryEntry]
    """The glossary's entries of the terms the guide's words use here (each linked)."""


class _Coached(TypedDict, total=False):
    coach: CoachJson
    """A coached game: the coach's region."""
    guide: GuideJson
    """A guided first game: the guide's region."""


class SessionFields(_Coached):
    """What every board over a game with a timeline sends besides the game."""

    v: int
    """The view's version: intents name the view they were made on."""
    bot_to_move: bool
    lines: list[LineJson]
    hint: HintPanel | None
    hint_allowed: bool
    compare: ComparePanel | None
    review: ReviewPanel | None
    hands_shown: int | None
    """The step from which every hand was shown (a teacher's switch), or None."""
    paused: bool
    """A teacher has paused this online table: moves wait until it resumes."""


class RankJson(TypedDict):
    """A line of the final ranking."""

    name: str
    score: int
    rank: int
    winner: bool
