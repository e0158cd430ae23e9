"""What happened in an Alhambra game, in plain words: the sentence of each kind of
:class:`Event` (see :mod:`alhambra_widget.engine.events`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from ..events import Event as _Event
from ..events import Narrator, does
from .actions import Buy
from .components import CARD_NAMES, Card, Tile
from .listing import pays_exactly

Pos = tuple[int, int]


def _s(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_NUMBERS: Final = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
)


def where(pos: list[int] | tuple[int, int]) -> str:
    """A cell in words, from the fountain (R1: it stands at ``(0, 0)``; y grows south):
    ``[1, -2]`` is ``"two cells north and one east of the fountain"``."""
    x, y = pos
    if x == 0 and y == 0:
        return "at the fountain"
    steps = [(abs(y), "north" if y < 0 else "south"), (abs(x), "east" if x > 0 else "west")]
    said = [f"{_NUMBERS[n] if n < len(_NUMBERS) else n} {d}" for n, d in steps if n]
    said[0] = said[0].replace(" ", " cell " if said[0].startswith("one ") else " cells ", 1)
    return " and ".join(said) + " of the fountain"


def _start(d: dict[str, Any]) -> str:
    return f"{does(d['player'], 'starts')} ({d['how']}): turn 1."


def _turn(d: dict[str, Any]) -> str:
    if "how" in d:
        return _start(d)
    return f"Turn {d['turn']}: {d['player']} to play."


def overpaid(price: int, pay: Sequence[int]) -> int:
    """R6: how much paying the card values ``pay`` for a tile of ``price`` gives beyond
    the price, lost since no change is given (0: an exact payment, R4)."""
    return sum(pay) - price


def payment_words(price: int, pay: Sequence[int]) -> str:
    """What paying ``pay`` for a tile of ``price`` means, in the one sentence the log,
    the hints and the page all show: an exact payment gives another action (R4); any
    more is lost, and the turn ends (R6)."""
    if pays_exactly(sum(pay), price):
        return "exact payment: another action (R4)"
    return f"overpaid by {overpaid(price, pay)}: no change is given (R6), and the turn ends"


def _buy(d: dict[str, Any]) -> str:
    paid = sum(d["pay"])
    how = payment_words(d["price"], d["pay"])
    cards = " + ".join(f"{d['currency']} {v}" for v in d["pay"])  # the cards, named as in a take
    total = f" = {paid}" if len(d["pay"]) > 1 else ""
    return f"{does(d['player'], 'buys')} the {d['tile']} for {cards}{total} ({how})."


def _redesign(d: dict[str, Any]) -> str:
    at = where(d["pos"])
    if d["how"] == "from_reserve":
        return f"{does(d['player'], 'builds')} the {d['tile']} from the reserve, {at}."
    if d["how"] == "to_reserve":
        return f"{does(d['player'], 'moves')} the {d['tile']}, {at}, to the reserve."
    return f"{does(d['player'], 'exchanges')} the {d['old']}, {at}, for the {d['tile']} from the reserve."


def _money_empty(d: dict[str, Any]) -> str:
    left = d["empty"]
    return (
        "The money deck and the discard pile are both used up: "
        f"{_s(left, 'money slot')} {'stays' if left == 1 else 'stay'} empty."
    )


def _dirk_tiles(d: dict[str, Any]) -> str:
    tiles = d["tiles"]
    where = "" if d["when"] == "setup" else " from the bag"
    return f"{d['dirk']} takes {_s(len(tiles), 'tile')}{where}: {', '.join(tiles)}."


def _gift(d: dict[str, Any]) -> str:
    if d["player"] is None:
        why = "nobody holds any" if d["amount"] == 0 else f"a tie at {d['amount']}"
        return f"The {d['tile']} ({d['currency']}) stays in the market: {why}."
    return (
        f"The {d['tile']} ({d['currency']}) goes to {d['player']}, who holds the most "
        f"{d['currency']} ({d['amount']})."
    )


def game_over(d: dict[str, Any]) -> str:
    """The sentence of a ``game_over`` event: the winners and every score (Dirk's too)."""
    winners = d["winners"]
    board = ", ".join(f"{n} {s}" for n, s in d["scores"].items())
    if d.get("dirk") is not None:
        board += f" ({d['dirk']} {d['dirk_score']})"
    who = " and ".join(winners)
    return f"Game over. {does(who, 'wins') if len(winners) == 1 else who + ' win'}: {board}."


NARRATORS: Final[dict[str, Narrator]] = {
    "turn": _turn,
    "take_money": lambda d: f"{does(d['player'], 'takes')} {' + '.join(d['cards'])}.",
    "buy": _buy,
    "place": lambda d: f"{does(d['player'], 'builds')} the {d['tile']}, {where(d['pos'])}.",
    "reserve": lambda d: f"{does(d['player'], 'puts')} the {d['tile']} on the reserve.",
    "give_to_dirk": lambda d: f"{does(d['player'], 'gives')} the {d['tile']} to {d['dirk']}.",
    "redesign": _redesign,
    "pass": lambda d: (
        f"{d['player']} can do nothing and {'pass' if d['player'] == 'You' else 'passes'}."
    ),
    "reshuffled": lambda d: (
        f"The money deck is empty: the {d['cards']} discarded cards are shuffled into a new deck."
    ),
    "money_refilled": lambda d: f"Money refilled: {', '.join(d['cards'])}.",
    "money_empty": _money_empty,
    "scoring_card": lambda d: (
        f"Scoring card {d['round']} is drawn: scoring round {d['round']} is due."
    ),
    "market_refilled": lambda d: (
        "Market refilled: " + ", ".join(f"{t} ({c})" for c, t in d["tiles"]) + "."
    ),
    "round_scored": lambda d: (
        f"Scoring round {d['round']}: "
        + ", ".join(f"{n} +{s}" for n, s in d["totals"].items())
        + "."
    ),
    "dirk_tiles": _dirk_tiles,
    "game_ending": lambda d: "The bag cannot refill the market: the game ends (R12).",
    "gift": _gift,
    "game_over": game_over,
    "edit": lambda d: f"The position is edited by hand: {', '.join(d['what'])}.",
}
"""One narrator per event kind: data -> sentence."""


class Event(_Event):
    """Something that happened in an Alhambra game, for the widget, the lessons and the
    log. ``kind`` is one of the keys of :data:`NARRATORS`; ``data`` holds plain JSON
    values (names, tile names like ``"tower 9 NE"``, cards like ``"denar 3"``, cells as
    ``[x, y]``); ``text`` (and ``str(event)``) is the sentence."""

    __slots__ = ()
    NARRATORS: ClassVar[Mapping[str, Narrator]] = NARRATORS


_SIDES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def tile_words(name: str) -> str:
    """A tile's name as the table shows it, its walls in words: ``"tower 9 NE"`` is
    ``"tower 9 with walls north and east"`` (the name stays the tile's id elsewhere)."""
    parts = name.split()
    if len(parts) != 3 or not set(parts[2]) <= set(_SIDES):
        return name
    kind, price, walls = parts
    sides = [_SIDES[c] for c in walls]
    said = sides[0] if len(sides) == 1 else ", ".join(sides[:-1]) + " and " + sides[-1]
    return f"{kind} {price} with wall{'s' if len(sides) > 1 else ''} {said}"


def plain_text(e: _Event) -> str:
    """An event's sentence for a reader (the page's log, its last moves, a hint): its
    narrator's, with each tile named in words (:func:`tile_words`)."""
    d = e.data
    if not any(k in d for k in ("tile", "old", "tiles")):
        return e.text
    w = dict(d)
    for k in ("tile", "old"):
        if isinstance(w.get(k), str):
            w[k] = tile_words(w[k])
    if e.kind == "dirk_tiles":
        w["tiles"] = [tile_words(t) for t in d["tiles"]]
    elif e.kind == "market_refilled":
        w["tiles"] = [[c, tile_words(t)] for c, t in d["tiles"]]
    return type(e)(e.kind, w).text


# -- the data of the engine's frequent events, made when first read (see Event) ---
def take_data(player: str, cards: tuple[Card, ...], _c: None, _d: None) -> dict[str, Any]:
    """A take (R5): who, and the cards taken."""
    return {"player": player, "cards": [CARD_NAMES[c] for c in cards]}


def buy_data(player: str, tile: Tile, a: Buy, exact: bool) -> dict[str, Any]:
    """A purchase (R4, R6): who, the tile, its price, the currency, the payment, exact or not."""
    return {
        "player": player,
        "tile": tile.name,
        "price": tile.price,
        "currency": a.currency,
        "pay": list(a.pay),
        "exact": exact,
    }


def tile_data(player: str, tile: Tile, pos: Pos | None, _d: None) -> dict[str, Any]:
    """Place (with ``pos``) and Reserve (without)."""
    if pos is None:
        return {"player": player, "tile": tile.name}
    return {"player": player, "tile": tile.name, "pos": list(pos)}


def dirk_data(player: str, tile: Tile, dirk: str, _d: None) -> dict[str, Any]:
    """A tile given to Dirk (R3): who, the tile, Dirk's name."""
    return {"player": player, "tile": tile.name, "dirk": dirk}


def redesign_data(player: str, tile: Tile, pos: Pos, how: str) -> dict[str, Any]:
    """A redesign (R8): who, the tile, its cell, and how (to or from the reserve)."""
    return {"player": player, "tile": tile.name, "pos": list(pos), "how": how}


def exchange_data(player: str, tile: Tile, old: Tile, pos: Pos) -> dict[str, Any]:
    """An exchange (R8): who, the tile built, the tile it replaced, the cell."""
    return {
        "player": player,
        "tile": tile.name,
        "old": old.name,
        "pos": list(pos),
        "how": "exchange",
    }


def player_data(player: str, _b: None, _c: None, _d: None) -> dict[str, Any]:
    """An event about one player only."""
    return {"player": player}


def cards_data(cards: list[str], _b: None, _c: None, _d: None) -> dict[str, Any]:
    """Money cards dealt to the display (R5 refills), by name."""
    return {"cards": cards}


def market_data(filled: list[Any], _b: None, _c: None, _d: None) -> dict[str, Any]:
    """The market refilled: each slot's currency and its new tile."""
    return {"tiles": [[filled[i], filled[i + 1].name] for i in range(0, len(filled), 2)]}


def turn_data(player: str, turn: int, _c: None, _d: None) -> dict[str, Any]:
    """A new turn: whose, and its number."""
    return {"player": player, "turn": turn}
