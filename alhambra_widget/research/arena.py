"""OpenSpiel's ISMCTS against the package's bots:
``python -m alhambra_widget.research.arena --bots ismcts:50 strong --games 16``.

The package's arena (:mod:`alhambra_widget.players.arena`) with a seat ``ismcts:N``
for OpenSpiel's ISMCTS bot (N simulations a step, random playouts on the engine; see
:class:`~.openspiel_games.IsmctsSeat`); every other seat is a package bot kind. Prints
each seat's wins with a 95% Wilson interval, points and time a decision.
"""

from __future__ import annotations

from typing import Any

from ..players.arena import main as arena_main
from .openspiel_games import IsmctsSeat


def seat(kind: str) -> Any:
    """``ismcts:N`` (OpenSpiel's ISMCTS, N simulations a step, playouts of 8 random
    engine moves valued by the standings), ``ismcts:N:D`` (playouts of D moves) or
    ``ismcts:N:end`` (random playouts to the end); else a package bot kind."""
    parts = kind.split(":")
    if parts[0] == "ismcts" and len(parts) in (2, 3) and parts[1].isdigit():
        depth = 8 if len(parts) == 2 else None if parts[2] == "end" else int(parts[2])
        return IsmctsSeat(int(parts[1]), depth)
    return kind


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """The command line (the package arena's, with ``ismcts:N`` seats): play ``--games``
    seeded games between ``--bots`` in ``--workers`` processes; returns the results."""
    return arena_main(argv, description=__doc__, bots=("ismcts:50", "greedy"), games=10, seat=seat)


if __name__ == "__main__":
    main()
