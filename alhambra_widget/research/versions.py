"""Environments of an earlier version: importing one works, making one says which
version replaced it and why (PettingZoo's ``DeprecatedEnv``, as PettingZoo does for its
own environments). The versioning policy is in docs/research.md."""

from __future__ import annotations

from typing import Any, NoReturn

from pettingzoo.utils.deprecated_module import DeprecatedEnv

WHY = {
    ("alhambra", 0): "version 1 adds what the public record shows to the observation "
    "(each seat's publicly known money, the discard pile), puts the seat's own hand first, "
    "draws rgb_array in one frame for the whole game and adds render_mode='human'",
    ("gardens", 0): "version 1 draws rgb_array in one frame for the whole game and adds "
    "render_mode='human' (its observation is unchanged)",
}
"""Why each earlier version was replaced."""


def retired(name: str, version: int) -> Any:
    """The ``env``/``raw_env`` of ``{name}_v{version}``: raises ``DeprecatedEnv``
    naming the version to use."""

    def make(*args: Any, **kwargs: Any) -> NoReturn:
        raise DeprecatedEnv(
            f"{name}_v{version} is now {name}_v{version + 1}: {WHY[name, version]} "
            f"(alhambra_widget.research.{name}_v{version + 1}; docs/research.md, Versions)."
        )

    return make
