"""The Gardens' computer players: the greedy bot and the search bot."""
