"""The Alhambra's computer players: the greedy bot and the search bot."""
