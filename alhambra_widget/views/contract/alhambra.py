"""The Alhambra table's view model (and the sandbox's)."""

from __future__ import annotations

from typing import Literal, TypedDict

from .shared import (
    BuiltJson,
    CardJson,
    CellRules,
    RankJson,
    RecentJson,
    SegmentJson,
    SessionFields,
    TileJson,
)


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


class OverviewKind(KindScoreJson):
    """A kind in the standings, with what each place pays in that round."""

    pays: list[int]


class RoundJson(TypedDict):
    """A scoring round that was played: each kind's result with what each place pays
    in this round (the rulebook's points table, the engine's)."""

    number: int
    kinds: list[OverviewKind]
    walls: dict[str, int]
    wall_lines: dict[str, list[list[int]]]
    """Each player's longest wall as scored, ``[ax, ay, bx, by]`` per segment: the
    walkthrough draws these, since a board may have changed since the round."""
    totals: dict[str, int]
    before: dict[str, int]
    """Each player's points (and Dirk's) just before this round was scored (the
    engine's), shown while the round is walked through until its total."""


class OverviewJson(TypedDict):
    """The standings: what the next scoring round would give now."""

    round: int
    kinds: list[OverviewKind]
    walls: dict[str, int]
    totals: dict[str, int]
    names: list[str]
    """The players, and Dirk."""


class ResultRoundJson(TypedDict):
    """A round's points and walls in the results."""

    number: int
    totals: dict[str, int]
    walls: dict[str, int]


class ApartJson(TypedDict):
    """A collector scored at the end who is no player and cannot win (Dirk, R3): his
    points, shown apart from the ranking."""

    name: str
    score: int


class ResultsJson(TypedDict):
    """At the end: the ranking of the players (Dirk among them only when an option lets
    him win, R3), whoever is scored apart, and each round."""

    ranking: list[RankJson]
    apart: list[ApartJson]
    rounds: list[ResultRoundJson]


class TargetCells(TypedDict):
    """Where a tile may go: the rule of each cell, and per legal cell the wall segments
    the tile would join there (R11)."""

    cells: CellRules
    joins: dict[str, list[SegmentJson]]


class _TileOptionMore(TypedDict, total=False):
    dirk: bool
    """A tile bought may go to Dirk (R3)."""
    exchange: list[str]
    """The built tiles a reserve tile may be exchanged with."""


class TileOption(TargetCells, _TileOptionMore):
    """A tile the mover may place (bought, a gift, or in the reserve): where it may go."""

    source: Literal["bought", "gift", "reserve"]
    action: Literal["place", "from_reserve"]
    """The action that builds it on a cell."""


class BuyOption(TargetCells):
    """A market slot the mover may buy from (R6): every payment, the exact ones (R4),
    the places in the hand of the cards some payment uses, and where its tile may go."""

    price: int
    pays: list[list[int]]
    says: dict[str, str]
    """Per payment total: what paying it means, the engine's sentence as the log says it
    (R4 exact, R6 overpaid)."""
    exact: list[list[int]]
    cards: list[int]
    tile: str


LegalMore = TypedDict(
    "LegalMore",
    {
        "take": list[list[int]],
        "take_limit": str,
        "buy": dict[str, BuyOption],
        "refused": dict[str, str],
        "pass": bool,
        "remove": CellRules,
    },
    total=False,
)
"""What the mover may do while acting: the R5 takes (index lists into the display) and
what the prompt says of several cards taken together (R5's words); with the hand seen, the purchases, the refusals of the other slots and whether to pass;
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


class TableTop(TypedDict):
    """What lies on the table: the building market, the money display, and how many
    cards and tiles are left in the deck, the discard pile and the bag."""

    market: list[SlotJson]
    display: list[CardJson]
    deck: int
    discard: int
    bag: int


class GameState(TableTop):
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


class DropJson(TypedDict):
    """A tile bought by dropping it from its market slot onto a cell, waiting for the
    turn's end (an exact payment gave another action, R4) to be built there (R9)."""

    tile: str
    cell: str


class GameView(GameState, SessionFields):
    """The Alhambra table's view model."""

    sandbox: GameSandbox | None
    """A sandbox opened on a copy of a player's Alhambra."""
    dropped: DropJson | None


class SandboxView(TypedDict):
    """One Alhambra on its own (the sandbox widget)."""

    mode: Literal["alhambra"]
    v: int
    sandbox: SandboxJson
