"""Which engine is loaded: ``engine_info()``, and ``ALHAMBRA_WIDGET_PURE``.

The packaging check (tests/packaging/check.sh) runs the rule tests on a compiled wheel
with ``ALHAMBRA_EXPECT_ENGINE=compiled`` and again with ``ALHAMBRA_WIDGET_PURE=1`` and
``ALHAMBRA_EXPECT_ENGINE=pure``; in a source checkout the engine is always pure."""

import importlib.machinery
import os
import subprocess
import sys

import pytest

import alhambra_widget
from alhambra_widget import _engine_choice, engine_info


def test_engine_info_names_the_engine_loaded():
    info = engine_info()
    assert info["engine"] in ("compiled", "pure")
    compiled = info["module"].endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert (info["engine"] == "compiled") == compiled
    expected = os.environ.get("ALHAMBRA_EXPECT_ENGINE")
    if expected:  # set by the packaging check
        assert info["engine"] == expected, info


def test_the_source_only_finder_answers_for_the_engine_with_its_sources():
    finder = _engine_choice._SourceOnlyFinder()
    path = list(alhambra_widget.__path__)
    spec = finder.find_spec("alhambra_widget.engine", path)
    assert spec is not None and spec.origin.endswith("__init__.py")
    sub = finder.find_spec(
        "alhambra_widget.engine.alhambra.rules", [os.path.join(path[0], "engine", "alhambra")]
    )
    assert sub is not None and sub.origin.endswith("rules.py")
    assert isinstance(sub.loader, importlib.machinery.SourceFileLoader)
    players = finder.find_spec("alhambra_widget.players.ismcts", [os.path.join(path[0], "players")])
    assert players is not None and players.origin.endswith(
        "ismcts.py"
    )  # the search is compiled too
    assert finder.find_spec("alhambra_widget.views", path) is None  # never compiled: left alone


@pytest.mark.parametrize("value, forced", [("1", True), ("0", False), ("", False)])
def test_the_environment_variable_forces_the_pure_engine(value, forced):
    code = (
        "import sys, alhambra_widget as a; from alhambra_widget import _engine_choice as c;"
        "print(any(isinstance(f, c._SourceOnlyFinder) for f in sys.meta_path), a.engine_info()['engine'])"
    )
    env = {**os.environ, "ALHAMBRA_WIDGET_PURE": value}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    installed, engine = out.stdout.split()
    assert installed == str(forced)
    if forced:
        assert engine == "pure"


def test_games_pickle_and_deep_copy_on_either_engine():
    """Compiled (mypyc) classes pickle only through their ``__reduce__``: a game of each
    kind, with a scoring round behind it, survives both."""
    import copy
    import pickle
    import random

    from alhambra_widget import Game
    from alhambra_widget.gardens import GardensGame

    for g in (Game(["Ann", "Ben", "Cem"], seed=5), GardensGame(["Ann", "Ben"], seed=5)):
        r = random.Random(5)
        for _ in range(150):
            if g.is_over:
                break
            g.apply(r.choice(g.legal_actions()))
        for twin in (pickle.loads(pickle.dumps(g.copy())), copy.deepcopy(g)):
            assert twin.legal_actions() == g.legal_actions()
            assert twin.to_json() == g.to_json() and twin.scores == g.scores
            assert getattr(twin, "rounds", None) == getattr(g, "rounds", None)


_SEARCH = """
import hashlib, random
from alhambra_widget import Game, engine_info
from alhambra_widget.gardens import GardensGame
from alhambra_widget.players.alhambra import strong
from alhambra_widget.players.gardens import strong as gardens_strong
from alhambra_widget.players.ismcts import search
out = []
for game, bot, hints in ((Game(["Ann", "Ben", "Cem"], seed=5), strong.StrongBot, strong.hints),
                         (GardensGame(["Ann", "Ben"], seed=5), gardens_strong.GardensStrongBot, gardens_strong.hints)):
    r = random.Random(5)
    for step in range(24):
        if step % 9 == 4:
            out += [(str(c.action), c.visits, round(c.value, 9)) for c in bot(1, playouts=60).analyse(game)]
        game.apply(r.choice(game.legal_actions()))
    out += [(h.says, h.visits, h.reasons, h.about_equal) for h in hints(game, playouts=60)]
print(engine_info()["engine"], hashlib.sha256(repr(out).encode()).hexdigest(), len(out))
"""


def test_the_search_gives_the_same_analyses_and_hints_compiled_and_pure():
    """The players' search is compiled too (``hatch_build.PLAYERS``): on a compiled wheel
    its analyses and hints, in both games, equal those of its pure sources, loaded with
    ``ALHAMBRA_WIDGET_PURE=1``. The two runs must really be one compiled and one pure: in
    a source checkout there is no compiled engine to compare, and the test says so by
    skipping (the packaging check runs it on the compiled wheel, where it may not skip)."""
    runs = {}
    for value in ("0", "1"):
        env = {**os.environ, "ALHAMBRA_WIDGET_PURE": value}
        done = subprocess.run(
            [sys.executable, "-c", _SEARCH], env=env, capture_output=True, text=True, check=True
        )
        engine, digest, count = done.stdout.split()
        runs[engine] = (digest, int(count))
    assert (
        "pure" in runs and int(runs["pure"][1]) > 10
    )  # ALHAMBRA_WIDGET_PURE=1 ran pure; positions searched
    if "compiled" not in runs:
        assert os.environ.get("ALHAMBRA_EXPECT_ENGINE") != "compiled", "the compiled wheel ran pure"
        pytest.skip(
            "no compiled engine here (a source checkout): the packaging check compares them"
        )
    assert runs["compiled"] == runs["pure"]
