"""One table in memory (:class:`Host`), its connections (:class:`Client`), its public
summary, and the refusals that need only the table: a move at the wrong time."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

from ..engine.seat_record import record_for
from .protocol import Bucket, refused

HUMAN = "human"


class Forbidden(Exception):
    """A request this person may not make (HTTP 403), with the sentence why."""


def summary(game: Any, seats: dict[str, str]) -> dict[str, Any]:
    """A table's public summary: players, whose turn, the step, the scores."""
    names = [p.name for p in game.players]
    return {
        "players": names,
        "seats": seats,
        "to_move": None if game.is_over else game.current_player.name,
        "step": game.step,
        "scores": game.scores,
        "over": game.is_over,
        "winners": game.winners,
    }


@dataclass(eq=False)
class Client:
    """One connection: its seat (``None``: a spectator), its frame budget, and whether it
    sees every hand (a teacher who chose to)."""

    ws: WebSocket
    seat: int | None
    bucket: Bucket
    hands: bool = False


@dataclass(eq=False)
class Host:
    """One table in memory: its true game, seats, applied intents and connections."""

    id: str
    game: Any
    seats: dict[str, str]
    intents: dict[str, int]
    owner: str | None = None
    paused: bool = False
    hands_shown: int | None = None
    moved: float = field(default_factory=time.time)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: list[Client] = field(default_factory=list)
    bot: asyncio.Task[None] | None = None

    def kind(self, seat: int) -> str:
        """Who plays ``seat``: ``"human"`` or a bot's level."""
        return self.seats.get(self.game.players[seat].name, HUMAN)

    def record(self) -> str:
        """The table's whole record (its seed and actions), marked with the step from
        which a teacher saw every hand."""
        doc = json.loads(self.game.to_json())
        if self.hands_shown is not None:
            doc["hands_shown"] = {"from_step": self.hands_shown}
        return json.dumps(doc, separators=(",", ":"))

    def welcome(self, seat: int | None, hands: bool) -> dict[str, Any]:
        """The first frame of a connection at ``seat`` (``None``: watching): the seats,
        the pause and the seat's record; the whole game once it is over, or for a teacher
        who chose to see every hand (``hands``)."""
        g = self.game
        out = {
            "type": "welcome",
            "table": self.id,
            "seat": seat,
            "name": None if seat is None else g.players[seat].name,
            "seats": self.seats,
            "paused": self.paused,
            "record": record_for(g, seat).to_data(),
        }
        if g.is_over or hands:  # the whole game: over, or a teacher who chose to see the hands
            out["game"] = self.record()
            out["hands"] = hands
        return out

    def summary(self) -> dict[str, Any]:
        """The public summary, with the pause and how long the table has waited."""
        return {
            **summary(self.game, self.seats),
            "paused": self.paused,
            "waiting": round(time.time() - self.moved, 1),
        }


def out_of_turn(
    h: Host, seat: int, step: int, iid: str | None, *, held: bool
) -> dict[str, Any] | None:
    """The refusal of a move by ``seat`` made at ``step`` on table ``h`` when the table
    cannot take it now (closed, moved on, over, paused, not this seat's turn), or ``None``.
    ``held``: the server still holds this very table (not closed for idling)."""
    g = h.game
    if not held:
        return refused(
            "closed",
            "This table was closed: nobody moved for a long time. Nothing was done.",
            iid,
        )
    if step != g.step:  # first: a move made before the last one is stale, even the game's end
        return refused(
            "stale",
            f"Your move was made at step {step}, and the table is at step {g.step}: "
            "the game moved on before it arrived, so nothing was done. Look again and move.",
            iid,
        )
    if g.is_over:
        return refused(
            "illegal",
            "The game is over: no more moves.",
            iid,
            "R12" if g.GAME == "alhambra" else "G5",
        )
    if h.paused:
        return refused(
            "paused", "A teacher has paused this table: moves wait until it resumes.", iid
        )
    if g.current != seat:
        who = g.current_player.name
        return refused(
            "turn",
            f"It is {who}'s turn, not {g.players[seat].name}'s: nothing was done.",
            iid,
            "R4" if g.GAME == "alhambra" else "G3",
        )
    return None
