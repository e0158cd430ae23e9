"""Positions free to change: players' Alhambras, reserves and counts, and Dirk's
tiles (:class:`Position`), scored with the engine's scoring (the building rules still
apply: an Alhambra refuses an illegal tile)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any, TypeAlias

from ..engine.alhambra.components import KINDS, Tile, kind_counts
from ..engine.alhambra.game import Game
from ..engine.alhambra.grid import Alhambra
from ..engine.alhambra.scoring import ScoringRound, score_round
from ..engine.errors import IllegalAction, MalformedInput
from ..views.alhambra.svg import alhambra_svg, svg_open
from .tables import PlainFrame, data_frame

if TYPE_CHECKING:
    from ..engine.gardens.game import GardensGame

AnyGame: TypeAlias = "Game | GardensGame"
"""Either game (win chances are estimated for both)."""
TileLike = Tile | str
"""A tile, or its name as :meth:`Tile.parse` reads it (``"tower 9 NE"``)."""
Cell = Sequence[int]
"""A cell as ``(x, y)`` (any pair of whole numbers)."""


def as_tile(t: TileLike) -> Tile:
    """A tile, or its name parsed."""
    return t if isinstance(t, Tile) else Tile.parse(t)


def _cell(c: Cell) -> tuple[int, int]:
    if len(c) != 2:
        raise MalformedInput(f"A cell is (x, y), not {c!r}.")
    return (c[0], c[1])


@dataclass
class PositionPlayer:
    """One player in a position: an Alhambra (or bare counts and a wall length, for
    players described only by numbers) and a reserve."""

    name: str
    alhambra: Alhambra | None = None
    reserve: list[Tile] = field(default_factory=list)
    counts: dict[str, int] | None = None
    wall: int | None = None

    def kind_counts(self) -> dict[str, int]:
        """The seat's tiles per kind: counted from its Alhambra, or the counts it was given."""
        if self.alhambra is not None:
            return self.alhambra.counts()
        return dict(self.counts or {})

    def wall_segments(self) -> list[Any] | int:
        """The longest wall's segments, or only its length for a player described by
        counts (R11)."""
        if self.alhambra is not None:
            return self.alhambra.longest_wall_segments()
        return self.wall or 0


class Position:
    """Players' Alhambras, reserves and counts (and Dirk's tiles), free to change.

    >>> p = Position.from_description({"Kim": {"counts": {"tower": 4}}, "Nina": {"counts": {"tower": 4}}})
    >>> p.score(2).totals
    {'Kim': 9, 'Nina': 9}
    """

    def __init__(
        self,
        seats: list[PositionPlayer],
        dirk: list[Tile] | None = None,
        dirk_name: str = "Dirk",
        next_round: int = 3,
    ):
        names = [s.name for s in seats]
        if len(set(names)) != len(names) or (dirk is not None and dirk_name in names):
            raise MalformedInput("Names in a position must differ.")
        self.seats = {s.name: s for s in seats}
        self.dirk = dirk
        self.dirk_name = dirk_name
        self.next_round = next_round  # the scoring round still to come (3 by hand)

    # -- building positions ------------------------------------------------------
    @classmethod
    def from_game(cls, game: Game, step: int | None = None) -> Position:
        """The position of ``game`` (now, or after ``step`` actions), as free copies."""
        g = game if step is None else game.at(step)
        seats = [PositionPlayer(p.name, p.alhambra.copy(), list(p.reserve)) for p in g.players]
        upcoming = g.next_scoring_round
        return cls(seats, list(g.dirk_tiles) if g.two_players else None, g.dirk_name, upcoming)

    @classmethod
    def from_description(cls, desc: Mapping[str, Any]) -> Position:
        """From plain data: ``{"Ann": {"alhambra": {(1, 0): "tower 9 NE", ...},
        "reserve": ["garden 10"]}, "Ben": {"counts": {"tower": 3}, "wall": 4},
        "Dirk": {"tiles": ["tower 11"]}}``. Cells may also be ``"x,y"`` strings; an
        Alhambra must satisfy R7 as a whole."""
        seats, dirk, dirk_name = [], None, "Dirk"
        for name, d in desc.items():
            if not isinstance(d, Mapping):
                raise MalformedInput(f"{name}: a mapping with 'alhambra', 'reserve' or 'counts'.")
            if "tiles" in d:
                dirk, dirk_name = [as_tile(t) for t in d["tiles"]], name
                continue
            alh = None
            if "alhambra" in d:
                cells = {}
                for pos, t in dict(d["alhambra"]).items():
                    if isinstance(pos, str):
                        pos = tuple(int(v) for v in pos.split(","))
                    cells[tuple(pos)] = as_tile(t)
                alh = Alhambra.from_tiles(cells)
            counts = None
            if "counts" in d:
                counts = {k: int(v) for k, v in d["counts"].items()}
                unknown = set(counts) - set(KINDS)
                if unknown:
                    raise IllegalAction("R1", f"{name}: unknown kinds {sorted(unknown)}.")
            seats.append(
                PositionPlayer(
                    name, alh, [as_tile(t) for t in d.get("reserve", [])], counts, d.get("wall")
                )
            )
        return cls(seats, dirk, dirk_name)

    def copy(self) -> Position:
        """An independent copy (Alhambras, reserves, counts and Dirk copied)."""
        seats = [
            PositionPlayer(
                s.name,
                s.alhambra.copy() if s.alhambra else None,
                list(s.reserve),
                dict(s.counts) if s.counts is not None else None,
                s.wall,
            )
            for s in self.seats.values()
        ]
        return Position(
            seats,
            list(self.dirk) if self.dirk is not None else None,
            self.dirk_name,
            self.next_round,
        )

    # -- changing it (rules still checked) -------------------------------------------
    def alhambra(self, name: str) -> Alhambra:
        """``name``'s Alhambra, the one :meth:`add`, :meth:`remove` and :meth:`move`
        change (KeyError for no such player, MalformedInput for counts only)."""
        seat = self.seats.get(name)
        if seat is None:
            raise KeyError(f"No player {name!r}; the players are {list(self.seats)}.")
        if seat.alhambra is None:
            raise MalformedInput(f"{name} is described by counts only: no Alhambra to change.")
        return seat.alhambra

    def add(self, name: str, tile: TileLike, cell: Cell) -> Position:
        """Build ``tile`` at ``cell`` in ``name``'s Alhambra (R7 checked). Returns self."""
        self.alhambra(name).place(as_tile(tile), _cell(cell))
        return self

    def remove(self, name: str, cell: Cell) -> Tile:
        """Take the tile at ``cell`` out (R8 checked) and put it on the reserve."""
        t = self.alhambra(name).remove(_cell(cell))
        self.seats[name].reserve.append(t)
        return t

    def move(self, name: str, src: Cell, dst: Cell) -> Position:
        """Move a tile within ``name``'s Alhambra; refused whole if either step breaks
        the rules."""
        a = self.alhambra(name)
        trial = a.copy()
        t = trial.remove(_cell(src))
        trial.place(t, _cell(dst))
        self.seats[name].alhambra = trial
        return self

    def give_dirk(self, tile: TileLike) -> Position:
        """Give Dirk (the neutral player of the two-player game, R3) a tile; returns the
        position."""
        if self.dirk is None:
            self.dirk = []
        self.dirk.append(as_tile(tile))
        return self

    # -- scoring ------------------------------------------------------------------
    def counts(self) -> dict[str, dict[str, int]]:
        """Each seat's (and Dirk's) tiles per kind, every kind listed."""
        out = {n: s.kind_counts() for n, s in self.seats.items()}
        if self.dirk is not None:
            out[self.dirk_name] = kind_counts(self.dirk)
        return {n: {k: c.get(k, 0) for k in KINDS} for n, c in out.items()}

    def score(self, round: int = 3) -> ScoringRound:
        """What scoring round ``round`` would give in this position, explained."""
        walls = {n: s.wall_segments() for n, s in self.seats.items()}
        return score_round(round, self.counts(), walls)

    def table(self, round: int = 3) -> Any:
        """A DataFrame (a :class:`PlainFrame` without pandas): one row per player, a column
        per kind, walls, total."""
        r = self.score(round)
        rows = []
        for n in r.totals:
            row: dict[str, Any] = {"player": n, **{k.kind: k.points[n] for k in r.kinds}}
            row["walls"] = r.walls[n].length if n in r.walls else 0
            row["total"] = r.totals[n]
            rows.append(row)
        df = data_frame(rows, ("player",))
        if not isinstance(df, PlainFrame):
            df.index.name = None  # the player names label the rows
        return df

    def _repr_svg_(self) -> str:
        parts, x = [], 0
        for s in self.seats.values():
            if s.alhambra is None:
                continue
            svg = alhambra_svg(s.alhambra, cell=30)
            w = int(svg.split('width="')[1].split('"')[0])
            parts.append(
                f'<g transform="translate({x},18)"><text x="0" y="-4" font-size="13">{escape(s.name)}</text>{svg}</g>'
            )
            x += w + 16
        h = 18 + max((int(p.split('height="')[1].split('"')[0]) for p in parts), default=0)
        return svg_open(max(x, 1), h) + "".join(parts) + "</svg>"

    def __repr__(self) -> str:
        return f"<Position: {', '.join(self.seats)}{' + ' + self.dirk_name if self.dirk is not None else ''}>"
