"""TypedDicts as a contract with a TypeScript front end: the TypeScript types of a module
of declarations (:func:`typescript`), and a check that a JSON value is what a declared
type says (:func:`check`, for the tests).

:func:`typescript` reads the module's source: each public ``TypedDict`` class becomes an
``interface`` (its public bases ``extends``, its private bases' fields folded in, the
fields of a ``total=False`` part optional), each public type alias a ``type``, each
docstring a doc comment. It knows the types a JSON value can have: ``str``, ``int``,
``float``, ``bool``, ``None``, ``list``, ``dict[str, ...]``, ``tuple[...]``
(fixed length), ``Literal``, unions, and the module's own names.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import types
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

BUILTINS = {
    "str": "string",
    "int": "number",
    "float": "number",
    "bool": "boolean",
    "None": "null",
    "object": "unknown",
}

HEADER = """// The page contract's types, generated from {source} by
//   python -m {module} --typescript > js/src/contract.ts
// Do not edit: change the Python declarations and generate this file again
// (`bash run.sh check` fails while it is out of date).
"""


def _doc(node: ast.stmt | None) -> str | None:
    if (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    ):
        return inspect.cleandoc(node.value.value).replace("``", "`")
    return None


def _comment(doc: str | None, indent: str = "") -> list[str]:
    if not doc:
        return []
    lines = doc.replace("*/", "* /").splitlines()
    if len(lines) == 1:
        return [f"{indent}/** {lines[0]} */"]
    return [f"{indent}/**", *(f"{indent} * {line}".rstrip() for line in lines), f"{indent} */"]


class _Writer:
    """Renders the declarations of one module's syntax tree."""

    def __init__(self, tree: ast.Module):
        self.body = tree.body
        self.names: set[str] = set()
        self.classes: dict[str, ast.ClassDef] = {}
        for node in self.body:
            if isinstance(node, ast.ClassDef):
                self.classes[node.name] = node
                self.names.add(node.name)
            elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
                self.names.add(node.targets[0].id)

    def type(self, e: ast.expr) -> str:
        """The TypeScript of a type expression."""
        if isinstance(e, ast.Constant):
            if e.value is None:
                return "null"
            if isinstance(e.value, bool):
                return "true" if e.value else "false"
            if isinstance(e.value, (str, int)):
                return repr(e.value).replace("'", '"') if isinstance(e.value, str) else str(e.value)
        if isinstance(e, ast.Name):
            if e.id in BUILTINS:
                return BUILTINS[e.id]
            if e.id in self.names:
                return e.id
        if isinstance(e, ast.BinOp) and isinstance(e.op, ast.BitOr):
            return f"{self.type(e.left)} | {self.type(e.right)}"
        if isinstance(e, ast.Subscript) and isinstance(e.value, ast.Name):
            args = list(e.slice.elts) if isinstance(e.slice, ast.Tuple) else [e.slice]
            kind = e.value.id
            if kind == "list":
                inner = self.type(args[0])
                return f"({inner})[]" if "|" in inner else f"{inner}[]"
            if kind == "dict":
                return f"Record<{self.type(args[0])}, {self.type(args[1])}>"
            if kind == "tuple":
                return "[" + ", ".join(self.type(a) for a in args) + "]"
            if kind in ("Literal", "Union"):
                return " | ".join(self.type(a) for a in args)
        raise ValueError(f"line {e.lineno}: no TypeScript for {ast.unparse(e)!r}")

    def fields(
        self, items: Sequence[tuple[str, ast.expr, str | None]], optional: bool
    ) -> list[str]:
        out = []
        for name, ann, doc in items:
            out += _comment(doc, "  ")
            out.append(f"  {name}{'?' if optional else ''}: {self.type(ann)};")
        return out

    @staticmethod
    def _total(keywords: list[ast.keyword]) -> bool:
        return not any(
            k.arg == "total" and isinstance(k.value, ast.Constant) and k.value.value is False
            for k in keywords
        )

    def class_fields(self, node: ast.ClassDef) -> list[tuple[str, ast.expr, str | None]]:
        items = []
        for i, st in enumerate(node.body):
            if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                after = node.body[i + 1] if i + 1 < len(node.body) else None
                items.append((st.target.id, st.annotation, _doc(after)))
        return items

    def interface(self, node: ast.ClassDef, doc: str | None) -> list[str]:
        bases = [b.id for b in node.bases if isinstance(b, ast.Name) and b.id != "TypedDict"]
        public = [b for b in bases if not b.startswith("_")]
        lines: list[str] = []
        for b in bases:  # a private base (a part that is sometimes absent) is folded in
            if b.startswith("_"):
                base = self.classes[b]
                lines += self.fields(self.class_fields(base), not self._total(base.keywords))
        lines += self.fields(self.class_fields(node), not self._total(node.keywords))
        head = f"export interface {node.name}{' extends ' + ', '.join(public) if public else ''} {{"
        return [*_comment(doc), head, *lines, "}"]

    def functional(self, name: str, call: ast.Call, doc: str | None) -> list[str]:
        spec = call.args[1]
        assert isinstance(spec, ast.Dict)
        items = [
            (ast.literal_eval(k), v, None) for k, v in zip(spec.keys, spec.values) if k is not None
        ]
        lines = self.fields(items, not self._total(call.keywords))
        return [*_comment(doc), f"export interface {name} {{", *lines, "}"]

    def render(self) -> list[str]:
        out: list[str] = []
        for i, node in enumerate(self.body):
            doc = _doc(self.body[i + 1]) if i + 1 < len(self.body) else None
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                out += ["", *self.interface(node, _doc(node.body[0]))]
            elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
                name = node.targets[0].id
                if name.startswith("_"):
                    continue
                v = node.value
                if (
                    isinstance(v, ast.Call)
                    and isinstance(v.func, ast.Name)
                    and v.func.id == "TypedDict"
                ):
                    out += ["", *self.functional(name, v, doc)]
                else:
                    out += ["", *_comment(doc), f"export type {name} = {self.type(v)};"]
        return out


def typescript(package: str) -> str:
    """The TypeScript types of the declarations in ``package``'s modules (its
    ``MODULES``, in that order; their sources are read)."""
    pkg = importlib.import_module(package)
    body = []
    for name in pkg.MODULES:
        body += ast.parse(inspect.getsource(importlib.import_module(f"{package}.{name}"))).body
    where = package.replace(".", "/") + "/"
    lines = _Writer(ast.Module(body=body, type_ignores=[])).render()
    return HEADER.format(source=where, module=package) + "\n".join(lines) + "\n"


# -- the check of a value --------------------------------------------------------------

_HINTS: dict[type, dict[str, Any]] = {}


def _hints(td: type) -> dict[str, Any]:
    if td not in _HINTS:
        _HINTS[td] = typing.get_type_hints(td)
    return _HINTS[td]


def _name(tp: Any) -> str:
    return getattr(tp, "__name__", None) or repr(tp)


def check(tp: Any, value: object, path: str = "value") -> None:
    """Raise ``TypeError`` naming the first place where ``value`` (JSON: lists, tuples,
    dicts, strings, numbers, booleans, None) is not what ``tp`` declares. A dict of a
    ``TypedDict`` type must hold its required keys and no key it does not declare."""
    origin = typing.get_origin(tp)
    if tp is typing.Any or tp is object:
        return
    if typing.is_typeddict(tp):
        _check_typeddict(tp, value, path)
    elif origin is typing.Union or origin is types.UnionType:
        _check_union(typing.get_args(tp), value, path)
    elif origin is typing.Literal:
        args = typing.get_args(tp)
        if not any(value == a and type(value) is type(a) for a in args):
            raise TypeError(f"{path}: {value!r} is not one of {list(args)}")
    elif origin is list or origin is tuple:
        _check_array(origin, typing.get_args(tp), value, path)
    elif origin is dict:
        if not isinstance(value, dict):
            raise TypeError(f"{path}: {type(value).__name__} is not a dict")
        key, item = typing.get_args(tp)
        for k, v in value.items():
            check(key, k, f"{path} key")
            check(item, v, f"{path}[{k!r}]")
    else:
        _check_scalar(tp, value, path)


def _check_typeddict(tp: Any, value: object, path: str) -> None:
    if not isinstance(value, dict):
        raise TypeError(f"{path}: {type(value).__name__} is not a {_name(tp)}")
    hints = _hints(tp)
    missing = set(tp.__required_keys__) - set(value)
    extra = set(value) - set(hints)
    if missing or extra:
        raise TypeError(
            f"{path}: a {_name(tp)} without {sorted(missing)}, with undeclared {sorted(extra)}"
        )
    for k, v in value.items():
        check(hints[k], v, f"{path}.{k}")


def _check_union(members: tuple[Any, ...], value: object, path: str) -> None:
    errors = []
    for member in members:
        try:
            check(member, value, path)
            return
        except TypeError as e:
            errors.append(str(e))
    raise TypeError(f"{path}: none of {' | '.join(map(_name, members))}: " + "; ".join(errors))


def _check_array(origin: Any, args: tuple[Any, ...], value: object, path: str) -> None:
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"{path}: {type(value).__name__} is not a list")
    if origin is tuple and len(value) != len(args):
        raise TypeError(f"{path}: {len(value)} items, not {len(args)}")
    for i, v in enumerate(value):
        check(args[i] if origin is tuple else args[0], v, f"{path}[{i}]")


def _check_scalar(tp: Any, value: object, path: str) -> None:
    if tp is None or tp is type(None):
        ok = value is None
    elif tp is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif tp is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(tp, type):
        ok = isinstance(value, tp)
    else:
        raise TypeError(f"{path}: no check for {tp!r}")
    if not ok:
        raise TypeError(f"{path}: {value!r} is not a {_name(tp)}")


def main(package: str, argv: Sequence[str]) -> int:
    """``--typescript``: print the TypeScript types of ``package``; ``--check FILE``: exit 1
    unless ``FILE`` holds exactly them."""
    text = typescript(package)
    if list(argv) == ["--typescript"]:
        print(text, end="")
        return 0
    if len(argv) == 2 and argv[0] == "--check":
        if Path(argv[1]).read_text() == text:
            return 0
        print(f"{argv[1]} is out of date: run  python -m {package} --typescript > {argv[1]}")
        return 1
    print(f"usage: python -m {package} --typescript | --check FILE")
    return 2
