"""A plain SVG drawing of one Alhambra, so that the object draws itself in a notebook."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .grid import Alhambra

KIND_COLOURS = {
    "pavilion": "#6fb7d6",
    "seraglio": "#d9675b",
    "arcades": "#b98a5a",
    "chambers": "#d8d4c8",
    "garden": "#7cb36b",
    "tower": "#a58cc9",
    "fountain": "#f3e3a4",
}
CELL = 44


def alhambra_svg(a: Alhambra, *, cell: int = CELL, highlight_longest: bool = True) -> str:
    x0, y0, x1, y1 = a.bounds()
    x0, y0, x1, y1 = x0 - 1, y0 - 1, x1 + 1, y1 + 1
    w, h = (x1 - x0 + 1) * cell, (y1 - y0 + 1) * cell
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="sans-serif" role="img" '
        f'aria-label="{escape(repr(a))}">'
    ]
    for (x, y), t in a.tiles.items():
        px, py = (x - x0) * cell, (y - y0) * cell
        out.append(
            f'<rect x="{px + 1}" y="{py + 1}" width="{cell - 2}" height="{cell - 2}" '
            f'rx="3" fill="{KIND_COLOURS[t.kind]}" stroke="#555" stroke-width="0.5">'
            f"<title>{escape(str(t))} at ({x}, {y})</title></rect>"
        )
        label = "⛲" if t.kind == "fountain" else f"{t.kind[:3]} {t.price}"
        out.append(
            f'<text x="{px + cell / 2}" y="{py + cell / 2 + 4}" font-size="{cell // 4}" '
            f'text-anchor="middle" fill="#222">{escape(label)}</text>'
        )
    longest = set(a.longest_wall_segments()) if highlight_longest else set()
    for seg in a.external_walls():
        (ax, ay), (bx, by) = seg
        colour = "#c0392b" if seg in longest else "#333"
        out.append(
            f'<line x1="{(ax - x0) * cell}" y1="{(ay - y0) * cell}" x2="{(bx - x0) * cell}" '
            f'y2="{(by - y0) * cell}" stroke="{colour}" stroke-width="5" stroke-linecap="round"/>'
        )
    out.append("</svg>")
    return "".join(out)
