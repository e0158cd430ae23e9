"""The Alhambra environment's version 0, replaced by :mod:`.alhambra_v1`: ``env()`` and
``raw_env()`` raise PettingZoo's ``DeprecatedEnv`` saying what changed
(:mod:`.versions`)."""

from .versions import retired

env = retired("alhambra", 0)
raw_env = retired("alhambra", 0)
