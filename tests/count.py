"""How many tests there are, by marker: ``python tests/count.py`` (``bash run.sh counts``).

One collection (``pytest --collect-only``, nothing run), so the figures are true for
this checkout; docs/contributing.md points here instead of typing numbers that go stale.
Prints a Markdown table: every test, the browser tests, the slow ones (notebooks
executed in new kernels), and what ``bash run.sh check`` runs (neither), then the
count of each test file.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


class Tally:
    """A pytest plugin that keeps the markers and file of every collected test."""

    def __init__(self) -> None:
        self.items: list[tuple[str, set[str]]] = []

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        for item in session.items:
            self.items.append((item.nodeid.split("::")[0], {m.name for m in item.iter_markers()}))


def main() -> int:
    tally, said = Tally(), io.StringIO()
    with contextlib.redirect_stdout(said):
        code = pytest.main(
            ["--collect-only", "-q", "-p", "no:cacheprovider", str(ROOT / "tests")], plugins=[tally]
        )
    if code != 0:
        print(said.getvalue())
        return int(code)
    rows = {
        "every test (`bash run.sh test`)": len(tally.items),
        "browser (marked `browser`)": sum("browser" in m for _, m in tally.items),
        "slow, not browser (marked `slow`)": sum(
            "slow" in m and "browser" not in m for _, m in tally.items
        ),
        "`bash run.sh check` (neither)": sum(not {"browser", "slow"} & m for _, m in tally.items),
    }
    print("\n| tests | count |\n| --- | ---: |")
    for name, n in rows.items():
        print(f"| {name} | {n} |")
    print("\n| file | count |\n| --- | ---: |")
    for path, n in sorted(Counter(path for path, _ in tally.items).items()):
        print(f"| `{path}` | {n} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
