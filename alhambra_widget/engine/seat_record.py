"""A seat's record: what one seat at a table knows of a game, as data, and the game
rebuilt from it (a seat's game).

A server that keeps the true game (its seed, the order of the deck and the bag, every
hand) sends each seat only what that seat may know:

* the start: the setup as the seat saw it, the public setup, its own hand and the
  sizes of the others (``Game.seat_start``);
* then each action with what it revealed to that seat: the cards and tiles drawn, in
  the order drawn (``Game.seat_reveals``). In the Alhambra every draw is public (the
  display, the market, Dirk's tiles: R3, R9); in the Gardens a player's draw goes to
  their own hand, seen by them alone (G3).

A seat's game (:func:`seat_game`) is an ordinary game of the engine built from that
record. What the seat cannot know is a guess drawn from what it can know, as
``determinize`` draws it: the other hands beyond their publicly known money, the order
of the deck and the bag. Before each action, the guess is rearranged so that a payment
comes from its payer's hand and the draws come out as revealed; so the record replays
to the game, ``at(step)`` rebuilds each past step, and its legal actions, refusals,
previews and sentences are the engine's own. It holds no secret of the true game: not
the seed, not an order, not a card of another hand that was not shown. Only its own
record moves it (:func:`advance`); ``apply`` refuses, and a ``copy()`` plays freely.

A spectator's record is a seat's record with no seat (``seat`` ``None``): no hand.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .alhambra.game import Game
from .errors import GameError, MalformedInput
from .gardens.game import GardensGame
from .record import RecordedGame

FORMAT = "alhambra-widget/seat-record"
VERSION = 1

GAMES: dict[str, type[Any]] = {"alhambra": Game, "gardens": GardensGame}
"""The game classes by their ``GAME`` name."""


@dataclass
class SeatRecord:
    """What one seat knows of a game: the game's kind (``"alhambra"`` or ``"gardens"``), its options (its players and
    rules, not its seed), the seat (``None``: a spectator), the start as the seat saw
    it, and each step: the action and what it revealed to the seat. Plain data, with a
    JSON form (:meth:`to_json`)."""

    kind: str
    options: dict[str, Any]
    seat: int | None
    start: dict[str, Any]
    steps: list[dict[str, Any]] = field(default_factory=list)

    def to_data(self) -> dict[str, Any]:
        """The record as JSON-able data."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.kind,
            "options": self.options,
            "seat": self.seat,
            "start": self.start,
            "steps": self.steps,
        }

    def to_json(self) -> str:
        """The record as compact JSON."""
        return json.dumps(self.to_data(), separators=(",", ":"))

    @classmethod
    def from_data(cls, data: object) -> SeatRecord:
        """A record from :meth:`to_data`; malformed data is :class:`MalformedInput`."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MalformedInput(f"Not a seat's record (format {FORMAT!r}).")
        if data.get("version") != VERSION:
            raise MalformedInput(f"Unknown seat-record version {data.get('version')!r}.")
        game, seat, steps = data.get("game"), data.get("seat"), data.get("steps")
        if game not in GAMES:
            raise MalformedInput(f"Unknown game {game!r}: one of {sorted(GAMES)}.")
        if seat is not None and type(seat) is not int:
            raise MalformedInput("A seat is a whole number or null (a spectator).")
        if not isinstance(data.get("options"), dict) or not isinstance(data.get("start"), dict):
            raise MalformedInput("A seat's record has options and a start (objects).")
        if not isinstance(steps, list) or not all(
            isinstance(s, dict) and isinstance(s.get("action"), dict) for s in steps
        ):
            raise MalformedInput("A seat's record's steps are objects with an action.")
        return cls(game, dict(data["options"]), seat, dict(data["start"]), list(steps))

    def prefix(self, step: int) -> SeatRecord:
        """The record of the first ``step`` actions."""
        return SeatRecord(self.kind, self.options, self.seat, self.start, self.steps[:step])

    def game_class(self) -> type[Any]:
        """The class of the game the record is of."""
        return GAMES[self.kind]

    def game(self, step: int | None = None) -> Any:
        """The seat's game after ``step`` actions (all of them by default)."""
        return seat_game(self if step is None else self.prefix(step))


def record_for(game: RecordedGame[Any, Any], seat: int | None) -> SeatRecord:
    """What ``seat`` (``None``: a spectator) knows of ``game``, the true game: its start
    and every step so far with what it revealed (replayed from the setup)."""
    if game.seat_record is not None:
        raise GameError("A seat's game knows only its seat's record (game.seat_record).")
    g = game.at(0)
    rec = SeatRecord(type(game).GAME, game.seat_options(), seat, g.seat_start(seat))  # type: ignore[attr-defined]
    for action in game.history:
        before = g.copy()
        g.apply(action)
        rec.steps.append(step_for(before, g, seat))
    return rec


def step_for(before: Any, after: Any, seat: int | None) -> dict[str, Any]:
    """The step a seat is told of: the last action of ``after`` (applied to ``before``,
    a copy of the game just before it) and what it revealed to ``seat``."""
    action = after.history[-1]
    return {"action": action.to_json(), "reveals": after.seat_reveals(before, seat)}


def seat_game(record: SeatRecord) -> Any:
    """The seat's game of ``record``: the engine's game, its hidden parts guessed from
    what the seat knows, and every step applied as it happened (see the module)."""
    return record.game_class().from_seat_record(record)


def advance(game: Any, step: dict[str, Any]) -> list[Any]:
    """Apply to a seat's game the next step its server sent (``game.advance``)."""
    events: list[Any] = game.advance(step)
    return events
