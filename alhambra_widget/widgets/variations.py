"""The variation tree of a game, as an analysis board keeps it: acting from a past step
branches off a new line instead of losing the old one.

A line is the list of actions from the setup; the lines share their common beginnings.
The first child of each node is its main continuation, so the main line is the one
that always takes the first child. Lines are numbered in that order (0 is the main
line). The game a :class:`~alhambra_widget.widgets.session.Session` plays is always one of them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.errors import GameError, MalformedInput
from ..views.contract import LineJson


class _Node:
    __slots__ = ("action", "children", "depth", "parent")

    def __init__(self, action: Any, parent: _Node | None):
        self.action = action
        self.parent = parent
        self.depth: int = 0 if parent is None else parent.depth + 1
        self.children: list[_Node] = []

    def child(self, action: Any) -> _Node | None:
        for c in self.children:
            if c.action == action:
                return c
        return None

    def path(self) -> list[Any]:
        out, n = [], self
        while n.parent is not None:
            out.append(n.action)
            n = n.parent
        return out[::-1]


class Variations:
    """The lines of one game. ``lines()`` lists them (each a list of actions),
    ``current`` is the one being played; see :class:`Line` for what a view shows."""

    def __init__(self, history: Sequence[Any] = ()):
        self.root = _Node(None, None)
        self.node = self.root  # the end of the line being played
        self.follow(history)

    # -- following the game ----------------------------------------------------------
    def follow(self, history: Sequence[Any]) -> None:
        """The game being played now has ``history``: make it a line (sharing what it
        can with the others) and the current one."""
        node = self.root
        for a in history:
            node = node.child(a) or self._add(node, a)
        self.node = node

    def extend(self, action: Any) -> None:
        """The line being played goes on with ``action`` (what :meth:`follow` would do
        for one more action, without walking the line from the start)."""
        self.node = self.node.child(action) or self._add(self.node, action)

    @staticmethod
    def _add(node: _Node, action: Any) -> _Node:
        child = _Node(action, node)
        node.children.append(child)
        return child

    def cut(self, step: int) -> None:
        """Take back the current line after ``step`` actions (an undo): that part of it,
        with any line that branches off there, is deleted."""
        path = self._nodes(self.node)
        if step < len(path):
            gone = path[step]
            gone.parent.children.remove(gone)  # type: ignore[union-attr]
            self.node = gone.parent  # type: ignore[assignment]

    @staticmethod
    def _nodes(end: _Node) -> list[_Node]:
        out, n = [], end
        while n.parent is not None:
            out.append(n)
            n = n.parent
        return out[::-1]

    # -- reading ---------------------------------------------------------------------
    def _leaves(self) -> list[_Node]:
        out: list[_Node] = []

        def walk(n: _Node) -> None:
            if not n.children:
                out.append(n)
            for c in n.children:
                walk(c)

        walk(self.root)
        return out

    def lines(self) -> list[list[Any]]:
        """Every line, the main line first."""
        return [n.path() for n in self._leaves()]

    @property
    def current(self) -> int:
        """The number of the line being played (its end, or a line that goes on from it)."""
        n = self.node
        while n.children:
            n = n.children[0]
        return self._leaves().index(n)

    def describe(self) -> list[LineJson]:
        """Per line: its number, length, the step where it leaves the line it branches
        from (0 for the main line) and whether it is being played."""
        out: list[LineJson] = []
        cur = self.current
        for i, leaf in enumerate(self._leaves()):
            nodes = self._nodes(leaf)
            fork = 0
            for depth, n in enumerate(nodes):
                if n.parent is not None and n.parent.children[0] is not n:
                    fork = depth
            out.append({"line": i, "steps": len(nodes), "from": fork, "current": i == cur})
        return out

    def __len__(self) -> int:
        return len(self._leaves())

    def __repr__(self) -> str:
        return f"<Variations: {len(self)} lines, playing line {self.current}>"

    # -- editing ---------------------------------------------------------------------
    def _leaf(self, i: int) -> _Node:
        leaves = self._leaves()
        if type(i) is not int or not 0 <= i < len(leaves):
            raise MalformedInput(f"There are lines 0 to {len(leaves) - 1}, not {i!r}.")
        return leaves[i]

    def line(self, i: int) -> list[Any]:
        """The actions of line ``i`` from the setup (an unknown line is MalformedInput)."""
        return self._leaf(i).path()

    def promote(self, i: int) -> None:
        """Make line ``i`` the main line (each of its nodes becomes the first child)."""
        for n in self._nodes(self._leaf(i)):
            siblings = n.parent.children  # type: ignore[union-attr]
            siblings.remove(n)
            siblings.insert(0, n)

    def delete(self, i: int) -> None:
        """Delete line ``i`` from the step where it branches off. The line being played
        cannot be deleted (switch to another first); nor can the only line."""
        leaf = self._leaf(i)
        if i == self.current:
            raise GameError("This is the line being played: switch to another line first.")
        n = leaf
        while n.parent is not None and len(n.parent.children) == 1:
            n = n.parent
        if n.parent is None:
            raise GameError("The only line cannot be deleted.")
        n.parent.children.remove(n)

    # -- JSON --------------------------------------------------------------------------
    def to_data(self, action_json: Callable[[Any], Any]) -> Any:
        """The tree as plain data: ``[action, children...]`` lists from the setup."""

        def walk(n: _Node) -> list[Any]:
            return [None if n.parent is None else action_json(n.action), *map(walk, n.children)]

        return walk(self.root)

    @classmethod
    def from_data(
        cls, data: Any, action_from_json: Callable[[Any], Any], current: Sequence[Any]
    ) -> Variations:
        """Rebuild a tree from :meth:`to_data` (actions read by ``action_from_json``), playing the
        line of ``current``; a malformed tree is MalformedInput."""
        v = cls()

        def walk(item: Any, node: _Node) -> None:
            if not isinstance(item, list) or not item:
                raise MalformedInput("A variation is a list: [action, children...].")
            for sub in item[1:]:
                if not isinstance(sub, list) or not sub:
                    raise MalformedInput("A variation is a list: [action, children...].")
                child = _Node(action_from_json(sub[0]), node)
                node.children.append(child)
                walk(sub, child)

        walk(data, v.root)
        v.follow(current)
        return v

    def to_json(self, action_json: Callable[[Any], Any]) -> str:
        """The tree as compact JSON (:meth:`to_data`)."""
        return json.dumps(self.to_data(action_json), separators=(",", ":"))
