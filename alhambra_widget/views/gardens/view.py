"""The JSON view model of a Gardens game and its rule sentences. Pure Python."""

from __future__ import annotations

from ...engine.gardens.components import FIELDS, SIZE, TREES, GardenTile, buildings_of
from ...engine.gardens.game import GardensGame, Lay
from ...engine.gardens.lays import Scoring
from ...engine.gardens.narration import building_place
from ..contract import (
    CellRules,
    GardensBoard,
    GardensPlayerJson,
    GardensState,
    GardenTileJson,
    Marks,
    RecentJson,
    ScoredJson,
)
from ..ranking import final_ranking
from ..seats import seen_hands, viewer

RULES = {
    "G1": "Buildings are enclosed when every garden field touching them is planted.",
    "G2": "The tiles: each garden tile shows the four tree kinds, 1 to 6 trees a side; it may be turned before it is laid.",
    "G3": "A tile goes on an empty field: the first of the game not on an edge or corner, every later one sharing a straight side with a laid tile.",
    "G4": "The kind with the highest count that no other kind shares wins the building: its value times the number of kinds facing it.",
    "G5": "The game ends when every field is planted.",
}

FIRST_LAY = "not on the edge (G3)"
"""What the prompt says of the game's first lay (G3: not on an edge or corner field)."""


def field_rules(g: GardensGame) -> CellRules:
    """Rule id per field for the player to move ("" = legal), as the engine judges a
    lay of a tile in hand there."""
    hand = g.current_player.hand
    out: CellRules = {}
    for y in range(FIELDS):
        for x in range(FIELDS):
            why = g.why_illegal(Lay(hand[0].id, (x, y), 0)) if hand else None
            out[f"{x},{y}"] = "" if why is None else (why.rule or "G3")
    return out


def tile_json(t: GardenTile) -> GardenTileJson:
    """A tile for the page, with its sides after 0-3 quarter turns (the engine's
    :meth:`GardenTile.side`), so the page turns nothing itself."""
    return {
        "id": t.id,
        "trees": t.trees,
        "sides": list(t.sides),
        "turned": [[t.side(k, r) for k in range(4)] for r in range(4)],
    }


RECENT_MAX = 8  # the lays narrated since the person's last move, at most


def recent_lays(g: GardensGame, me: int | None) -> list[RecentJson]:
    """What the others laid since ``me`` last acted (the last three lays when the board
    is nobody's), oldest first, for the page to mark and narrate until ``me`` acts: who,
    the engine's sentence from the log, and the field laid on."""
    history, movers = g.history, g.movers  # (each a copy: read once)
    k = len(history)
    stop = max(0, k - (RECENT_MAX if me is not None else 3))
    while k > stop and movers[k - 1][0] != me:
        k -= 1
    out: list[RecentJson] = []
    for i in range(k, len(history)):
        a, (who, at) = history[i], movers[i]
        if not isinstance(a, Lay):
            continue
        text = g.log[at].text if at < len(g.log) else str(a)
        out.append({"player": who, "text": text, "marks": lay_marks(a)})
    return out


def lay_marks(a: Lay) -> Marks:
    """Where a lay shows on the board, for the page to mark (a lay made, or a hint's):
    its field."""
    return {"fields": [f"{a.field[0]},{a.field[1]}"]}


def scored_json(s: Scoring) -> ScoredJson:
    """An enclosed building as the engine scored it (G4)."""
    return {
        "building": (s.building[0], s.building[1]),
        "value": s.value,
        "kind": s.kind,
        "counts": dict(s.counts),
        "winner": s.winner,
        "multiplier": s.multiplier,
        "points": s.points,
        "owner": s.owner,
        "why": s.why,
    }


def board_json(g: GardensGame) -> GardensBoard:
    """The board of a Gardens game for the page: buildings, the tiles laid (sides as
    turned), the scorings, the buildings the last lay scored, and where each building
    stands in the fields' words (the engine's :func:`building_place`)."""
    last = []
    if g.history:
        touched = {b for _, b in buildings_of(g.history[-1].field)}
        last = [f"{b[0]},{b[1]}" for b in g.scored if b in touched]
    return {
        "size": {"fields": FIELDS, "buildings": SIZE},  # fields and buildings a row
        "buildings": [
            (x, y, g.buildings[(x, y)].value, g.buildings[(x, y)].kind)
            for y in range(SIZE)
            for x in range(SIZE)
        ],
        "fields": [
            (x, y, t.id, t.trees, [t.side(k, r) for k in range(4)])
            for (x, y), (t, r) in g.fields.items()
        ],
        "scored": {f"{b[0]},{b[1]}": scored_json(s) for b, s in g.scored.items()},
        "last_scored": last,
        "places": {f"{x},{y}": building_place((x, y)) for y in range(SIZE) for x in range(SIZE)},
    }


def gardens_view(
    g: GardensGame,
    *,
    live: bool,
    step: int,
    steps: int,
    seats: dict[str, str],
    show_all_hands: bool = False,
    log_size: int = 40,
) -> GardensState:
    """The Gardens view model for the page at ``step`` of ``steps``: players (a hand only where
    ``seats`` let this viewer see it), buildings, fields, scorings, the lays since this viewer
    last acted, the log and the legal fields (the engine's, G3)."""
    names = [p.name for p in g.players]
    to_move = None if g.is_over else g.current
    seen = seen_hands(names, seats, to_move, show_all_hands)
    players: list[GardensPlayerJson] = []
    for i, p in enumerate(g.players):
        open_hand = i in seen
        players.append(
            {
                "name": p.name,
                "seat": seats.get(p.name, "human"),
                "kinds": list(p.kinds),
                "points": dict(p.points),
                "score": p.score,
                "hand": [tile_json(t) for t in p.hand] if open_hand else None,
                "cards": len(p.hand),
            }
        )
    return {
        "mode": "gardens",
        "step": step,
        "steps": steps,
        "live": live,
        "turn": g.turn,
        "over": g.is_over,
        "winners": g.winners,
        "ranking": final_ranking(g.scores, g.winners) if g.is_over else [],
        "current": g.current,
        "players": players,
        "owners": {k: g.owner_of(k) for k in TREES},
        **board_json(g),
        "recent": recent_lays(g, viewer(names, seats, to_move)),
        "supply": len(g.supply),
        "log": [e.text for e in g.log[-log_size:]],
        "legal": (
            {
                "player": g.current,
                "fields": field_rules(g),
                "first": not g.fields,
                "lay_limit": FIRST_LAY if not g.fields else "",
            }
            if not g.is_over
            else None
        ),
    }


TREE_COLOURS = {"lemon": "#e8c930", "orange": "#e8892f", "palm": "#3f9a5a", "lavender": "#9a6fc0"}


def gardens_svg(g: GardensGame, *, size: int = 56) -> str:
    """A still picture of a Gardens board: building values as diamonds (a scored one in
    its winner's colour), laid garden tiles as octagons with the trees facing each
    diagonal, the status line (no hands are drawn)."""
    from html import escape

    status = (
        f"Game over: {' and '.join(g.winners)} won"
        if g.is_over
        else f"Turn {g.turn}: {g.current_player.name} to play"
    )
    scores = ", ".join(f"{p.name} {p.score}" for p in g.players)
    top = 44
    w = SIZE * size
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{w + top}" '
        f'font-family="sans-serif" role="img" aria-label="{escape(status)}">',
        '<rect width="100%" height="100%" fill="#f4ecdc"/>',
        f'<text x="4" y="16" font-size="14" font-weight="bold">{escape(status)}</text>',
        f'<text x="4" y="34" font-size="12">{escape(scores)}</text>',
    ]
    for (fx, fy), (tile, turn) in g.fields.items():
        cx, cy = (fx + 1) * size, top + (fy + 1) * size
        r = size * 0.45
        pts = " ".join(
            f"{cx + r * c:.1f},{cy + r * d:.1f}"
            for c, d in (
                (-0.41, -1),
                (0.41, -1),
                (1, -0.41),
                (1, 0.41),
                (0.41, 1),
                (-0.41, 1),
                (-1, 0.41),
                (-1, -0.41),
            )
        )
        out.append(f'<polygon points="{pts}" fill="#cfe3b8" stroke="#5a7d3a"/>')
        for k, (dx, dy) in enumerate(((1, -1), (1, 1), (-1, 1), (-1, -1))):  # NE, SE, SW, NW
            kind = tile.side(k, turn)
            out.append(
                f'<circle cx="{cx + dx * r * 0.45:.1f}" cy="{cy + dy * r * 0.45:.1f}" r="{size * 0.11:.1f}" '
                f'fill="{TREE_COLOURS[kind]}"><title>{tile.trees} {kind}</title></circle>'
            )
    for (bx, by), b in g.buildings.items():
        bcx, bcy = bx * size + size / 2, top + by * size + size / 2
        s = g.scored.get((bx, by))
        fill = TREE_COLOURS[s.winner] if s and s.winner else ("#bbb" if s else "#fffaf0")
        h = size * 0.22
        out.append(
            f'<polygon points="{bcx},{bcy - h} {bcx + h},{bcy} {bcx},{bcy + h} {bcx - h},{bcy}" fill="{fill}" stroke="#555"/>'
            f'<text x="{bcx}" y="{bcy + 4}" font-size="11" text-anchor="middle">{b.value}</text>'
        )
    out.append("</svg>")
    return "".join(out)
