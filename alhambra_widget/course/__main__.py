"""``python -m alhambra_widget.course [DIR] [--lab] [--overwrite]``."""

from __future__ import annotations

import argparse
import os
import shutil
import sys

from . import copy_course


def main(argv: list[str] | None = None) -> int:
    """``python -m alhambra_widget.course [DIR] [--lab] [--overwrite]``: copy the course notebooks
    into DIR (default ``alhambra-course``), and with ``--lab`` open JupyterLab on the first; returns
    the exit status."""
    ap = argparse.ArgumentParser(
        prog="python -m alhambra_widget.course",
        description="Copy the Alhambra course notebooks into DIR, and open JupyterLab on them.",
    )
    ap.add_argument("dir", nargs="?", default="alhambra-course")
    ap.add_argument("--lab", action="store_true", help="open JupyterLab on the first notebook")
    ap.add_argument("--overwrite", action="store_true", help="replace notebooks already there")
    args = ap.parse_args(argv)
    paths = copy_course(args.dir, overwrite=args.overwrite)
    print(f"{len(paths)} notebooks in {args.dir}: start with {paths[0].name}")
    if args.lab:
        lab = shutil.which("jupyter")
        if lab is None:
            print(
                'JupyterLab is not installed: pip install "alhambra-widget[lab]"', file=sys.stderr
            )
            return 1
        os.execv(lab, [lab, "lab", str(paths[0])])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
