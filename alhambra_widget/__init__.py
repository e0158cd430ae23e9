"""alhambra-widget: play, learn and explore the board game Alhambra in JupyterLab."""

__version__ = "0.2.0"

from ._engine_choice import engine_info
from ._engine_choice import install as _install_finder

_install_finder()  # ALHAMBRA_WIDGET_PURE=1: the pure engine even where a compiled one is installed

from .engine.alhambra.components import (
    CURRENCIES,
    FOUNTAIN,
    KINDS,
    Card,
    ScoringCard,
    Tile,
    building_tiles,
)
from .engine.alhambra.grid import Alhambra, Violation
from .engine.alhambra.scoring import ScoringRound, majority_breakdown, score_majorities
from .engine.errors import GameError, GameFileError, IllegalAction, MalformedInput

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
    "engine_info",
    "majority_breakdown",
    "score_majorities",
]

from .engine.alhambra.actions import (
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
from .engine.alhambra.game import Event, Game, Player, end_game_gifts, payments
from .engine.alhambra.scoring import score_kind
from .views import review_graph as _review_graph  # noqa: F401  (registers the review's picture)
from .views.alhambra import svg as _svg  # noqa: F401  (registers the Alhambra's picture)

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
    "end_game_gifts",
    "payments",
    "score_kind",
]


def __getattr__(name: str) -> object:
    # The widgets need Jupyter packages; the engine does not. Import them on first use.
    if name in ("AlhambraWidget", "SandboxWidget", "GardensWidget"):
        from . import widgets

        return getattr(widgets, name)
    if name == "CourseWidget":
        from .course.widget import CourseWidget

        return CourseWidget
    if name in ("CoachedGame", "CoachedGardens"):
        from .course import coach

        return getattr(coach, name)
    if name == "GuidedGame":
        from .course.guide_alhambra import GuidedGame

        return GuidedGame
    if name == "GuidedGardens":
        from .course.guide_gardens import GuidedGardens

        return GuidedGardens
    raise AttributeError(f"module 'alhambra_widget' has no attribute {name!r}")
