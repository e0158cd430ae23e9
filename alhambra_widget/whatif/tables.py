"""What-if tables: a pandas DataFrame, or a plain :class:`PlainFrame` where pandas is
missing (JupyterLite, no ``whatif`` extra); plots ask for matplotlib by name."""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    pass


_EXTRA = 'pip install "alhambra-widget[whatif]" (pandas, matplotlib, tqdm)'


def need_module(module: str) -> Any:
    """Import ``module`` for a what-if plot, or say which extra brings it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(
            f"This what-if plot needs {module.split('.')[0]}: {_EXTRA}. "
            "Its .table() works without it."
        ) from None


class PlainFrame:
    """A what-if table drawn without pandas (in JupyterLite, or without the ``whatif``
    extra): the same rows and columns a DataFrame would hold, shown as HTML or text.
    ``rows`` are dicts; ``index`` names the columns that label a row."""

    def __init__(self, rows: list[dict[str, Any]], index: tuple[str, ...] = ()) -> None:
        self.rows = rows
        self.index = index
        self.columns = [c for c in (rows[0] if rows else {}) if c not in index]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows)

    def column(self, name: str) -> list[Any]:
        """The values of column ``name``, row by row."""
        return [r[name] for r in self.rows]

    @staticmethod
    def _cell(v: Any) -> str:
        return f"{v:.3f}" if isinstance(v, float) else str(v)

    def _grid(self) -> list[list[str]]:
        head = [*self.index, *self.columns]
        return [head] + [[self._cell(r[c]) for c in head] for r in self.rows]

    def __repr__(self) -> str:
        grid = self._grid()
        widths = [max(len(row[i]) for row in grid) for i in range(len(grid[0]))] if grid[0] else []
        lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in grid]
        return "\n".join([*lines, f"(pandas is not installed; {_EXTRA} gives a DataFrame)"])

    def _repr_html_(self) -> str:
        grid = self._grid()
        esc = html.escape
        head = "".join(f"<th>{esc(c)}</th>" for c in grid[0])
        body = "".join(
            "<tr>"
            + "".join(
                f"<th>{esc(c)}</th>" if i < len(self.index) else f"<td>{esc(c)}</td>"
                for i, c in enumerate(row)
            )
            + "</tr>"
            for row in grid[1:]
        )
        note = f"<p><small>pandas is not installed; {esc(_EXTRA)} gives a DataFrame.</small></p>"
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{note}"


def data_frame(rows: list[dict[str, Any]], index: tuple[str, ...] = ()) -> Any:
    """A pandas DataFrame of ``rows`` indexed by ``index``, or a :class:`PlainFrame` when
    pandas is missing."""
    try:
        import pandas as pd
    except ImportError:
        return PlainFrame(rows, index)
    df = pd.DataFrame(rows)
    return df.set_index(list(index) if len(index) > 1 else index[0]) if index else df
