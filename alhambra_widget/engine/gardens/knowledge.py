"""For the Gardens' engine: what one seat knows (behind the seat methods of
:class:`~.game.GardensGame`; see :mod:`~alhambra_widget.engine.seat_record`).

The building layout and every laid tile are public (G2, G3); the garden tiles in a
hand are seen by their holder alone, and a player's draw goes to their own hand (G3).
So a seat's start is the layout, who starts, each hand's size and its own hand; a lay
reveals to its player the tile they draw, and to everyone the tile laid (the action)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import GameError, MalformedInput
from ..revealing import put_last
from .components import SIZE, Building, GardenTile, garden_tiles
from .lays import Lay
from .narration import Event

Hands = Sequence[list[GardenTile]]


def start_of(
    buildings: dict[tuple[int, int], Building],
    hands: Hands,
    first: int,
    supply: int,
    seat: int | None,
    log: Sequence[Event],
) -> dict[str, Any]:
    """The setup as ``seat`` saw it (``None``: a spectator): the layout (G2), who starts,
    each hand's size and the seat's own hand, the supply's size, the setup's events."""
    return {
        "buildings": [
            [b.value, b.kind] for b in (buildings[(x, y)] for y in range(SIZE) for x in range(SIZE))
        ],
        "hand": None if seat is None else [t.id for t in hands[seat]],
        "hand_sizes": [len(h) for h in hands],
        "starting_player": first,
        "supply": supply,
        "log": [{"kind": e.kind, "data": e.data} for e in log],
    }


def tiles_by_id() -> dict[str, GardenTile]:
    """The garden tiles (G2) by id."""
    return {t.id: t for t in garden_tiles()}


def world(start: dict[str, Any], seat: int | None, rng_shuffle: Any) -> tuple[Any, ...]:
    """From ``start``: (buildings, hands, supply, first, log), what ``seat`` cannot see
    guessed: the other hands and the supply's order, shuffled by ``rng_shuffle``."""
    ids = tiles_by_id()
    try:
        layout = [Building(int(v), str(k)) for v, k in start["buildings"]]
        sizes = [int(n) for n in start["hand_sizes"]]
        own = [] if seat is None else [ids[i] for i in start["hand"]]
        first, supply = int(start["starting_player"]), int(start["supply"])
        log = [Event(str(e["kind"]), dict(e["data"])) for e in start["log"]]
    except (KeyError, TypeError, ValueError) as e:
        raise MalformedInput(f"A seat's start is malformed ({e!r}).") from None
    if len(layout) != SIZE * SIZE:
        raise MalformedInput("A seat's start lays out a building on every field.")
    buildings = {(x, y): layout[y * SIZE + x] for y in range(SIZE) for x in range(SIZE)}
    pool = sorted(set(ids) - {t.id for t in own})
    tiles = [ids[i] for i in pool]
    rng_shuffle(tiles)
    hands: list[list[GardenTile]] = []
    for i, n in enumerate(sizes):
        if i == seat:
            hands.append(list(own))
        else:
            hands.append(tiles[:n])
            tiles = tiles[n:]
    if len(tiles) != supply:
        raise MalformedInput("A seat's start: the supply's size does not fit the hands.")
    return buildings, hands, tiles, first, log


def reveals(
    before: list[GardenTile], after: list[GardenTile], mover: int, seat: int | None
) -> dict[str, Any]:
    """What a lay showed ``seat``: the tile its player drew, to that player alone (G3)."""
    drawn = before[len(after) :][::-1]
    return {"supply": [t.id for t in drawn]} if drawn and seat == mover else {}


def reconcile(
    hands: list[list[GardenTile]],
    supply: list[GardenTile],
    seat: int | None,
    mover: int,
    action: Lay,
    shown: dict[str, Any],
) -> None:
    """Rearrange a seat's guesses (the other hands, the supply) so that the tile laid is
    in its player's hand and the seat's own draw comes out as revealed."""
    ids = tiles_by_id()
    if mover != seat and action.tile not in [t.id for t in hands[mover]]:
        tile = ids.get(action.tile)
        where = [h for i, h in enumerate(hands) if i not in (mover, seat) and tile in h] + (
            [supply] if tile in supply else []
        )
        if tile is None or not where or not hands[mover]:
            raise GameError(
                f"The seat's record does not fit its game: {action.tile} cannot be laid."
            )
        other, mine = where[0], hands[mover]
        other[other.index(tile)] = mine[-1]
        mine[-1] = tile
    try:
        due = [ids[i] for i in shown.get("supply", [])]
    except (KeyError, TypeError) as e:
        raise MalformedInput(f"A step's reveals are malformed ({e!r}).") from None
    for t in due:  # the seat's own draw: from wherever the guess put it, to the top
        if t not in supply:
            holders = [h for i, h in enumerate(hands) if i != seat and t in h]
            if not holders or not supply:
                raise GameError(f"The seat's record does not fit its game: {t.id} cannot be drawn.")
            holders[0][holders[0].index(t)] = supply[-1]
            supply[-1] = t
    put_last(supply, due)
