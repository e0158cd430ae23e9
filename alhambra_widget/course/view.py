"""The JSON view model of the course (what the page draws for a lesson). Pure Python.

The page is told what to draw and which controls to offer, never which answer is
right before it is found: in a lesson every cell of the board may be clicked, and the
engine judges. After a try on the board, the cell picked is marked right or wrong (the
check's verdict, its ruling id); once the lesson is solved, every cell the lesson's
check accepts is marked right (its solutions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.alhambra.components import Tile
from ..engine.alhambra.game import Game
from ..views.alhambra.view import alhambra_json, card_json, tile_json
from ..views.contract import (
    AnswerMarks,
    ChapterJson,
    CourseView,
    FactsTable,
    LessonGame,
    LessonJson,
)
from .catalog import CHAPTERS
from .glossary import entries, terms_in
from .lessons import Attempt, Lesson, Progress, number_fields, options
from .pictures import board_json, gardens_board, picture


def _game_board(g: Game) -> LessonGame:
    """What the learner may see of a lesson's game: the market, the display, the
    learner's own hand, Alhambra, reserve and bought tiles (the learner sits first: once
    the turn is over, the player to act is another, whose hand stays hidden)."""
    p = g.players[0]
    return {
        "player": p.name,
        "phase": g.phase,
        "market": {c: tile_json(t) if t else None for c, t in g.market.items()},
        "display": [card_json(c) for c in g.display],
        "hand": [card_json(c) for c in p.money],
        "bought": [tile_json(t) for t in p.bought],
        "reserve": [tile_json(t) for t in p.reserve],
        "alhambra": alhambra_json(p.alhambra),
    }


Facts = tuple[list[str], FactsTable | None]


def _dealt(s: dict[str, Any]) -> tuple[Game, FactsTable]:
    g = Game(list(s["game"]["players"]), seed=s["game"]["seed"])
    rows: list[list[str | int]] = [[p.name, ", ".join(str(c) for c in p.money)] for p in g.players]
    return g, {"head": ["player", "money cards dealt"], "rows": rows}


def _f_starting_player(s: dict[str, Any]) -> Facts:
    return [], _dealt(s)[1]


def _f_to_move(s: dict[str, Any]) -> Facts:
    g, table = _dealt(s)
    facts = [
        f"Players in seat order: {', '.join(p.name for p in g.players)}; seed {s['game']['seed']}."
    ]
    facts += [f"{i + 1}. {Game.action_from_json(a)}" for i, a in enumerate(s["game"]["actions"])]
    return facts, table


def _f_gift(s: dict[str, Any]) -> Facts:
    return [], {
        "head": ["player", "money in hand"],
        "rows": [[n, ", ".join(cards)] for n, cards in s["hands"].items()],
    }


def _f_majority(s: dict[str, Any]) -> Facts:
    return [], {
        "head": ["player", f"{s['kind']} tiles built"],
        "rows": [[n, c] for n, c in s["counts"].items()],
    }


def _f_best(s: dict[str, Any]) -> Facts:
    rows: list[list[str | int]] = []
    for name, d in s["position"].items():
        if "tiles" in d:
            rows.append([f"{name} (Dirk)", ", ".join(d["tiles"]), "-"])
        elif "counts" in d:
            rows.append(
                [name, ", ".join(f"{k} {n}" for k, n in d["counts"].items()), str(d.get("wall", 0))]
            )
    reserve = s["position"][s["me"]].get("reserve")
    facts = [
        "Your Alhambra is drawn below" + (f"; reserve: {', '.join(reserve)}." if reserve else ".")
    ]
    return facts, {"head": ["player", "tiles built", "longest wall"], "rows": rows}


def _f_g_side(s: dict[str, Any]) -> Facts:
    from ..engine.gardens.components import garden_tiles

    t = next(t for t in garden_tiles() if t.id == s["garden"])
    sides = ", ".join(
        f"{where} {kind}"
        for where, kind in zip(("north-east", "south-east", "south-west", "north-west"), t.sides)
    )
    return [
        f"{t.id} before turning: {sides} ({t.trees} tree{'s' if t.trees > 1 else ''} a side)."
    ], None


def _f_g_winner(s: dict[str, Any]) -> Facts:
    from .lessons.fact_oracles import gardens_played

    g = gardens_played(tuple(s["end"]["players"]), int(s["end"]["seed"]))
    rows: list[list[str | int]] = [
        [p.name, ", ".join(f"{k} {v}" for k, v in p.points.items()), g.scores[p.name]]
        for p in g.players
    ]
    return [], {"head": ["player", "points by kind of tree owned", "total"], "rows": rows}


def _f_after_turn(s: dict[str, Any]) -> Facts:
    edit = s["game"].get("edit", {})
    facts = ["The money display: " + ", ".join(edit["display"]) + "."]
    if "deck_top" in edit:
        facts.append("The deck, from the top: " + ", ".join(edit["deck_top"]) + ", ...")
    return facts, None


FACTS: dict[str, Callable[[dict[str, Any]], Facts]] = {
    "starting_player": _f_starting_player,
    "to_move": _f_to_move,
    "gift": _f_gift,
    "majority": _f_majority,
    "best": _f_best,
    "g_side": _f_g_side,
    "after_turn": _f_after_turn,
    "g_winner": _f_g_winner,
}
"""Oracle -> the sentences and table that show a lesson's start data (never its answer)."""


def _facts(lesson: Lesson) -> Facts:
    show = FACTS.get(lesson.want.get("oracle", ""))
    return show(lesson.start) if show else ([], None)


def _wall(at: Attempt) -> bool:
    """The longest wall is drawn where the lesson draws it, and once a lesson asking for
    it is solved."""
    return at.lesson.draws_longest_wall or (at.solved and at.lesson.want.get("oracle") == "walls")


def _pick(at: Attempt) -> str | None:
    """What a click on the board picks: ``"cells"``, ``"tiles"``, or nothing."""
    lesson = at.lesson
    if at.game is not None and lesson.kind.board == "game" and lesson.task == "place":
        return "cells"
    return {"build": "cells", "break": "cells", "remove": "tiles", "exchange": "tiles"}.get(
        lesson.task
    )


def _board(at: Attempt, out: LessonJson) -> None:
    """The board to answer on: the step's, in a lesson in steps. Once right, what the
    answer did (the engine's own change, its cell marked); before, nothing of it."""
    lesson = at.lesson
    wall = _wall(at)
    if "alhambra" in lesson.start:
        out["alhambra"] = board_json(lesson.alhambra(), wall)
    elif lesson.want.get("oracle") == "best":
        from ..whatif import Position

        me = Position.from_description(lesson.start["position"]).seats[lesson.start["me"]]
        if me.alhambra is not None:
            out["alhambra"] = board_json(me.alhambra, wall)
    board, cell = (
        (at.last.board, at.last.cell) if at.solved and at.last is not None else (None, None)
    )
    if board is not None and cell is not None:
        out["alhambra"] = board_json(board, wall)
        key = f"{cell[0]},{cell[1]}"
        out["marks"] = (
            {"cells": [key], "from": []} if cell in board else {"cells": [], "from": [key]}
        )
    if "tile" in lesson.start:
        out["tile"] = tile_json(lesson.tile())
        if cell is not None and lesson.task == "build":
            del out["tile"]  # it is built now
        elif cell is not None and lesson.task == "exchange":
            out["tile"] = tile_json(
                lesson.alhambra()[cell]
            )  # the reserve holds the one it replaced
    if (
        at.game is not None and lesson.kind.board == "game"
    ):  # a choose lesson's game stays unseen (its hands)
        out["game"] = _game_board(at.game)


CELL_TASKS = ("build", "exchange", "break", "remove", "field", "place")
"""The tasks answered on the board by a cell or field (a game's placement: its last
answer), whose every solution the board marks once solved."""


def _answer_marks(at: Attempt) -> AnswerMarks | None:
    """The cell the last try picked on the board, and the verdict on it (the check's,
    with its ruling id); once the lesson is solved, every cell its check accepts (the
    lesson's solutions, for a lesson answered by one cell). None before a try on the
    board."""
    if at.picked is None or at.last is None:
        return None
    key = f"{at.picked[0]},{at.picked[1]}"
    right = [key] if at.last.ok else []
    if at.solved and at.lesson.task in CELL_TASKS:
        for sol in at.lesson.solutions():
            c = sol[-1].get("cell", sol[-1].get("field", sol[-1].get("place")))
            if c is not None:  # (a placement lesson may be solved by the reserve too)
                right.append(f"{c[0]},{c[1]}")
    return {"picked": key, "ok": at.last.ok, "rule": at.last.rule, "right": sorted(set(right))}


def _answer(lesson: Lesson, out: LessonJson) -> None:
    if lesson.kind.board == "gardens":  # every field alike: the engine judges the one clicked
        out["gardens"] = gardens_board(
            list(lesson.start["players"]), lesson.start["seed"], lays=lesson.start.get("lays")
        )
    if lesson.kind.board == "numbers":
        out["fields"] = number_fields(lesson)
    if lesson.kind.board == "choose":
        out["options"] = options(lesson)
        if lesson.want.get("oracle") == "best":  # the tiles each choice builds, drawn on its button
            where = {"add": 2, "reserve": 2, "give_dirk": 1}
            out["option_tiles"] = [
                [
                    tile_json(Tile.parse(step[where[step[0]]]))
                    for step in opt["do"]
                    if step[0] in where
                ]
                for opt in lesson.start["options"]
            ]


def _hints_left(at: Attempt) -> int:
    """The hints still to come in the whole lesson: the step's not yet shown and those of
    the steps after it (the count never goes up from one step to the next)."""
    later = sum(
        len(at.lesson.steps[i].get("hints", ())) for i in range(at.step + 1, len(at.lesson.steps))
    )
    return len(at.current.lesson.hints) - at.current.hints_shown + later


def lesson_view(at: Attempt) -> LessonJson:
    """What the page draws for an attempt: the explanation and its picture first, then
    the task (the step's, in a lesson in steps), the hints shown, the feedback."""
    lesson, cur = at.lesson, at.current
    step = cur.lesson
    facts, table = _facts(step)
    out: LessonJson = {
        "id": lesson.id,
        "title": lesson.title,
        "chapter": CHAPTERS[lesson.chapter],
        "rules": list(lesson.rules),
        "teach": lesson.teach,
        "picture": picture(lesson.picture),
        "goal": step.goal,
        "task": step.task,
        "board": step.kind.board,
        "hints": list(step.hints[: cur.hints_shown]),
        "hints_left": _hints_left(at),
        "hints_here": len(step.hints) - cur.hints_shown,
        "tries": at.tries,
        "solved": at.solved,
        "stars": at.stars,
        "feedback": at.last.to_dict() if at.last is not None else None,
        "after": lesson.after if at.solved else "",
        "facts": facts,
        "table": table,
        "show_wall": _wall(cur),
        "pick": _pick(cur),
        "answer": _answer_marks(cur),
        "terms": [],
    }
    if lesson.steps:
        out["steps"] = {
            "at": at.step,
            "of": len(lesson.steps),
            "goals": [lesson.step(i).goal for i in range(at.step)],
        }
    _board(cur, out)
    _answer(step, out)
    out["terms"] = shown_terms(out)
    return out


def shown_terms(out: LessonJson) -> list[str]:
    """The glossary's terms in the words a lesson's page shows: its explanation, its
    task, the steps done, the hints shown, the feedback and what follows a solution."""
    f = out["feedback"]
    done = out["steps"]["goals"] if "steps" in out else []
    return terms_in(
        out["teach"], out["goal"], *done, *out["hints"], f["text"] if f else "", out["after"]
    )


def course_view(
    lessons: list[Lesson],
    at: Attempt,
    progress: Progress,
    v: int,
    practice: dict[str, int] | None = None,
) -> CourseView:
    """The course map (every lesson's stars, each chapter's progress, the first lesson
    without a star) and the lesson, as view version ``v``. ``complete`` only when every
    lesson has a star. ``practice``: a practice session's items, with the stars each
    earned in it (the map shows them, not the course's)."""
    i = next(k for k, les in enumerate(lessons) if les.id == at.lesson.id)
    earned = practice if practice is not None else progress.stars
    got = {les.id: earned.get(les.id, 0) for les in lessons}
    chapters: list[ChapterJson] = []
    for cid, name in CHAPTERS.items():
        mine = [les for les in lessons if les.chapter == cid]
        if mine:
            chapters.append(
                {
                    "id": cid,
                    "name": name,
                    "lessons": len(mine),
                    "done": sum(1 for les in mine if got[les.id]),
                }
            )
    unfinished = next((k for k, les in enumerate(lessons) if not got[les.id]), None)
    return {
        "mode": "course",
        "v": v,
        "course": {
            "lessons": [
                {
                    "id": les.id,
                    "title": les.title,
                    "chapter": CHAPTERS[les.chapter],
                    "stars": got[les.id],
                }
                for les in lessons
            ],
            "chapters": chapters,
            "at": i,
            "stars": sum(got.values()),
            "complete": unfinished is None,
            "unfinished": unfinished,
            "practice": practice is not None,
        },
        "lesson": {**lesson_view(at), "best": got[at.lesson.id]},
        "glossary": entries(lessons=lessons),
    }
