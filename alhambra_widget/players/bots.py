"""Choosing a bot by name: :func:`make_bot`."""

from __future__ import annotations

from ..engine.errors import MalformedInput
from .base import Bot, RandomBot
from .ismcts import budget


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


def _is_time(text: str) -> bool:
    try:
        return budget(text, {})[1] is not None
    except ValueError:
        return False


LEVELS = ("easy", "medium", "strong")
"""The search bot's named levels (``"strong:N"`` asks for N simulations a decision,
``"strong:1s"`` for a time per decision)."""

BOT_SECONDS = 1.0
"""The time a bot seat of a widget takes per decision by default (searching on all
cores): the level :data:`BOT_LEVEL`."""

BOT_LEVEL = f"strong:{BOT_SECONDS:g}s"
"""A bot seat's default level in the widgets: the search bot, :data:`BOT_SECONDS` a
decision."""


def make_bot(kind: object, seed: int | None = None, game: object = None) -> Bot | None:
    """``"random"``, ``"greedy"`` (the greedy bot of ``game``'s kind), ``"baseline"``
    (the learned baseline, :mod:`.learned`), a level of the
    strong search bot (``"easy"``, ``"medium"``, ``"strong"``, or ``"strong:N"`` for N
    simulations per decision, ``"strong:1s"`` or ``"strong:250ms"`` for a time per decision,
    searching on all cores), or a bot object (returned as it is); ``None`` for none.

    Which game's bot is asked by the game's ``GAME`` (``"alhambra"``, the default, or
    ``"gardens"``). Anything else raises :class:`MalformedInput`."""
    if kind is None or hasattr(kind, "choose"):
        return kind
    game_kind = str(getattr(game, "GAME", "alhambra"))
    if kind in LEVELS:
        return _strong(game_kind, seed, str(kind))
    if (
        isinstance(kind, str)
        and kind.startswith("strong:")
        and kind[7:].isdigit()
        and int(kind[7:]) > 0
    ):
        return _strong(game_kind, seed, int(kind[7:]))
    if isinstance(kind, str) and kind.startswith("strong:") and _is_time(kind[7:]):
        return _strong(game_kind, seed, kind[7:])
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return _greedy(game_kind, seed)
    if kind == "baseline":
        from .learned.bot import BaselineBot

        return BaselineBot(seed, game_kind)
    raise MalformedInput(
        "A seat is 'human', 'random', 'greedy', 'baseline', 'easy', 'medium', 'strong', "
        f"'strong:N', 'strong:1s' or a bot object, not {kind!r}."
    )
