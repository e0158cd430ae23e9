"""The search panels' JSON for the page: a hint's moves, a review's decisions and graph.

The players' objects write their own JSON (``to_dict``); it is checked here against the
page contract (:mod:`.contract`) as it crosses into a view, so a field renamed there
fails at once, with its place named, instead of reaching the page. (A search ends with
one of these, not every step: the check costs nothing the board waits for.)
"""

from __future__ import annotations

from typing import cast

from ..players.ismcts import Decision, Hint
from ..players.review_graph import ReviewGraph
from .contract import DecisionJson, GraphJson, HintJson, HintMove, Marks
from .typed_json import check


def hint_move(hint: Hint, marks: Marks) -> HintMove:
    """A hint's move (:meth:`Hint.to_dict`) with where it shows on the table."""
    data = hint.to_dict()
    check(HintJson, data, "hint")
    return {**cast(HintJson, data), "marks": marks}


def decision_json(decision: Decision) -> DecisionJson:
    """A weighed decision (:meth:`Decision.to_dict`)."""
    data = decision.to_dict()
    check(DecisionJson, data, "decision")
    return cast(DecisionJson, data)


def graph_json(graph: ReviewGraph) -> GraphJson:
    """A review's graph (:meth:`ReviewGraph.to_dict`)."""
    data = graph.to_dict()
    check(GraphJson, data, "graph")
    return cast(GraphJson, data)
