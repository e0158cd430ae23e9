"""Golden games (R13): the same seeds give the same legal-action lists and scores as
the engine at commit 3093fc1, recorded in ``tests/golden/games.json`` by
``tests/golden/record_golden.py`` before the engine-core rewrite.

Each step compares a digest of the exact, ordered legal-action list; the game then
follows the recorded random choice, so one differing list would derail the rest.
"""

import json
from pathlib import Path

import pytest
from golden.record_golden import list_digest

from alhambra_widget import Game
from alhambra_widget.gardens import GardensGame

GOLDEN = json.loads((Path(__file__).parent / "golden" / "games.json").read_text())


def replay(game, record) -> None:
    scores = None
    for step, row in enumerate(record["steps"]):
        acts = game.legal_actions()
        assert list_digest(acts) == row[0], f"step {step}: the legal actions differ"
        game.apply(acts[row[1]])
        if len(row) > 2:
            scores = row[2]
        assert [*game.scores.values(), getattr(game, "dirk_score", 0)] == scores, (
            f"step {step}: the scores differ"
        )
    assert game.is_over
    assert list(game.winners) == record["winners"]


@pytest.mark.parametrize(
    "record", GOLDEN["alhambra"], ids=lambda r: f"{r['players']}p-seed{r['seed']}"
)
def test_r13_golden_alhambra_games_replay_exactly(record):
    n = record["players"]
    replay(Game([f"P{i}" for i in range(n)], seed=record["seed"]), record)


@pytest.mark.parametrize(
    "record", GOLDEN["gardens"], ids=lambda r: f"{r['players']}p-seed{r['seed']}"
)
def test_r13_golden_gardens_games_replay_exactly(record):
    n = record["players"]
    replay(GardensGame([f"P{i}" for i in range(n)], seed=record["seed"]), record)
