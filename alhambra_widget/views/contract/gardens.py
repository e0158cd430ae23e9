"""The Gardens table's view model."""

from __future__ import annotations

from typing import Literal, TypedDict

from .shared import (
    CellRules,
    PosJson,
    RankJson,
    RecentJson,
    SessionFields,
)


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
    places: dict[str, str]
    """Where each building stands, named by the fields around it as the engine's log
    and the guide name it ("between fields (0, 0) and (1, 1)"), by ``"x,y"``."""


class GardensLegal(TypedDict):
    """Where the mover may lay (G3)."""

    player: int
    fields: CellRules
    first: bool
    lay_limit: str
    """What the prompt says of the game's first lay (G3's words; empty after it)."""


class GardensState(GardensBoard):
    """A Gardens game as the viewer may see it."""

    mode: Literal["gardens"]
    step: int
    steps: int
    live: bool
    turn: int
    over: bool
    winners: list[str]
    ranking: list[RankJson]
    """At the end, the players by their final totals (G5); empty before."""
    current: int
    players: list[GardensPlayerJson]
    owners: dict[str, str | None]
    recent: list[RecentJson]
    supply: int
    log: list[str]
    legal: GardensLegal | None


class GardensView(GardensState, SessionFields):
    """The Gardens table's view model."""
