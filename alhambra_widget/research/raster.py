"""The engine's SVG picture as an RGB array of one size for the whole game
(``render_mode="rgb_array"``, drawn by CairoSVG, in the ``[rl]`` extra; it needs the
cairo library, which Debian's ``libcairo2`` gives), and shown to a person
(``render_mode="human"``: in a notebook the picture, updated in place; elsewhere the
text)."""

from __future__ import annotations

import io
from typing import Any

import numpy as np

FRAME = {"alhambra": (800, 600), "gardens": (400, 440)}
"""Each game's frame, width by height in pixels: every ``rgb_array`` of a game has this
size (video recorders need one), the picture drawn at its own scale from the top left
corner on white, made smaller only when it would not fit (a six-player table late in
a game)."""


def rgb_array(svg: str, frame: tuple[int, int] = FRAME["alhambra"]) -> Any:
    """``svg`` drawn in a white ``frame`` (width, height): a ``uint8`` array of shape
    (height, width, 3)."""
    try:
        import cairosvg
        from PIL import Image
    except (ImportError, OSError) as e:  # OSError: cairocffi finds no cairo library
        raise ImportError(
            "render_mode='rgb_array' needs cairosvg and Pillow (the rl extra: see "
            "docs/research.md) and the cairo library (Debian: libcairo2)."
        ) from e
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), background_color="white")
    width, height = frame
    with Image.open(io.BytesIO(png)) as im:
        picture = im.convert("RGB")
    if picture.width > width or picture.height > height:
        scale = min(width / picture.width, height / picture.height)
        size = (max(1, int(picture.width * scale)), max(1, int(picture.height * scale)))
        picture = picture.resize(size, Image.Resampling.LANCZOS)
    canvas = Image.new("RGB", (width, height), "white")
    canvas.paste(picture, (0, 0))
    return np.asarray(canvas, dtype=np.uint8)


class Human:
    """``render_mode="human"`` as PettingZoo means it, for a person watching: in a
    notebook (IPython), the picture in one output, replaced at each render; elsewhere
    the text, printed."""

    def __init__(self) -> None:
        self.handle: Any = None

    def show(self, svg: str, words: str) -> None:
        """Show the position: the picture in a notebook, else the words."""
        try:
            from IPython import get_ipython
            from IPython.display import SVG, display
        except ImportError:  # no IPython: not a notebook
            print(words)
            return
        if get_ipython() is None:
            print(words)
            return
        picture: Any = SVG(svg)  # type: ignore[no-untyped-call]
        if self.handle is None:
            self.handle = display(picture, display_id=True)  # type: ignore[no-untyped-call]
        else:
            self.handle.update(picture)
