"""Sameness of the legal lists: ``python benchmarks/legal_digest.py [--games 40] [--each]``.

Prints figures; it is not a test. Plays ``--games`` random Alhambra games (game ``i``
has ``2 + i % 5`` players and seed ``i``; every decision a uniform choice from
``legal_actions()`` by ``random.Random(i)``) and prints one digest of the text of every
legal list met, in order (each action's JSON and its sentence). Run it before and after
a change of the engine: the same digest says the same legal lists, in the same order.
``--each`` prints a digest per game as well, to find where two engines part.
Whichever ``alhambra_widget`` the interpreter imports is measured (pure or compiled).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random

from alhambra_widget import Game, engine_info


def game_digest(seed: int, players: int) -> tuple[str, int]:
    """The digest of one game's legal lists, and how many lists there were."""
    h = hashlib.sha256()
    g = Game([f"P{i}" for i in range(players)], seed=seed)
    r = random.Random(seed)
    lists = 0
    while not g.is_over:
        legal = g.legal_actions()
        for a in legal:
            h.update(json.dumps(a.to_json(), sort_keys=True).encode())
            h.update(str(a).encode())
            h.update(b"\n")
        h.update(b"--\n")
        lists += 1
        g.apply(r.choice(legal))
    h.update(json.dumps(g.scores).encode())
    return h.hexdigest(), lists


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--each", action="store_true", help="print each game's digest too")
    args = ap.parse_args()
    total = hashlib.sha256()
    lists = 0
    for i in range(args.games):
        digest, n = game_digest(i, 2 + i % 5)
        total.update(digest.encode())
        lists += n
        if args.each:
            print(f"game {i:3} ({2 + i % 5} players): {digest[:16]} ({n} lists)")
    engine = engine_info()["engine"]
    print(f"{total.hexdigest()[:16]}  {args.games} games, {lists} legal lists ({engine} engine)")


if __name__ == "__main__":
    main()
