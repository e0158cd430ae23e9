"""Hints one can trust: no dominated move, ties shown as ties, the reasons.

* **Dominance.** A purchase is dominated when another legal purchase buys the same
  tile (the same market slot) with a payment whose cards it holds and more: it spends
  cards for nothing (R6 gives no change). The search never tries a dominated purchase
  (:func:`undominated` is applied before its focus), so a hint never shows one.
* **Noise.** Moves within the search's noise of its choice are *about equal* and kept
  in the greedy bot's order (:func:`alhambra_widget.players.ranking.ranked`, shared
  with the Gardens bot), so a hint does not change with the seed when only noise
  separates moves.
* **Reasons.** In the engine's figures: the majorities that change (R10: the
  player's place and points in the next scoring round, and whom it passes or ties),
  the longest wall (R11), what that round would give, an exact payment (R4) or an
  overpayment, the money taken, the money left, and what the move leaves in the market
  or the money display for the next player.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...engine.alhambra.actions import Action, Buy, TakeMoney
from ...engine.alhambra.components import Card, Tile
from ...engine.alhambra.game import Game
from ...engine.alhambra.grid import Alhambra, Pos
from ...engine.alhambra.scoring import KindScore, ScoringRound


def undominated(legal: Sequence[Action]) -> list[Action]:
    """``legal`` without the dominated purchases (see the module), in its order."""
    buys: dict[str, list[Buy]] = {}
    for a in legal:
        if type(a) is Buy:
            buys.setdefault(a.currency, []).append(a)
    if not buys:
        return list(legal)
    out_of: set[Action] = set()
    for same in buys.values():
        counts = [(b, Counter(b.pay)) for b in same]
        for b, cb in counts:
            for other, co in counts:
                if other is not b and len(other.pay) < len(b.pay) and not co - cb:
                    out_of.add(b)  # ``other`` pays with a part of b's cards
                    break
    return [a for a in legal if a not in out_of]


def dominator(legal: Sequence[Action], action: Action) -> Action | None:
    """A legal purchase that dominates ``action`` (``None`` if there is none)."""
    if type(action) is not Buy:
        return None
    mine = Counter(action.pay)
    for a in legal:
        if not isinstance(a, Buy) or a.currency != action.currency:
            continue
        if len(a.pay) < len(action.pay) and not Counter(a.pay) - mine:
            return a
    return None


def _place(place: int | None) -> str:
    return "no place" if place is None else {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def best_place(game: Game, name: str, tile: Tile) -> tuple[Pos, Alhambra] | None:
    """Where ``tile`` would do most in ``name``'s Alhambra for the next scoring round:
    among the positions the engine allows (R7), the one whose preview of that round
    gives ``name`` most (then the longer wall, then the first position); with the
    Alhambra it makes. ``None`` where it fits nowhere (it would wait in the reserve)."""
    number = game.next_scoring_round
    mine = game.player(name).alhambra
    best: tuple[tuple[int, int], Pos, Alhambra] | None = None
    for pos in sorted(mine.legal_positions(tile)):
        built = mine.copy()
        built.place(tile, pos)
        key = (game.scoring_preview(number, {name: built}).totals[name], built.longest_wall())
        if best is None or key > best[0]:
            best = (key, pos, built)
    return None if best is None else (best[1], best[2])


def _other(name: str, kb: KindScore, ka: KindScore) -> str:
    """How another player's place (or, in the same place, points) changes in a kind."""
    pb, pa = kb.places.get(name), ka.places.get(name)
    if pb != pa:
        return f"{name} {_place(pb)} → {_place(pa)}"
    before, after = kb.points.get(name, 0), ka.points.get(name, 0)
    return f"{name} {before} → {after} points" if before != after else ""


def majorities(before: ScoringRound, after: ScoringRound, me: str) -> list[str]:
    """Which majorities a move changes (R10), read from the engine's two previews of
    the next scoring round, before the move and with ``me``'s Alhambra after it: for
    each kind whose count changes, ``me``'s count, place and points, the players the
    place is shared with, and the others whose place (or points) the move changes."""
    out = []
    for kb, ka in zip(before.kinds, after.kinds):
        cb, ca = kb.counts.get(me, 0), ka.counts.get(me, 0)
        if cb == ca:
            continue
        pb, pa = kb.places.get(me), ka.places.get(me)
        text = f"{ka.kind}: {cb} → {ca}"
        if pb != pa:
            text += f", {_place(pb)} → {_place(pa)} in round {after.number}"
        elif pa is not None:
            text += f", still {_place(pa)} in round {after.number}"
        # the sharing before and after explains the points (R10: a tie shares them)
        was = [o for o, p in kb.places.items() if o != me and p == pb]  # (places are numbers:
        shared = [o for o, p in ka.places.items() if o != me and p == pa]  # none for no place)
        left = [o for o in was if o not in shared]
        if left:
            text += f", no longer shared with {', '.join(left)}"
        if shared:
            text += f", shared with {', '.join(shared)}"
        if pb is not None or pa is not None:
            text += f" ({kb.points.get(me, 0)} → {ka.points.get(me, 0)} points)"
        moved = [_other(o, kb, ka) for o in ka.places if o != me]
        moved = [m for m in moved if m]
        if moved:
            text += f"; {', '.join(moved)}"
        out.append(text)
    return out


def _money(cards: Sequence[Card]) -> str:
    n = len(cards)
    return f"{n} card{'' if n == 1 else 's'}, {sum(c.value for c in cards)} in all"


def _next_turn(after: Game, me: str) -> str | None:
    """Whom the engine hands the turn to when ``me``'s turn ends, or ``None`` when the
    game ends with it (R12): a copy of ``after`` played on until another player is to
    act (not only to place an end-game gift), by the engine's own listing (no further
    purchase where another action is listed)."""
    g = after.copy()
    while not g.is_over and (g.current_player.name == me or g.phase != "act"):
        legal = g.legal_actions()
        g.apply(next((a for a in legal if type(a) is not Buy), legal[0]))
    return None if g.is_over else g.current_player.name


def leaves(game: Game, action: Action) -> list[str]:
    """What a purchase or a take leaves, read off the engine: the game after it (a copy,
    ``apply``) against the game before. The money in hand after it, and, for the player
    the engine hands the next turn to, the tiles still in the market (a purchase) or the
    cards still in the display (a take): the display before, less the cards the player
    gained. Only what the player sees: the refills come from the hidden bag and deck (R2)."""
    if type(action) is not Buy and type(action) is not TakeMoney:
        return []
    me = game.current_player.name
    after = game.copy()
    after.apply(action)
    money = after.player(me).money
    nxt = _next_turn(after, me)
    to = f" for {nxt}" if nxt is not None else " (the game ends with this turn, R12)"
    if type(action) is Buy:
        out = [f"money left: {_money(money)}"]
        rest = [f"{t.kind} {t.price} ({cur})" for cur, t in after.market.items() if t is not None]
        if rest:
            out.append(f"leaves in the market{to}: {', '.join(rest)}")
        return out
    out = [f"money after: {_money(money)}"]
    gained = Counter(money) - Counter(game.current_player.money)
    rest_cards = []
    for c in game.display:
        if gained[c]:
            gained[c] -= 1
        else:
            rest_cards.append(c)
    if rest_cards:
        out.append(f"leaves in the money display{to}: {', '.join(map(str, rest_cards))}")
    return out
