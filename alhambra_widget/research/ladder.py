"""The package's ladder with OpenSpiel's ISMCTS among the entrants:
``python -m alhambra_widget.research.ladder --entrants random greedy easy ismcts:50``.

:mod:`alhambra_widget.players.ladder` (round robins on fixed seeds, Elo with bootstrap
intervals, any ``concurrent.futures.Executor``), where an entrant ``ismcts:N`` is
OpenSpiel's ISMCTS with N simulations a step (``ismcts:N:D``, ``ismcts:N:end``: see
:func:`.arena.seat`); every other name is a package bot kind. By default it rates the
package's entrants and ISMCTS at two budgets, 20 and 100 simulations a step.
"""

from __future__ import annotations

from typing import Any

from ..players.ladder import ENTRANTS
from ..players.ladder import main as ladder_main
from .arena import seat

ISMCTS = ("ismcts:20", "ismcts:100")
"""OpenSpiel's ISMCTS at the two budgets rated by default (simulations a step)."""


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """The command line of :func:`alhambra_widget.players.ladder.main`, with
    ``ismcts:N`` entrants; by default the package's entrants and :data:`ISMCTS`."""
    return ladder_main(argv, seat=seat, entrants=(*ENTRANTS, *ISMCTS))


if __name__ == "__main__":
    main()
