"""Computer players: the random and greedy bots and the search bot (ISMCTS), for both
games. A bot decides from what its seat may see; it never changes the game."""

from .base import Bot, RandomBot, best_of
from .bots import BOT_LEVEL, BOT_SECONDS, LEVELS, make_bot

__all__ = ["BOT_LEVEL", "BOT_SECONDS", "LEVELS", "Bot", "RandomBot", "best_of", "make_bot"]
