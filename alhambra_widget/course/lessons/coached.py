"""The last chapter's lessons: a whole game played with the coach
(:mod:`alhambra_widget.course.coach`). The answer is the finished game, saved
(``{"game": w.game.to_json()}``); the engine replays it (R13) and says whether it is
over (R12, G5) with the learner in it. A :class:`~alhambra_widget.course.coach.CoachedGame`
records the stars itself when its game ends."""

from __future__ import annotations

from typing import Any

from ...engine.alhambra.game import Game
from ...engine.errors import GameError, MalformedInput
from ...engine.gardens.game import GardensGame
from ...players.alhambra.greedy import GreedyBot
from ...players.gardens.greedy import GreedyGardensBot
from .core import Attempt, Lesson, Task, Verdict, answer_field

LEARNER = "You"


def _replayed(lesson: Lesson, payload: object) -> Game | GardensGame:
    text = answer_field(payload, "game")
    if not isinstance(text, str):
        raise MalformedInput(
            "A coached game's answer is the saved game: {'game': w.game.to_json()}."
        )
    cls: type[Game] | type[GardensGame] = (
        Game if lesson.start["kind"] == "alhambra" else GardensGame
    )
    try:
        return cls.from_json(text)
    except GameError:
        raise
    except Exception as e:  # not a saved game of this kind
        raise MalformedInput(f"That is not a saved {cls.TITLE} ({type(e).__name__}).") from None


def _judge(at: Attempt, payload: object) -> Verdict:
    g = _replayed(at.lesson, payload)
    rule = "R12" if isinstance(g, Game) else "G5"
    if LEARNER not in [p.name for p in g.players]:
        return Verdict(
            False,
            f"{LEARNER} does not play in that game: play the coached game yourself.",
            rule,
            "not_yours",
        )
    if not g.is_over:
        return Verdict(
            False,
            f"That game is not over yet ({len(g.history)} actions): play it to the end ({rule}).",
            rule,
            "unfinished",
        )
    won = " and ".join(g.winners)
    return Verdict(True, f"A whole game played to its end: {won} won ({rule}).", rule)


def _solutions(lesson: Lesson) -> list[list[dict[str, Any]]]:
    """A game played to its end by greedy bots in every seat (the engine's answer)."""
    seed = int(lesson.start.get("seed", 1))
    if lesson.start["kind"] == "alhambra":
        g: Game | GardensGame = Game([LEARNER, "Ben"], seed=seed)
        bot: Any = GreedyBot(seed)
    else:
        g = GardensGame([LEARNER, "Ben"], seed=seed)
        bot = GreedyGardensBot(seed)
    while not g.is_over:
        g.apply(bot.choose(g))
    return [[{"game": g.to_json()}]]


COACHED_TASKS: dict[str, Task] = {"coached": Task(_judge, _solutions, "coached")}
"""The kind of answer of a coached game, for :data:`~.core.TASKS`."""

BOT = "easy"
"""The seat kind of Ben in a coached game: the lessons name it as the table shows it."""

_TEACH = (
    f"Now you play a whole game on the real table, against Ben, the {BOT} bot: a search bot at its "
    f'easy level, shown on the table as "Ben {BOT} bot". A coach watches each decision: when the '
    "search is sure a move gives away much of your chance to win, it says so at once, with what tells "
    "your move and its choice apart, and offers to take it back. It explains the first scoring as it "
    "happens, and at the end it shows the review."
)

COACHED: list[dict[str, Any]] = [
    dict(
        id="coached-game",
        chapter="coached",
        title="A coached game of the Alhambra",
        rules=("R4", "R10", "R11", "R12"),
        goal=f"Play a whole game against Ben, the {BOT} bot, with the coach: in a new cell run "
        "`from alhambra_widget import CoachedGame` and then `CoachedGame()`, and play it to its end. "
        "Finishing earns the stars.",
        task="coached",
        start={"kind": "alhambra", "seed": 1},
        teach=_TEACH,
        hints=("Take back any move the coach flags, and look for the move it prefers.",),
    ),
    dict(
        id="coached-gardens",
        chapter="coached",
        title="A coached game of the Gardens",
        rules=("G3", "G4", "G5"),
        goal=f"Play a whole Gardens game against Ben, the {BOT} bot, with the coach: in a new cell run "
        "`from alhambra_widget import CoachedGardens` and then `CoachedGardens()`, and play it to its "
        "end. Finishing earns the stars.",
        task="coached",
        start={"kind": "gardens", "seed": 1},
        teach=_TEACH,
        hints=("Take back any lay the coach flags, and look for the lay it prefers.",),
    ),
]
"""The lessons of the chapter ``"coached"`` (added to the course by the catalog)."""
