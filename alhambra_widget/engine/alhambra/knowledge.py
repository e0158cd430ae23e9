"""For the engine: what everyone at the table knows of each player's money, read from
the public record (behind :meth:`~.game.Game.known_money`).

The starting hands are dealt hidden (R2): nobody but their owner knows them. But a take
is from the face-up display (R5), so everyone saw those cards go into the taker's hand;
and a payment shows its cards (R6), so everyone sees them leave it. For each player the
cards taken and not paid out since are therefore known to all: a multiset, to which a
take adds its cards and from which a payment removes the paid cards where present (the
rest were paid from the part nobody saw). Only the remainder of a hand is secret.

An edit (the position editor, :mod:`.editing`) sets a position by hand; of a player's
money it counts only what it removes: a card seen going in that the edited hand no
longer holds has left it (as if paid, R6). The cards an edit adds are not known (as if
dealt hidden, R2). So the known part is always part of the hand, whatever the edits.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

from .actions import Action, Buy, Edit, TakeMoney
from .components import Card
from .editing import cards_of


def known_money(
    history: Sequence[Action], movers: Sequence[int], names: Sequence[str]
) -> list[Counter[Card]]:
    """For each seat, the cards of its hand that everyone knows (see the module), from
    the record: ``history`` and, for each action, its mover (the record's
    ``mover << 32 | log position``, as :attr:`Game.movers` reads it)."""
    known: list[Counter[Card]] = [Counter() for _ in names]
    for action, m in zip(history, movers):
        mover = m >> 32
        if type(action) is TakeMoney:
            known[mover].update(action.cards)
        elif type(action) is Buy:
            known[mover] -= Counter(Card(action.currency, v) for v in action.pay)
        elif type(action) is Edit:
            _edited(known, action.changes, names)
    return known


def _edited(known: list[Counter[Card]], changes: str, names: Sequence[str]) -> None:
    """An edit keeps of each edited hand's known part what the new hand still holds."""
    players = json.loads(changes).get("players", {})
    for name, change in players.items():
        if "money" in change:
            seat = list(names).index(name)
            known[seat] &= Counter(cards_of(change["money"]))
