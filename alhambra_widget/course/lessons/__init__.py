"""Lessons are data: a goal, a start position, a kind of answer, hints. The engine judges.

A :class:`Lesson` states its start position in plain data (an Alhambra and a tile, a
game set up by an edit, counts, hands), its ``task`` (the kind of answer the learner
gives on the board: build a tile, find a cell, take money, pay, enter numbers, choose)
and ``want`` (what the engine is asked). The expected answer is never written by hand:
each kind of task asks the engine (``why_illegal``, ``apply``, ``score_kind``,
``end_game_gifts``, ``dirk_draw``, the what-if :class:`~alhambra_widget.whatif.Position`,
the Gardens rules), and a wrong answer gets feedback about that mistake, in the
engine's words, naming the ruling id.

An :class:`Attempt` is one learner's go at a lesson: tries, hints shown one at a time,
stars (3 on the first try, 2 on the second, 1 after that; a star less with hints), and
the game position of a lesson played as a turn. :class:`Progress` keeps the stars between sessions in a
small JSON file. The course (the lessons in order) is :data:`alhambra_widget.course.catalog.LESSONS`.
"""

from ...engine.alhambra.components import building_tiles
from ...engine.errors import GameError
from .building import BOARD_TASKS
from .coached import COACHED_TASKS
from .core import (
    TASKS,
    Attempt,
    Lesson,
    Oracle,
    Task,
    Verdict,
    cell_text,
    parse_cell,
    tile_words,
)
from .gardens import GARDENS_TASKS, gardens_game
from .oracles import ORACLE_TASKS, ORACLES, number_fields, option_scores, options
from .progress import Progress, default_progress_path
from .steps import STEP_TASKS
from .turns import TURN_TASKS, action_of, answer_of

TASKS.update(
    {**BOARD_TASKS, **TURN_TASKS, **ORACLE_TASKS, **STEP_TASKS, **GARDENS_TASKS, **COACHED_TASKS}
)


__all__ = [
    "ORACLES",
    "TASKS",
    "Attempt",
    "GameError",
    "Lesson",
    "Oracle",
    "Progress",
    "Task",
    "Verdict",
    "action_of",
    "answer_of",
    "building_tiles",
    "cell_text",
    "default_progress_path",
    "gardens_game",
    "number_fields",
    "option_scores",
    "options",
    "parse_cell",
    "tile_words",
]
