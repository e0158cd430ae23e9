"""House rules that keep the package's structure honest (read from the source with ast,
nothing is imported or run):

- no module reaches into another module's private names: an attribute ``expr._name``
  (one leading underscore, not a dunder) on anything but ``self``/``cls`` must name
  something the same module defines, and no module imports a ``_name`` from another;
- no module is over 600 lines and no function over 60 lines.

A module that needs another's private name asks the owner for a public (or documented
module-internal) operation instead. The size limits have a shrinking list of known
offenders: an entry that is fixed must be removed from it (the test says so)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "alhambra_widget"

MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _rel(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix() if path.is_relative_to(PACKAGE) else path.name


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


STANDARD_PUBLIC = {"os._exit"}
"""Standard-library functions documented as public despite their leading underscore."""


def _target_names(target: ast.expr) -> set[str]:
    """The names an assignment target binds: plain names and attributes (``x._a = ...``)."""
    if isinstance(target, ast.Name):
        return {target.id}
    if isinstance(target, ast.Attribute):
        return {target.attr}
    if isinstance(target, (ast.Tuple, ast.List)):
        return set().union(*(_target_names(element) for element in target.elts))
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    return set()


def _defined_names(tree: ast.Module) -> set[str]:
    """The names a module defines: its defs and classes (at any depth), its module-level
    names, every attribute it assigns (``self._a = ...``, ``x._a = ...``), the entries of
    its ``__slots__`` and the fields of its classes (dataclasses, named tuples)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                names |= _target_names(target)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            names |= _target_names(node.target)
        if isinstance(node, ast.ClassDef):
            for statement in node.body:
                if isinstance(statement, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "__slots__" for t in statement.targets
                ):
                    names |= {
                        element.value
                        for element in ast.walk(statement.value)
                        if isinstance(element, ast.Constant) and isinstance(element.value, str)
                    }
    # module-level names bound by for/with/import (assignments are counted above)
    for statement in tree.body:
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in statement.names}
    return names


def _private_reaches(path: Path) -> list[tuple[str, int, str]]:
    """The private names ``path`` uses but does not define: (module, line, expression)."""
    tree = _tree(path)
    defined = _defined_names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue
            if node.attr not in defined and ast.unparse(node) not in STANDARD_PUBLIC:
                found.append((_rel(path), node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            for alias in node.names:
                if _private(alias.name):
                    found.append((_rel(path), node.lineno, f"from {module} import {alias.name}"))
    return found


def _all_reaches() -> list[tuple[str, int, str]]:
    return [reach for path in _modules() for reach in _private_reaches(path)]


def test_no_module_reaches_into_another_modules_private_names() -> None:
    reaches = [f"{module}:{line}: {expression}" for module, line, expression in _all_reaches()]
    assert reaches == [], "private names used outside their module:\n" + "\n".join(reaches)


def test_the_reach_check_finds_a_planted_reach(tmp_path: Path) -> None:
    module = tmp_path / "planted.py"
    module.write_text(
        "from .grid import _POS\n"
        "class Mine:\n"
        "    def __init__(self):\n"
        "        self._own = 1\n"
        "    def peek(self, game, other):\n"
        "        return self._own, other._own, game._market\n"
    )
    found = [expression for _module, _line, expression in _private_reaches(module)]
    assert found == ["from .grid import _POS", "game._market"]


def _functions(
    node: ast.AST, prefix: str = ""
) -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    found: list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]] = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.append((prefix + child.name, child))
            found += _functions(child, prefix + child.name + ".")
        elif isinstance(child, ast.ClassDef):
            found += _functions(child, prefix + child.name + ".")
        else:
            found += _functions(child, prefix)
    return found


def _oversize() -> dict[str, int]:
    """Every module over MAX_MODULE_LINES and function over MAX_FUNCTION_LINES, with its
    length in lines (a function from its ``def`` line to its last line)."""
    offenders = {}
    for path in _modules():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_MODULE_LINES:
            offenders[_rel(path)] = lines
        for name, function in _functions(_tree(path)):
            length = (function.end_lineno or function.lineno) - function.lineno + 1
            if length > MAX_FUNCTION_LINES:
                offenders[f"{_rel(path)}:{name}"] = length
    return offenders


def test_no_module_or_function_grows_too_long() -> None:
    oversize = _oversize()
    assert oversize == {}, (
        f"over {MAX_MODULE_LINES} lines per module or {MAX_FUNCTION_LINES} per function: {oversize}"
    )


ROOT = PACKAGE.parent
# a line a merge left unresolved: git's markers at a line's start
_MARKER = ("<<<<<<< ", ">>>>>>> ", "||||||| ")


def _unresolved(path: Path) -> list[int]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError:  # a picture or another binary file
        return []
    return [i for i, line in enumerate(lines, 1) if line.startswith(_MARKER)]


def test_no_tracked_file_keeps_a_merges_conflict_markers() -> None:
    """CSS, TypeScript and Markdown parse on past a merge's markers (a stylesheet drops
    the rule after each): the check is on every file git tracks, not only on Python."""
    import subprocess

    names = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    found = {n: _unresolved(ROOT / n) for n in names if (ROOT / n).is_file()}
    assert len(names) > 100
    assert {n: at for n, at in found.items() if at} == {}


def test_the_marker_check_finds_a_planted_marker(tmp_path: Path) -> None:
    css = tmp_path / "a.css"
    css.write_text(".a { x: 1; }\n<<<<<<< HEAD\n.b { y: 2; }\n=======\n>>>>>>> other\n")
    assert _unresolved(css) == [2, 5]
