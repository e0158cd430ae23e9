"""A plain SVG drawing of one Alhambra, so that the object draws itself in a notebook."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ...engine.alhambra.grid import Alhambra
from ...engine.pictures import register

if TYPE_CHECKING:
    from ...engine.alhambra.game import Game

KIND_COLOURS = {
    "pavilion": "#6fb7d6",
    "seraglio": "#d9675b",
    "arcades": "#b98a5a",
    "chambers": "#d8d4c8",
    "garden": "#7cb36b",
    "tower": "#a58cc9",
    "fountain": "#f3e3a4",
}
CELL_PX = 44
PAPER = "#fbf8f0"
INK = "#222"


def svg_open(w: float, h: float, label: str = "", *, extra: str = "") -> str:
    """The start of a still picture: its own light paper and dark ink, so that it reads
    the same on a light or a dark notebook (an output's SVG does not follow the theme)."""
    aria = f' role="img" aria-label="{escape(label)}"' if label else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h:g}" {extra}'
        f'font-family="sans-serif" fill="{INK}"{aria}>'
        f'<rect width="100%" height="100%" fill="{PAPER}"/>'
    )


KIND_GLYPHS = {
    "pavilion": "M1 9 L10 2 L19 9 Z M3 10 H6 V17 H3 Z M14 10 H17 V17 H14 Z M2 17 H18 V19 H2 Z",
    "seraglio": "M3 12 A7 7 0 0 1 17 12 Z M3 13 H17 V18 H3 Z",
    "arcades": "M2 18 V9 A8 7 0 0 1 18 9 V18 H14 V10 A4 4 0 0 0 6 10 V18 Z",
    "chambers": "M3 3 H17 V17 H3 Z M5 5 H9 V9 H5 Z M11 5 H15 V9 H11 Z M5 11 H9 V15 H5 Z M11 11 H15 V15 H11 Z",
    "garden": "M4 8 A6 6 0 1 0 16 8 A6 6 0 1 0 4 8 Z M9 13 H11 V18 H9 Z",
    "tower": "M5 18 V4 H7.5 V6.5 H9 V4 H11 V6.5 H12.5 V4 H15 V18 H11.5 V14 A1.5 1.5 0 0 0 8.5 14 V18 Z",
}
"""A simple shape per building kind (an SVG path in a 20x20 box), so kinds differ by
shape and not only by colour; the page draws the same shapes (sent in the view): the
pavilion a roof on two columns, the seraglio a dome, the arcades an arch, the chambers
a window of four panes, the garden a tree, the tower battlements over a door."""


def glyph(kind: str, x: float, y: float, size: float) -> str:
    """The kind's shape at (x, y), ``size`` px wide (empty for the fountain)."""
    d = KIND_GLYPHS.get(kind)
    if d is None:
        return ""
    return (
        f'<path class="aw-glyph" d="{d}" transform="translate({x:g},{y:g}) scale({size / 20:g})" '
        'fill="#000" fill-opacity="0.55" fill-rule="evenodd"/>'
    )


def alhambra_size(a: Alhambra, cell: int = CELL_PX) -> tuple[int, int]:
    """The width and height in pixels of :func:`alhambra_svg`'s picture: the Alhambra's
    extent with an empty cell around it (where its outer walls are drawn)."""
    x0, y0, x1, y1 = a.bounds()
    return (x1 - x0 + 3) * cell, (y1 - y0 + 3) * cell


def alhambra_svg(a: Alhambra, *, cell: int = CELL_PX, highlight_longest: bool = True) -> str:
    """An Alhambra as an SVG picture: each tile with its kind (no price: a built tile's
    no longer matters; its title names the tile), the external walls, and the longest
    wall (R11, the engine's) in red unless ``highlight_longest`` is False."""
    x0, y0, _, _ = a.bounds()
    x0, y0 = x0 - 1, y0 - 1
    w, h = alhambra_size(a, cell)
    out = [svg_open(w, h, repr(a), extra=f'viewBox="0 0 {w} {h}" ')]
    for (x, y), t in a.tiles.items():
        px, py = (x - x0) * cell, (y - y0) * cell
        out.append(
            f'<rect x="{px + 1}" y="{py + 1}" width="{cell - 2}" height="{cell - 2}" '
            f'rx="3" fill="{KIND_COLOURS[t.kind]}" stroke="#555" stroke-width="0.5">'
            f"<title>{escape(str(t))} at ({x}, {y})</title></rect>"
        )
        if t.kind == "fountain":  # drawn, not an emoji (no emoji font is needed)
            out.append(
                f'<circle cx="{px + cell / 2}" cy="{py + cell / 2}" r="{cell * 0.28:.1f}" '
                'fill="#4a90d9" stroke="#2c5d8f"/>'
            )
            continue
        out.append(glyph(t.kind, px + 3, py + 3, cell * 0.3))
        out.append(
            f'<text x="{px + cell / 2}" y="{py + cell / 2 + 7}" font-size="{cell // 4}" '
            f'text-anchor="middle" fill="#222">{escape(t.kind[:3].capitalize())}</text>'
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


def game_svg(game: Game, *, cell: int = 30) -> str:
    """A still picture of a game: the status, the market, and each player's Alhambra
    with name and points (no hidden information: hands are not drawn)."""
    if game.is_over:
        status = f"Game over: {' and '.join(game.winners)} won"
    else:
        status = f"Turn {game.turn}: {game.current_player.name} to play"
    market = ", ".join(f"{c}: {t.name if t else 'empty'}" for c, t in game.market.items())
    boards = []
    for p in game.players:
        svg = alhambra_svg(p.alhambra, cell=cell)
        w, h = alhambra_size(p.alhambra, cell)
        boards.append((f"{p.name}: {p.score} points", svg, max(w, 160), h))
    per_row = 3
    x = y = 0
    row_h = 0
    parts = []
    top = 48
    for i, (title, svg, w, h) in enumerate(boards):
        if i and i % per_row == 0:
            x, y, row_h = 0, y + row_h + 28, 0
        parts.append(
            f'<text x="{x}" y="{top + y + 14}" font-size="13" font-weight="bold">{escape(title)}</text>'
            f'<g transform="translate({x},{top + y + 20})">{svg}</g>'
        )
        x += w + 24
        row_h = max(row_h, h)
    width = max(
        560,
        *(sum(b[2] + 24 for b in boards[i : i + per_row]) for i in range(0, len(boards), per_row)),
    )
    height = top + y + row_h + 28
    return (
        svg_open(width, height, status)
        + f'<text x="0" y="16" font-size="15" font-weight="bold">{escape(status)}</text>'
        f'<text x="0" y="36" font-size="12">Market: {escape(market)}</text>'
        + "".join(parts)
        + "</svg>"
    )


register(Alhambra, alhambra_svg)
