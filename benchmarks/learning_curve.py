"""The learned baseline's learning curves, drawn and tabulated:
``python benchmarks/learning_curve.py alhambra.csv gardens.csv --png curve.png``.

Reads the CSV files ``python -m alhambra_widget.research.train --curve`` writes (steps,
minutes, opponent, games, wins, rate, Wilson 95% interval), prints them as one Markdown
table a file and, with ``--png``, draws the win rate against the training minutes, one
line per game and opponent, its 95% interval shaded (matplotlib).
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path


def rows(path: str) -> list[dict[str, str]]:
    """The rows of one curve file."""
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def table(path: str) -> str:
    """One curve as Markdown: a row per evaluation, random and greedy side by side."""
    by: dict[str, dict[str, dict[str, str]]] = {}
    for r in rows(path):
        by.setdefault(r["steps"], {})[r["opponent"]] = r
    opponents = sorted({o for v in by.values() for o in v}, key=lambda o: o != "random")
    head = "| steps | minutes | " + " | ".join(f"vs {o} (95% interval)" for o in opponents) + " |"
    lines = [head, "|---:|---:|" + "---:|" * len(opponents)]
    for steps, v in by.items():
        cells = []
        for o in opponents:
            r = v.get(o)
            if r is None:  # a run stopped during this evaluation
                cells.append("-")
                continue
            cells.append(
                f"{r['wins']}/{r['games']} = {float(r['rate']):.0%} "
                f"({float(r['ci95_low']):.0%}-{float(r['ci95_high']):.0%})"
            )
        minutes = next(iter(v.values()))["minutes"]
        lines.append(f"| {int(steps):,} | {float(minutes):.1f} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def draw(paths: list[str], png: str) -> None:
    """Win rate against training minutes, every file and opponent, into ``png``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.4), dpi=100)
    for path in paths:
        game = Path(path).stem.replace("learning-curve-", "")
        for o in ("random", "greedy"):
            rs = [r for r in rows(path) if r["opponent"] == o]
            if not rs:
                continue
            x = [float(r["minutes"]) for r in rs]
            (line,) = ax.plot(
                x, [float(r["rate"]) for r in rs], marker="o", ms=3, label=f"{game} vs {o}"
            )
            lo = [float(r["ci95_low"]) for r in rs]
            hi = [float(r["ci95_high"]) for r in rs]
            ax.fill_between(x, lo, hi, alpha=0.15, color=line.get_color())
    ax.axhline(0.9, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("minutes of training (wall clock, evaluations included)")
    ax.set_ylabel("win share (95% interval)")
    ax.set_ylim(0, 1.02)
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(png)


def main() -> None:
    """Print the tables; draw with ``--png``."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv", nargs="+")
    ap.add_argument("--png", default="")
    args = ap.parse_args()
    for path in args.csv:
        print(f"{path}\n\n{table(path)}\n")
    if args.png:
        draw(args.csv, args.png)


if __name__ == "__main__":
    main()
