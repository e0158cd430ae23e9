"""The baseline engine of the benchmarks, built from this repository's history.

``baseline_python()`` returns an interpreter whose ``alhambra_widget`` is the package as
it was at commit ``BASELINE`` (b3bc743: the last engine before the speed work, the one
the speed aims are stated against). It is built on first use, and kept:

* ``git archive BASELINE`` into ``build/baseline-b3bc743/src``;
* a venv of its own, ``build/baseline-b3bc743/venv``, with that source installed (no
  dependencies: its engine and search need only the standard library; its front end is
  not built, a placeholder stands in for it).

The benchmarks then run the baseline in a subprocess of that interpreter, so the
baseline and this checkout never share a process or an import path. Needs ``git`` and
the repository's history (not a shallow clone without that commit).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "b3bc743"
HOME = ROOT / "build" / f"baseline-{BASELINE}"


def baseline_python() -> Path:
    """The interpreter of the baseline's venv, built when missing."""
    python = HOME / "venv" / "bin" / "python"
    done = HOME / "built"
    if python.exists() and done.exists():
        return python
    print(f"== building the baseline {BASELINE} in {HOME} (once)", file=sys.stderr, flush=True)
    src = HOME / "src"
    subprocess.run(["rm", "-rf", str(HOME)], check=True)
    src.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", BASELINE],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    # its wheel build runs npm unless the bundle exists: the engine does not need it
    static = src / "alhambra_widget" / "static"
    static.mkdir(parents=True, exist_ok=True)
    (static / "widget.js").write_text("// not built: the baseline of the benchmarks\n")
    subprocess.run([sys.executable, "-m", "venv", str(HOME / "venv")], check=True)
    pip = [str(python), "-m", "pip", "install", "-q", "--no-deps", str(src)]
    subprocess.run(pip, check=True)
    check = "from alhambra_widget.alhambra.game import Game; Game(['A', 'B'], seed=0)"
    subprocess.run([str(python), "-c", check], check=True, cwd=HOME)
    done.write_text(BASELINE + "\n")
    return python
