"""Build a static JupyterLite site with the course, offline: ``bash run.sh lite``.

The site goes to ``build/lite``: plain files a teacher can host anywhere (or open with
``python -m http.server -d build/lite``). Nothing is fetched when the site runs:

- the Pyodide runtime comes from the npm package ``pyodide``, at the version the
  JupyterLite Pyodide kernel expects;
- the pure-Python wheels the kernel loads from Pyodide's lock file (IPython and its
  dependencies, micropip, ...) come from PyPI, and their lock entries are rewritten with
  the file names and sha256 of the wheels actually served (Pyodide's own builds differ);
- this package's wheel and the widget's dependencies are added to the lock and preloaded
  when the kernel starts, so a notebook imports ``alhambra_widget`` with nothing to type;
- the course notebooks are the site's files.

Downloads are cached in ``build/lite-cache``. Run it with the project's .venv: it makes
its own build environment (``build/lite-venv``) with ``jupyterlite-core``, the Pyodide
kernel and the widget lab extensions at this environment's versions, so the tools'
lab extension never loads in the JupyterLab of .venv.
"""

from __future__ import annotations

import hashlib
import importlib.metadata as md
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
CACHE = BUILD / "lite-cache"
# notebooks that need packages Pyodide has not (OpenSpiel, in the [rl] extra)
NOT_IN_LITE = {"13_research.ipynb"}
SRC = BUILD / "lite-src"
OUT = BUILD / "lite"
VENV = BUILD / "lite-venv"
TOOLS = [
    "jupyterlite-core==0.8.6",
    "jupyterlite-pyodide-kernel==0.8.6",
    "jupyter-server",
    "jupyterlab-server",
]

# jupyterlite-pyodide-kernel 0.8.6 is made for Pyodide 314.0.6 (its default pyodideUrl)
PYODIDE = "314.0.6"
RUNTIME = ["pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
# what the kernel loads from the lock when it starts (its own imports, then piplite's)
KERNEL_ROOTS = [
    "micropip",
    "ipython",
    "packaging",
    "traitlets",
    "typing-extensions",
    "tqdm",
    "jedi",
]
# the widget's dependencies, added to the lock: name -> (import names, lock dependencies).
# The versions are those of this environment, whose lab extensions the site ships.
WIDGET_DEPS = {
    "comm": (["comm"], ["traitlets"]),
    "jupyterlab-widgets": (["jupyterlab_widgets"], []),
    "psygnal": (["psygnal"], ["typing-extensions"]),
    "ipywidgets": (["ipywidgets"], ["comm", "ipython", "traitlets", "jupyterlab-widgets"]),
    "anywidget": (["anywidget"], ["ipywidgets", "psygnal", "typing-extensions"]),
}
PACKAGE = "alhambra-widget"


def run(*cmd: str | Path, cwd: Path | None = None) -> None:
    print("  $", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=cwd)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pure_wheel(name: str, version: str) -> Path:
    """The py3-none-any wheel of ``name==version`` from PyPI (cached)."""
    dest = CACHE / "wheels"
    dest.mkdir(parents=True, exist_ok=True)
    norm = name.replace("-", "_").lower()
    found = [p for p in dest.glob("*.whl") if p.name.lower().startswith(f"{norm}-{version}-")]
    if not found:
        run(
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--no-deps",
            "--only-binary=:all:",
            "--platform",
            "any",
            "--python-version",
            "3.13",
            "--implementation",
            "py",
            "-d",
            dest,
            f"{name}=={version}",
        )
        found = [p for p in dest.glob("*.whl") if p.name.lower().startswith(f"{norm}-{version}-")]
    if len(found) != 1 or not found[0].name.endswith("-none-any.whl"):
        raise SystemExit(f"no single pure wheel for {name}=={version} on PyPI: {found}")
    return found[0]


def pyodide_runtime() -> Path:
    """The unpacked npm package ``pyodide`` (cached)."""
    pkg = CACHE / f"pyodide-{PYODIDE}"
    if not (pkg / "pyodide-lock.json").exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", f"pyodide@{PYODIDE}", cwd=CACHE)
        with tarfile.open(CACHE / f"pyodide-{PYODIDE}.tgz") as tar:
            tar.extractall(CACHE / "npm", filter="data")
        shutil.rmtree(pkg, ignore_errors=True)
        (CACHE / "npm" / "package").rename(pkg)
    return pkg


def build_env() -> Path:
    """The environment that runs ``jupyter lite build``: its lab extensions are the
    site's, so the widget's are pinned to this environment's versions."""
    pins = [
        *TOOLS,
        *(f"{n}=={md.version(n)}" for n in ("anywidget", "ipywidgets", "jupyterlab-widgets")),
    ]
    stamp = VENV / "pins.txt"
    if not stamp.exists() or stamp.read_text() != "\n".join(pins):
        shutil.rmtree(VENV, ignore_errors=True)
        run(sys.executable, "-m", "venv", VENV)
        run(VENV / "bin" / "python", "-m", "pip", "install", "-q", *pins)
        stamp.write_text("\n".join(pins))
    return VENV / "bin" / "jupyter"


def own_wheel() -> Path:
    dest = CACHE / "own"
    shutil.rmtree(dest, ignore_errors=True)
    # the pure wheel (Pyodide runs no binary extension built here): hatch_build.py
    # skips the mypyc compile when ALHAMBRA_WIDGET_PURE is set
    os.environ["ALHAMBRA_WIDGET_PURE"] = "1"
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", dest, ROOT)
    (whl,) = dest.glob("alhambra_widget-*-py3-none-any.whl")
    return whl


def closure(packages: dict, roots: list[str]) -> list[str]:
    seen: list[str] = []
    todo = list(roots)
    while todo:
        n = todo.pop().lower().replace("_", "-")
        if n not in seen:
            seen.append(n)
            todo += packages[n]["depends"]
    return sorted(seen)


def entry(name: str, whl: Path, imports: list[str], depends: list[str]) -> dict:
    version = whl.name.split("-")[1]
    return {
        "name": name,
        "version": version,
        "file_name": whl.name,
        "install_dir": "site",
        "sha256": sha256(whl),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def main() -> None:
    print("== JupyterLite site, offline, into build/lite")
    shutil.rmtree(SRC, ignore_errors=True)
    static = SRC / "static" / "pyodide"
    static.mkdir(parents=True)
    runtime = pyodide_runtime()
    for f in RUNTIME:
        shutil.copy2(runtime / f, static / f)
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    packages = lock["packages"]

    # the lock's own pure packages the kernel needs, as PyPI serves them
    for n in closure(packages, KERNEL_ROOTS):
        e = packages[n]
        whl = pure_wheel(e["name"], e["version"])
        shutil.copy2(whl, static / whl.name)
        e["file_name"], e["sha256"] = whl.name, sha256(whl)
    # the widget's dependencies and this package, preloaded at kernel start
    for n, (imports, depends) in WIDGET_DEPS.items():
        whl = pure_wheel(n, md.version(n))
        shutil.copy2(whl, static / whl.name)
        packages[n] = entry(n, whl, imports, depends)
    whl = own_wheel()
    shutil.copy2(whl, static / whl.name)
    packages[PACKAGE] = entry(PACKAGE, whl, ["alhambra_widget"], ["anywidget", "traitlets"])
    for n in closure(packages, [PACKAGE, *KERNEL_ROOTS]):  # every file the lock names is here
        if not (static / packages[n]["file_name"]).exists():
            raise SystemExit(f"{n}: {packages[n]['file_name']} is not in the site")
    (static / "pyodide-lock.json").write_text(json.dumps(lock))

    # the course: the notebooks of the wheel (the same files `python -m
    # alhambra_widget.course` copies), but those that need what Pyodide lacks
    files = SRC / "files"
    with zipfile.ZipFile(whl) as z:
        for name in z.namelist():
            if (
                name.startswith("alhambra_widget/course/")
                and name.endswith(".ipynb")
                and Path(name).name not in NOT_IN_LITE
            ):
                (files / Path(name).name).parent.mkdir(parents=True, exist_ok=True)
                (files / Path(name).name).write_bytes(z.read(name))
    settings = {
        "loadPyodideOptions": {"packages": [PACKAGE]},
        "disablePyPIFallback": True,
    }
    config = {
        "jupyter-config-data": {
            "appName": "Alhambra course",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings},
        }
    }
    (SRC / "jupyter-lite.json").write_text(json.dumps(config, indent=2))

    shutil.rmtree(OUT, ignore_errors=True)
    # run in the source folder, which holds doit's task database: a fresh one each time
    run(
        build_env(),
        "lite",
        "build",
        "--lite-dir",
        SRC,
        "--contents",
        files,
        "--output-dir",
        OUT,
        cwd=SRC,
    )
    config = json.loads((OUT / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if not kernel.get("pyodideUrl", "").startswith("./"):
        raise SystemExit(f"the site would load Pyodide from {kernel.get('pyodideUrl')}")
    print(f"== built {OUT}: serve it with  python -m http.server -d {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
