"""Whose eyes: which hands a page may show.

The rulebook: "From now on each player's money is kept secret." A view model is built
for the people at the screen, so a hand they may not see never reaches the page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def viewer(names: Sequence[str], seats: Mapping[str, str], to_move: int | None) -> int | None:
    """The person the board is for: the one person at the screen (every other seat a
    bot), else in a hot seat the person to move; ``None`` while a bot is to move there,
    when the game is over (``to_move`` None) or with bots only."""
    humans = [i for i, n in enumerate(names) if seats.get(n, "human") == "human"]
    if len(humans) == 1:
        return humans[0]
    return to_move if to_move in humans else None


def seen_hands(
    names: Sequence[str], seats: Mapping[str, str], to_move: int | None, show_all: bool = False
) -> frozenset[int]:
    """The seats whose hand the page may show.

    - ``show_all`` (for teaching): every hand.
    - One person at the screen (every other seat a bot): that person's hand only.
    - Several people taking turns at one screen (hot seat): the hand of the person to
      move, and none while a bot is to move or the game is over (``to_move`` None).
    - Nobody (bots only): no hand.
    """
    if show_all:
        return frozenset(range(len(names)))
    me = viewer(names, seats, to_move)
    return frozenset() if me is None else frozenset({me})
