"""The Gardens baseline's choices and what it sees.

Eight choices: the eight lays (G3) the greedy bot ranks highest among
``game.legal_actions()``, in its order (fewer when fewer are legal). The policy picks
one of them; the shortlist and its order are the fixed rule. For each lay the
features give what the engine says it would score now (G4: ``game.preview``) for the
seat and for the others, and the trees it turns towards buildings still open, the
seat's own and the others'. Everything read is public, or the seat's own tile in hand.
"""

from __future__ import annotations

from ...engine.gardens.components import buildings_of
from ...engine.gardens.game import GardensGame, Lay
from ..gardens.greedy import GreedyGardensBot

CHOICES: tuple[str, ...] = tuple(f"lay:{i + 1}" for i in range(8))
"""The choices' names: the greedy bot's first, second, ... lay."""

_RULE = GreedyGardensBot(0)  # its rank() is deterministic: the generator is never read


def options(game: GardensGame) -> list[Lay | None]:
    """The greedy bot's eight favourite legal lays, best first, padded with ``None``."""
    ranked: list[Lay | None] = list(_RULE.rank(game, game.legal_actions())[: len(CHOICES)])
    return ranked + [None] * (len(CHOICES) - len(ranked))


def _lay(game: GardensGame, lay: Lay | None) -> list[float]:
    if lay is None:
        return [0.0] * 7
    me = game.current_player
    mine = theirs = 0.0
    scorings = game.preview(lay)
    for s in scorings:
        if s.winner in me.kinds:
            mine += s.points
        elif s.owner is not None:
            theirs += s.points
    tile = game.tile(lay.tile)
    open_mine = open_theirs = 0.0
    for k, b in buildings_of(lay.field):
        if b not in game.buildings or b in game.scored or game.enclosed(b, lay):
            continue
        worth = game.buildings[b].value * tile.trees
        if tile.side(k, lay.turn) in me.kinds:
            open_mine += worth
        elif game.owner_of(tile.side(k, lay.turn)) is not None:
            open_theirs += worth
    return [
        1.0,
        mine / 20,
        theirs / 20,
        len(scorings) / 3,
        tile.trees / 6,
        open_mine / 30,
        open_theirs / 30,
    ]


def features(game: GardensGame, opts: list[Lay | None]) -> list[float]:
    """What the seat to move sees, as numbers (see the module), given its
    :func:`options`."""
    me = game.current_player
    others = [p.score for p in game.players if p.name != me.name]
    best = max(others, default=0)
    out = [me.score / 100, best / 100, (me.score - best) / 50, game.fields_share_left]
    for lay in opts:
        out += _lay(game, lay)
    out += [0.0 if o is None else 1.0 for o in opts]
    return out
