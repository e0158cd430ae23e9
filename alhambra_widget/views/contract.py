"""The page contract, declared once: what Python sends the page (the view models and the
other synced traits) and what the page sends back (the intents).

Every view builder is annotated with these types, so ``mypy --strict`` checks that it
builds what is declared here. The front end's types (``js/src/contract.ts``) are
generated from this module::

    python -m alhambra_widget.views.contract --typescript > js/src/contract.ts
    python -m alhambra_widget.views.contract --check js/src/contract.ts

and ``tsc --strict`` checks the front end against them (``bash run.sh check`` runs all
three), so a field renamed on one side fails the build on the other.

Conventions: a fixed-length list of the wire (a card, a tile, a cell's wall segment) is
a ``tuple`` here and a TypeScript tuple there; a cell is named ``"x,y"``; a key that
is absent in some views is in a ``total=False`` part. Pure declarations: no Jupyter
import, nothing computed.
"""

from __future__ import annotations

import sys
from typing import Literal, TypedDict

# -- small pieces ---------------------------------------------------------------------

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


class HintMove(TypedDict):
    """One of the search's best moves."""

    action: ActionJson
    says: str
    chance: float
    visits: int
    reasons: list[str]
    about_equal: bool
    """Within the search's noise of its choice: no ranking."""
    marks: Marks


class HintDone(TypedDict):
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


class ReviewSummary(TypedDict):
    """The decisions of the person reviewed: their number, mean loss, the big ones, the
    costliest."""

    state: Literal["done"]
    player: str
    decisions: int
    mean_loss: float
    big: int
    mistakes: list[DecisionJson]


class _ReviewCounted(TypedDict, total=False):
    actions: int
    """Every action of the player (the decisions are those with a choice)."""
    hands_shown: int | None


class ReviewDone(ReviewSummary, _ReviewCounted):
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


HintPanel = RunningPanel | HintDone
"""The hint panel: running, or its moves."""
ReviewPanel = RunningPanel | ReviewDone
"""The review panel: running, or done."""


class DecisionRemark(TypedDict):
    """Something the coach says (kind ``"mistake"``, ``"scoring"``, ``"undone"``, ``"end"``)."""

    kind: str
    text: str
    step: int
    rule: str | None
    lines: list[str]
    decision: DecisionJson | None


class CoachJson(TypedDict):
    """The coach of a coached game: its last remark, whether it offers a move back."""

    remark: DecisionRemark | None
    offer: bool
    threshold: float
    finished: bool


class SessionFields(TypedDict):
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


# -- the Alhambra table ----------------------------------------------------------------


class AlhambraJson(TypedDict):
    """An Alhambra: its tiles and the segments of its longest wall (R11; empty where it
    must not be shown)."""

    tiles: list[BuiltJson]
    wall: list[SegmentJson]


class PlayerJson(TypedDict):
    """A player as the board shows them."""

    name: str
    seat: str
    """``"human"``, a bot's level, ``"online"`` or ``"online:LEVEL"``."""
    score: int
    money: list[CardJson] | None
    """None for a hand this viewer may not see."""
    cards: int
    alhambra: AlhambraJson
    reserve: list[TileJson]
    bought: list[TileJson]
    counts: dict[str, int]


class DirkJson(TypedDict):
    """Dirk, the third player of a two-player game (R3)."""

    name: str
    can_win: bool
    score: int
    tiles: list[TileJson]


class SlotJson(TypedDict):
    """A market slot: its currency and tile (None: empty)."""

    currency: str
    tile: TileJson | None


class KindScoreJson(TypedDict):
    """R10 for one kind: counts, places, points and shared places per player."""

    kind: str
    counts: dict[str, int]
    places: dict[str, int]
    points: dict[str, int]
    shared: dict[str, list[int]]


class RoundJson(TypedDict):
    """A scoring round that was played."""

    number: int
    kinds: list[KindScoreJson]
    walls: dict[str, int]
    totals: dict[str, int]


class OverviewKind(KindScoreJson):
    """A kind in the standings, with what each place pays in that round."""

    pays: list[int]


class OverviewJson(TypedDict):
    """The standings: what the next scoring round would give now."""

    round: int
    kinds: list[OverviewKind]
    walls: dict[str, int]
    totals: dict[str, int]
    names: list[str]
    """The players, and Dirk."""


class RankJson(TypedDict):
    """A line of the final ranking."""

    name: str
    score: int
    rank: int
    winner: bool


class ResultRoundJson(TypedDict):
    """A round's points and walls in the results."""

    number: int
    totals: dict[str, int]
    walls: dict[str, int]


class ResultsJson(TypedDict):
    """At the end: the ranking and each round."""

    ranking: list[RankJson]
    rounds: list[ResultRoundJson]


class _TileOptionMore(TypedDict, total=False):
    dirk: bool
    """A tile bought may go to Dirk (R3)."""
    exchange: list[str]
    """The built tiles a reserve tile may be exchanged with."""


class TileOption(_TileOptionMore):
    """A tile the mover may place (bought, a gift, or in the reserve): where it may go."""

    source: Literal["bought", "gift", "reserve"]
    action: Literal["place", "from_reserve"]
    """The action that builds it on a cell."""
    cells: CellRules
    joins: dict[str, list[SegmentJson]]
    """Per legal cell: the wall segments the tile would join there (R11)."""


class BuyOption(TypedDict):
    """A market slot the mover may buy from (R6): every payment, the exact ones (R4),
    the places in the hand of the cards some payment uses, and where the tile may go."""

    price: int
    pays: list[list[int]]
    exact: list[list[int]]
    cards: list[int]
    tile: str
    cells: CellRules
    joins: dict[str, list[SegmentJson]]


LegalMore = TypedDict(
    "LegalMore",
    {
        "take": list[list[int]],
        "buy": dict[str, BuyOption],
        "refused": dict[str, str],
        "pass": bool,
        "remove": CellRules,
    },
    total=False,
)
"""What the mover may do while acting: the R5 takes (index lists into the display);
with the hand seen, the purchases, the refusals of the other slots and whether to pass;
the R8 removals."""


class LegalJson(LegalMore):
    """What the player to move may do now: read off the engine's legal actions."""

    player: int
    phase: str
    tiles: dict[str, TileOption]


class SandboxJson(TypedDict):
    """A free Alhambra: rules per cell for each wall pattern of the palette, removals."""

    alhambra: AlhambraJson
    palette: list[TileJson]
    cells: dict[str, CellRules]
    """Per wall pattern (a tile's walls): the rule of each cell."""
    remove: CellRules
    counts: dict[str, int]


class GameSandbox(SandboxJson):
    """A sandbox on a copy of a player's Alhambra, in a game."""

    player: int


class GameState(TypedDict):
    """An Alhambra game as the viewer may see it."""

    mode: Literal["game"]
    step: int
    steps: int
    live: bool
    turn: int
    phase: str
    over: bool
    winners: list[str]
    current: int
    players: list[PlayerJson]
    dirk: DirkJson | None
    market: list[SlotJson]
    display: list[CardJson]
    deck: int
    discard: int
    bag: int
    scoring: dict[str, tuple[int, int] | None]
    """Per scoring card: the window of draws it lies in, None once drawn (R2)."""
    rounds: list[RoundJson]
    log: list[str]
    me: int | None
    """The person the board is for (None: nobody, or a bot to move)."""
    recent: list[RecentJson]
    overview: OverviewJson | None
    results: ResultsJson | None
    currencies: list[str]
    kinds: list[str]
    legal: LegalJson | None


class _GameExtras(TypedDict, total=False):
    sandbox: GameSandbox
    coach: CoachJson


class GameView(GameState, SessionFields, _GameExtras):
    """The Alhambra table's view model."""


class SandboxView(TypedDict):
    """One Alhambra on its own (the sandbox widget)."""

    mode: Literal["alhambra"]
    v: int
    sandbox: SandboxJson


# -- the Gardens table -----------------------------------------------------------------


class GardenTileJson(TypedDict):
    """A garden tile in hand, with its sides after 0-3 quarter turns."""

    id: str
    trees: int
    sides: list[str]
    turned: list[list[str]]


class GardensPlayerJson(TypedDict):
    """A Gardens player."""

    name: str
    seat: str
    kinds: list[str]
    points: dict[str, int]
    score: int
    hand: list[GardenTileJson] | None
    """None for a hand this viewer may not see."""
    cards: int


class BoardSize(TypedDict):
    """Fields and buildings a row."""

    fields: int
    buildings: int


BuildingJson = tuple[int, int, int, str]
"""A building: ``[x, y, value, kind]``."""
FieldJson = tuple[int, int, str, int, list[str]]
"""A laid garden tile: ``[x, y, tile id, trees, sides as turned]``."""


class ScoredJson(TypedDict):
    """An enclosed building, scored (G4)."""

    building: PosJson
    value: int
    kind: str
    counts: dict[str, int]
    winner: str | None
    multiplier: int
    points: int
    owner: str | None
    why: str


class GardensBoard(TypedDict):
    """The board of a Gardens game."""

    size: BoardSize
    buildings: list[BuildingJson]
    fields: list[FieldJson]
    scored: dict[str, ScoredJson]
    last_scored: list[str]
    """The buildings the last lay scored."""


class GardensLegal(TypedDict):
    """Where the mover may lay (G3)."""

    player: int
    fields: CellRules
    first: bool


class GardensState(GardensBoard):
    """A Gardens game as the viewer may see it."""

    mode: Literal["gardens"]
    step: int
    steps: int
    live: bool
    turn: int
    over: bool
    winners: list[str]
    current: int
    players: list[GardensPlayerJson]
    owners: dict[str, str | None]
    recent: list[RecentJson]
    supply: int
    log: list[str]
    legal: GardensLegal | None


class _GardensExtras(TypedDict, total=False):
    coach: CoachJson


class GardensView(GardensState, SessionFields, _GardensExtras):
    """The Gardens table's view model."""


# -- the course ------------------------------------------------------------------------


class TableJson(TypedDict):
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
    table: TableJson
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
    table: TableJson | None
    show_wall: bool
    pick: str | None
    answer: AnswerMarks | None


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


class CourseView(TypedDict):
    """The course's view model."""

    mode: Literal["course"]
    v: int
    course: CourseMap
    lesson: CourseLesson


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


class HelloIntent(TypedDict):
    """The page greets the kernel when it draws the board."""

    kind: Literal["hello"]


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
    """The course: the lesson's next hint, or start the lesson again."""

    kind: Literal["hint", "reset"]


Intent = (
    HelloIntent
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
    | LessonIntent
    | AnswerIntent
    | CourseRequest
)
"""Every message the page sends."""


class Ack(TypedDict):
    """Python's answer to every message: it is there."""

    kind: Literal["ack"]


if __name__ == "__main__":  # pragma: no cover - the command line
    from alhambra_widget.views import contract
    from alhambra_widget.views.typed_json import main

    sys.exit(main(contract, sys.argv[1:]))
