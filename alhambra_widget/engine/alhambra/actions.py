"""Actions are data (R4-R9): small frozen dataclasses with a JSON form.

During a turn (R4): :class:`TakeMoney`, :class:`Buy`, or a redesign
(:class:`FromReserve`, :class:`ToReserve`, :class:`Exchange`; R8). After the
turn's last action, each tile bought this turn is placed (R9): :class:`Place`,
:class:`Reserve` or, with two players, :class:`GiveToDirk` (R3). End-game gifts
(R12) are placed with :class:`Place` or :class:`Reserve`. :class:`Pass` exists
only for the rare moment when nothing else is legal (the rulebook is silent).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import MalformedInput
from .components import CURRENCIES, Card, Tile
from .grid import Pos, as_pos


def _pos_json(pos: Pos) -> list[int]:
    return [pos[0], pos[1]]


class Action:
    """Base of all actions. ``to_json()`` gives a plain dict; ``Action.from_json`` reads one.

    Each kind's constructor checks its fields and puts them in canonical form (users
    build actions with it); the engine builds its legal actions once each, with
    :func:`~.listing.made`."""

    __slots__ = ()
    type: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[str, ...]] = ()
    BY_HAND: ClassVar[bool] = False
    """A change of the position made by hand (:class:`Edit`), not a player's move."""

    def __init__(self) -> None:
        raise TypeError(
            "Action is the base of the action kinds: build one of them (Buy, Place...)."
        )

    @classmethod
    def _read(cls, d: dict[str, Any]) -> Action:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The action as JSON: its ``type`` and fields (:meth:`from_json` reads it back)."""
        raise NotImplementedError

    @staticmethod
    def from_json(data: object) -> Action:
        """Read an action from its JSON form; :class:`MalformedInput` if malformed (an
        impossible tile named in it is refused by R1)."""
        if not isinstance(data, dict):
            raise MalformedInput(f"An action is a JSON object, not {data!r}.")
        kind = data.get("type")
        cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(sorted(ACTION_TYPES))
            raise MalformedInput(
                f"Unknown action type {data.get('type')!r}; the types are {known}."
            )
        expected = set(cls.FIELDS) | {"type"}
        if set(data) != expected:
            raise MalformedInput(
                f"A {cls.type!r} action has the fields {sorted(expected)}, not {sorted(data)}.",
            )
        return cls._read(data)


@dataclass(frozen=True, slots=True)
class TakeMoney(Action):
    """R5: take face-up money cards: one of any value, or several summing to at most 5."""

    cards: tuple[Card, ...]
    type: ClassVar[str] = "take_money"
    FIELDS: ClassVar[tuple[str, ...]] = ("cards",)

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        if not cards or not all(isinstance(c, Card) for c in cards):
            raise MalformedInput("TakeMoney needs one or more Card(currency, value).")
        object.__setattr__(self, "cards", tuple(sorted(cards)))

    def to_json(self) -> dict[str, Any]:
        """``{"type": "take_money", "cards": [...]}``, cards as names."""
        return {"type": self.type, "cards": [str(c) for c in self.cards]}

    @classmethod
    def _read(cls, d: dict[str, Any]) -> TakeMoney:
        if not isinstance(d["cards"], list):
            raise MalformedInput("'cards' is a list like ['denar 3', 'ducat 2'].")
        return cls(tuple(Card.parse(c) for c in d["cards"]))

    def __str__(self) -> str:
        return "take " + " + ".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """R6: buy the tile in the market slot of ``currency``, paying cards of that currency
    with the values in ``pay`` (total at least the price; no change)."""

    currency: str
    pay: tuple[int, ...]
    type: ClassVar[str] = "buy"
    FIELDS: ClassVar[tuple[str, ...]] = ("currency", "pay")

    def __post_init__(self) -> None:
        if self.currency not in CURRENCIES:
            raise MalformedInput(f"Currencies are {', '.join(CURRENCIES)}, not {self.currency!r}.")
        pay = tuple(self.pay)
        if not pay or not all(type(v) is int and 1 <= v <= 9 for v in pay):
            raise MalformedInput("'pay' lists the card values used, each 1 to 9.")
        object.__setattr__(self, "pay", tuple(sorted(pay, reverse=True)))

    def to_json(self) -> dict[str, Any]:
        """``{"type": "buy", "currency": ..., "pay": [...]}``, the card values paid."""
        return {"type": self.type, "currency": self.currency, "pay": list(self.pay)}

    @classmethod
    def _read(cls, d: dict[str, Any]) -> Buy:
        if not isinstance(d["pay"], list):
            raise MalformedInput("'pay' is a list of card values like [5, 4].")
        return cls(d["currency"], tuple(d["pay"]))

    def __str__(self) -> str:
        return f"buy the {self.currency} tile paying {'+'.join(map(str, self.pay))}"


class _TileAction(Action):
    __slots__ = ()

    def _check_tile(self) -> None:
        if not self.type:
            raise TypeError(
                f"{type(self).__name__} is the shape of several action kinds: build one of them."
            )
        if not isinstance(self.tile, Tile) or self.tile.kind == "fountain":  # type: ignore[attr-defined]
            raise MalformedInput(f"{self.tile!r} is not a building tile.")  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class AtCell(_TileAction):
    """A tile and a cell of the player's Alhambra: the actions that build there
    (:class:`Place`, :class:`FromReserve`, :class:`Exchange`)."""

    tile: Tile
    pos: Pos
    FIELDS: ClassVar[tuple[str, ...]] = ("tile", "pos")

    def __post_init__(self) -> None:
        self._check_tile()
        object.__setattr__(self, "pos", as_pos(self.pos))

    def to_json(self) -> dict[str, Any]:
        """The action's type, tile name and cell ``[x, y]``."""
        return {"type": self.type, "tile": self.tile.name, "pos": _pos_json(self.pos)}

    @classmethod
    def _read(cls, d: dict[str, Any]) -> Any:
        return cls(Tile.parse(d["tile"]), as_pos(d["pos"]))


@dataclass(frozen=True, slots=True)
class _TileOnly(_TileAction):
    """A tile bought this turn (or a gift), going somewhere else than the Alhambra."""

    tile: Tile
    FIELDS: ClassVar[tuple[str, ...]] = ("tile",)

    def __post_init__(self) -> None:
        self._check_tile()

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "tile": self.tile.name}

    @classmethod
    def _read(cls, d: dict[str, Any]) -> Any:
        return cls(Tile.parse(d["tile"]))


@dataclass(frozen=True, slots=True)
class Place(AtCell):
    """R9/R12: build a tile bought this turn (or an end-game gift) at ``pos`` (R7)."""

    type: ClassVar[str] = "place"

    def __str__(self) -> str:
        return f"build {self.tile} at {self.pos}"


@dataclass(frozen=True, slots=True)
class Reserve(_TileOnly):
    """R9/R12: put a tile bought this turn (or a gift) onto the reserve."""

    type: ClassVar[str] = "reserve"

    def __str__(self) -> str:
        return f"put {self.tile} on the reserve"


@dataclass(frozen=True, slots=True)
class GiveToDirk(_TileOnly):
    """R3: with two players, give a tile bought this turn to the imaginary third
    collector. The action does not know his name (Dirk by default, the game's
    ``dirk_name``): its event and narration say it."""

    type: ClassVar[str] = "give_to_dirk"

    def __str__(self) -> str:
        return f"give {self.tile} to the imaginary collector (R3)"


@dataclass(frozen=True, slots=True)
class FromReserve(AtCell):
    """R8 redesign: build a reserve tile at ``pos`` (R7). Ends the turn."""

    type: ClassVar[str] = "from_reserve"

    def __str__(self) -> str:
        return f"redesign: build {self.tile} from the reserve at {self.pos}"


@dataclass(frozen=True, slots=True)
class ToReserve(Action):
    """R8 redesign: move the tile at ``pos`` to the reserve. Ends the turn."""

    pos: Pos
    type: ClassVar[str] = "to_reserve"
    FIELDS: ClassVar[tuple[str, ...]] = ("pos",)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pos", as_pos(self.pos))

    def to_json(self) -> dict[str, Any]:
        """``{"type": "to_reserve", "pos": [x, y]}``."""
        return {"type": self.type, "pos": _pos_json(self.pos)}

    @classmethod
    def _read(cls, d: dict[str, Any]) -> Any:
        return cls(as_pos(d["pos"]))

    def __str__(self) -> str:
        return f"redesign: move the tile at {self.pos} to the reserve"


@dataclass(frozen=True, slots=True)
class Exchange(AtCell):
    """R8 redesign: a reserve tile takes exactly the cell ``pos``; the tile there goes
    to the reserve. Ends the turn."""

    type: ClassVar[str] = "exchange"

    def __str__(self) -> str:
        return f"redesign: exchange the tile at {self.pos} for {self.tile} from the reserve"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Only legal when no other action is (e.g. no money on display, nothing
    affordable, nothing to redesign). The rulebook is silent on this corner."""

    type: ClassVar[str] = "pass"
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"type": "pass"}``."""
        return {"type": self.type}

    @classmethod
    def _read(cls, d: dict[str, Any]) -> Any:
        return cls()

    def __str__(self) -> str:
        return "pass (nothing else is possible)"


@dataclass(frozen=True, slots=True)
class Edit(Action):
    """Not a move: a change of the position made by hand (a lesson's or a teacher's
    setup), recorded like an action so that undo, the timeline and the saved game keep
    it. ``changes`` is canonical JSON text of a dict with any of:

    - ``"players"``: name -> {``"money"``: cards, ``"reserve"``: tiles,
      ``"alhambra"``: [[x, y, tile], ...] (checked against R7)};
    - ``"market"``: currency -> tile or null; ``"display"``: cards;
    - ``"deck"``: the whole money deck, or ``"deck_top"``: cards put on top of it (money
      cards or ``"scoring card 1"``/``"2"``, the first drawn first); ``"discard"``: cards;
    - ``"bag"``: tiles, the first drawn first; ``"dirk"``: tiles;
    - ``"current"``: the name of the player to act (while a turn is on).

    Build one with :meth:`Game.edit <alhambra_widget.engine.alhambra.game.Game.edit>`."""

    changes: str  # the field first: compiled (mypyc), a class variable before it reads as a defaulted field
    type: ClassVar[str] = "edit"
    FIELDS: ClassVar[tuple[str, ...]] = ("changes",)
    BY_HAND: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if not isinstance(self.changes, str):
            raise MalformedInput("Edit.changes is the JSON text of a dict of changes.")

    def to_json(self) -> dict[str, Any]:
        """``{"type": "edit", "changes": {...}}``, the changes as given."""
        return {"type": self.type, "changes": json.loads(self.changes)}

    @classmethod
    def _read(cls, d: dict[str, Any]) -> Edit:
        if not isinstance(d["changes"], dict):
            raise MalformedInput("'changes' is a JSON object.")
        return cls(json.dumps(d["changes"], sort_keys=True))

    def __str__(self) -> str:
        return "edit the position by hand"


ACTION_TYPES: dict[str, type[Action]] = {
    c.type: c
    for c in (
        TakeMoney,
        Buy,
        Place,
        Reserve,
        GiveToDirk,
        FromReserve,
        ToReserve,
        Exchange,
        Pass,
        Edit,
    )
}


def buy_with(currency: str, cards: tuple[Card, ...] | list[Card]) -> Buy:
    """R6: the :class:`Buy` of the ``currency`` slot's tile paid with ``cards`` (as a
    board picks them); a card of another currency cannot pay for it (IllegalAction)."""
    from ..errors import IllegalAction

    for c in cards:
        if c.currency != currency:
            raise IllegalAction(
                "R6",
                f"R6: the {currency} slot's tile is paid in {currency}; {c} cannot pay for it.",
            )
    return Buy(currency, tuple(c.value for c in cards))
