"""Practice that comes back: fresh positions for each skill of the course, made by the
engine from a seed, and a small schedule of the skills to practise again.

A *skill* is one thing the course teaches to do (name a cell, take money, pay exactly,
build legally, count a wall, score a round, hand out a gift, say which trees win a
building). :func:`make_item` makes a new :class:`~.lessons.Lesson` of a skill from a
seed (the same seed, the same position): the start position is dealt or built by the
engine (tiles placed where :meth:`Alhambra.legal_positions` allows, hands and displays
checked with :meth:`Game.legal_actions`), and the item is judged exactly as the
course's own lessons of that kind are, by the engine. No answer is written here.

The schedule lives in the learner's progress file (``Progress.practice``): a lesson
answered wrong puts its skill due a few minutes later (box 0); each item of the skill
answered right at the first try moves it to a longer wait (:data:`WAITS`), a wrong one
back to the first; after the last wait the skill leaves the schedule.
:func:`session` picks the items of a short practice session.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.alhambra.actions import Buy
from ..engine.alhambra.components import (
    CURRENCIES,
    KINDS,
    Card,
    Tile,
    building_tiles,
    money_cards,
)
from ..engine.alhambra.game import Game
from ..engine.alhambra.grid import Alhambra
from ..engine.gardens.components import TREES
from .lessons import Lesson, Progress

WAITS: tuple[float, ...] = (5 * 60, 24 * 3600, 3 * 24 * 3600, 7 * 24 * 3600)
"""Seconds until a skill comes back, by box: after a mistake (box 0) a few minutes;
after each first-try right answer the next box's wait. Past the last box the skill
is learned and leaves the schedule."""

PLAYERS = ("Ann", "Ben", "Cem")
"""The names of the players in generated positions (the learner is "You" at a table)."""


@dataclass(frozen=True)
class Skill:
    """One skill: its ``name`` (as a session lists it), the chapter its lessons are in,
    and ``make`` (a seeded random source -> a lesson entry without id and chapter)."""

    name: str
    chapter: str
    make: Callable[[random.Random], dict[str, Any]]


# -- positions built by the engine ----------------------------------------------------------
def _built(rng: random.Random, tiles: int) -> tuple[Alhambra, list[Tile]]:
    """An Alhambra of ``tiles`` tiles, each built at a cell the engine allows (R7), and
    the tiles left unbuilt, shuffled."""
    a = Alhambra.from_tiles({})
    pool = list(building_tiles())
    rng.shuffle(pool)
    left: list[Tile] = []
    for t in pool:
        cells = sorted(a.legal_positions(t)) if len(a.tiles) <= tiles else []
        if cells:
            a.place(t, rng.choice(cells))
        else:
            left.append(t)
    return a, left


def _cells(a: Alhambra) -> dict[str, str]:
    return {f"{x},{y}": t.name for (x, y), t in a.tiles.items() if (x, y) != (0, 0)}


def _tile_fitting(rng: random.Random, low: int, high: int) -> tuple[Alhambra, Tile]:
    """An Alhambra and a tile in hand that the engine lets be built at ``low`` to
    ``high`` cells (and refuses elsewhere)."""
    while True:
        a, left = _built(rng, rng.randint(3, 6))
        for t in left:
            if low <= len(a.legal_positions(t)) <= high:
                return a, t


def _cell(rng: random.Random) -> dict[str, Any]:
    a, t = _tile_fitting(rng, 1, 1)
    return dict(
        rules=("R7a", "R7b"),
        goal="The tile in hand fits exactly one cell of this Alhambra. Which cell? Enter its "
        "x and y (x counts east from the fountain, y counts south).",
        task="numbers",
        start={"alhambra": _cells(a), "tile": t.name},
        want={"oracle": "coords"},
        hints=("A wall must meet a wall, and an open side an open side.",),
    )


def _place(rng: random.Random) -> dict[str, Any]:
    a, t = _tile_fitting(rng, 1, 3)
    return dict(
        rules=("R7",),
        goal="Build the tile in hand into your Alhambra: click a cell. Tiles never turn.",
        task="build",
        start={"alhambra": _cells(a), "tile": t.name},
        want={"goal": "legal"},
        hints=(
            "Every side touching a neighbour must match it.",
            "The tile must be reachable on foot from the fountain.",
        ),
    )


def _wall(rng: random.Random) -> dict[str, Any]:
    while True:
        a, _left = _built(rng, rng.randint(4, 8))
        if a.longest_wall() >= 2:
            break
    return dict(
        rules=("R11",),
        goal="How many segments long is this Alhambra's longest joined outer wall?",
        task="numbers",
        start={"alhambra": _cells(a)},
        want={"oracle": "walls"},
        hints=("Walls between two tiles are inside: they do not count.",),
    )


def _names(cards: list[Any]) -> list[str]:
    return [str(c) for c in cards]


def _take(rng: random.Random) -> dict[str, Any]:
    cards = rng.sample(sorted(set(money_cards()), key=str), 4)
    return dict(
        rules=("R5",),
        goal="It is your turn. Take as much money as one action allows: pick cards of the "
        "display, then Take.",
        task="take",
        start={
            "game": {
                "players": ["You", "Ben", "Cem"],
                "seed": rng.randrange(10_000),
                "actions": [],
                "edit": {"current": "You", "display": _names(cards)},
            }
        },
        want={"goal": "most"},
        hints=("Several cards may be taken only if they add up to 5 or less.",),
    )


def _pay(rng: random.Random) -> dict[str, Any]:
    """A hand that pays the slot's tile both exactly and not (the engine's payments)."""
    deck = sorted(set(money_cards()), key=str)
    while True:
        cur = rng.choice(CURRENCIES)
        tile = rng.choice(list(building_tiles()))
        hand = _names(rng.sample(deck, rng.randint(4, 5)))
        seed = rng.randrange(10_000)
        edit = {"current": "You", "market": {cur: tile.name}, "players": {"You": {"money": hand}}}
        game = {"players": ["You", "Ben", "Cem"], "seed": seed, "actions": [], "edit": edit}
        g = Game(["You", "Ben", "Cem"], seed=seed)
        g.edit(**edit)
        buys = [b for b in g.legal_actions() if isinstance(b, Buy) and b.currency == cur]
        exact = [b for b in buys if g.is_exact(b)]
        if exact and len(exact) < len(buys):
            break
    return dict(
        rules=("R4", "R6"),
        goal=f"Buy the tile in the {cur} slot so that your turn goes on.",
        task="buy",
        start={"game": game},
        want={"goal": "exact"},
        hints=("Paying exactly the price gives another action.",),
    )


def _points(rng: random.Random) -> dict[str, Any]:
    kind, rnd = rng.choice(KINDS), rng.randint(1, 3)
    counts = {n: rng.randint(0, 6) for n in PLAYERS}
    if rng.random() < 0.4:  # a tie for a place, as often in play
        a, b = rng.sample(PLAYERS, 2)
        counts[b] = counts[a]
    return dict(
        rules=("R10",),
        goal=f"Scoring round {rnd}. How many points does each player score for {kind} tiles?",
        task="numbers",
        start={"kind": kind, "counts": counts, "round": rnd},
        want={"oracle": "majority"},
        picture={"points": [kind], "round": rnd},  # the rulebook's points of each place (R10)
        hints=("Tied players share the points of the places they cover.",),
    )


def _gift(rng: random.Random) -> dict[str, Any]:
    deck = sorted(set(money_cards()), key=str)
    picked = rng.sample(deck, 3 * 3)
    hands = {n: _names(picked[3 * i : 3 * i + rng.randint(1, 3)]) for i, n in enumerate(PLAYERS)}
    held = sorted({c.currency for hand in hands.values() for c in map(Card.parse, hand)})
    cur = rng.choice(held)  # a currency someone holds
    return dict(
        rules=("R12",),
        goal=f"The game is over; a {cur} tile is left in the market. Who receives it?",
        task="choose",
        start={"currency": cur, "hands": hands},
        want={"oracle": "gift"},
        hints=(f"Add up each player's {cur} values.",),
    )


def _gardens_winner(rng: random.Random) -> dict[str, Any]:
    trees = {k: rng.randint(0, 5) for k in TREES}
    if rng.random() < 0.5:  # a tie, which the rule drops
        a, b = rng.sample(TREES, 2)
        trees[b] = trees[a]
    listed = ", ".join(f"{k} {n}" for k, n in trees.items())
    return dict(
        rules=("G4",),
        goal=f"Trees facing an enclosed building: {listed}. Which kind wins it?",
        task="choose",
        start={"trees": trees},
        want={"oracle": "winning_kind"},
        hints=("Tied counts drop out.",),
    )


SKILLS: dict[str, Skill] = {
    "cell": Skill("naming a cell", "basics", _cell),
    "take": Skill("a legal take", "money", _take),
    "pay": Skill("an exact payment", "money", _pay),
    "place": Skill("a legal place", "building", _place),
    "wall": Skill("counting a wall", "walls", _wall),
    "points": Skill("a round's points", "scoring", _points),
    "gift": Skill("a gift", "end", _gift),
    "gardens-winner": Skill("a Gardens winner", "gardens", _gardens_winner),
}
"""Skill id -> the skill, in course order."""


def skill_of(lesson: Lesson) -> str | None:
    """The skill a course lesson practises (from its kind of task and what it asks the
    engine), or None for a lesson no generated item repeats."""
    want = lesson.want
    by_oracle = {"coords": "cell", "walls": "wall", "majority": "points", "gift": "gift"}
    if want.get("oracle") in by_oracle:
        return by_oracle[want["oracle"]]
    if want.get("oracle") == "winning_kind":
        return "gardens-winner"
    if lesson.task == "take":
        return "take"
    if lesson.task in ("buy", "turn"):
        return "pay"
    if lesson.task in ("build", "break", "exchange") and want.get("goal") != "longest_wall":
        return "place"
    if want.get("goal") == "longest_wall":
        return "wall"
    return None


def make_item(skill: str, seed: int) -> Lesson:
    """A fresh lesson of ``skill`` from ``seed`` (the same seed, the same position),
    judged by the engine as the course's lessons of its kind are."""
    if skill not in SKILLS:
        raise KeyError(f"No skill {skill!r}; the skills are {list(SKILLS)}.")
    s = SKILLS[skill]
    entry = s.make(random.Random(f"{skill}/{seed}"))
    return Lesson(
        id=f"practice-{skill}-{seed}",
        chapter=s.chapter,
        title=f"Practice: {s.name}",
        teach=(
            f"{s.name[0].upper()}{s.name[1:]}, on a position made for this item. A wrong "
            "answer brings the skill back soon, with another position."
        ),
        **entry,
    )


def skill_of_item(lesson: Lesson) -> str | None:
    """The skill of a generated item (from its id), None for a course lesson."""
    if not lesson.id.startswith("practice-"):
        return None
    return next((s for s in SKILLS if lesson.id.startswith(f"practice-{s}-")), None)


# -- the schedule ---------------------------------------------------------------------------
def note(progress: Progress, skill: str, right: bool, now: float | None = None) -> None:
    """A skill answered: ``right`` (at the first try) moves it to the next wait, else
    it comes back after the first one. Past the last wait it leaves the schedule."""
    at = time.time() if now is None else now
    entry = dict(progress.practice.get(skill, {"served": 0}))
    if right:
        if "due" not in entry:
            return  # nothing to bring back
        entry["box"] = int(entry["box"]) + 1
    else:
        entry["box"] = 0
    if entry["box"] >= len(WAITS):  # learned: only the count of items served stays
        progress.keep_practice(skill, {"served": entry.get("served", 0)})
        return
    entry["due"] = at + WAITS[int(entry["box"])]
    progress.keep_practice(skill, entry)


def due(progress: Progress, now: float | None = None) -> list[str]:
    """The skills due now, the longest overdue first."""
    at = time.time() if now is None else now
    return [s for s in waiting(progress) if float(progress.practice[s]["due"]) <= at]


def waiting(progress: Progress) -> list[str]:
    """The skills on the schedule, the soonest due first."""
    on = [s for s, e in progress.practice.items() if s in SKILLS and "due" in e]
    return sorted(on, key=lambda s: float(progress.practice[s]["due"]))


def session(
    progress: Progress, n: int = 5, now: float | None = None, done: list[str] | None = None
) -> tuple[list[Lesson], str]:
    """Up to ``n`` fresh items for a short session, and a sentence saying what they
    are: the skills due now; when none is due, the skills waiting, soonest first; when
    none waits, the skills of the lessons ``done``. Each item is a new position (its
    seed counts the items of its skill served so far)."""
    skills, why = due(progress, now), "the skills due for practice"
    if not skills:
        skills, why = waiting(progress), "the skills coming back soonest (none is due yet)"
    if not skills:
        skills = list(dict.fromkeys(s for s in (done or []) if s in SKILLS)) or list(SKILLS)
        why = "a review of the skills of the lessons done (nothing to bring back yet)"
    items = []
    for skill in skills[:n]:
        served = int(progress.practice.get(skill, {}).get("served", 0))
        items.append(make_item(skill, served))
        progress.keep_practice(skill, {**progress.practice.get(skill, {}), "served": served + 1})
    return items, f"Practice, {len(items)} item{'s' if len(items) > 1 else ''}: {why}."
