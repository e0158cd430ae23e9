"""Where a tile could go, ranked by what it changes now: :func:`rank_placements`,
and its heat map."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.alhambra.components import Tile
from ..engine.alhambra.scoring import ScoringRound
from ..views.alhambra.svg import alhambra_svg, svg_open
from .position import Position, TileLike, as_tile
from .tables import data_frame


# -- ranking where a tile could go ------------------------------------------------------
@dataclass
class Option:
    """One place a tile could go (a cell, or ``"reserve"``): the longest wall, the majority places
    per kind before and after, and the points, each with its change."""

    where: tuple[int, int] | str  # a cell, or "reserve"
    wall: int
    wall_change: int
    places: dict[str, tuple[str, str]]  # kind -> (place before, after): "1", "2 (shared 2+3)", "-"
    points: int
    points_change: int


@dataclass
class Ranking:
    """Every legal cell for a tile, and the reserve, ranked by what they change now."""

    name: str
    tile: Tile
    round: int
    options: list[Option]
    base: Position

    def table(self) -> Any:
        """A DataFrame (a :class:`PlainFrame` without pandas): one row per option."""
        rows = []
        for o in self.options:
            pl = self.places_text(o)
            rows.append(
                {
                    "where": o.where
                    if isinstance(o.where, str)
                    else f"({o.where[0]}, {o.where[1]})",
                    "points": o.points,
                    "points change": o.points_change,
                    "longest wall": o.wall,
                    "wall change": o.wall_change,
                    "majority places": pl,
                }
            )
        return data_frame(rows)

    @staticmethod
    def places_text(o: Option) -> str:
        """The majority places an option changes (``kind: before → after``), or "no change"."""
        return (
            ", ".join(f"{k}: {a} → {b}" for k, (a, b) in o.places.items() if a != b) or "no change"
        )

    def heatmap(self) -> HeatMap:
        """A heat map of the options drawn on the Alhambra."""
        return HeatMap(self)

    def best(self) -> Option:
        """The best-ranked option."""
        return self.options[0]


class HeatMap:
    """The Alhambra with each legal cell coloured by the points it brings (draws itself)."""

    def __init__(self, ranking: Ranking):
        self.ranking = ranking

    def _repr_svg_(self) -> str:
        r = self.ranking
        a = r.base.alhambra(r.name)
        cell = 44
        cells = [(o, o.where) for o in r.options if not isinstance(o.where, str)]
        xs = [p[0] for p in a.tiles] + [w[0] for _o, w in cells]
        ys = [p[1] for p in a.tiles] + [w[1] for _o, w in cells]
        x0, y0 = min(xs) - 1, min(ys) - 1
        w, h = (max(xs) - x0 + 2) * cell, (max(ys) - y0 + 2) * cell + 24
        base = alhambra_svg(a, cell=cell, highlight_longest=False)
        # shift the Alhambra drawing into this frame
        bx0, by0 = a.bounds()[0] - 1, a.bounds()[1] - 1
        dx, dy = (bx0 - x0) * cell, (by0 - y0) * cell
        changes = [o.points_change for o, _w in cells] or [0]
        lo, hi = min(changes), max(changes)
        out = [svg_open(w, h), f'<g transform="translate({dx},{dy})">{base}</g>']
        for o, where in cells:
            t = 0.5 if hi == lo else (o.points_change - lo) / (hi - lo)
            colour = f"rgb({int(230 - 150 * t)},{int(120 + 100 * t)},{int(90 + 20 * t)})"
            px, py = (where[0] - x0) * cell, (where[1] - y0) * cell
            out.append(
                f'<rect x="{px + 2}" y="{py + 2}" width="{cell - 4}" height="{cell - 4}" rx="5" fill="{colour}" opacity="0.85">'
                f"<title>{o.where}: {o.points} points ({o.points_change:+d}), wall {o.wall}</title></rect>"
            )
            out.append(
                f'<text x="{px + cell / 2}" y="{py + cell / 2 + 4}" font-size="12" text-anchor="middle">{o.points_change:+d}</text>'
            )
        reserve = next((o for o in r.options if o.where == "reserve"), None)
        if reserve:
            out.append(
                f'<text x="4" y="{h - 6}" font-size="12">reserve: {reserve.points_change:+d} · round {r.round} points change by cell</text>'
            )
        out.append("</svg>")
        return "".join(out)


def rank_placements(pos: Position, name: str, tile: TileLike, round: int | None = None) -> Ranking:
    """Every legal cell for ``tile`` in ``name``'s Alhambra, and the reserve, ranked by
    the points ``name`` would score in scoring round ``round`` (by default the next
    one still to come), then by wall length."""
    tile = as_tile(tile)
    round = pos.next_round if round is None else round
    a = pos.alhambra(name)
    before = pos.score(round)

    def places(r: ScoringRound) -> dict[str, str]:
        out = {}
        for k in r.kinds:
            pl = k.places.get(name)
            shared = k.shared.get(name)
            out[k.kind] = (
                "-"
                if pl is None
                else f"{pl} (shared {'+'.join(map(str, shared))})"
                if shared
                else str(pl)
            )
        return out

    p0 = places(before)
    w0 = before.walls[name].length
    options = []
    wheres: list[tuple[int, int] | str] = [*sorted(a.legal_positions(tile)), "reserve"]
    for where in wheres:
        trial = pos.copy()
        if isinstance(where, str):  # the reserve
            trial.seats[name].reserve.append(tile)
        else:
            trial.add(name, tile, where)
        after = trial.score(round)
        p1 = places(after)
        options.append(
            Option(
                where,
                after.walls[name].length,
                after.walls[name].length - w0,
                {k: (p0[k], p1[k]) for k in p0},
                after.totals[name],
                after.totals[name] - before.totals[name],
            )
        )
    options.sort(key=lambda o: (-o.points, -o.wall, str(o.where)))
    return Ranking(name, tile, round, options, pos)
