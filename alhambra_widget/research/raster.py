"""The engine's SVG picture as an RGB array (``render_mode="rgb_array"``), drawn by
CairoSVG (in the ``[rl]`` extra; it needs the cairo library, which Debian's
``libcairo2`` gives)."""

from __future__ import annotations

import io
from typing import Any

import numpy as np


def rgb_array(svg: str) -> Any:
    """``svg`` drawn on its own background: a ``uint8`` array of shape (height, width, 3)."""
    try:
        import cairosvg
        from PIL import Image
    except (ImportError, OSError) as e:  # OSError: cairocffi finds no cairo library
        raise ImportError(
            "render_mode='rgb_array' needs cairosvg and Pillow (pip install "
            "'alhambra-widget[rl]') and the cairo library (Debian: libcairo2)."
        ) from e
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), background_color="white")
    with Image.open(io.BytesIO(png)) as im:
        return np.asarray(im.convert("RGB"), dtype=np.uint8)
