"""Lessons in several steps, where the rules have several steps (take, then buy, then
place; redesign, then score): each step is a lesson of its own kind, judged on its own,
and the next step starts from what the learner's right answer left."""

from __future__ import annotations

from typing import Any

from .core import Attempt, Lesson, Task, Verdict


def _judge_steps(at: Attempt, payload: object) -> Verdict:
    lesson, sub = at.lesson, at.current
    n = len(lesson.steps)
    v = sub.answer(payload)  # the step's own judge (a wrong turn starts that step again)
    head = f"step {at.step + 1} of {n}: "
    if not v.ok:
        return Verdict(False, head + v.message, v.rule, v.mistake)
    if not v.done:
        return Verdict(True, head + v.message, v.rule, done=False, board=v.board, cell=v.cell)
    if at.step + 1 < n:
        at.step += 1
        at.sub = lesson.step(at.step, sub).attempt()
        return Verdict(True, f"{head}{v.message} Now step {at.step + 1}.", v.rule, done=False)
    return Verdict(True, head + v.message, v.rule, board=v.board, cell=v.cell)


def _sol_steps(lesson: Lesson) -> list[list[dict[str, Any]]]:
    """One way through every step: each step's first solution, given in order."""
    at, way = lesson.attempt(), []
    while not at.solved:
        step = at.current.lesson.solutions()[0]
        for ans in step:
            v = at.answer(ans)
            assert v.ok, (lesson.id, ans, v)
        way += step
    return [way]


STEP_TASKS: dict[str, Task] = {"steps": Task(_judge_steps, _sol_steps, "steps")}
"""A lesson in steps, for :data:`~.core.TASKS`."""
