"""What if? Positions you can change freely, scoring previews with their breakdown,
comparisons, rankings of where a tile could go, and win chances from bot playouts.

Positions and rankings are pure Python (the building rules still apply: an
Alhambra refuses an illegal tile). Tables are pandas DataFrames (a plain
:class:`PlainFrame` where pandas is missing, as in JupyterLite) and plots use matplotlib,
both imported only when asked for.
"""

from ..players.parallel import InProcessExecutor
from .chances import CHUNK, WinChances, win_chances
from .comparison import Comparison, compare
from .position import AnyGame, Cell, Position, PositionPlayer, TileLike
from .ranking import HeatMap, Option, Ranking, rank_placements
from .tables import PlainFrame

__all__ = [
    "CHUNK",
    "AnyGame",
    "Cell",
    "Comparison",
    "HeatMap",
    "InProcessExecutor",
    "Option",
    "PlainFrame",
    "Position",
    "PositionPlayer",
    "Ranking",
    "TileLike",
    "WinChances",
    "compare",
    "rank_placements",
    "win_chances",
]

_RENAMED = {"Seat": PositionPlayer, "Table": PlainFrame}


def __getattr__(name: str) -> object:
    """The names before the rename (``Seat``, ``Table``), with a DeprecationWarning: a
    "seat" and a "table" are a game table's, not a position's player or a data table."""
    if name in _RENAMED:
        import warnings

        new = _RENAMED[name]
        warnings.warn(f"alhambra_widget.whatif.{name} is now {new.__name__}", DeprecationWarning, 2)
        return new
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
