"""For the engine: the position editor behind :meth:`~.game.Game.edit`.

An edit is a recorded action (:class:`~.actions.Edit`, its changes as JSON), so undo,
the timeline and saved games keep it. :func:`plan` parses and checks an edit
completely before anything changes, so a refused edit changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Final

from ..errors import IllegalAction, MalformedInput
from .actions import Edit
from .components import CURRENCIES, Card, ScoringCard, Tile
from .grid import Alhambra, own
from .narration import Event
from .state import GameState, PlayerState

KNOWN: Final = frozenset(
    {
        "players",
        "market",
        "display",
        "deck",
        "deck_top",
        "discard",
        "bag",
        "dirk_tiles",
        "dirk",
        "current",
    }
)
"""The edits (``"dirk"``: the older name of ``"dirk_tiles"``)."""

Step = tuple[PlayerState | GameState, str, Any]


def plan(t: GameState, action: Edit) -> Callable[[], list[Event]]:
    """Parse and check an edit completely; return the function that carries it out
    (so a refused edit changes nothing). Raises MalformedInput or IllegalAction."""
    try:
        d = json.loads(action.changes)
    except ValueError:
        raise MalformedInput("Edit.changes is not JSON.") from None
    if not isinstance(d, dict):
        raise MalformedInput("An edit is a dict of changes.")
    if set(d) - KNOWN:
        raise MalformedInput(
            f"Unknown edits {sorted(set(d) - KNOWN)}; the edits are {sorted(KNOWN)}."
        )
    steps: list[Step] = []
    _players(t, d, steps)
    _table(t, d, steps)

    def carry_out() -> list[Event]:
        t.takes = None
        for obj, attr, value in steps:
            setattr(obj, attr, value)
            if isinstance(obj, PlayerState):
                obj.grouped = None
        return [Event("edit", {"what": sorted(d)})]

    return carry_out


def _players(t: GameState, d: dict[str, Any], steps: list[Step]) -> None:
    """The players' part of an edit, checked, as (object, attribute, value) steps."""
    players = d.get("players", {})
    if not isinstance(players, dict):
        raise MalformedInput("'players' maps player names to their changes.")
    for name, pd in players.items():
        try:
            s = t.player(name)
        except KeyError:
            raise MalformedInput(f"There is no player {name!r}.") from None
        if not isinstance(pd, dict) or set(pd) - {"money", "reserve", "alhambra"}:
            raise MalformedInput("A player's edit has 'money', 'reserve', 'alhambra'.")
        if "money" in pd:
            steps.append((s, "money", cards_of(pd["money"])))
        if "reserve" in pd:
            steps.append((s, "reserve", tiles_of(pd["reserve"])))
        if "alhambra" in pd:
            rows = pd["alhambra"]
            if not isinstance(rows, list) or not all(
                isinstance(r, list) and len(r) == 3 for r in rows
            ):
                raise MalformedInput("An Alhambra is a list of [x, y, tile].")
            a = Alhambra.from_tiles([((r[0], r[1]), Tile.parse(r[2])) for r in rows])
            steps.append((s, "alhambra", own(a, s.name)))


def _table(t: GameState, d: dict[str, Any], steps: list[Step]) -> None:
    """The rest of an edit (market, money, bag, Dirk's tiles, who is to move), checked."""
    if "market" in d:
        m = d["market"]
        if not isinstance(m, dict) or set(m) - set(CURRENCIES):
            raise MalformedInput(
                f"The market edit maps currencies ({', '.join(CURRENCIES)}) to tiles."
            )
        market = dict(t.market)
        for cur, tile in m.items():
            market[cur] = None if tile is None else Tile.parse(tile)
        steps.append((t, "market", market))
    if "display" in d:
        shown = cards_of(d["display"])
        if len(shown) > 4:
            raise IllegalAction("R2", "R2: four money cards at most are face up.")
        steps.append((t, "display", shown))
    if "deck" in d:
        steps.append((t, "deck", _scoring_once(t, deck_of(d["deck"])[::-1])))
    if "deck_top" in d:
        top = deck_of(d["deck_top"])[::-1]
        below = steps[-1][2] if "deck" in d else t.deck
        below = [c for c in below if c not in top or type(c) is not ScoringCard]  # (moved up)
        steps.append((t, "deck", _scoring_once(t, below + top)))
    if "discard" in d:
        steps.append((t, "discard", cards_of(d["discard"])))
    if "bag" in d:
        steps.append((t, "bag", tiles_of(d["bag"])[::-1]))
    for key in ("dirk", "dirk_tiles"):  # ("dirk": the older name)
        if key in d:
            if not t.two_players:
                raise IllegalAction("R3", "R3: Dirk plays only in a two-player game.")
            steps.append((t, "dirk", tiles_of(d[key])))
    if "current" in d:
        names = [s.name for s in t.seats]
        if d["current"] not in names or t.phase != "act":
            raise MalformedInput("'current' names a player, and only while a turn is on.")
        steps.append((t, "current", names.index(d["current"])))


def _scoring_once(t: GameState, deck: list[Card | ScoringCard]) -> list[Card | ScoringCard]:
    """R2: each scoring card is in the game once: a deck holds it at most once, and not
    after it was drawn (its round is scored, or due). (A scoring card named in
    ``deck_top`` is moved to the top.)"""
    seen: set[int] = set()
    for c in deck:
        if type(c) is ScoringCard:
            if c.round in t.scoring_cards_drawn:
                raise IllegalAction(
                    "R2", f"R2: scoring card {c.round} was drawn already; it is not in the deck."
                )
            if c.round in seen:
                raise IllegalAction("R2", f"R2: there is one scoring card {c.round}, not two.")
            seen.add(c.round)
    return deck


def tiles_of(v: object) -> list[Tile]:
    """Tiles from a list of tile names (an edit's field); anything else is MalformedInput."""
    if not isinstance(v, list):
        raise MalformedInput(f"A list of tiles, not {v!r}.")
    return [Tile.parse(t) for t in v]


def cards_of(v: object) -> list[Card]:
    """Money cards from a list of names (an edit's field); anything else is MalformedInput."""
    if not isinstance(v, list):
        raise MalformedInput(f"A list of money cards, not {v!r}.")
    return [Card.parse(c) for c in v]


def deck_of(v: object) -> list[Card | ScoringCard]:
    """A deck from a list of money card names and ``"scoring card 1"``/``"scoring card 2"`` (an
    edit's field)."""
    if not isinstance(v, list):
        raise MalformedInput(f"A list of money cards or scoring cards, not {v!r}.")
    return [
        ScoringCard(int(c[-1])) if c in ("scoring card 1", "scoring card 2") else Card.parse(c)
        for c in v
    ]


def plain(v: Any) -> Any:
    """Tiles and cards as their names, tuples as lists: the JSON form of an edit."""
    if isinstance(v, Tile):
        return v.name
    if isinstance(v, (Card, ScoringCard)):
        return str(v)
    if isinstance(v, Mapping):
        return {str(k): plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    return v
