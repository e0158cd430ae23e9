"""The pictures beside a lesson's explanation, drawn from the engine: the points table
(R10), an Alhambra with a tile at a cell and the engine's sentence about it (R7), a
wall counted segment by segment (R11), money cards. A lesson's ``picture`` says what
to draw; never the answer of its own task (``tests/test_course.py`` checks it).

A picture is a dict with any of:

- ``"points"``: a list of kinds (or ``"all"``) and optional ``"round"``: the points
  table of R10, read from the engine;
- ``"alhambra"``: tiles by ``"x,y"`` and optional ``"tile"`` and ``"cell"``: the
  Alhambra drawn, the tile shown at the cell, and the engine's sentence about building
  it there (``why_illegal``); ``"wall": True`` draws the longest wall numbered segment by
  segment, with its length;
- ``"gardens"``: ``{"players", "seed"}`` of a Gardens game, and optional ``"building"``
  (its place, marked): the Gardens board drawn (G1);
- ``"garden"``: a garden tile's id: the tile drawn before any turn, its trees at the
  north-east, south-east, south-west and north-west (G2);
- ``"cards"``: money cards to draw; ``"tiles"``: tiles to draw;
- ``"caption"``: a sentence under it.
"""

from __future__ import annotations

from typing import Any

from ..engine.alhambra.components import Card, Tile
from ..engine.alhambra.grid import Alhambra
from ..engine.alhambra.scoring import POINTS
from ..views.alhambra.view import alhambra_json, tile_json
from .lessons import cell_text, parse_cell


def board_json(a: Alhambra, wall: bool) -> dict[str, Any]:
    """An Alhambra for the page, its longest wall's segments only when drawn (a lesson
    that asks for the wall must not be sent it)."""
    out = alhambra_json(a)
    if not wall:
        out["wall"] = []
    return out


def points_table(kinds: list[str] | str, rnd: int | None = None) -> dict[str, Any]:
    """R10's points per kind and place, from the engine's table."""
    ks = list(POINTS) if kinds == "all" else list(kinds)
    rounds = [rnd] if rnd else [1, 2, 3]
    head = ["kind", *(f"round {r}: " + ", ".join(("1st", "2nd", "3rd")[:r]) for r in rounds)]
    rows = [[k, *(", ".join(map(str, POINTS[k][r - 1])) for r in rounds)] for k in ks]
    return {"head": head, "rows": rows}


def _alhambra(p: dict[str, Any]) -> dict[str, Any]:
    a = Alhambra.from_tiles({parse_cell(k): Tile.parse(t) for k, t in p["alhambra"].items()})
    out: dict[str, Any] = {"alhambra": board_json(a, bool(p.get("wall")))}
    notes = []
    if p.get("wall"):
        out["numbered"] = True
        notes.append(f"The longest joined outer wall: {a.longest_wall()} segments, numbered along it (R11).")
    if "tile" in p:
        tile = Tile.parse(p["tile"])
        out["tile"] = tile_json(tile)
        if "cell" in p:
            c = parse_cell(p["cell"])
            out["cell"] = f"{c[0]},{c[1]}"
            v = a.why_illegal(tile, c)
            notes.append(f"The {tile} at {cell_text(c)}: " + (str(v) if v else "it keeps every building rule (R7)."))
    out["notes"] = notes
    return out


def gardens_board(players: list[str], seed: int, mark: list[int] | None = None) -> dict[str, Any]:
    """A Gardens board for the page: its buildings (value, kind), the fields laid, and a
    building marked (G1)."""
    from ..engine.gardens.components import FIELDS, SIZE
    from ..engine.gardens.game import GardensGame

    g = GardensGame(players, seed=seed)
    return {
        "size": {"fields": FIELDS, "buildings": SIZE},
        "buildings": [[x, y, g.buildings[(x, y)].value, g.buildings[(x, y)].kind] for y in range(SIZE) for x in range(SIZE)],
        "mark": f"{mark[0]},{mark[1]}" if mark else None,
    }


def picture(p: dict[str, Any]) -> dict[str, Any] | None:
    """What the page draws for a lesson's ``picture`` (None: no picture)."""
    if not p:
        return None
    out: dict[str, Any] = {"notes": []}
    if "points" in p:
        out["table"] = points_table(p["points"], p.get("round"))
    if "alhambra" in p:
        out.update(_alhambra(p))
    if "gardens" in p:
        out["gardens"] = gardens_board(p["gardens"]["players"], p["gardens"]["seed"], p.get("building"))
    if "garden" in p:
        from ..engine.gardens.components import garden_tiles

        t = next(t for t in garden_tiles() if t.id == p["garden"])
        out["garden"] = {"id": t.id, "trees": t.trees, "sides": list(t.sides)}
    if "cards" in p:
        out["cards"] = [[c.currency, c.value] for c in map(Card.parse, p["cards"])]
    if "tiles" in p:
        out["tiles"] = [tile_json(Tile.parse(t)) for t in p["tiles"]]
    if "caption" in p:
        out["notes"].append(p["caption"])
    return out
