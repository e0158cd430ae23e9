"""Tasks on a Gardens board (G1-G5): the answer is a garden field clicked on the board,
and the Gardens engine says whether the tile in hand may be laid there."""

from __future__ import annotations

from typing import Any

from ...engine.errors import GameError, MalformedInput
from ...engine.gardens.game import GardensGame, Lay
from .core import Attempt, Lesson, Task, Verdict, answer_field, cell_text, parse_cell


def gardens_game(lesson: Lesson) -> GardensGame:
    """The lesson's Gardens game: a seeded setup, and the garden tiles of ``lays``
    (``[fx, fy, turn]`` each, the tile in hand of the player to move) laid by the engine."""
    s = lesson.start
    g = GardensGame(list(s["players"]), seed=s["seed"])
    for fx, fy, turn in s.get("lays", ()):
        g.apply(Lay(g.current_player.hand[0].id, (fx, fy), turn))
    return g


def _refusal(g: GardensGame, field: tuple[int, int]) -> GameError | None:
    tile = g.current_player.hand[0]
    try:
        return g.why_illegal(Lay(tile.id, field, 0))
    except GameError as e:  # a field off the board
        return e


def _judge_field(at: Attempt, payload: object) -> Verdict:
    c = parse_cell(answer_field(payload, "field"))
    g = gardens_game(at.lesson)
    first = not g.fields
    v = _refusal(g, c)
    if v is None:
        why = (
            "keeps off the board's edge: the first garden tile"
            if first
            else "shares a straight side with a laid garden tile: the tile"
        )
        return Verdict(True, f"field {cell_text(c)} {why} may be laid there (G3).", "G3")
    rule = v.rule if isinstance(v.rule, str) else "G3"
    return Verdict(False, f"field {cell_text(c)}: {v}", rule, "g_first" if first else "g_next")


def _sol_fields(lesson: Lesson) -> list[list[dict[str, Any]]]:
    g = gardens_game(lesson)
    return [[{"field": list(f)}] for f in sorted(g.legal_fields())]


GARDENS_TASKS: dict[str, Task] = {"field": Task(_judge_field, _sol_fields, "gardens")}
"""A garden field clicked on a Gardens board, for :data:`~.core.TASKS`."""

__all__ = ["GARDENS_TASKS", "MalformedInput", "gardens_game"]
