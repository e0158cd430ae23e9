"""Instructions per random 4-player game, counted by callgrind:
``python benchmarks/instructions.py [--games 20] [KIND ...]``.

Prints figures; it is not a test. The machine here is shared and noisy; instruction
counts are not: the same games give the same count whatever the load. For each engine
(``b3bc743``: that commit, built from the repository's history into
``build/baseline-b3bc743`` with a venv of its own by ``baseline.py``; ``pure``: this
checkout; ``compiled``: this checkout's mypyc wheel in ``build/bench-venv``, built by
``benchmarks/compiled.py``) it runs ``valgrind --tool=callgrind`` twice, on the random
games of seeds 0..G-1 (every decision a uniform choice from ``legal_actions()``) and on
no game (the imports), and prints the difference divided by G, with
``PYTHONHASHSEED=0``. ``--keep DIR`` keeps the callgrind files for
``callgrind_annotate``.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from baseline import baseline_python

ROOT = Path(__file__).resolve().parent.parent
WORKER = r"""
import random, sys
kind, games = sys.argv[1], int(sys.argv[2])
if kind == "b3bc743":  # the baseline's venv: its package had no engine/ folder yet
    from alhambra_widget.alhambra.game import Game
else:
    from alhambra_widget import Game, engine_info
    assert engine_info()["engine"] == kind, engine_info()
for seed in range(games):
    g = Game([f"P{i}" for i in range(4)], seed=seed)
    r = random.Random(seed)
    while not g.is_over:
        g.apply(r.choice(g.legal_actions()))
"""


def count(kind: str, games: int, out: Path) -> int:
    """Instructions of the worker run (``games`` games), per callgrind."""
    pythons = {"compiled": ROOT / "build/bench-venv/bin/python", "pure": ROOT / ".venv/bin/python"}
    python = baseline_python() if kind == "b3bc743" else pythons[kind]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("ALHAMBRA_WIDGET_PURE", None)
    cmd = [
        "valgrind",
        "--tool=callgrind",
        f"--callgrind-out-file={out}",
        str(python),
        "-c",
        WORKER,
        kind,
        str(games),
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT / "build")
    if done.returncode != 0:
        sys.exit(done.stderr[-2000:])
    m = re.search(r"Collected : (\d+)", done.stderr)
    assert m, done.stderr[-2000:]
    return int(m.group(1))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("kinds", nargs="*", default=["b3bc743", "pure", "compiled"])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--keep", type=Path, help="keep the callgrind files here")
    args = ap.parse_args()
    (ROOT / "build").mkdir(exist_ok=True)
    folder = args.keep or Path(tempfile.mkdtemp())
    folder.mkdir(parents=True, exist_ok=True)
    for kind in args.kinds:
        full = count(kind, args.games, folder / f"callgrind.{kind}.games")
        empty = count(kind, 0, folder / f"callgrind.{kind}.none")
        per = (full - empty) / args.games / 1e6
        print(
            f"{kind:9} {per:7.2f} M instructions per game (seeds 0-{args.games - 1}; {full} - {empty})",
            flush=True,
        )


if __name__ == "__main__":
    main()
