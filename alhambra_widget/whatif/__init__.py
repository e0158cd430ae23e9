"""What if? Positions you can change freely, scoring previews with their breakdown,
comparisons, rankings of where a tile could go, and win chances from bot playouts.

Positions and rankings are pure Python (the building rules still apply: an
Alhambra refuses an illegal tile). Tables are pandas DataFrames (a plain
:class:`Table` where pandas is missing, as in JupyterLite) and plots use matplotlib,
both imported only when asked for.
"""

from ..players.parallel import InProcessExecutor
from .chances import CHUNK, WinChances, win_chances
from .comparison import Comparison, compare
from .position import AnyGame, Cell, Position, Seat, TileLike
from .ranking import HeatMap, Option, Ranking, rank_placements
from .tables import Table

__all__ = [
    "CHUNK",
    "AnyGame",
    "Cell",
    "Comparison",
    "HeatMap",
    "InProcessExecutor",
    "Option",
    "Position",
    "Ranking",
    "Seat",
    "Table",
    "TileLike",
    "WinChances",
    "compare",
    "rank_placements",
    "win_chances",
]
