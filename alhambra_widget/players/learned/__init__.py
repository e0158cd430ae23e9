"""The learned baseline: a small network trained by reinforcement learning
(``python -m alhambra_widget.research.train``) that picks among a few high-level
choices, each resolved to one of the engine's legal actions.

It plays from the weights shipped in this package with a forward pass in plain Python
(no torch, no NumPy): :class:`~.bot.BaselineBot`, ``make_bot("baseline")``.
"""
