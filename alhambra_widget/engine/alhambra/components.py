"""R1 components: building tiles, money cards, scoring cards, the real tile set."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final, NamedTuple

from ..data import read_text
from ..errors import IllegalAction, MalformedInput
from .packing import NO_SIDES, SIDE_SETS, E, N, S, W

KINDS: Final = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
"""The six building kinds, in the order of the rulebook's tables (R1, R10)."""

KIND_COUNTS: Final = {
    "pavilion": 7,
    "seraglio": 7,
    "arcades": 9,
    "chambers": 9,
    "garden": 11,
    "tower": 11,
}
KIND_PRICES: Final = {
    "pavilion": (2, 8),
    "seraglio": (3, 9),
    "arcades": (4, 10),
    "chambers": (5, 11),
    "garden": (6, 12),
    "tower": (7, 13),
}
CURRENCIES: Final = ("denar", "dirham", "ducat", "florin")
"""The four currencies; market slot i (1-4) takes currency ``CURRENCIES[i-1]`` (R2)."""
PRICES: Final = 16
"""Every price is below this (R1: 13 at most)."""
TILE_CODES: Final = (len(KIND_PRICES) + 1) * PRICES * SIDE_SETS
"""Every :attr:`Tile.code` is below this."""

SIDE_LETTERS: Final = "NESW"
SIDE_BITS: Final = {"N": N, "E": E, "S": S, "W": W}
SIDE_NAMES: Final = {N: "north", E: "east", S: "south", W: "west"}
STEPS: Final = ((N, 0, -1), (E, 1, 0), (S, 0, 1), (W, -1, 0))
"""(side, dx, dy): x grows east, y grows south."""


def mask_to_walls(mask: int) -> str:
    """The walled sides of a wall mask (a set of sides), as letters in the order N, E, S, W."""
    return "".join(s for s in SIDE_LETTERS if mask & SIDE_BITS[s])


@dataclass(frozen=True, slots=True)
class Tile:
    """A building tile (R1): its kind, its price and its walled sides over ``"NESW"``.

    >>> Tile("tower", 9, walls="NE")
    Tile('tower', 9, walls='NE')

    Tiles never rotate (R7): ``walls`` is read with north up. The fountain (the
    starting tile) is ``Tile("fountain", 0)``.
    """

    kind: str
    price: int
    walls: str = ""
    mask: int = field(init=False, repr=False, compare=False)
    """The walled sides as a set of sides (:mod:`.packing`)."""
    name: str = field(init=False, repr=False, compare=False)
    """Compact text form, used in JSON: ``"tower 9 NE"``, ``"garden 10"``, ``"fountain"``."""
    _hash: int = field(init=False, repr=False, compare=False)
    code: int = field(init=False, repr=False, compare=False)
    """A small integer naming the tile by value (its kind, price and walls; below
    :data:`TILE_CODES`): equal tiles share it. The engine's tables of shared actions are
    lists indexed by it, with no hash computed per lookup."""

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor
        return (type(self), (self.kind, self.price, self.walls))

    def __post_init__(self) -> None:
        if self.kind == "fountain":
            if self.price != 0 or self.walls:
                raise IllegalAction("R1", "The fountain costs nothing and has no walls.")
        elif self.kind not in KIND_PRICES:
            raise IllegalAction(
                "R1", f"Unknown building kind {self.kind!r}; the kinds are {', '.join(KINDS)}."
            )
        else:
            low, high = KIND_PRICES[self.kind]
            if type(self.price) is not int or not low <= self.price <= high:
                raise IllegalAction(
                    "R1", f"A {self.kind} costs {low} to {high}, not {self.price!r}."
                )
        if not isinstance(self.walls, str) or any(
            c not in SIDE_LETTERS for c in self.walls.upper()
        ):
            raise IllegalAction("R1", f"Walls are letters from 'NESW', not {self.walls!r}.")
        up = self.walls.upper()
        if len(set(up)) != len(up):
            raise IllegalAction("R1", f"A side is walled at most once: {self.walls!r}.")
        if len(up) > 3:
            raise IllegalAction("R1", "A building tile has walls on at most three sides.")
        mask = NO_SIDES
        for c in up:
            mask |= SIDE_BITS[c]
        object.__setattr__(self, "walls", mask_to_walls(mask))
        object.__setattr__(self, "mask", mask)
        walls = self.walls
        name = (
            "fountain"
            if self.kind == "fountain"
            else f"{self.kind} {self.price} {walls}"
            if walls
            else f"{self.kind} {self.price}"
        )
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "_hash", hash((self.kind, self.price, self.walls)))
        kind = KINDS.index(self.kind) if self.kind != "fountain" else len(KINDS)
        object.__setattr__(self, "code", (kind * PRICES + self.price) * SIDE_SETS + mask)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        if self.kind == "fountain":
            return "Tile('fountain', 0)"
        return f"Tile({self.kind!r}, {self.price}, walls={self.walls!r})"

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: object) -> Tile:
        """The inverse of :attr:`name`; refuses anything else with ``IllegalAction``."""
        if not isinstance(text, str):
            raise MalformedInput(f"A tile is written like 'tower 9 NE', not {text!r}.")
        if text == "fountain":
            return FOUNTAIN
        parts = text.split()
        if len(parts) not in (2, 3) or not parts[1].isdigit():
            raise MalformedInput(f"A tile is written like 'tower 9 NE', not {text!r}.")
        return cls(parts[0], int(parts[1]), parts[2] if len(parts) == 3 else "")


FOUNTAIN: Final = Tile("fountain", 0)


class Card(NamedTuple):
    """A money card (R1): a currency and a value 1-9."""

    currency: str
    value: int

    def __str__(self) -> str:
        return f"{self.currency} {self.value}"

    @classmethod
    def parse(cls, text: object) -> Card:
        """A money card from its name (``"denar 3"``: a currency and a value 1-9, R1); anything else
        is MalformedInput."""
        if isinstance(text, str):
            parts = text.split()
            if (
                len(parts) == 2
                and parts[0] in CURRENCIES
                and parts[1].isdigit()
                and 1 <= int(parts[1]) <= 9
            ):
                return cls(parts[0], int(parts[1]))
        raise MalformedInput(f"A money card is written like 'denar 3', not {text!r}.")


CARD_NAMES: Final[dict[Card, str]] = {}
"""Card -> its text form ("denar 3"), filled below for the 36 cards."""


class ScoringCard(NamedTuple):
    """Scoring card 1 or 2, hidden in the money deck (R2)."""

    round: int

    def __str__(self) -> str:
        return f"scoring card {self.round}"


@lru_cache(maxsize=1)
def building_tiles() -> tuple[Tile, ...]:
    """The 54 real building tiles (R1), shipped in ``alhambra_widget/engine/data``."""
    text = read_text("alhambra_tiles.csv")
    rows = csv.DictReader(io.StringIO(text))
    return tuple(Tile(r["kind"], int(r["price"]), r["walls"]) for r in rows)


CARD_NAMES.update({c: str(c) for c in (Card(cur, v) for cur in CURRENCIES for v in range(1, 10))})
CARDS: Final[dict[tuple[str, int], Card]] = {(c.currency, c.value): c for c in CARD_NAMES}
"""(currency, value) -> the money card (the 36, made once)."""


def money_cards(two_players: bool = False) -> list[Card]:
    """The money deck without scoring cards: 108 cards, or 72 with two players (R1, R3)."""
    copies = 2 if two_players else 3
    return [c for c in CARD_NAMES for _ in range(copies)]  # (CARD_NAMES: the 36 cards, in order)


def drop_tile(tiles: list[Tile], tile: Tile) -> None:
    """``tiles.remove(tile)``: the first tile equal to ``tile`` leaves the list
    (``ValueError`` if none). A tile before it is compared only when its price and
    walls match: ``list.remove`` calls the generic equality on every tile before the
    one removed (compiled, hundreds of instructions each; pure, a Python call)."""
    price = tile.price
    mask = tile.mask
    for i, t in enumerate(tiles):
        if t is tile or (t.price == price and t.mask == mask and t == tile):
            del tiles[i]
            return
    raise ValueError(f"{tile} is not in the list")


def drop_card(cards: list[Card], card: Card) -> None:
    """``cards.remove(card)``: a card equal to ``card`` leaves the list (``ValueError``
    if none). The engine's cards are the 36 made once (:data:`CARDS`), so the card
    itself is looked for first, by identity: ``list.remove`` calls the generic equality
    (a tuple comparison) on every card before it. Equal cards are interchangeable, so
    the hand or display left is the same."""
    for i, c in enumerate(cards):
        if c is card:
            del cards[i]
            return
    cards.remove(card)


def kind_counts(tiles: Iterable[Tile]) -> dict[str, int]:
    """Tiles per building kind, the fountain left out (it is no building): what R10
    counts, for an Alhambra's tiles and for Dirk's (R3). Kinds without a tile are
    left out; the order is the order of first appearance."""
    out: dict[str, int] = {}
    for t in tiles:
        k = t.kind
        if k != "fountain":
            out[k] = out.get(k, 0) + 1
    return out
