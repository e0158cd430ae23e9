#!/usr/bin/env bash
# Build the wheels (the compiled engine, and the pure one) and the sdist, install each
# into a fresh virtualenv with node and npm off the PATH, and run a smoke test there (the
# engine, a widget, a what-if table, the course). The compiled wheel also runs the rule
# tests and the golden games, compiled and then with ALHAMBRA_WIDGET_PURE=1; the sdist is
# installed with its compile made to fail (no C compiler): it must install pure and say
# so. The sdist must hold no developer-only folder. Called by `bash run.sh test`; needs
# Python, a C compiler and the package registries.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
.venv/bin/python -m pip install -q build 2>&1 | { grep -v "^WARNING: Location" || true; }
# the sdist, then the compiled wheel from it (one mypyc compile); then the pure wheel
nice -n 5 .venv/bin/python -m build --outdir "$work/dist" . > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
grep "alhambra-widget:" "$work/build.log" || true
ALHAMBRA_WIDGET_PURE=1 .venv/bin/python -m build -q --wheel --outdir "$work/pure" . > "$work/build-pure.log" 2>&1 || { cat "$work/build-pure.log"; exit 1; }
ls "$work"/dist/*-cp3*-*.whl "$work"/pure/*-py3-none-any.whl >/dev/null || { echo "expected a compiled wheel and a pure one"; ls "$work"/dist "$work"/pure; exit 1; }
mv "$work"/pure/*.whl "$work/dist/"

# the sdist holds what a user needs to build and install, and no developer-only folder
# (pyproject.toml: [tool.hatch.build.targets.sdist])
inside=$(tar tzf "$work"/dist/*.tar.gz | cut -d/ -f2-)
for need in alhambra_widget/engine/ alhambra_widget/static/widget.js notebooks/ js/src/ js/package.json hatch_build.py; do
  grep -q "^$need" <<< "$inside" || { echo "the sdist lacks $need"; exit 1; }
done
for dev in tests/ benchmarks/ docs/ lite/ .ci/ js/test/ js/tools/ js/node_modules/ run.sh; do
  if grep -q "^$dev" <<< "$inside"; then echo "the sdist holds $dev (for developers only)"; exit 1; fi
done
echo "== the sdist: $(wc -l <<< "$inside") entries, no tests, benchmarks, docs or CI"

# a PATH without node or npm
nonode=""
IFS=: read -ra dirs <<< "$PATH"
for d in "${dirs[@]}"; do
  [ -x "$d/node" ] || [ -x "$d/npm" ] || nonode="${nonode:+$nonode:}$d"
done

notebooks=$(ls notebooks/*.ipynb | wc -l)  # the course the wheel ships
for kind in compiled.whl pure.whl tar.gz; do
  case $kind in
    compiled.whl) dist=$(ls "$work"/dist/*-cp3*.whl); expect=compiled; cc=${CC:-cc} ;;
    pure.whl) dist=$(ls "$work"/dist/*-none-any.whl); expect=pure; cc=${CC:-cc} ;;
    tar.gz) dist=$(ls "$work"/dist/*.tar.gz); expect=pure; cc=false ;;  # the compile fails
  esac
  echo "== $(basename "$dist"): fresh venv, no node on the PATH (expect the $expect engine)"
  python3 -m venv "$work/venv-$kind"
  PATH="$nonode" "$work/venv-$kind/bin/python" -c "import shutil, sys; sys.exit(shutil.which('node') is not None)"
  PATH="$nonode" CC="$cc" "$work/venv-$kind/bin/python" -m pip install -q "$dist[whatif]" 2>&1 | { grep -v "^WARNING: Location" || true; }
  (cd "$work" && REPO="$repo" NOTEBOOKS="$notebooks" EXPECT="$expect" KIND="$kind" PATH="$nonode" "$work/venv-$kind/bin/python" - <<'PY'
import os
from alhambra_widget import engine_info
info = engine_info()
print("engine_info():", info)
assert info["engine"] == os.environ["EXPECT"], info
if os.environ["KIND"] == "tar.gz":  # installed pure, and says why
    assert "compile failed" in info["built"]["why"], info
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
assert len(copy_course(tempfile.mkdtemp())) == int(os.environ["NOTEBOOKS"])
# the learned baseline's weights are package data: each game's JSON is installed (the
# checkout's very bytes) and make_bot("baseline") loads it and plays a game with it
from pathlib import Path
from alhambra_widget.engine.gardens.game import GardensGame
from alhambra_widget.players.bots import make_bot
from alhambra_widget.players.learned import bot as learned
assert "site-packages" in str(learned.WEIGHTS), learned.WEIGHTS
for new in (Game, GardensGame):
    g = new(["Ann", "Ben"], seed=5)
    kind = getattr(g, "GAME", "alhambra")
    shipped = learned.WEIGHTS / f"{kind}.json"
    assert shipped.is_file(), f"the wheel lacks {shipped}"
    ours = Path(os.environ["REPO"], "alhambra_widget/players/learned/weights", f"{kind}.json")
    assert shipped.read_bytes() == ours.read_bytes(), f"{shipped} is not the checkout's"
    seats = [make_bot("baseline", 1, g), make_bot("random", 2, g)]
    while not g.is_over:
        move = seats[g.current].choose(g)
        assert move in g.legal_actions(), move
        g.apply(move)
    print(f"ok: the baseline plays {kind} from the installed weights ({shipped.stat().st_size} bytes)")
print(f"ok: alhambra-widget {__version__}: a game to the end, a widget, a what-if table, the course")
PY
  )
  if [ "$kind" = compiled.whl ]; then
    echo "== the rule tests and golden games on the compiled engine, then on its pure sources"
    "$work/venv-$kind/bin/python" -m pip install -q pytest hypothesis 2>&1 | { grep -v "^WARNING: Location" || true; }
    rules=(test_engine_choice.py test_golden.py tests/test_r0*.py tests/test_r1*.py test_game_rules.py test_engine_api.py test_refusals.py test_read_only.py test_chance.py)
    rules=("${rules[@]#tests/}")  # the globs expanded from the project, the names run from tests/
    # from tests/ with the venv's pytest (not python -m): the installed package is
    # imported. The pure engine runs every rule test in the main run (an editable
    # checkout is pure); here its sources, loaded from the compiled wheel by
    # ALHAMBRA_WIDGET_PURE=1, replay the golden games.
    (cd tests && ALHAMBRA_EXPECT_ENGINE=compiled "$work/venv-$kind/bin/pytest" -q -p no:cacheprovider "${rules[@]}" | tail -2)
    (cd tests && ALHAMBRA_EXPECT_ENGINE=pure ALHAMBRA_WIDGET_PURE=1 "$work/venv-$kind/bin/pytest" -q -p no:cacheprovider test_engine_choice.py test_golden.py | tail -2)
  fi
done
