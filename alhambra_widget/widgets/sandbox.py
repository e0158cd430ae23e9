"""One Alhambra on its own: :class:`SandboxWidget`."""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from ..engine.alhambra.components import Tile, building_tiles
from ..engine.alhambra.grid import Alhambra
from ..engine.errors import MalformedInput
from ..views.alhambra.svg import alhambra_svg
from ..views.alhambra.view import explain_cell, sandbox_view
from ..views.contract import SandboxView
from .base import BaseWidget, Intents


def free_palette(palette: list[Tile], a: Alhambra) -> list[Tile]:
    """The tiles of ``palette`` not built in ``a``."""
    used = set(a.tiles.values())
    return [t for t in palette if t not in used]


def cell_of(content: dict[str, Any]) -> tuple[int, int]:
    """The cell ``[x, y]`` an intent names as ``pos``."""
    pos = content.get("pos")
    if not isinstance(pos, list) or len(pos) != 2:
        raise MalformedInput("A cell is [x, y].")
    return (pos[0], pos[1])


def sandbox_place(a: Alhambra, palette: list[Tile], content: dict[str, Any]) -> str:
    """Build the palette tile an intent names at its cell (R7 checked); what to say."""
    tile = Tile.parse(content.get("tile"))
    if tile not in palette:
        raise MalformedInput(f"{tile} is not in the palette.")
    pos = cell_of(content)
    a.place(tile, pos)
    return f"{tile} built at ({pos[0]}, {pos[1]})."


def sandbox_remove(a: Alhambra, content: dict[str, Any]) -> str:
    """Remove the tile at the cell an intent names (R8 checked); what to say."""
    pos = cell_of(content)
    t = a.remove(pos)
    return f"{t} removed from ({pos[0]}, {pos[1]})."


class SandboxWidget(BaseWidget):
    """One Alhambra on its own: any tile of ``palette`` (default: the 54 real tiles) may
    be built wherever the building rules allow (R7), and removed again (R8).
    ``w.alhambra`` is the live Alhambra."""

    show_walls = traitlets.Bool(True).tag(sync=True)

    def __init__(
        self,
        alhambra: Alhambra | None = None,
        *,
        palette: list[Tile] | None = None,
        **kwargs: Any,
    ):
        super().__init__(**kwargs)
        self.alhambra = alhambra if alhambra is not None else Alhambra()
        self.palette = list(palette) if palette is not None else list(building_tiles())
        self._publish()

    def place(self, tile: Tile | str, pos: tuple[int, int]) -> None:
        """Build ``tile`` (from the palette) at ``pos``, as a click would (R7 checked)."""
        name = tile.name if isinstance(tile, Tile) else tile
        self._intent_sb_place({"tile": name, "pos": list(pos)})

    def _picture(self) -> str:
        return alhambra_svg(self.alhambra)

    def _build(self) -> SandboxView:
        return {
            "mode": "alhambra",
            "v": self._v,
            "sandbox": sandbox_view(self.alhambra, free_palette(self.palette, self.alhambra)),
        }

    def _intent_explain(self, content: dict[str, Any]) -> None:
        self._say(explain_cell(self.alhambra, content.get("tile"), content.get("pos")), "info")

    def _intent_sb_place(self, content: dict[str, Any]) -> None:
        self._say(sandbox_place(self.alhambra, self.palette, content))
        self._publish()

    def _intent_sb_remove(self, content: dict[str, Any]) -> None:
        self._say(sandbox_remove(self.alhambra, content))
        self._publish()

    INTENTS: ClassVar[Intents] = {
        **BaseWidget.INTENTS,
        "explain": _intent_explain,
        "sb_place": _intent_sb_place,
        "sb_remove": _intent_sb_remove,
    }

    def __repr__(self) -> str:
        return f"SandboxWidget({self.alhambra!r})"
