"""Compiled engine against pure and against b3bc743:
``python benchmarks/compiled.py [--rounds R] [--games G] [--json]``.

Prints figures; it is not a test. Three engines, each in its own interpreter, measured
alternately in one run (round after round, the order rotated each round) so a busy
machine slows them alike:

* ``b3bc743``: the engine and search of commit b3bc743, built from the repository's
  history into ``build/baseline-b3bc743`` with a venv of its own (``baseline.py``);
* ``pure``: this checkout's engine (the .venv's editable install, always pure);
* ``compiled``: this checkout built as a wheel with mypyc, installed into
  ``build/bench-venv`` (built when missing or older than the engine's sources).

Figures, each a median over the rounds with its spread (lowest-highest):

* ``cpu_ms_per_game``: CPU time of a random 4-player game (every decision a uniform
  choice from ``legal_actions()``), the mean over G games of fixed seeds per round;
* ``sims_per_s_1core``: simulations per CPU second of the search bot from fixed
  3-player mid-game positions (one tree, 150 simulations a position);
* ``sims_per_s_all_cores`` (pure and compiled): simulations per wall second of a
  0.5 s root-parallel search on all cores (``"strong:0.5s"``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from baseline import baseline_python

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / "build" / "bench-venv"

WORKER = r"""
import json, random, sys, time
kind, games, positions = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if kind == "b3bc743":  # the baseline's venv: its package had no engine/ folder yet
    from alhambra_widget.alhambra.game import Game
    from alhambra_widget.alhambra.strong import StrongBot
else:
    from alhambra_widget import Game, engine_info
    from alhambra_widget.players.alhambra.strong import StrongBot
    assert engine_info()["engine"] == kind, engine_info()
out = {}
t0 = time.process_time()
for seed in range(games):
    g = Game([f"P{i}" for i in range(4)], seed=seed)
    r = random.Random(seed)
    while not g.is_over:
        g.apply(r.choice(g.legal_actions()))
out["cpu_ms_per_game"] = (time.process_time() - t0) / games * 1000
sims, cpu = 0, 0.0
for seed in range(positions):
    g = Game(["A", "B", "C"], seed=100 + seed)
    r = random.Random(seed)
    for _ in range(30):
        g.apply(r.choice(g.legal_actions()))
    t0 = time.process_time()
    choices = StrongBot(seed, playouts=150).analyse(g)
    cpu += time.process_time() - t0
    sims += sum(c.visits for c in choices)
out["sims_per_s_1core"] = sims / cpu
if kind != "b3bc743":
    bot = StrongBot(1, playouts="0.5s")
    g = Game(["A", "B", "C"], seed=100)
    bot.analyse(g)  # start the pool
    total, wall = 0, 0.0
    for seed in range(positions):
        g = Game(["A", "B", "C"], seed=100 + seed)
        r = random.Random(seed)
        for _ in range(30):
            g.apply(r.choice(g.legal_actions()))
        t0 = time.perf_counter()
        total += sum(c.visits for c in bot.analyse(g))
        wall += time.perf_counter() - t0
    out["sims_per_s_all_cores"] = total / wall
print(json.dumps(out))
"""


def compiled_python() -> Path:
    """The interpreter of ``build/bench-venv``, with this checkout's compiled wheel."""
    py = VENV / "bin" / "python"
    newest = max(p.stat().st_mtime for p in (ROOT / "alhambra_widget").rglob("*.py"))
    if py.exists() and (VENV / "built").exists() and (VENV / "built").stat().st_mtime > newest:
        return py
    dist = ROOT / "build" / "bench-dist"
    subprocess.run(["rm", "-rf", str(dist), str(VENV)], check=True)
    subprocess.run(
        [sys.executable, "-m", "build", "-q", "--wheel", "--outdir", str(dist), str(ROOT)],
        check=True,
    )
    subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    (wheel,) = dist.glob("*-cp3*.whl")  # a compiled wheel, or the build failed to compile
    subprocess.run(
        [str(py), "-m", "pip", "install", "-q", str(wheel), "anywidget", "traitlets"], check=True
    )
    (VENV / "built").write_text(wheel.name)
    return py


def measure(kind: str, python: Path, games: int, positions: int) -> dict[str, float]:
    env = {**os.environ}
    env.pop("ALHAMBRA_WIDGET_PURE", None)
    cmd = [str(python), "-c", WORKER, kind, str(games), str(positions)]
    done = subprocess.run(
        cmd, capture_output=True, text=True, env=env, cwd=ROOT / "build", check=True
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--positions", type=int, default=4)
    ap.add_argument("--json", action="store_true")
    ap.add_argument(
        "--compiled-python", type=Path, help="an interpreter with the compiled wheel installed"
    )
    args = ap.parse_args()
    (ROOT / "build").mkdir(exist_ok=True)
    pythons = {
        "b3bc743": baseline_python(),
        "pure": Path(sys.executable),
        "compiled": args.compiled_python or compiled_python(),
    }
    kinds = list(pythons)
    runs: dict[str, list[dict[str, float]]] = {k: [] for k in kinds}
    for r in range(args.rounds):
        order = kinds[r % 3 :] + kinds[: r % 3]
        for k in order:
            runs[k].append(measure(k, pythons[k], args.games, args.positions))
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    summary: dict[str, object] = {
        "rounds": args.rounds,
        "games_per_round": args.games,
        "positions_per_round": args.positions,
        "cores": os.cpu_count(),
    }
    for k in kinds:
        for figure in runs[k][0]:
            values = [run[figure] for run in runs[k]]
            summary[f"{k}.{figure}"] = round(statistics.median(values), 2)
            summary[f"{k}.{figure}.spread"] = [round(min(values), 2), round(max(values), 2)]
            print(
                f"{k:9} {figure:22} median {statistics.median(values):9.2f}  (lowest {min(values):.2f}, highest {max(values):.2f}, N={len(values)})"
            )
    base = statistics.median(run["cpu_ms_per_game"] for run in runs["b3bc743"])
    for k in ("pure", "compiled"):
        ratios = [
            a["cpu_ms_per_game"] / b["cpu_ms_per_game"] for a, b in zip(runs[k], runs["b3bc743"])
        ]
        summary[f"{k}.cpu_per_game_vs_b3bc743"] = round(statistics.median(ratios), 3)
        print(
            f"{k:9} CPU per game / b3bc743's: {statistics.median(ratios):.3f} (per round {min(ratios):.3f}-{max(ratios):.3f}; b3bc743 {base:.2f} ms)"
        )
    if args.json:
        print(json.dumps(summary))


if __name__ == "__main__":
    main()
