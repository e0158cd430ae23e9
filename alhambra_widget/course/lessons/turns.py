"""Tasks played as a turn: the answer is an action, applied to the attempt's game,
and a goal says whether it was the one wanted."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...engine.alhambra.actions import Action, Buy, Place, Reserve, TakeMoney, buy_with
from ...engine.alhambra.components import Card, Tile
from ...engine.alhambra.game import Game, payments
from ...engine.errors import IllegalAction, MalformedInput
from .core import Attempt, Lesson, Task, Verdict, answer_field, cell_text, parse_cell, tile_words


# game tasks: the answer is an action, applied to the attempt's game
def action_of(lesson: Lesson, g: Game, payload: object) -> Action:
    """The engine action of a turn lesson's answer (take, buy, place or reserve); any other payload
    is MalformedInput (an illegal action is the engine's to refuse)."""
    if not isinstance(payload, dict):
        raise MalformedInput("This lesson's answer is an action: take, buy, place or reserve.")
    if "take" in payload:
        return TakeMoney(tuple(Card.parse(c) for c in payload["take"]))
    if "buy" in payload:
        slot = str(payload["buy"])
        if "cards" in payload:  # the cards picked on the board, as names
            return buy_with(slot, [Card.parse(c) for c in payload["cards"]])  # R6 refused there
        return Buy(slot, tuple(int(v) for v in answer_field(payload, "pay")))
    if "place" in payload or "reserve" in payload:
        bought = g.current_player.bought
        tile = Tile.parse(payload.get("tile") or (bought[0].name if bought else ""))
        if "reserve" in payload:
            return Reserve(tile)
        return Place(tile, parse_cell(payload["place"]))
    raise MalformedInput("This lesson's answer is an action: take, buy, place or reserve.")


@dataclass(frozen=True)
class _Move:
    """One action of a game lesson, applied: the lesson, the game before and after,
    the action, its events and the learner's name."""

    lesson: Lesson
    before: Game
    after: Game
    action: Action
    events: list[Any]
    me: str


def _goal_most(m: _Move) -> Verdict | None:
    """R5: the take worth the most that one action allows (the engine lists the takes)."""
    assert isinstance(m.action, TakeMoney)
    total = sum(c.value for c in m.action.cards)
    best = max(
        sum(c.value for c in t.cards) for t in m.before.legal_actions() if isinstance(t, TakeMoney)
    )
    if total < best:
        return Verdict(
            False, f"a legal take, worth {total}; another take is worth more (R5).", "R5", "less"
        )
    return Verdict(True, f"{total} is the most money one take allows here (R5).", "R5")


def _goal_exact_for(m: _Move) -> Verdict | None:
    """R4: after the take, the hand pays the slot's tile exactly (the engine's payments)."""
    cur = m.lesson.want["exact_for"]
    tile = m.after.market[cur]
    assert tile is not None
    hand = m.after.player(m.me).hand()[cur]
    exact = [pay for pay in payments(hand, tile.price) if m.after.is_exact(Buy(cur, pay))]
    if exact:
        how = "+".join(map(str, exact[0]))
        return Verdict(
            True,
            f"your {cur} now pays the {tile_words(tile)} exactly: {how} = {tile.price}, which gives another action (R4).",
            "R4",
        )
    held = ", ".join(map(str, sorted(hand))) or "nothing"
    return Verdict(
        False,
        f"after this take your {cur} is {held}: no set of it pays exactly {tile.price} for the {tile_words(tile)} (R4).",
        "R4",
        "not_exact",
    )


def _paid(m: _Move) -> tuple[bool, str]:
    assert isinstance(m.action, Buy)
    exact = any(e.kind == "buy" and e.data.get("exact") for e in m.events)
    return exact, f"you paid {sum(m.action.pay)} for the {m.before.market[m.action.currency]}"


def _goal_legal_buy(m: _Move) -> Verdict | None:
    exact, paid = _paid(m)
    return Verdict(
        True,
        f"{paid}: a legal purchase (R6){', and exact: another action (R4)' if exact else ''}.",
        "R6",
    )


def _goal_exact(m: _Move) -> Verdict | None:
    exact, paid = _paid(m)
    if not exact:
        return Verdict(
            False, f"{paid}: legal, but not exact, so your turn ends (R4).", "R4", "not_exact"
        )
    return Verdict(True, f"{paid}: exact, so another action follows (R4).", "R4")


def _goal_buy_all(m: _Move) -> Verdict | None:
    p = m.after.player(m.me)
    got = {t.name for t in p.bought} | {t.name for t in p.alhambra.tiles.values()}
    tiles = m.lesson.want["tiles"]
    if all(Tile.parse(t).name in got for t in tiles):
        if len(tiles) == 1 and isinstance(m.action, Buy):
            return Verdict(
                True, f"{_paid(m)[1]}: it is yours, to place at the end of the turn (R6).", "R6"
            )
        return Verdict(
            True, "both tiles bought in one turn: the exact payment gave another action (R4).", "R4"
        )
    return None


def _plain(t: Tile) -> str:
    """A tile named plainly: "tower 9 (walls N, E, S)", never the bare code "NES"."""
    if not t.walls:
        return f"{t.kind} {t.price}"
    return f"{t.kind} {t.price} (wall{'s' if len(t.walls) > 1 else ''} {', '.join(t.walls)})"


def _goal_placed(m: _Move) -> Verdict | None:
    if m.after.player(m.me).bought:
        return None
    if isinstance(m.action, Reserve):  # where it went, from the action the engine applied
        return Verdict(
            True,
            f"the {_plain(m.action.tile)} went to your reserve, where it waits for a redesign; the turn is over (R9).",
            "R9",
        )
    if isinstance(m.action, Place):
        return Verdict(
            True,
            f"the {_plain(m.action.tile)} is built at {cell_text(m.action.pos)}; the turn is over (R9).",
            "R9",
        )
    return Verdict(True, "the tile is placed and the turn is over (R9).", "R9")


GAME_GOALS: dict[str, Callable[[_Move], Verdict | None]] = {
    "most": _goal_most,
    "exact_for": _goal_exact_for,
    "legal": _goal_legal_buy,
    "exact": _goal_exact,
    "buy_all": _goal_buy_all,
    "placed": _goal_placed,
}
"""A game lesson's goal -> whether an applied action met it (None: the turn goes on)."""

GAME_TASKS: dict[str, type[Action] | None] = {
    "take": TakeMoney,
    "buy": Buy,
    "turn": None,
    "place": None,
}
"""A game task -> the one kind of action it asks for (None: any)."""


def _judge_game(at: Attempt, payload: object) -> Verdict:
    lesson, g = at.lesson, at.game
    assert g is not None
    me = g.current_player.name
    before = g.copy()
    try:
        action = action_of(lesson, g, payload)
        kind = GAME_TASKS[lesson.task]
        if kind is not None and not isinstance(action, kind):
            raise MalformedInput(f"This lesson asks for a {kind.type.replace('_', ' ')} action.")
        events = g.apply(action)
    except IllegalAction as e:
        return Verdict(False, e.sentence, e.rule, e.rule or "")
    move = _Move(lesson, before, g, action, events, me)
    v = GAME_GOALS[lesson.want["goal"]](move)
    if v is not None:
        return v
    if g.current_player.name != me or g.phase == "place":
        if isinstance(action, Buy):
            how = _paid(move)[1] + ": not exact, so your turn ended"
        else:
            how = f"“{action}” ended your turn"
        return Verdict(
            False,
            f"{how} (only an exact payment gives another action, R4), and the goal is not met.",
            "R4",
            "turn_ended",
        )
    return Verdict(True, "an exact payment: your turn goes on (R4).", "R4", done=False)


def answer_of(a: Action) -> dict[str, Any]:
    """A game action as the answer the board sends for it."""
    if isinstance(a, TakeMoney):
        return {"take": [f"{c.currency} {c.value}" for c in a.cards]}
    if isinstance(a, Buy):
        return {"buy": a.currency, "pay": list(a.pay)}
    if isinstance(a, Place):
        return {"place": list(a.pos), "tile": a.tile.name}
    if isinstance(a, Reserve):
        return {"reserve": True, "tile": a.tile.name}
    raise MalformedInput(f"not a lesson answer: {a}")


def _sol_game(lesson: Lesson) -> list[list[dict[str, Any]]]:
    """Search the engine's legal actions for sequences (up to 3) that solve the lesson."""
    out: list[list[dict[str, Any]]] = []

    def go(at: Attempt, path: list[dict[str, Any]], depth: int) -> None:
        assert at.game is not None
        for a in at.game.legal_actions():
            try:
                ans = answer_of(a)
            except MalformedInput:
                continue
            trial = Attempt(lesson, game=at.game.copy())
            try:
                v = lesson.kind.judge(trial, ans)
            except MalformedInput:
                continue
            if v.ok and v.done:
                out.append([*path, ans])
            elif v.ok and depth > 1:
                go(trial, [*path, ans], depth - 1)

    go(Attempt(lesson), [], 3)
    return out


TURN_TASKS: dict[str, Task] = {kind: Task(_judge_game, _sol_game, "game") for kind in GAME_TASKS}
"""The kinds of answer played on a game (an action), for :data:`~.core.TASKS`."""
