"""The engine, both games and the bots work in a Python without any Jupyter package;
only the widgets need them, and asking for one then says which package is missing."""

import functools
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BLOCKED = ("anywidget", "traitlets", "ipywidgets", "IPython", "ipykernel")

SCRIPT = textwrap.dedent(
    """
    import sys

    BLOCKED = {blocked!r}

    class Block:
        '''A meta-path finder that hides the Jupyter packages (as if not installed).'''

        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
            return None

    sys.meta_path.insert(0, Block())
    for name in BLOCKED:
        try:
            __import__(name)
        except ModuleNotFoundError:
            pass
        else:
            raise SystemExit(f"the finder did not block {{name}}")

    import random

    import alhambra_widget
    import alhambra_widget.engine
    import alhambra_widget.engine.alhambra
    import alhambra_widget.engine.gardens
    import alhambra_widget.engine.record
    import alhambra_widget.gardens
    import alhambra_widget.players
    from alhambra_widget import Game
    from alhambra_widget.gardens import GardensGame
    from alhambra_widget.players import RandomBot, make_bot

    # a short seeded random game of each game, to the end
    for game in (Game(["Ann", "Ben"], seed=3), GardensGame(["Ann", "Ben", "Cem"], seed=3)):
        rng = random.Random(3)
        steps = 0
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
            assert steps < 5000
        print(type(game).__name__, "over after", steps, "actions; winners", game.winners)

    # and the bots, on both games
    for game in (Game(["Ann", "Ben", "Cem"], seed=4), GardensGame(["Ann", "Ben"], seed=4)):
        bots = [RandomBot(1), make_bot("greedy", seed=2, game=game)]
        k = 0
        while not game.is_over:
            game.apply(bots[k % 2].choose(game))
            k += 1
        print(type(game).__name__, "played by bots:", k, "actions")

    loaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
    assert not loaded, loaded

    for where, name in (
        (alhambra_widget, "AlhambraWidget"),
        (alhambra_widget, "SandboxWidget"),
        (alhambra_widget, "CourseWidget"),
        (alhambra_widget.gardens, "GardensWidget"),
    ):
        try:
            getattr(where, name)
        except ImportError as e:
            print("WIDGET", name, type(e).__name__, e.name, "|", e)
        else:
            raise SystemExit(f"{{name}} came without the Jupyter packages")
    """
).format(blocked=BLOCKED)


@functools.cache
def run_blocked() -> str:
    p = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        timeout=300,
    )
    assert p.returncode == 0, p.stderr[-3000:]
    return p.stdout


def test_engine_games_and_bots_import_and_play_without_jupyter_packages():
    out = run_blocked()
    assert "Game over after" in out and "GardensGame over after" in out
    assert out.count("played by bots") == 2


def test_asking_for_a_widget_without_jupyter_names_the_missing_package():
    lines = [x for x in run_blocked().splitlines() if x.startswith("WIDGET")]
    assert len(lines) == 4
    for line in lines:
        _, _widget, error, missing, _ = line.split(" ", 4)
        assert error in ("ImportError", "ModuleNotFoundError"), line
        # the error names one of the Jupyter packages the widgets need
        assert missing in BLOCKED, line
        assert missing in line.split("|", 1)[1], line
