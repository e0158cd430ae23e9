"""Choosing a bot by name: :func:`make_bot`."""

from __future__ import annotations

from ..engine.errors import MalformedInput
from .base import Bot, RandomBot


def _strong(game_kind: str, seed: int | None, level: str | int) -> Bot:
    if game_kind == "gardens":
        from .gardens.strong import GardensStrongBot

        return GardensStrongBot(seed, playouts=level)
    from .alhambra.strong import StrongBot

    return StrongBot(seed, playouts=level)


def _greedy(game_kind: str, seed: int | None) -> Bot:
    if game_kind == "gardens":
        from .gardens.greedy import GreedyGardensBot

        return GreedyGardensBot(seed)
    from .alhambra.greedy import GreedyBot

    return GreedyBot(seed)


LEVELS = ("easy", "medium", "strong")
"""The search bot's named levels (``"strong:N"`` asks for N simulations a decision)."""


def make_bot(kind: object, seed: int | None = None, game: object = None) -> Bot | None:
    """``"random"``, ``"greedy"`` (the greedy bot of ``game``'s kind), a level of the
    strong search bot (``"easy"``, ``"medium"``, ``"strong"``, or ``"strong:N"`` for N
    simulations per decision), or a bot object (returned as it is); ``None`` for none.

    Which game's bot is asked by the game's ``GAME`` (``"alhambra"``, the default, or
    ``"gardens"``). Anything else raises :class:`MalformedInput`."""
    if kind is None or hasattr(kind, "choose"):
        return kind
    game_kind = str(getattr(game, "GAME", "alhambra"))
    if kind in LEVELS:
        return _strong(game_kind, seed, str(kind))
    if isinstance(kind, str) and kind.startswith("strong:") and kind[7:].isdigit() and int(kind[7:]) > 0:
        return _strong(game_kind, seed, int(kind[7:]))
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return _greedy(game_kind, seed)
    raise MalformedInput(
        "A seat is 'human', 'random', 'greedy', 'easy', 'medium', 'strong', 'strong:N' "
        f"or a bot object, not {kind!r}."
    )
