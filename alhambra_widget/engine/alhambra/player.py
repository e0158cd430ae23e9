"""A player as users see them: :class:`Player`, a read-only view of the engine's
:class:`~.state.PlayerState` (money, Alhambra, reserve, tiles bought this turn, score)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..record import ReadOnly
from .components import Card, Tile
from .grid import Alhambra
from .state import PlayerState


class Player(ReadOnly):
    """One player: money in hand, Alhambra, reserve, tiles bought this turn, score.

    Read-only: ``money``, ``reserve`` and ``bought`` are tuples, :meth:`hand` a
    read-only mapping, the Alhambra refuses direct changes, and assigning an attribute
    raises AttributeError (the state changes only through the game's actions and
    :meth:`~.game.Game.edit`)."""

    __slots__ = ("_state",)

    def __init__(self, state: PlayerState | str):
        if isinstance(state, str):
            state = PlayerState(state)
        elif not isinstance(state, PlayerState):
            raise TypeError(
                f"A Player shows a player's state, or is made from a name, not {state!r}."
            )
        self._state = state

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # pickles and deep-copies compiled (mypyc) as well: rebuilt by the constructor
        return (type(self), (self._state,))

    @property
    def name(self) -> str:
        """The player's name."""
        return self._state.name

    @property
    def score(self) -> int:
        """Points scored so far (R10, R11)."""
        return self._state.score

    @property
    def money(self) -> tuple[Card, ...]:
        """The money cards in the player's hand (hidden information: a view shows them only to a
        viewer who may see them, :mod:`alhambra_widget.views.seats`)."""
        return tuple(self._state.money)

    @property
    def reserve(self) -> tuple[Tile, ...]:
        """The tiles on the player's reserve (R8)."""
        return tuple(self._state.reserve)

    @property
    def bought(self) -> tuple[Tile, ...]:
        """Tiles bought this turn (or end-game gifts) still to be placed."""
        return tuple(self._state.bought)

    @property
    def alhambra(self) -> Alhambra:
        """The seat's Alhambra (it refuses direct changes)."""
        return self._state.alhambra

    def hand(self) -> Mapping[str, tuple[int, ...]]:
        """The values held per currency, each sorted (what R6 payments are made of)."""
        return MappingProxyType(self._state.hand())

    def money_of(self, currency: str) -> int:
        """Total value in hand of one currency (R12 compares these)."""
        return self._state.money_of(currency)

    def __repr__(self) -> str:
        s = self._state
        holding = f", holding {len(s.bought)}" if s.bought else ""
        return (
            f"<Player {s.name}: {s.score} points, {len(s.money)} cards "
            f"({sum(c.value for c in s.money)}), {len(s.alhambra) - 1} built, "
            f"{len(s.reserve)} in reserve{holding}>"
        )

    def to_dict(self) -> dict[str, Any]:
        """The player as JSON: name, score, money, Alhambra (``[x, y, tile]``), reserve and tiles
        bought this turn."""
        s = self._state
        return {
            "name": s.name,
            "score": s.score,
            "money": [str(c) for c in sorted(s.money)],
            "alhambra": [[x, y, t.name] for (x, y), t in sorted(s.alhambra.tiles.items())],
            "reserve": [t.name for t in s.reserve],
            "bought": [t.name for t in s.bought],
        }
