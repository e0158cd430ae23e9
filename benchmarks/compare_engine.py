"""Engine speed against an older commit, measured alternately in one run.

    python benchmarks/compare_engine.py [--baseline 3093fc1] [--rounds 10] [--games 40]
    python benchmarks/compare_engine.py --whatif [--rounds 5]

Checks out ``--baseline`` into a temporary git worktree, then runs ``--rounds``
rounds; in each round one subprocess per engine (in alternating order) plays the same
``--games`` complete random 4-player games (every decision a uniformly random choice
from ``legal_actions()``, seeded) and reports the CPU time per game. Prints, per
engine, the median CPU ms per game, and the ratio today / baseline per round with its
median and spread (min-max). The machines here are shared and noisy: the ratio within
a round is the figure to trust. Ends with one JSON line.

With ``--whatif`` each subprocess instead times (wall clock, as a user waits) one
``win_chances`` call of 200 random-bot continuations (4 candidate moves x 50) from a
fixed 4-player mid-game position, each engine with its default way of running them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, random, sys, time
from alhambra_widget import Game
seeds = range(int(sys.argv[1]), int(sys.argv[1]) + int(sys.argv[2]))
out = []
for s in seeds:
    rng = random.Random(s)
    t0 = time.process_time()
    g = Game(["P1", "P2", "P3", "P4"], seed=s)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    out.append(time.process_time() - t0)
print(json.dumps(out))
"""


WHATIF = r"""
import json, sys
sys.path.insert(0, sys.argv[3])
from engine import continuations
print(json.dumps([continuations(200, seed=int(sys.argv[1]))]))
"""


def run(path: Path, first_seed: int, games: int, child: str = CHILD) -> list[float]:
    env = dict(os.environ, PYTHONPATH=str(path))
    res = subprocess.run(
        [sys.executable, "-c", child, str(first_seed), str(games), str(Path(__file__).parent)],
        env=env,
        cwd=tempfile.gettempdir(),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(res.stdout)  # type: ignore[no-any-return]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="3093fc1")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--whatif", action="store_true", help="time 200 what-if continuations")
    args = ap.parse_args()
    child = WHATIF if args.whatif else CHILD
    what = "200 what-if continuations, wall s" if args.whatif else "ms per random 4-player game"
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "baseline"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), args.baseline],
            check=True,
            capture_output=True,
        )
        try:
            ratios, today_ms, base_ms = [], [], []
            run(ROOT, 0, 2), run(base, 0, 2)  # warm up: byte-compile both
            for r in range(args.rounds):
                order = [("today", ROOT), ("baseline", base)]
                if r % 2:
                    order.reverse()
                got = {
                    name: run(path, 1000 + r * args.games, args.games, child)
                    for name, path in order
                }
                scale = 1 if args.whatif else 1000
                t = statistics.median(got["today"]) * scale
                b = statistics.median(got["baseline"]) * scale
                today_ms.append(t)
                base_ms.append(b)
                ratios.append(t / b)
                print(f"round {r + 1}: today {t:.2f}, baseline {b:.2f} ({what}), ratio {t / b:.3f}")
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                check=False,
                capture_output=True,
            )
    fig = {
        "measure": what,
        "baseline": args.baseline,
        "rounds": args.rounds,
        "games_per_round": args.games,
        "today": round(statistics.median(today_ms), 2),
        "baseline_value": round(statistics.median(base_ms), 2),
        "ratio_median": round(statistics.median(ratios), 3),
        "ratio_min": round(min(ratios), 3),
        "ratio_max": round(max(ratios), 3),
    }
    print(
        f"{what} (median of {args.rounds} alternating rounds): today {fig['today']}, "
        f"baseline {args.baseline} {fig['baseline_value']}; ratio {fig['ratio_median']} "
        f"(min {fig['ratio_min']}, max {fig['ratio_max']})"
    )
    print(json.dumps(fig))


if __name__ == "__main__":
    main()
