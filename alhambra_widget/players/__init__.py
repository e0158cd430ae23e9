"""Computer players: the random and greedy bots, the search bot (ISMCTS) and the
learned baseline (:mod:`.learned`), for both games. A bot decides from what its seat may see; it never changes the game."""

from .base import Bot, RandomBot, best_of
from .bots import BOT_LEVEL, BOT_SECONDS, LEVELS, make_bot

__all__ = ["BOT_LEVEL", "BOT_SECONDS", "LEVELS", "Bot", "RandomBot", "best_of", "make_bot"]
