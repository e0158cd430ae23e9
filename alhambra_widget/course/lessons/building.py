"""Tasks on an Alhambra: build (or exchange) the best tile, find a cell that breaks
the rules, find a tile that may go to the reserve (R7, R8, R11)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...engine.alhambra.components import Tile
from ...engine.alhambra.grid import Alhambra
from .core import (
    Attempt,
    Lesson,
    Pos,
    Task,
    Verdict,
    answer_field,
    cell_text,
    parse_cell,
    tile_words,
)


def _built(a: Alhambra, tile: Tile, c: Pos, exchange: bool = False) -> Alhambra:
    """A copy of ``a`` with ``tile`` built at ``c`` (or exchanged for the tile there)."""
    trial = a.copy()
    if exchange:
        trial.exchange(tile, c)
    else:
        trial.place(tile, c)
    return trial


def _best_walls(
    a: Alhambra, tile: Tile, cells: Iterable[Pos], exchange: bool = False
) -> dict[Pos, int]:
    return {c: _built(a, tile, c, exchange).longest_wall() for c in cells}


def _build_targets(lesson: Lesson) -> dict[Pos, int]:
    """The cells that solve a build or exchange lesson, with the wall each leaves."""
    a, t = lesson.alhambra(), lesson.tile()
    exchange = lesson.task == "exchange"
    cells = a.exchangeable(t) if exchange else a.legal_positions(t)
    walls = _best_walls(a, t, cells, exchange)
    if lesson.want.get("goal") == "longest_wall":
        best = max(walls.values())
        return {c: w for c, w in walls.items() if w == best}
    return walls


def drawn(a: Alhambra, c: Pos) -> bool:
    """Whether the lesson's board draws cell ``c``: the Alhambra's tiles and one cell
    around them (the cells a tile could be built at, R7b)."""
    x0, y0, x1, y1 = a.bounds()
    return x0 - 1 <= c[0] <= x1 + 1 and y0 - 1 <= c[1] <= y1 + 1


def off_board(a: Alhambra) -> str:
    """What a cell answered off the drawn board is told: which cells the board draws
    (the feedback names no cell it cannot show), and why every cell a tile could go to
    is among them (R7b)."""
    x0, y0, x1, y1 = a.bounds()
    return (
        f"The cell you answered is off the board drawn here (columns {x0 - 1} to "
        f"{x1 + 1}, rows {y0 - 1} to {y1 + 1}). A new tile must share a whole side with "
        "the Alhambra (R7b), so every cell it could go to is among those drawn: click one."
    )


def _judge_build(at: Attempt, payload: object) -> Verdict:
    lesson = at.lesson
    c = parse_cell(answer_field(payload, "cell"))
    a, t = lesson.alhambra(), lesson.tile()
    exchange = lesson.task == "exchange"
    if not drawn(a, c):
        return Verdict(False, off_board(a), "R7b", "R7b")
    v = a.why_not_exchangeable(t, c) if exchange else a.why_illegal(t, c)
    if v is not None:
        return Verdict(False, f"{cell_text(c)}: {v}", v.rule, v.rule)
    targets = _build_targets(lesson)
    if c in targets:
        walls = lesson.want.get("goal") == "longest_wall"  # the engine's lengths, before and after
        extra = (
            f" Your longest wall grows from {a.longest_wall()} to {targets[c]} segments (R11)."
            if walls
            else ""
        )
        after = _built(a, t, c, exchange)
        return Verdict(
            True,
            f"{tile_words(t)} at {cell_text(c)} keeps every building rule (R7).{extra}",
            "R11" if walls else "R7",
            board=after,
            cell=c,
        )
    got = _best_walls(a, t, [c], exchange)[c]
    return Verdict(
        False,
        f"{cell_text(c)} is legal, but the longest wall would be {got} segments; another cell makes it longer (R11).",
        "R11",
        "shorter_wall",
    )


def _sol_cells(cells: Iterable[Pos]) -> list[list[dict[str, Any]]]:
    return [[{"cell": list(c)}] for c in sorted(cells)]


def _breaking(lesson: Lesson) -> set[Pos]:
    a, t = lesson.alhambra(), lesson.tile()
    x0, y0, x1, y1 = a.bounds()
    out = set()
    for x in range(x0 - 1, x1 + 2):
        for y in range(y0 - 1, y1 + 2):
            v = a.why_illegal(t, (x, y))
            if v is not None and v.rule == lesson.want["rule"]:
                out.add((x, y))
    return out


def _judge_break(at: Attempt, payload: object) -> Verdict:
    lesson = at.lesson
    c = parse_cell(answer_field(payload, "cell"))
    a, t, want = lesson.alhambra(), lesson.tile(), lesson.want["rule"]
    v = a.why_illegal(t, c)
    if v is None:
        return Verdict(
            False,
            f"{tile_words(t)} may stand at {cell_text(c)}: it keeps every building rule (R7). Find a cell where it breaks {want}.",
            "R7",
            "legal",
        )
    if v.rule == want:
        return Verdict(True, f"{cell_text(c)}: {v}", want)
    if v.rule == "R7":
        return Verdict(
            False, f"{cell_text(c)} is built already (R7): pick an empty cell.", "R7", "taken"
        )
    return Verdict(
        False,
        f"{cell_text(c)} breaks another rule first: {v} Find a cell that breaks {want}.",
        v.rule,
        "other_rule",
    )


def _removal_targets(lesson: Lesson) -> set[Pos]:
    a = lesson.alhambra()
    if lesson.want.get("goal") == "stuck":
        return {c for c in a.tiles if c != (0, 0) and a.why_not_removable(c) is not None}
    return set(a.removable())


def _judge_remove(at: Attempt, payload: object) -> Verdict:
    lesson = at.lesson
    c = parse_cell(answer_field(payload, "cell"))
    a = lesson.alhambra()
    if c not in a.tiles:
        return Verdict(
            False,
            f"{cell_text(c)} is empty: only a built tile can go to the reserve (R8).",
            "R8",
            "empty",
        )
    v = a.why_not_removable(c)
    stuck = lesson.want.get("goal") == "stuck"
    if c == (0, 0):
        return Verdict(False, f"{v or 'The fountain never moves.'}", "R8", "fountain")
    if stuck:
        if v is not None:
            return Verdict(True, f"{a.tiles[c]} at {cell_text(c)} must stay: {v}", v.rule)
        return Verdict(
            False,
            f"{a.tiles[c]} at {cell_text(c)} may go to the reserve: what remains keeps R7 (R8). Find one that must stay.",
            "R8",
            "removable",
        )
    if v is None:
        after = a.copy()
        after.remove(c)
        return Verdict(
            True,
            f"{a.tiles[c]} at {cell_text(c)} may go to the reserve: what remains keeps R7 (R8).",
            "R8",
            board=after,
            cell=c,
        )
    return Verdict(False, f"{a.tiles[c]} at {cell_text(c)} must stay: {v}", v.rule, "stuck")


BOARD_TASKS: dict[str, Task] = {
    "build": Task(_judge_build, lambda L: _sol_cells(_build_targets(L)), "alhambra"),
    "exchange": Task(_judge_build, lambda L: _sol_cells(_build_targets(L)), "alhambra"),
    "break": Task(_judge_break, lambda L: _sol_cells(_breaking(L)), "alhambra"),
    "remove": Task(_judge_remove, lambda L: _sol_cells(_removal_targets(L)), "alhambra"),
}
"""The kinds of answer given on one Alhambra (a cell), for :data:`~.core.TASKS`."""
