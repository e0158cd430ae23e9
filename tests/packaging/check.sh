#!/usr/bin/env bash
# Build the wheel and the sdist, install each into a fresh virtualenv with node and npm
# off the PATH, and run a smoke test there (the engine, a widget, a what-if table, the
# course). Called by `bash run.sh test`; needs only Python and the package registries.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
.venv/bin/python -m pip install -q build 2>&1 | { grep -v "^WARNING: Location" || true; }
.venv/bin/python -m build -q --outdir "$work/dist" . > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }

# a PATH without node or npm
nonode=""
IFS=: read -ra dirs <<< "$PATH"
for d in "${dirs[@]}"; do
  [ -x "$d/node" ] || [ -x "$d/npm" ] || nonode="${nonode:+$nonode:}$d"
done

for kind in whl tar.gz; do
  dist=$(ls "$work"/dist/*."$kind")
  echo "== $(basename "$dist"): fresh venv, no node on the PATH"
  python3 -m venv "$work/venv-$kind"
  PATH="$nonode" "$work/venv-$kind/bin/python" -c "import shutil, sys; sys.exit(shutil.which('node') is not None)"
  PATH="$nonode" "$work/venv-$kind/bin/python" -m pip install -q "$dist[whatif]" 2>&1 | { grep -v "^WARNING: Location" || true; }
  (cd "$work" && PATH="$nonode" "$work/venv-$kind/bin/python" - <<'PY'
import random, tempfile
from alhambra_widget import AlhambraWidget, Game, __version__
from alhambra_widget.course import copy_course
from alhambra_widget.whatif import Position
g = Game(["Ann", "Ben", "Cem"], seed=1)
rng = random.Random(1)
while not g.is_over:
    g.apply(rng.choice(g.legal_actions()))
w = AlhambraWidget(players=["Ann", "Ben"], seed=2)
from importlib import resources
static = resources.files("alhambra_widget") / "static"
assert w.view["players"] and (static / "widget.js").read_text().strip(), "no built front end"
t = Position.from_game(g).table(3)
assert list(t.index) == ["Ann", "Ben", "Cem"]
assert len(copy_course(tempfile.mkdtemp())) == 11
print(f"ok: alhambra-widget {__version__}: a game to the end, a widget, a what-if table, the course")
PY
  )
done
