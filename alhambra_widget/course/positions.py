"""The positions the lessons start from: Alhambras (``"x,y"``: tile; the fountain
stands at 0,0) and games set up by an edit."""

from __future__ import annotations

from typing import Any

# Alhambras the lessons start from ("x,y": tile; the fountain stands at 0,0)
FIRST_CELL = {  # the tower 8 NES fits one cell; every other cell breaks R7a or R7b only
    "0,1": "garden 9 E",
    "0,2": "garden 11",
    "-1,1": "arcades 8 N",
    "1,0": "seraglio 6 ES",
}
CHAIN_DOWN = {  # CHAIN mirrored across the diagonal: another board for "a tile that must stay"
    "0,1": "garden 7",
    "0,2": "tower 8",
    "1,2": "arcades 6",
    "0,-1": "chambers 10 W",
    "1,-1": "pavilion 5 N",
}
CROSS = {"1,0": "arcades 6 N", "0,-1": "pavilion 3 E", "-1,0": "garden 8 S", "0,1": "tower 10 W"}
RING = {  # an open ring around the empty cell (1, 1), with the cell (0, 1) still free
    "1,0": "pavilion 8",
    "2,0": "seraglio 8",
    "2,1": "arcades 9",
    "2,2": "chambers 9",
    "1,2": "garden 11",
    "0,2": "tower 12",
}
CHAIN = {
    "1,0": "garden 7",
    "2,0": "tower 8",
    "2,1": "arcades 6",
    "-1,0": "chambers 10 N",
    "-1,1": "pavilion 5 W",
}
WALLED = {
    "1,0": "tower 13 N",
    "2,0": "garden 12 NE",
    "-1,0": "arcades 7 NW",
    "0,1": "chambers 8 S",
    "1,1": "seraglio 5 ES",
    "-1,1": "pavilion 6 SW",
}

BACK = {  # two walls back to back, between (1, 0) and (2, 0)
    "1,0": "tower 13 NE",
    "2,0": "garden 12 NW",
    "2,1": "chambers 8 ES",
    "1,1": "seraglio 5 S",
    "-1,0": "arcades 7 NW",
    "0,1": "pavilion 6 SW",
}


def game_start(
    edit: dict[str, Any],
    actions: list[dict[str, Any]] | None = None,
    players: tuple[str, ...] = ("You", "Ben", "Cem"),
    seed: int = 3,
) -> dict[str, Any]:
    """A lesson's ``start["game"]``: a seeded game for ``players`` changed by the recorded ``edit``
    (the first of ``players`` to play), then ``actions`` applied."""
    return {
        "players": list(players),
        "seed": seed,
        "edit": {"current": players[0], **edit},
        "actions": actions or [],
    }
