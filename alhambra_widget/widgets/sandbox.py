"""One Alhambra on its own: :class:`SandboxWidget`."""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from ..engine.alhambra.components import Tile, building_tiles
from ..engine.alhambra.grid import Alhambra
from ..views.alhambra.svg import alhambra_svg
from ..views.alhambra.view import explain_cell, sandbox_view
from .base import Intents, _Base
from .table import _free_palette, _sb_place, _sb_remove


class SandboxWidget(_Base):
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

    def _build(self) -> dict[str, Any]:
        return {
            "mode": "alhambra",
            "sandbox": sandbox_view(self.alhambra, _free_palette(self.palette, self.alhambra)),
        }

    def _intent_explain(self, content: dict[str, Any]) -> None:
        self._say(explain_cell(self.alhambra, content.get("tile"), content.get("pos")), "info")

    def _intent_sb_place(self, content: dict[str, Any]) -> None:
        self._say(_sb_place(self.alhambra, self.palette, content))
        self._publish()

    def _intent_sb_remove(self, content: dict[str, Any]) -> None:
        self._say(_sb_remove(self.alhambra, content))
        self._publish()

    INTENTS: ClassVar[Intents] = {
        **_Base.INTENTS,
        "explain": _intent_explain,
        "sb_place": _intent_sb_place,
        "sb_remove": _intent_sb_remove,
    }

    def __repr__(self) -> str:
        return f"SandboxWidget({self.alhambra!r})"
