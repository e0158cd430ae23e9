"""Players named like markup: the still pictures drawn in Python (the Alhambra's and the
Gardens' SVG) show the names as text. The page's own drawing is tested in
js/test/hostile.test.js (through tests/test_js.py) and tests/browser/test_hostile_names.py."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from alhambra_widget import AlhambraWidget, GardensWidget
from alhambra_widget.views.alhambra.svg import game_svg
from alhambra_widget.views.gardens.view import gardens_svg

HOSTILE = ["<img src=x onerror=alert(1)>", "\"quotes'", "</script>"]


def _texts(svg: str) -> tuple[ET.Element, str]:
    root = ET.fromstring(svg)  # well formed: nothing a name holds closed or opened an element
    return root, " ".join("".join(e.itertext()) for e in root.iter()) + " ".join(
        v for e in root.iter() for v in e.attrib.values()
    )


def _check(svg: str) -> None:
    root, text = _texts(svg)
    tags = {e.tag.rsplit("}", 1)[-1] for e in root.iter()}
    assert not tags & {"img", "script", "foreignObject", "iframe"}
    assert not any(a.startswith("on") for e in root.iter() for a in e.attrib)
    for name in HOSTILE:
        assert name in text


def test_alhambra_svg_shows_hostile_names_as_text():
    w = AlhambraWidget(players=HOSTILE, seed=5, seats={n: "greedy" for n in HOSTILE})
    w.autoplay_bots = False
    w.run_bots()
    assert w.game.is_over
    _check(game_svg(w.game))


def test_gardens_svg_shows_hostile_names_as_text():
    g = GardensWidget(players=HOSTILE, seed=5, seats={n: "greedy" for n in HOSTILE})
    g.autoplay_bots = False
    g.run_bots()
    assert g.game.is_over
    _check(gardens_svg(g.game))


def test_what_if_position_picture_shows_hostile_names_as_text():
    from alhambra_widget.whatif import Position

    pos = Position.from_description({n: {"alhambra": {"1,0": "tower 9 NE"}} for n in HOSTILE})
    _check(pos._repr_svg_())
