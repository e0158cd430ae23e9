"""For people who study strategy: the games as integer-action environments.

- :mod:`.codec`: a fixed, documented integer encoding of every move of each game (a
  compound Alhambra move is made in steps), the driver :class:`~.codec.Steps` that
  plays an engine game by those integers, and what a seat may see as numbers.
- :mod:`.alhambra_v0`, :mod:`.gardens_v0`: PettingZoo AEC environments (``env()``).
- :mod:`.gym_env`: a Gymnasium single-agent environment (one seat; the others bots).
- :mod:`.openspiel_games`: OpenSpiel games ``python_alhambra`` and ``python_gardens``.

The engine stays the single source of truth: legality, effects and hidden information
(``determinize``) are asked of it; this package only numbers them. PettingZoo,
Gymnasium and OpenSpiel come with the ``[rl]`` extra: nothing below the research layer
needs them. See docs/research.md.
"""
