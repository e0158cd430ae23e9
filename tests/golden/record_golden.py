"""Record golden games: ``python tests/golden/record_golden.py [OUT.json]``.

A golden game is a seed, a number of players and, at every step of a game played by
uniformly random choices from ``legal_actions()``, a digest of the exact legal-action
list (in order), the index chosen and the scores whenever they change. The files in
this folder were recorded from the engine at commit 3093fc1 (before the engine-core
rewrite); ``tests/test_golden.py`` proves that today's engine gives the same lists
and scores for the same seeds.

Only public API is used, so the script runs against any version of the package on
``sys.path`` (``PYTHONPATH=/path/to/old/checkout python tests/golden/record_golden.py``).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

ALHAMBRA_GAMES = [(n, seed) for n in range(2, 7) for seed in (11, 12)]
GARDENS_GAMES = [(n, seed) for n in range(2, 5) for seed in (21, 22)]


def list_digest(actions) -> str:
    text = "\n".join(json.dumps(a.to_json(), sort_keys=True) for a in actions)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def play(game, choice_seed: int) -> dict:
    """Play ``game`` to the end by random choices; the record of the game."""
    rng = random.Random(choice_seed)
    steps = []
    last = None
    while not game.is_over:
        acts = game.legal_actions()
        i = rng.randrange(len(acts))
        game.apply(acts[i])
        scores = [*game.scores.values(), getattr(game, "dirk_score", 0)]
        row = [list_digest(acts), i]
        if scores != last:
            row.append(scores)
            last = scores
        steps.append(row)
    return {"steps": steps, "winners": list(game.winners)}


def record() -> dict:
    from alhambra_widget import Game
    from alhambra_widget.gardens import GardensGame

    out: dict = {"alhambra": [], "gardens": []}
    for n, seed in ALHAMBRA_GAMES:
        g = Game([f"P{i}" for i in range(n)], seed=seed)
        out["alhambra"].append({"players": n, "seed": seed, **play(g, seed * 1000 + n)})
    for n, seed in GARDENS_GAMES:
        g = GardensGame([f"P{i}" for i in range(n)], seed=seed)
        out["gardens"].append({"players": n, "seed": seed, **play(g, seed * 1000 + n)})
    return out


if __name__ == "__main__":
    path = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).with_name("games.json"))
    data = record()
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    total = sum(len(g["steps"]) for kind in data.values() for g in kind)
    print(f"wrote {path}: {total} steps")
