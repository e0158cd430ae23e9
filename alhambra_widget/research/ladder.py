"""The package's ladder with OpenSpiel's ISMCTS among the entrants:
``python -m alhambra_widget.research.ladder --entrants random greedy easy ismcts:50``.

:mod:`alhambra_widget.players.ladder` (round robins on fixed seeds, Elo with bootstrap
intervals, any ``concurrent.futures.Executor``), where an entrant ``ismcts:N`` is
OpenSpiel's ISMCTS with N simulations a step (``ismcts:N:D``, ``ismcts:N:end``: see
:func:`.arena.seat`); every other name is a package bot kind.
"""

from __future__ import annotations

from typing import Any

from ..players.ladder import main as ladder_main
from .arena import seat


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """The command line of :func:`alhambra_widget.players.ladder.main`, with
    ``ismcts:N`` entrants."""
    return ladder_main(argv, seat=seat)


if __name__ == "__main__":
    main()
