"""Shuffles written out: the same permutation, from the same random numbers, as
``random.Random.shuffle``, so seeded games deal and redraw exactly as before.

``random.Random.shuffle`` is Python code in the standard library: each of its steps is
an interpreted call. Here the compiled engine runs the same steps natively, drawing the
same numbers from the generator (``getrandbits``, as ``Random._randbelow`` does); the
pure engine runs the same code as before, spelt out.
"""

from __future__ import annotations

import random
from typing import Any


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would (the same
    order, the generator left in the same state). A subclass of ``random.Random``
    (which may draw differently) shuffles with its own method."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):  # Random.shuffle: reversed(range(1, len))
        n = i + 1
        k = n.bit_length()  # Random._randbelow_with_getrandbits(n)
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]
