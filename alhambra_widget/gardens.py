"""The Gardens of the Alhambra (G1-G5), in one import: the engine's names (from
:mod:`alhambra_widget.engine.gardens`) and, on first use, the widget."""

from .engine.gardens.components import (
    TREES,
    Building,
    GardenTile,
    building_tiles,
    garden_tiles,
    winning_kind,
)
from .engine.gardens.game import GardensGame, Lay, Scoring

__all__ = [
    "TREES",
    "Building",
    "GardenTile",
    "GardensGame",
    "GardensWidget",
    "Lay",
    "Scoring",
    "building_tiles",
    "garden_tiles",
    "winning_kind",
]


def __getattr__(name: str) -> object:
    if name == "GardensWidget":
        from .widgets import GardensWidget

        return GardensWidget
    raise AttributeError(f"module 'alhambra_widget.gardens' has no attribute {name!r}")
