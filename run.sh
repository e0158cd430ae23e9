#!/usr/bin/env bash
# One entry point, for people and for CI:
#   bash run.sh tutorial   set everything up, then open JupyterLab on the tutorial
#   bash run.sh check      the quick check for every commit (2-3 minutes on 2 cores once
#                          set up): lint, types (mypy; tsc for the front end, against
#                          the contract generated from Python), layers, docstrings, and
#                          the tests without browser, packaging, docs or notebook
#                          kernels (100 playouts)
#   bash run.sh test       set everything up, then run the whole test suite (for CI)
#   bash run.sh counts     print how many tests there are, by marker and by file
#   bash run.sh bench      set everything up, then print the engine benchmark
#   bash run.sh lite       set everything up, then build the JupyterLite course site
#                          (offline) into build/lite; serve it with
#                          python3 -m http.server -d build/lite
#   bash run.sh docs       set everything up, then build the documentation site (offline,
#                          warnings as errors) into build/docs, with the JupyterLite
#                          site in build/docs/lite; serve it with
#                          python3 -m http.server -d build/docs
#   bash run.sh setup      set everything up (.venv, the package, its front end), nothing more
#   bash run.sh watch      rebuild the front end on every change (with ANYWIDGET_HMR=1
#                          in the kernel's environment, open boards reload live)
# Needs: Python 3.10+ with venv, node and npm; Debian's chromium for the browser
# tests and its postgresql for the table server's (installed here with apt-get when
# missing); for `test`, a C
# compiler and Python's headers (the packaging check builds the mypyc-compiled wheel).
set -euo pipefail
cd "$(dirname "$0")"

PY=${PYTHON:-python3}

browser() {
  # Debian's chromium for the browser tests, and its postgresql for the table server's
  # tests (a throwaway cluster each run: tests/online)
  local need=()
  command -v chromium >/dev/null 2>&1 || need+=(chromium fonts-liberation libcairo2)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
  [ ${#need[@]} = 0 ] && return
  echo "== installing Debian's ${need[*]} for the tests"
  local sudo=(); [ "$(id -u)" = 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
}

# run a command, hiding pip's notes about this machine's extra package indexes; with
# pipefail the command's own failure still stops the script
quiet() { "$@" 2>&1 | { grep -v "^WARNING: Location" || true; }; }

setup() {
  echo "== python environment (.venv) and the package, with its front end"
  [ -x .venv/bin/python ] || "$PY" -m venv .venv
  # pip only when the environment is new, or pyproject.toml or the build hook changed
  # since the last setup, or the packages no longer import
  local stamp=.venv/.run-sh-setup
  local imports="import alhambra_widget, anywidget, playwright, nbclient, pandas, matplotlib, starlette, sqlalchemy"
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ hatch_build.py -nt "$stamp" ] \
      || ! .venv/bin/python -c "$imports" 2>/dev/null; then
    quiet .venv/bin/python -m pip install -q --upgrade pip
    quiet .venv/bin/python -m pip install -q -e ".[dev]"
    .venv/bin/python -c "$imports"
    touch "$stamp"
  fi
  # the editable install builds js/ once; rebuild so a changed front end is never stale
  (cd js && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm install --no-audit --no-fund --loglevel=error; } && npm run --silent build)
  # configurable-http-proxy, for the tests against a real JupyterHub (tests/online/test_classroom.py)
  (cd tests/hub && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm install --no-audit --no-fund --loglevel=error; })
}

# the documentation site: the JupyterLite course, then Sphinx (its notebooks executed,
# cached in build/docs-cache), then the Lite site copied in, so one folder hosts both
docs() {
  echo "== documentation site into build/docs"
  .venv/bin/python lite/build.py
  .venv/bin/python -m sphinx -W --keep-going -q -b html docs build/docs
  rm -rf build/docs/lite
  cp -r build/lite build/docs/lite
  echo "== built build/docs: serve it with  python3 -m http.server -d build/docs"
}

# lint, types, layers and docstrings: the first part of both `check` and `test`
lint() {
  echo "== lint and types"
  .venv/bin/ruff check alhambra_widget tests benchmarks lite
  .venv/bin/ruff format --check alhambra_widget tests benchmarks lite
  (cd js && npm run --silent lint)
  .venv/bin/mypy --strict
  echo "== the page contract: js/src/contract.ts is generated from alhambra_widget/views/contract/,"
  echo "   and the front end's TypeScript is checked against it (tsc --strict)"
  .venv/bin/python -m alhambra_widget.views.contract --check js/src/contract.ts
  (cd js && npm run --silent typecheck)
  echo "== layers (import-linter: imports only go downward, no cycles)"
  .venv/bin/lint-imports --no-cache
  echo "== docstrings of the public names (interrogate; the bar is in pyproject.toml)"
  .venv/bin/interrogate alhambra_widget
}

case "${1:-}" in
  setup)
    setup
    ;;
  check)
    setup
    lint
    echo "== tests: no browser, no notebook kernels (marked slow), 100 random playouts"
    ALHAMBRA_PLAYOUTS=${ALHAMBRA_PLAYOUTS:-100} exec .venv/bin/python -m pytest -n 2 --dist loadgroup \
      -q -m "not browser and not slow" "${@:2}"
    ;;
  counts)
    exec .venv/bin/python tests/count.py
    ;;
  tutorial)
    setup
    root=(); [ "$(id -u)" = 0 ] && root=(--allow-root)
    exec .venv/bin/jupyter lab "${root[@]}" notebooks/01_quick_tour.ipynb
    ;;
  test)
    browser
    setup
    lint
    # the site, warnings as errors, with the Lite site the browser tests then serve
    docs
    export ALHAMBRA_LITE_BUILT=1
    echo "== packaging: wheel and sdist, each installed without node"
    bash tests/packaging/check.sh
    echo "== tests"
    # CI=1: a test that needs chromium or node fails instead of skipping (this script
    # installs both)
    # --durations: the log ends with the slowest tests (where CI's time goes)
    CI=${CI:-1} exec .venv/bin/python -m pytest -n 2 --dist loadgroup --durations=25 "${@:2}"
    ;;
  docs)
    setup
    docs
    ;;
  bench)
    setup
    exec .venv/bin/python benchmarks/engine.py "${@:2}"
    ;;
  lite)
    setup
    exec .venv/bin/python lite/build.py
    ;;
  watch)
    setup
    cd js && exec npm run watch
    ;;
  *)
    echo "usage: bash run.sh setup | tutorial | check | test | counts | docs | bench | lite | watch" >&2
    exit 2
    ;;
esac
