"""The Gardens environment's version 0, replaced by :mod:`.gardens_v1`: ``env()`` and
``raw_env()`` raise PettingZoo's ``DeprecatedEnv`` saying what changed
(:mod:`.versions`)."""

from .versions import retired

env = retired("gardens", 0)
raw_env = retired("gardens", 0)
