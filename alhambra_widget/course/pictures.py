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
- ``"gardens"``: ``{"players", "seed"}`` of a Gardens game, optional ``"lays"`` (``[fx,
  fy, turn]`` each, laid by the engine) and ``"standings"``, and optional ``"building"``
  (its place, marked): the Gardens board drawn (G1) with the tiles laid, each building
  they enclosed scored by the engine with its sentence (G4), and the scores;
- ``"garden"``: a garden tile's id: the tile drawn before any turn, its trees at the
  north-east, south-east, south-west and north-west (G2);
- ``"deck"``: ``{"players", "seed"}`` of a game just set up: its money deck drawn, with
  where each scoring card may lie (R2, R9);
- ``"cards"``: money cards to draw; ``"tiles"``: tiles to draw;
- ``"caption"``: a sentence under it.
"""

from __future__ import annotations

from typing import Any

from ..engine.alhambra.components import Card, Tile
from ..engine.alhambra.grid import Alhambra
from ..engine.alhambra.scoring import POINTS
from ..views.alhambra.view import alhambra_json, card_json, tile_json
from ..views.contract import AlhambraJson, DeckJson, FactsTable, GardensPicture, PictureJson
from .lessons import cell_text, parse_cell, tile_words


def board_json(a: Alhambra, wall: bool) -> AlhambraJson:
    """An Alhambra for the page, its longest wall's segments only when drawn (a lesson
    that asks for the wall must not be sent it)."""
    out = alhambra_json(a)
    if not wall:
        out["wall"] = []
    return out


def points_table(kinds: list[str] | str, rnd: int | None = None) -> FactsTable:
    """R10's points per kind and place, from the engine's table."""
    ks = list(POINTS) if kinds == "all" else list(kinds)
    rounds = [rnd] if rnd else [1, 2, 3]
    head = ["kind", *(f"round {r}: " + ", ".join(("1st", "2nd", "3rd")[:r]) for r in rounds)]
    rows: list[list[str | int]] = [
        [k, *(", ".join(map(str, POINTS[k][r - 1])) for r in rounds)] for k in ks
    ]
    return {"head": head, "rows": rows}


def _alhambra(p: dict[str, Any], out: PictureJson) -> None:
    a = Alhambra.from_tiles({parse_cell(k): Tile.parse(t) for k, t in p["alhambra"].items()})
    out["alhambra"] = board_json(a, bool(p.get("wall")))
    notes = []
    if p.get("wall"):
        out["numbered"] = True
        notes.append(
            f"The longest joined outer wall: {a.longest_wall()} segments, numbered along it (R11)."
        )
    if "tile" in p:
        tile = Tile.parse(p["tile"])
        out["tile"] = tile_json(tile)
        if "cell" in p:
            c = parse_cell(p["cell"])
            out["cell"] = f"{c[0]},{c[1]}"
            v = a.why_illegal(tile, c)
            notes.append(
                f"The {tile_words(tile)} at {cell_text(c)}: "
                + (str(v) if v else "it keeps every building rule (R7).")
            )
    out["notes"] += notes


def gardens_board(
    players: list[str],
    seed: int,
    mark: list[int] | None = None,
    lays: list[list[int]] | None = None,
) -> GardensPicture:
    """A Gardens board for the page: its buildings (value, kind), a building marked (G1),
    and the garden tiles laid by ``lays`` (``[fx, fy, turn]``, each the tile in the hand
    of the player to move, laid by the engine: G2, G3) with the buildings they enclosed
    scored by the engine (G4)."""
    from ..engine.gardens.game import GardensGame, Lay
    from ..views.gardens.view import board_json

    g = GardensGame(players, seed=seed)
    for fx, fy, turn in lays or []:
        g.apply(Lay(g.current_player.hand[0].id, (fx, fy), turn))
    return {
        **board_json(g),
        "mark": f"{mark[0]},{mark[1]}" if mark else None,
        "scores": {p.name: p.score for p in g.players},
        "kinds": {p.name: list(p.kinds) for p in g.players},
    }


def scoring_notes(board: GardensPicture) -> list[str]:
    """The engine's G4 sentence for each building scored on a Gardens picture."""
    out = []
    for sc in board["scored"].values():
        (x, y), trees = sc["building"], ", ".join(f"{k} {n}" for k, n in sc["counts"].items())
        head = f"The {sc['kind']} of value {sc['value']} at ({x}, {y}) is enclosed; facing it: {trees}. {sc['why'][0].upper()}{sc['why'][1:]}"
        if sc["owner"]:
            head += f": {sc['value']} x {sc['multiplier']} kinds facing it = {sc['points']} points for {sc['owner']} ({sc['winner']})"
        out.append(head + " (G4).")
    return out


def _gardens(p: dict[str, Any]) -> tuple[GardensPicture, list[str]]:
    gp = p["gardens"]
    board = gardens_board(gp["players"], gp["seed"], p.get("building"), gp.get("lays"))
    notes = scoring_notes(board)
    if gp.get("standings"):
        notes.append(
            "The scores now: "
            + ", ".join(
                f"{n} ({'/'.join(board['kinds'][n])}) {v}" for n, v in board["scores"].items()
            )
            + "."
        )
    return board, notes


def money_deck(players: list[str], seed: int) -> tuple[DeckJson, str]:
    """The money deck of a game just set up (R2, R9): how many cards it holds and where
    each scoring card may lie, in draws from the top (the engine's public
    :meth:`~..engine.alhambra.game.Game.scoring_approach`; never the exact places)."""
    from ..engine.alhambra.game import Game

    g = Game(players, seed=seed)
    size = len(g.deck)
    approach = g.scoring_approach()
    windows = {str(r): (w[0] + 1, w[1] + 1) for r, w in approach.items() if w}
    (a1, b1), (a2, b2) = windows["1"], windows["2"]
    text = (
        f"The money deck of a game just set up for {', '.join(players[:-1])} and {players[-1]}: {size} cards, drawn from the top. "
        f"Scoring card 1 lies somewhere among draws {a1} to {b1} (the deck's second fifth), "
        f"scoring card 2 among draws {a2} to {b2} (its fourth fifth)."
    )
    return {"size": size, "windows": windows}, text


def picture(p: dict[str, Any]) -> PictureJson | None:
    """What the page draws for a lesson's ``picture`` (None: no picture)."""
    if not p:
        return None
    out: PictureJson = {"notes": []}
    if "points" in p:
        out["table"] = points_table(p["points"], p.get("round"))
    if "alhambra" in p:
        _alhambra(p, out)
    if "gardens" in p:
        out["gardens"], notes = _gardens(p)
        out["notes"] += notes
    if "garden" in p:
        from ..engine.gardens.components import garden_tiles

        t = next(t for t in garden_tiles() if t.id == p["garden"])
        out["garden"] = {"id": t.id, "trees": t.trees, "sides": list(t.sides)}
    if "deck" in p:
        out["deck"], text = money_deck(p["deck"]["players"], p["deck"]["seed"])
        out["notes"].append(text)
    if "cards" in p:
        out["cards"] = [card_json(c) for c in map(Card.parse, p["cards"])]
    if "tiles" in p:
        out["tiles"] = [tile_json(Tile.parse(t)) for t in p["tiles"]]
    if "caption" in p:
        out["notes"].append(p["caption"])
    return out
