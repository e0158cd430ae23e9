"""The JSON view model of an Alhambra game (what the front end draws) and the
intents it may send back. Pure Python: no Jupyter import.

The view carries legality the front end needs, computed here (principle 1): the
legal money choices and payments, and for each tile the player may place, the rule
id of every cell around the Alhambra (``""`` when legal; cells farther away break
R7b). Hovering needs no round trip; clicking an illegal cell asks for the engine's
precise sentence.
"""

from __future__ import annotations

from itertools import combinations

from ...engine.alhambra.actions import (
    Action,
    AtCell,
    Buy,
    Exchange,
    GiveToDirk,
    Pass,
    TakeMoney,
    ToReserve,
)
from ...engine.alhambra.components import CURRENCIES, KINDS, Card, Tile
from ...engine.alhambra.game import Game, Player
from ...engine.alhambra.grid import Alhambra
from ...engine.alhambra.narration import payment_words, tile_words
from ...engine.alhambra.narration import plain_text as log_text
from ...engine.alhambra.scoring import POINTS, KindScore, ScoringRound
from ...engine.errors import MalformedInput
from ..contract import (
    AlhambraJson,
    ApartJson,
    BuyOption,
    CardJson,
    CellRules,
    DirkJson,
    GameState,
    KindScoreJson,
    LegalJson,
    Marks,
    OverviewJson,
    PlayerJson,
    RecentJson,
    ResultsJson,
    RoundJson,
    SandboxJson,
    SegmentJson,
    TableTop,
    TargetCells,
    TileJson,
    TileOption,
)
from ..ranking import final_ranking
from ..seats import seen_hands, viewer

RULES = {
    "R7": "A tile enters an empty cell of the Alhambra, keeping the building rules.",
    "R4": "A turn is one action: take money, buy a tile, or redesign; an exact payment gives another.",
    "R5": "Take one money card of any value, or several that add up to at most 5.",
    "R6": "Pay with the currency of the tile's market slot, at least its price; no change is given.",
    "R7a": "Touching sides must match: wall against wall, open against open (tiles never turn).",
    "R7b": "A new tile must share at least one full side with the Alhambra, not only a corner.",
    "R7c": "The tile must be reachable on foot from the fountain without crossing a wall.",
    "R7d": "No empty cell may be enclosed on all sides: every gap must stay open to the outside.",
    "R8": "Redesign: the fountain never moves, and what remains must still keep the building rules.",
    "R9": "Bought tiles are placed only after the turn's last action, each into the Alhambra or the reserve.",
    "R3": "Two players: Dirk, an imaginary third collector, holds tiles that count in scoring; a tile bought this turn may also go to him.",
    "R1": "The components: 54 building tiles in six kinds, 108 money cards in four currencies, two scoring cards.",
    "R2": "The set-up: money dealt up to 20 or more each; four tiles on the market; the fewest cards starts.",
    "R10": "Building majorities: who has the most tiles of each kind in an Alhambra scores for it.",
    "R11": "Walls: one point per segment of a player's longest outer wall.",
    "R12": "The end: when the bag cannot refill the market, its tiles are given away and round 3 is scored.",
}

TAKE_LIMIT = "at most 5 in all, R5"
"""What the prompt says of picking several display cards to take together (R5)."""


def tile_json(t: Tile) -> TileJson:
    """A tile for the page: ``[kind, price, walls]``."""
    return (t.kind, t.price, t.walls)


def card_json(c: Card) -> CardJson:
    """A money card for the page: ``[currency, value]``."""
    return (c.currency, c.value)


def cell_key(pos: tuple[int, int]) -> str:
    """A cell as the page names it: ``"x,y"``."""
    return f"{pos[0]},{pos[1]}"


def alhambra_json(a: Alhambra) -> AlhambraJson:
    """An Alhambra for the page: its tiles ``[x, y, kind, price, walls]`` and the segments of its
    longest wall (the engine's, R11)."""
    return {
        "tiles": [(x, y, t.kind, t.price, t.walls) for (x, y), t in a.tiles.items()],
        "wall": [(a_[0], a_[1], b[0], b[1]) for a_, b in a.longest_wall_segments()],
    }


def cell_rules(a: Alhambra, tile: Tile) -> CellRules:
    """Rule id for ``tile`` per empty cell the board draws (the tiles' box and one cell
    around it): ``""`` when legal, else the first rule that forbids it (the engine's
    :meth:`Alhambra.why_illegal`)."""
    x0, y0, x1, y1 = a.bounds()
    out: CellRules = {}
    for x in range(x0 - 1, x1 + 2):
        for y in range(y0 - 1, y1 + 2):
            if (x, y) not in a:
                v = a.why_illegal(tile, (x, y))
                out[cell_key((x, y))] = "" if v is None else v.rule
    return out


def wall_joins(a: Alhambra, tile: Tile, pos: tuple[int, int]) -> list[SegmentJson]:
    """The wall segments of built tiles that ``tile`` built at ``pos`` would join (the
    engine's :meth:`Alhambra.walls_joined_by`, R11), ``[x1, y1, x2, y2]`` each."""
    return [(p[0], p[1], q[0], q[1]) for p, q in a.walls_joined_by(tile, pos)]


def _cells_json(a: Alhambra, tile: Tile) -> TargetCells:
    """Where ``tile`` may go (:func:`cell_rules`) and, per legal cell, the walls it would join."""
    cells = cell_rules(a, tile)
    joins = {}
    for k, r in cells.items():
        if r == "":
            x, y = map(int, k.split(","))
            j = wall_joins(a, tile, (x, y))
            if j:
                joins[k] = j
    return {"cells": cells, "joins": joins}


def removal_rules(a: Alhambra) -> CellRules:
    """For each built cell, ``""`` when its tile may go to the reserve, else the rule that forbids
    it (the engine's ``why_not_removable``, R8)."""
    out = {}
    for q in a.tiles:  # the fountain too: it says R8
        v = a.why_not_removable(q)
        out[cell_key(q)] = "" if v is None else v.rule
    return out


def _take_choices(display: tuple[Card, ...], legal: list[Action]) -> list[list[int]]:
    """The engine's R5 choices as index lists into the display (with two equal cards
    face up, either may be picked)."""
    allowed = {a.cards for a in legal if isinstance(a, TakeMoney)}
    out = []
    for k in range(1, len(display) + 1):
        for idx in combinations(range(len(display)), k):
            if tuple(sorted(display[i] for i in idx)) in allowed:
                out.append(list(idx))
    return out


def game_view(
    game: Game,
    *,
    live: bool,
    step: int,
    steps: int,
    seats: dict[str, str],
    show_all_money: bool = False,
    log_size: int = 40,
) -> GameState:
    """The view model of ``game`` (the shown state) for the front end, built for the
    people at the screen: a hand they may not see (:func:`seen_hands`) is ``None``, and
    so are the payments of a mover whose hand is hidden."""
    names = [p.name for p in game.players]
    to_move = None if game.is_over else game.current
    seen = seen_hands(names, seats, to_move, show_all_money)
    me = viewer(names, seats, to_move)
    return {
        "mode": "game",
        "step": step,
        "steps": steps,
        "live": live,
        "turn": game.turn,
        "phase": game.phase,
        "over": game.is_over,
        "winners": game.winners,
        "current": game.current,
        "players": [_player_json(p, seats, i in seen) for i, p in enumerate(game.players)],
        "dirk": _dirk_json(game),
        **_table_json(game),
        "scoring": {str(k): v for k, v in game.scoring_approach().items()},
        "rounds": [_round_json(r, game) for r in game.rounds],
        "log": [log_text(e) for e in game.log[-log_size:]],
        "me": me,  # the person the board is for (None: nobody, or a bot to move)
        "recent": recent_actions(game, me),
        "overview": overview(game),
        "results": results(game),
        "currencies": list(CURRENCIES),
        "kinds": list(KINDS),
        # also for a past state: acting there asks to branch off or undo back (the session)
        "legal": legal_view(game, hand_seen=game.current in seen) if not game.is_over else None,
    }


def _player_json(p: Player, seats: dict[str, str], open_hand: bool) -> PlayerJson:
    """A player as the board shows them: the money cards only when ``open_hand``."""
    return {
        "name": p.name,
        "seat": seats.get(p.name, "human"),
        "score": p.score,
        "money": [card_json(c) for c in p.money] if open_hand else None,
        "cards": len(p.money),
        "alhambra": alhambra_json(p.alhambra),
        "reserve": [tile_json(t) for t in p.reserve],
        "bought": [tile_json(t) for t in p.bought],
        "counts": p.alhambra.counts(),
    }


def _dirk_json(game: Game) -> DirkJson | None:
    """Dirk, the third player of a two-player game (R3): his tiles, his score, and
    whether he may win (the game's option)."""
    if not game.two_players:
        return None
    return {
        "name": game.dirk_name,
        "can_win": game.dirk_can_win,
        "score": game.dirk_score,
        "tiles": [tile_json(t) for t in game.dirk_tiles],
    }


def _table_json(game: Game) -> TableTop:
    """What lies on the table: the building market, the money display, and how many
    cards and tiles are left in the deck, the discard pile and the bag."""
    return {
        "market": [
            {"currency": c, "tile": tile_json(t) if t else None} for c, t in game.market.items()
        ],
        "display": [card_json(c) for c in game.display],
        "deck": len(game.deck),
        "discard": len(game.discard),
        "bag": len(game.bag),
    }


def kind_json(k: KindScore) -> KindScoreJson:
    """A kind's scoring (R10): counts, places, points and shared places per player."""
    return {
        "kind": k.kind,
        "counts": dict(k.counts),
        "places": dict(k.places),
        "points": dict(k.points),
        "shared": {n: list(v) for n, v in k.shared.items()},
    }


def _round_json(r: ScoringRound, game: Game) -> RoundJson:
    """A scoring round that was played: each kind's result with what each place pays
    in this round (R10's table), the walls and totals, and the points before it (the
    engine's)."""
    return {
        "number": r.number,
        "kinds": [{**kind_json(k), "pays": list(POINTS[k.kind][r.number - 1])} for k in r.kinds],
        "walls": {n: w.length for n, w in r.walls.items()},
        "wall_lines": {n: [[*a, *b] for a, b in w.segments] for n, w in r.walls.items()},
        "totals": dict(r.totals),
        "before": game.scores_before_round(r.number),
    }


def overview(game: Game) -> OverviewJson | None:
    """The standings while playing: what the next scoring round would give now (the
    engine's preview: each kind's counts, places and points, Dirk's too, the longest
    walls) and what that round pays per place. ``None`` once the game is over."""
    if game.is_over:
        return None
    number = game.next_scoring_round
    r = game.scoring_preview(number)
    return {
        "round": number,
        "kinds": [{**kind_json(k), "pays": list(POINTS[k.kind][number - 1])} for k in r.kinds],
        "walls": {n: w.length for n, w in r.walls.items()},
        "totals": dict(r.totals),
        "names": list(r.totals),  # the players, and Dirk
    }


def results(game: Game) -> ResultsJson | None:
    """At the end: the ranking (highest total first; equal totals share a rank, and the
    engine's winners are marked), each round's points and walls per player. Dirk scores
    but is no player (R3): he stands apart, unranked, unless an option lets him win."""
    if not game.is_over:
        return None
    board = dict(game.scores)
    apart: list[ApartJson] = []
    if game.two_players and game.dirk_can_win:
        board[game.dirk_name] = game.dirk_score
    elif game.two_players:
        apart.append({"name": game.dirk_name, "score": game.dirk_score})
    return {
        "ranking": final_ranking(board, game.winners),
        "apart": apart,
        "rounds": [
            {
                "number": r.number,
                "totals": dict(r.totals),
                "walls": {n: w.length for n, w in r.walls.items()},
            }
            for r in game.rounds
        ],
    }


RECENT_MAX = 16


def recent_actions(game: Game, me: int | None) -> list[RecentJson]:
    """What the others did since ``me`` last acted (the last three actions when the board
    is nobody's), oldest first, for the page to mark and narrate until ``me`` acts:
    who, the action's own sentence from the log, and where it shows on the board (the
    market slot bought from, the cells built on or emptied, the cards taken)."""
    history, movers = game.history, game.movers  # (each a copy: read once)
    k = len(history)
    stop = max(0, k - (RECENT_MAX if me is not None else 3))
    while k > stop and movers[k - 1][0] != me:
        k -= 1
    out: list[RecentJson] = []
    for i in range(k, len(history)):
        a, (who, at) = history[i], movers[i]
        text = log_text(game.log[at]) if at < len(game.log) else str(a)
        out.append({"player": who, "text": text, "marks": action_marks(a)})
    return out


def action_marks(a: Action, paid: bool = False) -> Marks:
    """Where an action shows on the table, for the page to mark (a move made, or a hint's
    move): the cards taken from the display, the market slot bought from (with
    ``paid``, also the cards paid, as currency and value: a hint's purchase shows them
    in its player's hand), the cell built on (``cells``) or emptied (``from``). Read
    off the action's own fields: nothing is judged here."""
    marks: Marks = {}
    if isinstance(a, TakeMoney):
        marks["cards"] = [card_json(c) for c in a.cards]
    elif isinstance(a, Buy):
        marks["slot"] = a.currency
        if paid:
            marks["pay"] = [(a.currency, v) for v in a.pay]
    elif isinstance(a, AtCell):
        marks["cells"] = [cell_key(a.pos)]
    elif isinstance(a, ToReserve):
        marks["from"] = [cell_key(a.pos)]
    return marks


def legal_view(game: Game, hand_seen: bool = True) -> LegalJson:
    """What the player to move may do now, for the front end to offer: all of it read
    off ``game.legal_actions()`` and the engine's explanations. Without ``hand_seen``
    nothing that depends on the mover's secret hand is included (no ``buy``, no
    ``pass``)."""
    p = game.current_player
    a = p.alhambra
    legal = game.legal_actions()
    tiles: dict[str, TileOption] = {}
    out: LegalJson = {"player": game.current, "phase": game.phase, "tiles": tiles}
    if game.phase in ("place", "gift"):
        to_dirk = {x.tile for x in legal if isinstance(x, GiveToDirk)}
        for t in p.bought:
            where = _cells_json(a, t)
            tiles[t.name] = {
                "source": "gift" if game.phase == "gift" else "bought",
                "action": "place",  # what building it in a cell is (R9, R12)
                "cells": where["cells"],
                "joins": where["joins"],
                "dirk": t in to_dirk,
            }
        return out
    out["take"] = _take_choices(game.display, legal)
    out["take_limit"] = TAKE_LIMIT  # what the prompt says of several cards taken together
    if hand_seen:
        out["buy"] = _buy_choices(game, legal)
        out["refused"] = _buy_refusals(game, out["buy"])
        out["pass"] = any(isinstance(x, Pass) for x in legal)
    swaps: dict[Tile, list[str]] = {}
    for x in legal:
        if isinstance(x, Exchange):
            swaps.setdefault(x.tile, []).append(cell_key(x.pos))
    for t in p.reserve:
        where = _cells_json(a, t)
        tiles[t.name] = {
            "source": "reserve",
            "action": "from_reserve",  # building it from the reserve is a redesign (R8)
            "cells": where["cells"],
            "joins": where["joins"],
            "exchange": swaps.get(t, []),
        }
    out["remove"] = removal_rules(a)
    return out


def _buy_choices(game: Game, legal: list[Action]) -> dict[str, BuyOption]:
    """Per market slot the mover may buy: its price, every payment, what a payment of
    each total means in the engine's words (``says``, total -> the log's sentence), the
    exact ones, ``cards``, the places in the mover's hand of the cards some payment uses
    (the page offers those), and where its tile may go once dragged from its slot onto a
    cell."""
    money = game.current_player.money
    buys: dict[str, BuyOption] = {}
    used: dict[str, set[int]] = {}
    for x in legal:
        if isinstance(x, Buy):
            tile = game.market[x.currency]
            assert tile is not None
            if x.currency not in buys:
                cells = _cells_json(game.current_player.alhambra, tile)
                buys[x.currency] = {
                    "price": tile.price,
                    "pays": [],
                    "says": {},
                    "exact": [],
                    "cards": [],
                    "tile": tile.name,
                    **cells,
                }
            b = buys[x.currency]
            b["pays"].append(list(x.pay))
            b["says"][str(sum(x.pay))] = payment_words(
                tile.price, x.pay
            )  # the log's sentence (R4, R6)
            if game.is_exact(x):  # R4: another action
                b["exact"].append(list(x.pay))
            used.setdefault(x.currency, set()).update(
                i for i, c in enumerate(money) if c.currency == x.currency and c.value in x.pay
            )
    for cur, b in buys.items():
        b["cards"] = sorted(used[cur])
    return buys


def _buy_refusals(game: Game, buys: dict[str, BuyOption]) -> dict[str, str]:
    """Why each slot with a tile that is not in ``buys`` may not be bought: the
    engine's refusal of a payment with all the mover's cards of its currency (R6)."""
    p = game.current_player
    out: dict[str, str] = {}
    for cur, tile in game.market.items():
        if tile is None or cur in buys:
            continue
        values = tuple(c.value for c in p.money if c.currency == cur)
        why = game.why_illegal(Buy(cur, values)) if values else None
        out[cur] = (
            str(why)
            if why is not None
            else f"R6: no {cur} card in {p.name}'s hand to pay the {tile} with."
        )
    return out


def sandbox_view(a: Alhambra, palette: list[Tile]) -> SandboxJson:
    """Legality for a free Alhambra: rule per frontier cell for each wall pattern of
    the palette (the rules depend on a tile's walls only), and removals."""
    by_walls: dict[str, CellRules] = {}
    for t in palette:
        if t.walls not in by_walls:
            by_walls[t.walls] = cell_rules(a, t)
    return {
        "alhambra": alhambra_json(a),
        "palette": [tile_json(t) for t in palette],
        "cells": by_walls,
        "remove": removal_rules(a),
        "counts": a.counts(),
    }


def explain_cell(a: Alhambra, tile_name: object, pos: object) -> str:
    """The engine's precise sentence for ``tile`` at ``pos``."""
    tile = Tile.parse(tile_name)
    if not isinstance(pos, list) or len(pos) != 2:
        raise MalformedInput("A cell is [x, y].")
    v = a.why_illegal(tile, tuple(pos))
    return f"{tile} may go to ({pos[0]}, {pos[1]})." if v is None else str(v)


__all__ = [
    "RULES",
    "TAKE_LIMIT",
    "alhambra_json",
    "explain_cell",
    "game_view",
    "legal_view",
    "log_text",
    "overview",
    "recent_actions",
    "results",
    "sandbox_view",
    "tile_words",
    "wall_joins",
]
