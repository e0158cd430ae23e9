"""The Gardens of the Alhambra (G1-G5): tiles, the game, scoring."""
