"""The six building kinds' pictures, as the table draws them (the front end's own
``tileSvg`` and stylesheet, in headless Chromium): told apart by their shape alone, at
the least cell (25 px, a board drawn small) and at a large one (60 px), and their shape
seen against their tile's colour by a viewer with any of the common colour-vision
deficiencies (a simulation of each on the screenshots' pixels).

Prints what it measured (``-s``): the closest pair of shapes, and per simulation the
closest pair of tile colours, the pair a viewer tells apart by shape only."""

from __future__ import annotations

import io
import itertools
import json
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from labdriver import CHROMIUM
from PIL import Image

from alhambra_widget.views.alhambra.svg import KIND_GLYPHS

pytestmark = pytest.mark.browser

JS = Path(__file__).resolve().parents[2] / "js"
KINDS = ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"]
SIZES = {25: "small", 60: "large"}  # a tile's px: the least cell, a large one

# each kind's tile drawn by the front end, at each size (named=false: the picture only)
DRAW = """
import { tileSvg, setGlyphs } from "./src/common.js";
const glyphs = JSON.parse(process.argv[1]);
setGlyphs(glyphs);
const out = {};
for (const kind of Object.keys(glyphs)) {
  out[kind] = {
    small: String(tileSvg([kind, "3", ""], 0, 0, 25, null, true, false)),
    large: String(tileSvg([kind, "3", ""], 0, 0, 60, null, false, false)),
  };
}
console.log(JSON.stringify(out));
"""

# Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB
CVD = {
    "deuteranopia": [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ],
    "protanopia": [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ],
    "tritanopia": [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ],
}
LEAST_SHAPE_APART = 0.3
"""The least share of two kinds' shapes that is not common to both (1 - intersection
over union of their pixels): at about 0.2 a pavilion (a roof over a block) and a tower (a
block with two teeth) were one dark block at 25 px."""
LEAST_INK_CONTRAST = 3.0
"""The least contrast ratio (WCAG's) of a kind's shape against its tile, for every viewer."""


@pytest.fixture(scope="module")
def tiles():
    node = shutil.which("node")
    if node is None or not (JS / "node_modules").exists():
        pytest.fail("node and js/node_modules are needed (bash run.sh setup installs them)")
    if not Path(CHROMIUM).exists():
        pytest.fail("chromium is missing: run.sh installs it (apt-get install chromium)")
    glyphs = json.dumps({k: KIND_GLYPHS[k] for k in KINDS})
    out = subprocess.run(
        [node, "--import", "./tools/typescript.js", "--input-type=module", "-e", DRAW, glyphs],
        cwd=JS,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out)


def _shots(browser, tiles: dict, size: int, style: str, theme: str = "") -> dict[str, np.ndarray]:
    """Each kind's tile of ``size`` px as RGB pixels, under the widget's stylesheet and
    ``style`` (in a page of the session's ``browser``)."""
    css = (JS / "src" / "widget.css").read_text()
    body = "".join(
        f'<svg id="{k}" width="{size}" height="{size}" viewBox="0 0 {size} {size}" '
        f'style="margin:4px">{t[SIZES[size]]}</svg>'
        for k, t in tiles.items()
    )
    page = browser.new_page(device_scale_factor=1)
    page.set_content(
        f"<style>{css}{style}</style><div class='aw-root {theme}' "
        f"style='padding:8px;background:var(--aw-bg0)'>{body}</div>"
    )
    shots = {
        k: np.asarray(Image.open(io.BytesIO(page.locator(f"#{k}").screenshot())).convert("RGB"))
        for k in tiles
    }
    page.close()
    return {k: v.astype(float) for k, v in shots.items()}


def _linear(c: np.ndarray) -> np.ndarray:
    c = c / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _seen(rgb: np.ndarray, name: str) -> np.ndarray:
    """Pixels (0-255) in linear RGB as a viewer with ``name`` sees them."""
    lin = _linear(rgb)
    return lin if name == "normal" else np.clip(lin @ np.array(CVD[name]).T, 0, 1)


def _luminance(lin: np.ndarray) -> np.ndarray:
    return lin @ np.array([0.2126, 0.7152, 0.0722])


@pytest.mark.parametrize("size", sorted(SIZES))
def test_each_kind_has_a_shape_of_its_own(browser, tiles, size):
    """The six shapes alone (black on white, the tile's colour left out) differ pairwise
    in at least LEAST_SHAPE_APART of their pixels, at 25 px and 60 px."""
    shots = _shots(
        browser,
        tiles,
        size,
        ".aw-tile rect { display: none } .aw-glyph { fill: #000; fill-opacity: 1 }",
    )
    ink = {k: _luminance(_linear(v)) < 0.2 for k, v in shots.items()}
    apart = {
        (a, b): float((ink[a] ^ ink[b]).sum() / (ink[a] | ink[b]).sum())
        for a, b in itertools.combinations(KINDS, 2)
    }
    closest = min(apart, key=apart.__getitem__)
    print(f"{size} px: the closest shapes {closest}, {apart[closest]:.2f} apart")
    assert all(ink[k].sum() > size for k in KINDS), "a kind's shape is not drawn"
    assert apart[closest] >= LEAST_SHAPE_APART, (size, closest, apart[closest])


@pytest.mark.parametrize("theme", ["", "aw-dark"])
def test_each_shape_stands_out_on_its_tile_for_every_viewer(browser, tiles, theme):
    """Seen with deuteranopia, protanopia or tritanopia (or with normal colour vision),
    each kind's shape keeps a contrast of LEAST_INK_CONTRAST against its tile's colour,
    so the shape tells apart the kinds whose colours run together."""
    shots = _shots(browser, tiles, 60, "", theme)
    for name in ["normal", *CVD]:
        fills, worst = {}, []
        for k, rgb in shots.items():
            lum = _luminance(_seen(rgb, name))
            fill = lum[30, 6]  # inside the tile, clear of its picture
            ink = np.percentile(lum[8:52, 8:52], 2)  # the picture's darkest
            worst.append((max(fill, ink) + 0.05) / (min(fill, ink) + 0.05))
            fills[k] = _seen(rgb, name)[30, 6]
        near = min(
            itertools.combinations(KINDS, 2),
            key=lambda ab: float(np.abs(fills[ab[0]] - fills[ab[1]]).sum()),
        )
        print(
            f"{theme or 'light'}, {name}: closest tile colours {near}; least ink contrast {min(worst):.1f}"
        )
        assert min(worst) >= LEAST_INK_CONTRAST, (theme, name, dict(zip(KINDS, worst)))
