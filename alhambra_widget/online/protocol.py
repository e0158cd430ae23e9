"""The table server's wire: what a client sends and what it is told, as JSON frames
over one WebSocket per person (or spectator).

A client sends intents::

    {"type": "intent", "id": "<unique per intent>", "step": 12, "action": {...}}

``step`` is the number of actions the client had seen when the person decided (a move
made at an older step is refused as stale); ``id`` makes a resent intent count once.

The server sends:

* ``welcome``: the table, the seat, and the seat's record (what the seat may know:
  :class:`~alhambra_widget.engine.seat_record.SeatRecord`), on every (re)connection;
* ``step``: one action as applied and committed, with what it revealed to this seat
  (``intent`` names the client's id when the move was this seat's);
* ``refused``: an intent or frame that was not applied, with ``kind`` (``illegal``,
  ``turn``, ``stale``, ``malformed``, ``size``, ``rate``, ``paused``, ``closed``, ``server``), the ruling id where one
  decides, and a sentence;
* ``ack``: an intent already applied (sent again after a reconnection);
* ``over``: the game has ended, and its whole record (seed and actions) is revealed;
* ``seats``: a teacher changed the seats (a person replaced by a bot, or a bot by a
  person) or paused or resumed the table;
* ``error``: the connection itself is refused (an unknown code or table, or on a Hub a
  person who may not sit or watch there), then it closes.
"""

from __future__ import annotations

import json
from typing import Any

MAX_FRAME = 64 * 1024
"""The largest frame a client may send (bytes); a larger one is refused."""
HARD_FRAME = 1024 * 1024
"""The largest frame the server reads at all (larger ones close the connection)."""
RATE = 20.0
"""Frames a second a connection may send, on average ..."""
BURST = 40
"""... with bursts of up to this many."""
UNKNOWN = 4404
"""The close code for an unknown table or join code."""
FORBIDDEN = 4403
"""The close code for a person who may not sit at or watch a table (on a Hub)."""
ID_MAX = 80
"""The longest intent id (characters)."""


class BadFrame(ValueError):
    """A client's frame that is not a well-formed intent (``kind`` says how)."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
        self.message = message


def encode(frame: dict[str, Any]) -> str:
    """A frame as the wire carries it: compact JSON text."""
    return json.dumps(frame, separators=(",", ":"))


def parse_intent(text: str | bytes) -> dict[str, Any]:
    """The intent a client's frame holds: ``{"id", "step", "action"}``; anything else is
    :class:`BadFrame`."""
    if len(text) > MAX_FRAME:
        raise BadFrame(
            "size", f"The frame has {len(text)} bytes; the limit is {MAX_FRAME}: nothing was done."
        )
    try:
        data = json.loads(text)
    except (TypeError, ValueError, UnicodeDecodeError):
        raise BadFrame("malformed", "The frame is not JSON: nothing was done.") from None
    if not isinstance(data, dict) or data.get("type") != "intent":
        raise BadFrame(
            "malformed", 'A frame is an intent: {"type": "intent", "id", "step", "action"}.'
        )
    iid, step, action = data.get("id"), data.get("step"), data.get("action")
    if not isinstance(iid, str) or not 0 < len(iid) <= ID_MAX:
        raise BadFrame("malformed", f"An intent's id is a string of 1 to {ID_MAX} characters.")
    if type(step) is not int or step < 0:
        raise BadFrame(
            "malformed", "An intent's step is the number of actions seen (a whole number)."
        )
    if not isinstance(action, dict):
        raise BadFrame("malformed", "An intent's action is an object (the action's JSON).")
    return {"id": iid, "step": step, "action": action}


def intent_id(text: str | bytes) -> str | None:
    """The id of the intent ``text`` holds, if it is one (for a refusal that names it)."""
    if len(text) > MAX_FRAME:
        return None
    try:
        data = json.loads(text)
    except (TypeError, ValueError, UnicodeDecodeError):
        return None
    iid = data.get("id") if isinstance(data, dict) else None
    return iid if isinstance(iid, str) and 0 < len(iid) <= ID_MAX else None


def refused(
    kind: str, message: str, intent: str | None = None, rule: str | None = None
) -> dict[str, Any]:
    """A ``refused`` frame."""
    return {"type": "refused", "kind": kind, "message": message, "intent": intent, "rule": rule}


class Bucket:
    """A token bucket: :data:`RATE` frames a second, bursts of :data:`BURST`."""

    def __init__(self, now: float, rate: float = RATE, burst: int = BURST):
        self.rate, self.burst = rate, burst
        self.tokens, self.at = float(burst), now

    def take(self, now: float) -> bool:
        """Whether one more frame may pass now."""
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
