"""The Gardens of the Alhambra (G1-G5): engine, bot, and (lazily) the widget."""

from .components import TREES, Building, GardenTile, building_tiles, garden_tiles, winning_kind
from .game import GardensGame, Lay, Scoring

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
        from ..widget import GardensWidget

        return GardensWidget
    raise AttributeError(f"module 'alhambra_widget.gardens' has no attribute {name!r}")
