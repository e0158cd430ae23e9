"""The engine, the bots, the views, the what-if tools and the widgets never need the
research packages (the [rl] extra): they import with pettingzoo, gymnasium and
OpenSpiel made unimportable. (lint-imports checks the same statically.)"""

import subprocess
import sys

CODE = """
import sys
for m in ("pettingzoo", "gymnasium", "pyspiel", "open_spiel"):
    sys.modules[m] = None  # importing it now raises ImportError
import alhambra_widget
from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.players.arena import play
import alhambra_widget.views.alhambra.view, alhambra_widget.whatif.chances
import alhambra_widget.widgets.table, alhambra_widget.course.widget
from alhambra_widget.research.codec import Steps  # the encoding needs none of them
r = play(["random", "greedy"], 3, 0)
assert sum(r["share"].values()) == 1.0
print("ok")
"""


def test_the_package_works_without_the_research_packages():
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
