"""The Alhambra (R1-R13): components, the grid and its building rules, scoring, actions and the game."""
