"""The Gardens' numbers and choose tasks: each oracle asks the Gardens engine for the
answer (G1-G5), what a right answer means, and what is wrong with another answer."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.errors import GameError
from ...engine.gardens.components import garden_tiles
from .core import Lesson, Oracle, parse_cell


def _o_g_fields(lesson: Lesson) -> Oracle:
    from ...engine.gardens.components import fields_of

    bx, by = lesson.start["building"]
    want = len(fields_of((int(bx), int(by))))
    return Oracle(
        {"fields": want},
        f"{want} garden fields touch that building (G1).",
        lambda given: (
            f"{given['fields']} is not it: count the garden fields at the building's corners that lie on the board (G1).",
            "G1",
            "fields",
        ),
    )


def _o_g_points(lesson: Lesson) -> Oracle:
    from ...engine.gardens.components import building_points
    from ...engine.gardens.game import explain_winner

    s = lesson.start
    winner, why_w = explain_winner(s["trees"])
    kinds, want = building_points(s["value"], s["trees"], winner)

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        got = given["points"]
        if winner and got == s["value"] * s["trees"][winner]:
            return (
                "the multiplier is the number of kinds with a tree facing the building, not the winner's trees (G4).",
                "G4",
                "points",
            )
        if got == s["value"]:
            return (
                "the value is multiplied by the number of kinds facing the building (G4).",
                "G4",
                "points",
            )
        return (
            f"{got} is not it: first find the winning kind ({why_w}), then multiply (G4).",
            "G4",
            "points",
        )

    right = f"{why_w}; {s['value']} x {kinds} kinds facing it (G4)." if winner else f"{why_w} (G4)."
    return Oracle({"points": want}, right, wrong)


def _o_g_end(lesson: Lesson) -> Oracle:
    from ...engine.gardens.components import FIELDS

    right = f"the game ends when every garden field holds a tile: {FIELDS} x {FIELDS} = {FIELDS * FIELDS} fields (G5)."
    return Oracle(
        {"tiles": FIELDS * FIELDS},
        right,
        lambda given: (
            f"{given['tiles']} is not it: the game ends when every garden field is planted (G5).",
            "G5",
            "end",
        ),
    )


def _o_g_side(lesson: Lesson) -> Oracle:
    s = lesson.start
    tile = next(t for t in garden_tiles() if t.id == s["garden"])

    def wrong(kind: str) -> tuple[str, str, str]:
        if kind == tile.side(s["side"], 0):
            return (
                "that is the side before turning: each quarter turn moves every side one place clockwise (G2).",
                "G2",
                "g_side",
            )
        if kind == tile.side(s["side"], -s["turn"] % 4) and kind != tile.side(s["side"], s["turn"]):
            return (
                f"{kind} is what faces there if the tile is turned the wrong way, anticlockwise; "
                "a quarter turn clockwise moves every side one place clockwise (G2).",
                "G2",
                "anticlockwise",
            )
        turns = f"{s['turn']} quarter turn{'s' if s['turn'] > 1 else ''}"
        return (
            f"{kind} is not there after {turns} clockwise; turn the sides one place at a time (G2).",
            "G2",
            "g_side",
        )

    names = ("north-east", "south-east", "south-west", "north-west")
    now = tile.side(s["side"], s["turn"])
    came = [k for k in range(4) if tile.side(k, 0) == now]  # the side it was on before turning
    whence = (
        f"the {now} of the {names[came[0]]} side comes to the {names[s['side']]}"
        if len(came) == 1
        else f"{now} faces {names[s['side']]}"
    )
    return Oracle(
        now, f"{whence}: each quarter turn clockwise moves every side one place on (G2).", wrong
    )


def _o_g_first(lesson: Lesson) -> Oracle:
    from ...engine.gardens.game import GardensGame, Lay

    s = lesson.start
    gg = GardensGame(list(s["players"]), seed=s["seed"])
    tile = gg.current_player.hand[0]

    def refusal(label: str) -> GameError | None:
        return gg.why_illegal(Lay(tile.id, parse_cell(label.strip("()")), 0))

    legal = [lab for lab in (o["label"] for o in s["options"]) if refusal(lab) is None]

    def wrong(label: str) -> tuple[str, str, str]:
        return str(refusal(label) or "that field is legal."), "G3", "g_first"

    return Oracle(
        legal[0], "the starting player's first tile keeps off the edge of the board (G3).", wrong
    )


GARDENS_ORACLES: dict[str, Callable[[Lesson], Oracle]] = {
    "g_fields": _o_g_fields,
    "g_points": _o_g_points,
    "g_end": _o_g_end,
    "g_side": _o_g_side,
    "g_first": _o_g_first,
}
"""The Gardens' oracles by name (a lesson's ``want["oracle"]``)."""
