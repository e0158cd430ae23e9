"""alhambra-widget: play, learn and explore the board game Alhambra in JupyterLab."""

__version__ = "0.2.0"

from .alhambra.components import (
    CURRENCIES,
    FOUNTAIN,
    KINDS,
    Card,
    ScoringCard,
    Tile,
    building_tiles,
)
from .alhambra.grid import Alhambra, Violation
from .alhambra.scoring import ScoringRound, majority_breakdown, score_majorities
from .errors import GameError, GameFileError, IllegalAction, MalformedInput

__all__ = [
    "CURRENCIES",
    "FOUNTAIN",
    "KINDS",
    "Alhambra",
    "Card",
    "GameError",
    "GameFileError",
    "IllegalAction",
    "MalformedInput",
    "ScoringCard",
    "ScoringRound",
    "Tile",
    "Violation",
    "building_tiles",
    "majority_breakdown",
    "score_majorities",
]

from .alhambra.actions import (
    Action,
    Buy,
    Exchange,
    FromReserve,
    GiveToDirk,
    Pass,
    Place,
    Reserve,
    TakeMoney,
    ToReserve,
)
from .alhambra.game import Event, Game, Player

__all__ += [
    "Action",
    "Buy",
    "Event",
    "Exchange",
    "FromReserve",
    "Game",
    "GiveToDirk",
    "Pass",
    "Place",
    "Player",
    "Reserve",
    "TakeMoney",
    "ToReserve",
]


def __getattr__(name: str):
    # The widget needs Jupyter packages; the engine does not. Import it on first use.
    if name in ("AlhambraWidget", "SandboxWidget", "GardensWidget", "CourseWidget"):
        from . import widget

        return getattr(widget, name)
    raise AttributeError(f"module 'alhambra_widget' has no attribute {name!r}")
