"""The review's picture: each player's estimated chance to win, step by step
(lichess's advantage chart, one line a player), the mistakes as marks on the line of
the player who made them, and the accuracy per player in the legend.

``review_svg(graph)`` is SVG text; every point and mark carries ``data-step`` (the
step before the decision: a click there can jump to it). Lines and text use
``currentColor`` and the seat colours, so the picture reads in light and dark themes.
Names are escaped."""

from __future__ import annotations

from html import escape

from ..engine.pictures import register
from ..players.review_graph import ReviewGraph

COLOURS = ("#d9480f", "#1c7ed6", "#2f9e44", "#ae3ec9", "#f59f00", "#0c8599")
W, H = 560, 220
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 10, 46


def _xy(step: int, chance: float, steps: int) -> tuple[float, float]:
    x = LEFT + (W - LEFT - RIGHT) * step / max(steps, 1)
    y = TOP + (H - TOP - BOTTOM) * (1.0 - chance)
    return round(x, 1), round(y, 1)


def _axes(steps: int) -> list[str]:
    out = []
    for pct in (0, 50, 100):
        _, y = _xy(0, pct / 100, steps)
        out.append(
            f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{y}" y2="{y}" stroke="currentColor" '
            f'stroke-opacity="{0.35 if pct == 50 else 0.15}"/>'
            f'<text x="{LEFT - 4}" y="{y + 4}" font-size="10" text-anchor="end" fill="currentColor">{pct}%</text>'
        )
    _, y0 = _xy(0, 0.0, steps)
    out.append(
        f'<text x="{W - RIGHT}" y="{y0 + 14}" font-size="10" text-anchor="end" fill="currentColor">step {steps}</text>'
    )
    return out


def review_svg(graph: ReviewGraph) -> str:
    """The picture of ``graph`` as SVG text."""
    steps = len(graph.chances) - 1
    parts = _axes(steps)
    for n, step in enumerate(graph.rounds, start=1):  # the scoring rounds (R10)
        x, _ = _xy(step, 0.0, steps)
        parts.append(
            f'<line class="aw-round" x1="{x}" x2="{x}" y1="{TOP}" y2="{H - BOTTOM}" stroke="currentColor" '
            f'stroke-opacity="0.4" stroke-dasharray="1 2"><title>scoring round {n}</title></line>'
        )
    for k, name in enumerate(graph.players):
        colour = COLOURS[k % len(COLOURS)]
        pts = " ".join(
            f"{x},{y}" for x, y in (_xy(i, row[k], steps) for i, row in enumerate(graph.chances))
        )
        parts.append(
            f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2" '
            f'data-player="{escape(name)}"><title>{escape(name)}: estimated chance to win</title></polyline>'
        )
    index = {name: k for k, name in enumerate(graph.players)}
    for m in graph.mistakes:
        seat = index.get(m.player)
        if seat is None or m.step >= len(graph.chances):
            continue
        x, y = _xy(m.step, graph.chances[m.step][seat], steps)
        tip = f"step {m.step}, {m.player}: {m.played}; better {m.best} (−{m.loss:.0%})"
        parts.append(
            f'<circle class="aw-mistake" cx="{x}" cy="{y}" r="5" fill="{COLOURS[seat % len(COLOURS)]}" '
            f'stroke="currentColor" stroke-width="1.5" data-step="{m.step}" tabindex="0" role="button" '
            f'aria-label="{escape(tip)}"><title>{escape(tip)}</title></circle>'
        )
    x = float(LEFT)
    for k, name in enumerate(graph.players):
        acc = graph.accuracy.get(name)
        label = f"{name}" + (f": accuracy {acc:.0f}%" if acc is not None else "")
        parts.append(
            f'<rect x="{x}" y="{H - 18}" width="10" height="10" fill="{COLOURS[k % len(COLOURS)]}"/>'
            f'<text x="{x + 14}" y="{H - 9}" font-size="11" fill="currentColor">{escape(label)}</text>'
        )
        x += 14 + 7 * len(label) + 16
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="aw-review-graph" viewBox="0 0 {W} {H}" '
        f'width="{W}" height="{H}" role="img" aria-label="each player\'s estimated chance to win, step by step">'
        + "".join(parts)
        + "</svg>"
    )


register(ReviewGraph, review_svg)
