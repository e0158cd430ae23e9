"""What if? Positions you can change freely, scoring previews with their breakdown,
comparisons, rankings of where a tile could go, and win chances from bot playouts.

Positions and rankings are pure Python (the building rules still apply: an
Alhambra refuses an illegal tile). Tables are pandas DataFrames (a plain
:class:`Table` where pandas is missing, as in JupyterLite) and plots use matplotlib,
both imported only when asked for.
"""

from __future__ import annotations

import html
import random
import time
from collections.abc import Mapping
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from .engine.alhambra.components import KINDS, Tile, kind_counts
from .engine.alhambra.game import Game
from .engine.alhambra.grid import Alhambra
from .engine.alhambra.scoring import ScoringRound, score_round
from .engine.errors import IllegalAction, MalformedInput
from .views.alhambra.svg import alhambra_svg, svg_open

_EXTRA = 'pip install "alhambra-widget[whatif]" (pandas, matplotlib, tqdm)'


def _need(module: str) -> Any:
    """Import ``module`` for a what-if plot, or say which extra brings it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(
            f"This what-if plot needs {module.split('.')[0]}: {_EXTRA}. "
            "Its .table() works without it."
        ) from None


class Table:
    """A what-if table drawn without pandas (in JupyterLite, or without the ``whatif``
    extra): the same rows and columns a DataFrame would hold, shown as HTML or text.
    ``rows`` are dicts; ``index`` names the columns that label a row."""

    def __init__(self, rows: list[dict[str, Any]], index: tuple[str, ...] = ()) -> None:
        self.rows = rows
        self.index = index
        self.columns = [c for c in (rows[0] if rows else {}) if c not in index]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def column(self, name: str) -> list[Any]:
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
            "<tr>" + "".join(
                f"<th>{esc(c)}</th>" if i < len(self.index) else f"<td>{esc(c)}</td>"
                for i, c in enumerate(row)
            ) + "</tr>"
            for row in grid[1:]
        )  # fmt: skip
        note = f"<p><small>pandas is not installed; {esc(_EXTRA)} gives a DataFrame.</small></p>"
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{note}"


def _frame(rows: list[dict[str, Any]], index: tuple[str, ...] = ()) -> Any:
    """A pandas DataFrame of ``rows`` indexed by ``index``, or a :class:`Table` when
    pandas is missing."""
    try:
        import pandas as pd
    except ImportError:
        return Table(rows, index)
    df = pd.DataFrame(rows)
    return df.set_index(list(index) if len(index) > 1 else index[0]) if index else df


def _tile(t) -> Tile:
    return t if isinstance(t, Tile) else Tile.parse(t)


@dataclass
class Seat:
    """One player in a position: an Alhambra (or bare counts and a wall length, for
    players described only by numbers) and a reserve."""

    name: str
    alhambra: Alhambra | None = None
    reserve: list[Tile] = field(default_factory=list)
    counts: dict[str, int] | None = None
    wall: int | None = None

    def kind_counts(self) -> dict[str, int]:
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
        seats: list[Seat],
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
        seats = [Seat(p.name, p.alhambra.copy(), list(p.reserve)) for p in g.players]
        upcoming = g.next_scoring_round
        return cls(seats, list(g.dirk_tiles) if g.two_players else None, g.dirk_name, upcoming)

    @classmethod
    def from_description(cls, desc: Mapping) -> Position:
        """From plain data: ``{"Ann": {"alhambra": {(1, 0): "tower 9 NE", ...},
        "reserve": ["garden 10"]}, "Ben": {"counts": {"tower": 3}, "wall": 4},
        "Dirk": {"tiles": ["tower 11"]}}``. Cells may also be ``"x,y"`` strings; an
        Alhambra must satisfy R7 as a whole."""
        seats, dirk, dirk_name = [], None, "Dirk"
        for name, d in desc.items():
            if not isinstance(d, Mapping):
                raise MalformedInput(f"{name}: a mapping with 'alhambra', 'reserve' or 'counts'.")
            if "tiles" in d:
                dirk, dirk_name = [_tile(t) for t in d["tiles"]], name
                continue
            alh = None
            if "alhambra" in d:
                cells = {}
                for pos, t in dict(d["alhambra"]).items():
                    if isinstance(pos, str):
                        pos = tuple(int(v) for v in pos.split(","))
                    cells[tuple(pos)] = _tile(t)
                alh = Alhambra.from_tiles(cells)
            counts = None
            if "counts" in d:
                counts = {k: int(v) for k, v in d["counts"].items()}
                unknown = set(counts) - set(KINDS)
                if unknown:
                    raise IllegalAction("R1", f"{name}: unknown kinds {sorted(unknown)}.")
            seats.append(
                Seat(name, alh, [_tile(t) for t in d.get("reserve", [])], counts, d.get("wall"))
            )
        return cls(seats, dirk, dirk_name)

    def copy(self) -> Position:
        seats = [
            Seat(s.name, s.alhambra.copy() if s.alhambra else None, list(s.reserve),
                 dict(s.counts) if s.counts is not None else None, s.wall)
            for s in self.seats.values()
        ]  # fmt: skip
        return Position(
            seats,
            list(self.dirk) if self.dirk is not None else None,
            self.dirk_name,
            self.next_round,
        )

    # -- changing it (rules still checked) -------------------------------------------
    def _alhambra(self, name: str) -> Alhambra:
        seat = self.seats.get(name)
        if seat is None:
            raise KeyError(f"No player {name!r}; the players are {list(self.seats)}.")
        if seat.alhambra is None:
            raise MalformedInput(f"{name} is described by counts only: no Alhambra to change.")
        return seat.alhambra

    def add(self, name: str, tile, cell) -> Position:
        """Build ``tile`` at ``cell`` in ``name``'s Alhambra (R7 checked). Returns self."""
        self._alhambra(name).place(_tile(tile), tuple(cell))
        return self

    def remove(self, name: str, cell) -> Tile:
        """Take the tile at ``cell`` out (R8 checked) and put it on the reserve."""
        t = self._alhambra(name).remove(tuple(cell))
        self.seats[name].reserve.append(t)
        return t

    def move(self, name: str, src, dst) -> Position:
        """Move a tile within ``name``'s Alhambra; refused whole if either step breaks
        the rules."""
        a = self._alhambra(name)
        trial = a.copy()
        t = trial.remove(tuple(src))
        trial.place(t, tuple(dst))
        self.seats[name].alhambra = trial
        return self

    def give_dirk(self, tile) -> Position:
        if self.dirk is None:
            self.dirk = []
        self.dirk.append(_tile(tile))
        return self

    # -- scoring ------------------------------------------------------------------
    def counts(self) -> dict[str, dict[str, int]]:
        out = {n: s.kind_counts() for n, s in self.seats.items()}
        if self.dirk is not None:
            out[self.dirk_name] = kind_counts(self.dirk)
        return {n: {k: c.get(k, 0) for k in KINDS} for n, c in out.items()}

    def score(self, round: int = 3) -> ScoringRound:
        """What scoring round ``round`` would give in this position, explained."""
        walls = {n: s.wall_segments() for n, s in self.seats.items()}
        return score_round(round, self.counts(), walls)

    def table(self, round: int = 3):
        """A DataFrame (a :class:`Table` without pandas): one row per player, a column
        per kind, walls, total."""
        r = self.score(round)
        rows = []
        for n in r.totals:
            row: dict[str, Any] = {"player": n, **{k.kind: k.points[n] for k in r.kinds}}
            row["walls"] = r.walls[n].length if n in r.walls else 0
            row["total"] = r.totals[n]
            rows.append(row)
        df = _frame(rows, ("player",))
        if not isinstance(df, Table):
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
                f'<g transform="translate({x},18)"><text x="0" y="-4" font-size="13">{s.name}</text>{svg}</g>'
            )
            x += w + 16
        h = 18 + max((int(p.split('height="')[1].split('"')[0]) for p in parts), default=0)
        return svg_open(max(x, 1), h) + "".join(parts) + "</svg>"

    def __repr__(self) -> str:
        return f"<Position: {', '.join(self.seats)}{' + ' + self.dirk_name if self.dirk is not None else ''}>"


# -- comparing two positions ---------------------------------------------------------
@dataclass
class Comparison:
    """Points per player, per kind and for walls in positions ``a`` and ``b``."""

    round: int
    a: ScoringRound
    b: ScoringRound

    def rows(self) -> list[dict]:
        out = []
        for n in self.a.totals:
            ka = {k.kind: k.points[n] for k in self.a.kinds}
            kb = {k.kind: k.points[n] for k in self.b.kinds}
            for kind in KINDS:
                out.append(
                    {
                        "player": n,
                        "item": kind,
                        "a": ka[kind],
                        "b": kb[kind],
                        "change": kb[kind] - ka[kind],
                    }
                )
            wa = self.a.walls[n].length if n in self.a.walls else 0
            wb = self.b.walls[n].length if n in self.b.walls else 0
            out.append({"player": n, "item": "walls", "a": wa, "b": wb, "change": wb - wa})
            out.append({"player": n, "item": "total", "a": self.a.totals[n], "b": self.b.totals[n],
                        "change": self.b.totals[n] - self.a.totals[n]})  # fmt: skip
        return out

    def table(self):
        """A DataFrame indexed by (player, item) with columns a, b, change (a
        :class:`Table` without pandas)."""
        return _frame(self.rows(), ("player", "item"))

    def totals(self) -> dict[str, tuple[int, int, int]]:
        return {
            n: (self.a.totals[n], self.b.totals[n], self.b.totals[n] - self.a.totals[n])
            for n in self.a.totals
        }


def compare(a: Position, b: Position, round: int = 3) -> Comparison:
    """Side by side: what scoring round ``round`` gives in ``a`` and in ``b``."""
    if set(a.counts()) != set(b.counts()):
        raise MalformedInput("Compare positions of the same players.")
    return Comparison(round, a.score(round), b.score(round))


# -- ranking where a tile could go ------------------------------------------------------
@dataclass
class Option:
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

    def table(self):
        """A DataFrame (a :class:`Table` without pandas): one row per option."""
        rows = []
        for o in self.options:
            pl = self.places_text(o)
            rows.append({"where": o.where if isinstance(o.where, str) else f"({o.where[0]}, {o.where[1]})",
                         "points": o.points, "points change": o.points_change, "longest wall": o.wall,
                         "wall change": o.wall_change, "majority places": pl})  # fmt: skip
        return _frame(rows)

    @staticmethod
    def places_text(o: Option) -> str:
        return (
            ", ".join(f"{k}: {a} → {b}" for k, (a, b) in o.places.items() if a != b) or "no change"
        )

    def heatmap(self) -> HeatMap:
        return HeatMap(self)

    def best(self) -> Option:
        return self.options[0]


class HeatMap:
    """The Alhambra with each legal cell coloured by the points it brings (draws itself)."""

    def __init__(self, ranking: Ranking):
        self.ranking = ranking

    def _repr_svg_(self) -> str:
        r = self.ranking
        a = r.base._alhambra(r.name)
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
            out.append(f'<rect x="{px + 2}" y="{py + 2}" width="{cell - 4}" height="{cell - 4}" rx="5" fill="{colour}" opacity="0.85">'
                       f'<title>{o.where}: {o.points} points ({o.points_change:+d}), wall {o.wall}</title></rect>')  # fmt: skip
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


def rank_placements(pos: Position, name: str, tile, round: int | None = None) -> Ranking:
    """Every legal cell for ``tile`` in ``name``'s Alhambra, and the reserve, ranked by
    the points ``name`` would score in scoring round ``round`` (by default the next
    one still to come), then by wall length."""
    tile = _tile(tile)
    round = pos.next_round if round is None else round
    a = pos._alhambra(name)
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
        if where == "reserve":
            trial.seats[name].reserve.append(tile)
        else:
            trial.add(name, tile, where)
        after = trial.score(round)
        p1 = places(after)
        options.append(Option(
            where, after.walls[name].length, after.walls[name].length - w0,
            {k: (p0[k], p1[k]) for k in p0}, after.totals[name], after.totals[name] - before.totals[name],
        ))  # fmt: skip
    options.sort(key=lambda o: (-o.points, -o.wall, str(o.where)))
    return Ranking(name, tile, round, options, pos)


# -- win chances from bot playouts -----------------------------------------------------------
@dataclass
class WinChances:
    """For each candidate move, each player's share of wins over the continuations."""

    player: str
    candidates: list
    wins: dict[str, dict[str, float]]  # candidate text -> player -> wins
    n: int
    seconds: float

    def table(self):
        """A DataFrame (a :class:`Table` without pandas): each candidate's share of
        wins per player, the best for ``player`` first."""
        rows = [{"move": m, **{p: w / self.n for p, w in wins.items()}} for m, wins in self.wins.items()]
        rows.sort(key=lambda r: -r[self.player])  # stable: ties keep the candidates' order
        return _frame(rows, ("move",))

    def plot(self, ax=None):
        plt = _need("matplotlib.pyplot")
        _need("pandas")
        df = self.table()
        if ax is None:
            _fig, ax = plt.subplots(figsize=(7, 0.5 + 0.45 * len(df)))
        df.plot.barh(ax=ax)
        ax.set_xlabel(f"chance of winning ({self.n} continuations per move)")
        ax.invert_yaxis()
        return ax


CHUNK = 10
"""Continuations per unit of work sent to an executor (a fixed size, so the work and
its results do not depend on the executor)."""


def _continuations(
    text: str, kind: str, cand: dict[str, Any], seeds: list[int], bot: str
) -> list[list[str]]:
    """Play one candidate's continuations: the winners of each. A unit of work for an
    executor (module level, plain arguments: it pickles for processes and clusters)."""
    from .engine.gardens.game import GardensGame
    from .players.bots import make_bot

    cls: Any = Game if kind == "alhambra" else GardensGame
    start = cls.from_json(text)
    start.apply(start.action_from_json(cand))
    out = []
    for s in seeds:
        g = start.sample_hidden(s)  # what nobody can know is redrawn
        rng = random.Random(s)
        bots = [make_bot(bot, rng.randrange(2**31), g) for _ in g.players]
        while not g.is_over:
            g.apply(bots[g.current].choose(g))
        out.append(list(g.winners))
    return out


def _default_executor() -> tuple[Executor, bool]:
    """A process pool on the local cores, or one process where processes cannot start
    (Pyodide): (executor, whether we own it and must shut it down)."""
    import os
    import sys

    if sys.platform != "emscripten" and (os.cpu_count() or 1) > 1:
        try:
            import multiprocessing
            import threading

            # fork is the fastest start and safe in a one-thread process (a plain script:
            # no __main__ guard needed); with threads running (a Jupyter kernel) fork may
            # deadlock, so a fork server starts the workers
            methods = multiprocessing.get_all_start_methods()
            if "fork" in methods and threading.active_count() == 1:
                method = "fork"
            else:
                method = "forkserver" if "forkserver" in methods else "spawn"
            ctx = multiprocessing.get_context(method)
            return ProcessPoolExecutor(max_workers=os.cpu_count(), mp_context=ctx), True
        except (ImportError, NotImplementedError, OSError):  # pragma: no cover - no processes
            pass
    return _InProcess(), True


class _InProcess(Executor):
    """The one-process fallback: runs each unit of work when it is submitted."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        f: Future[Any] = Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as e:  # pragma: no cover - re-raised by result()
            f.set_exception(e)
        return f


def win_chances(
    game: Any,
    candidates: list[Any] | None = None,
    n: int = 200,
    bot: str = "random",
    seed: int = 0,
    progress: bool = True,
    executor: Executor | None = None,
) -> WinChances:
    """Estimate, for each candidate move of the player to move (default: every legal
    action, up to 12 picked by the greedy bot's preference), each player's chance of
    winning: ``n`` continuations per move, played by bots in worlds where what nobody
    can know (the bag, the order of the money deck, the Gardens supply) is redrawn.

    The continuations run on ``executor`` (any ``concurrent.futures.Executor``: a Dask
    ``client.get_executor()`` or a Ray executor spreads a big study over a cluster); by
    default a process pool on the local cores, or one process where processes cannot
    start. For a given ``seed`` the result is the same whatever the executor."""
    if game.is_over:
        raise IllegalAction("R12", "R12: the game is over: there is nothing to estimate.")
    me = game.current_player.name
    if candidates is None:
        legal = game.legal_actions()
        candidates = legal if len(legal) <= 12 else _top_moves(game, legal, 12)
    rng = random.Random(seed)
    seeds = [[rng.randrange(2**63) for _ in range(n)] for _ in candidates]
    text = game.to_json()
    kind = "alhambra" if isinstance(game, Game) else "gardens"
    names = [p.name for p in game.players]
    own = executor is None
    if executor is None:
        executor, own = _default_executor()
    bar = _progress(len(candidates) * n) if progress else None
    t0 = time.perf_counter()
    try:
        futures = [
            [
                executor.submit(_continuations, text, kind, cand.to_json(), s[i : i + CHUNK], bot)
                for i in range(0, n, CHUNK)
            ]
            for cand, s in zip(candidates, seeds)
        ]
        wins: dict[str, dict[str, float]] = {}
        for cand, fs in zip(candidates, futures):
            tally = {nm: 0.0 for nm in names}
            for f in fs:  # in a fixed order: the same sums whatever the executor
                for winners in f.result():
                    for w in winners:
                        if w in tally:
                            tally[w] += 1 / len(winners)
                if bar is not None:
                    bar.update(CHUNK)
            wins[str(cand)] = tally
    finally:
        if own:
            executor.shutdown(cancel_futures=True)
        if bar is not None:
            bar.close()
    return WinChances(me, list(candidates), wins, n, time.perf_counter() - t0)


def _top_moves(game, legal, k):
    from .players.bots import make_bot

    bot = make_bot("greedy", 0, game)
    if isinstance(game, Game):
        return bot.rank(game, legal)[:k]  # type: ignore[no-any-return]
    return legal[:k]


def _progress(total: int):
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is in the dev extras
        return None
    return tqdm(total=total, desc="continuations", leave=False)
