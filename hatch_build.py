"""Build hook: compile the engine with mypyc when building a wheel, else stay pure.

One source, two kinds of wheel (psf/black's model, in this project's words):

* ``python -m build`` (and ``pip install`` from the sdist) compiles the modules of
  ``alhambra_widget/engine``, and the search of ``alhambra_widget/players`` (``PLAYERS``),
  into binary extensions for this CPython, beside their ``.py`` sources (which stay in
  the wheel: ``ALHAMBRA_WIDGET_PURE=1`` at run time loads them instead).
* ``ALHAMBRA_WIDGET_PURE=1`` at build time gives the pure ``py3-none-any`` wheel (for
  Pyodide, JupyterLite, and wherever no compiler exists).
* An editable install (``pip install -e .``) is never compiled: the checkout stays pure.
* When the compile fails (no C compiler, an unsupported Python), the wheel is built pure
  and the build says so; ``alhambra_widget.engine_info()`` tells why at run time.

The wheel carries ``alhambra_widget/_build.json``: how it was built.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PURE_ENV = "ALHAMBRA_WIDGET_PURE"
PACKAGE = "alhambra_widget"
COMPILED = ("engine",)  # the sub-packages compiled
PLAYERS = (
    "ismcts.py", "alhambra/greedy.py", "alhambra/strong.py", "alhambra/hinting.py",
    "gardens/greedy.py", "gardens/strong.py",
)  # fmt: skip
"""The computer players' modules compiled as well: the search and what its simulations
call (rollouts, evaluation, the greedy ranking). The rest of ``players`` (the processes
of a parallel search, the arena, the bots by name) stays interpreted."""
INTERPRETED = ("__init__.py", "actions.py", "errors.py", "revealing.py")
"""Modules left interpreted: package markers; the Alhambra actions (a compiled dataclass
takes the class variables ``type`` and ``FIELDS`` for fields, and the engine's one way
to build them, ``listing.made``, sets their fields one by one); the exceptions (a compiled
exception class loses its class-level defaults); the generator that reveals a seat's
draws (a subclass of ``random.Random``). The game classes and their record are
compiled: copies, pickles and ``become`` name their state (``STATE``) instead of
going through an instance dictionary."""


def compiled_sources(root: Path) -> list[Path]:
    """The modules mypyc compiles, relative to ``root`` (the project)."""
    out: list[Path] = []
    for sub in COMPILED:
        for path in sorted((root / PACKAGE / sub).rglob("*.py")):
            if path.name not in INTERPRETED:
                out.append(path.relative_to(root))
    out += [Path(PACKAGE, "players", name) for name in PLAYERS]
    return out


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """What the compile needs in the build environment (nothing for a pure build)."""
        if os.environ.get(PURE_ENV, "") not in ("", "0"):
            return []
        return ["mypy>=1.10", "setuptools>=69"]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        self._tmp = Path(tempfile.mkdtemp(prefix="alhambra-mypyc-"))
        if os.environ.get(PURE_ENV, "") not in ("", "0"):
            self._mark(build_data, {"engine": "pure", "why": f"{PURE_ENV} was set at build time"})
            return
        t0 = time.perf_counter()
        try:
            built = self._compile()
        except Exception as exc:  # any failure: a pure wheel, said loudly
            why = f"the mypyc compile failed ({type(exc).__name__}: {str(exc)[-300:]})"
            self.app.display_warning(f"alhambra-widget: {why}; building the PURE engine instead")
            self._mark(build_data, {"engine": "pure", "why": why})
            return
        for src, dest in built:
            build_data["force_include"][str(src)] = dest
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        secs = time.perf_counter() - t0
        self.app.display_info(f"alhambra-widget: compiled {len(built)} files of the engine and the search with mypyc in {secs:.0f} s")
        self._mark(build_data, {"engine": "compiled", "why": "compiled with mypyc at build time"})

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)

    def _mark(self, build_data: dict[str, Any], info: dict[str, str]) -> None:
        marker = self._tmp / "_build.json"
        marker.write_text(json.dumps(info))
        build_data["force_include"][str(marker)] = f"{PACKAGE}/_build.json"

    def _compile(self) -> list[tuple[Path, str]]:
        """Compile a copy of the engine in a scratch folder; the extensions built, each
        with its path in the wheel."""
        root = Path(self.root)
        work = self._tmp / "src"
        sources = compiled_sources(root)
        for sub in (*COMPILED, "players"):  # whole sub-packages: mypy reads the modules left interpreted
            shutil.copytree(root / PACKAGE / sub, work / PACKAGE / sub)
        (work / PACKAGE / "__init__.py").write_text("")  # the engine imports nothing above it
        env = {**os.environ, "MYPYC_OPT_LEVEL": os.environ.get("MYPYC_OPT_LEVEL", "3"), "MYPYC_DEBUG_LEVEL": "0"}
        cc = str(sysconfig.get_config_var("CC") or "")
        if "gcc" in cc or "clang" in cc:
            # the engine's functions call each other directly, not through the shared
            # library's symbol table (1.4% fewer instructions a random game, callgrind).
            # Python's own flags are kept: recent setuptools (84) takes a CFLAGS given in
            # the environment instead of them (65 added it after them), and without
            # -DNDEBUG mypyc's runtime keeps its asserts and its list reads are no
            # longer inlined (1.2% more instructions a random game)
            base = os.environ.get("CFLAGS") or str(sysconfig.get_config_var("CFLAGS") or "")
            env["CFLAGS"] = f"{base} -fno-semantic-interposition".strip()
        cmd = [sys.executable, "-m", "mypyc", *(str(p) for p in sources)]
        done = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError((done.stdout + done.stderr).strip())
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        built = [(work / p.with_suffix(suffix), p.with_suffix(suffix).as_posix()) for p in sources]
        built += [(lib, lib.name) for lib in work.glob(f"*__mypyc{suffix}")]
        missing = [str(src) for src, _ in built if not src.exists()]
        if missing or len(built) == len(sources):
            raise RuntimeError(f"mypyc built no extension for {missing or 'its shared library'}")
        return built
