"""For people who study strategy: the games as integer-action environments.

- :mod:`.codec`: a fixed, documented integer encoding of every move of each game (a
  compound Alhambra move is made in steps), the driver :class:`~.codec.Steps` that
  plays an engine game by those integers, and what a seat may see as numbers.
- :mod:`.observe`: what a seat may see, and what the public record shows, as numbers
  and words (its layout: :func:`.observe.layout`).
- :mod:`.alhambra_v1`, :mod:`.gardens_v1`: PettingZoo AEC environments (``env()``);
  the ``_v0`` modules say what replaced them (:mod:`.versions`).
- :mod:`.gym_env`: a Gymnasium single-agent environment (one seat; the others bots),
  registered as ``alhambra_widget/Alhambra-v1`` and ``alhambra_widget/Gardens-v1``.
- :mod:`.openspiel_games`: OpenSpiel games ``python_alhambra`` and ``python_gardens``.
- :mod:`.arena`, :mod:`.ladder`: the package's arena and ladder with OpenSpiel's ISMCTS.
- :mod:`.train`: the learned baseline's training recipe (MaskablePPO; the ``train``
  extra); the baseline itself plays without it (:mod:`alhambra_widget.players.learned`).

The engine stays the single source of truth: legality, effects and hidden information
(``determinize``) are asked of it; this package only numbers them. PettingZoo,
Gymnasium and OpenSpiel come with the ``[rl]`` extra: nothing below the research layer
needs them. See docs/research.md.
"""
