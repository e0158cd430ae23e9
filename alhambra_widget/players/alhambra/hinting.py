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
from ...engine.alhambra.components import Tile
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


def _money(cards: Sequence[object]) -> str:
    return f"{len(cards)} card{'' if len(cards) == 1 else 's'}"


def leaves(game: Game, action: Action) -> list[str]:
    """What a move leaves: the money in hand after it, and, for the next player, the
    tiles still in the market (a purchase) or the cards still in the display (a take).
    Only what the player sees: the refills come from the hidden bag and deck (R2)."""
    me = game.current_player
    out: list[str] = []
    names = [p.name for p in game.players]
    after = names[(names.index(me.name) + 1) % len(names)]
    if type(action) is Buy:
        left = len(me.money) - len(action.pay)
        value = sum(c.value for c in me.money) - sum(action.pay)
        out.append(f"money left: {left} card{'' if left == 1 else 's'}, {value} in all")
        rest = [f"{t.kind} {t.price} ({cur})" for cur, t in game.market.items() if t is not None and cur != action.currency]
        if rest:
            out.append(f"leaves in the market for {after}: {', '.join(rest)}")
    elif type(action) is TakeMoney:
        taken = list(action.cards)
        rest_cards = list(game.display)
        for c in taken:
            if c in rest_cards:
                rest_cards.remove(c)
        after_money = [*me.money, *taken]
        out.append(f"money after: {_money(after_money)}, {sum(c.value for c in after_money)} in all")
        if rest_cards:
            shown = ", ".join(f"{c.currency} {c.value}" for c in rest_cards)
            out.append(f"leaves in the money display for {after}: {shown}")
    return out
