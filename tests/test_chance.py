"""The engine's shuffle deals exactly as ``random.Random.shuffle`` (seeded games, the
golden games and the search's redraws depend on the same permutations)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from alhambra_widget.engine.chance import shuffle


@given(st.integers(0, 2**64), st.integers(0, 300))
def test_shuffle_is_random_shuffle(seed: int, size: int) -> None:
    a, b = random.Random(seed), random.Random(seed)
    xa, xb = list(range(size)), list(range(size))
    a.shuffle(xa)
    shuffle(b, xb)
    assert xa == xb
    assert a.getstate() == b.getstate()  # the same numbers drawn: what follows is the same too


def test_a_subclass_shuffles_with_its_own_method() -> None:
    class Fixed(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    shuffle(Fixed(0), items)
    assert items == [3, 2, 1]
