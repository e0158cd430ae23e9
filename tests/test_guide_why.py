"""Each guided step says why its move is a good one, in the course's terms, and the
reason is true of the scripted position: asked here of the engine at that step (its
legal moves, the game with the move made), never copied from the script. The number a
sentence gives is read out of it and compared with the engine's."""

from __future__ import annotations

import re

from alhambra_widget.course.guide_alhambra import PLAYERS, alhambra_script
from alhambra_widget.course.guide_gardens import gardens_script
from alhambra_widget.engine.alhambra.actions import Buy, FromReserve, Place, Reserve, TakeMoney
from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.engine.gardens.game import GardensGame

SHORT = 120
"""The most characters a reason may have (it sits above the step's rules in the guide's box)."""


def _at_steps(script, game_class):
    """(the game just before each step, the step), the script replayed by the engine."""
    g = game_class(list(script.players), seed=script.seed)
    steps = {s.index: s for s in script.steps}
    for i, a in enumerate(script.actions):
        if i in steps:
            yield g.copy(), steps[i]
        g.apply(a)


def _num(pattern: str, text: str) -> tuple[int, ...]:
    m = re.search(pattern, text)
    assert m, (pattern, text)
    return tuple(int(x) for x in m.groups())


def _check_money(g: Game, a, said: str) -> None:
    legal = g.legal_actions()
    if isinstance(a, TakeMoney):  # R5: the most one take allows
        (n,) = _num(r"(\d+) is the most money one take allows", said)
        takes = [sum(c.value for c in t.cards) for t in legal if isinstance(t, TakeMoney)]
        assert n == sum(c.value for c in a.cards) == max(takes)
    elif g.is_exact(a):  # R6, R4: paid exactly
        assert "exact payment" in said and "turn goes on" in said
    else:  # R6: no exact payment for this slot, and the least one
        (n,) = _num(r"(\d+) is the least you can pay", said)
        same = [b for b in legal if isinstance(b, Buy) and b.currency == a.currency]
        assert not any(g.is_exact(b) for b in same)
        assert n == sum(a.pay) == min(sum(b.pay) for b in same)


def _check_build(g: Game, a, said: str) -> None:
    me = g.current_player.name
    after = g.copy()
    after.apply(a)
    if "wall" in said:  # R11: a longer wall
        w0, w1 = _num(r"longest wall from (\d+) to (\d+)", said)
        assert (w0, w1) == (
            g.player(me).alhambra.longest_wall(),
            after.player(me).alhambra.longest_wall(),
        )
        assert w1 > w0
    if "the most" in said:  # R10: the most tiles of the kind, Dirk counted
        (n,) = _num(r"the most \w+: (\d+)", said)
        counts = after.counts()
        kind = a.tile.kind
        assert n == counts[me][kind] > max(c[kind] for p, c in counts.items() if p != me)
    if "counts in scoring round" in said:  # R10: only built tiles count
        (k,) = _num(r"scoring round (\d)", said)
        assert k == g.next_scoring_round
    assert re.search(r"wall|the most|counts in scoring round", said)


def test_R4_R5_R6_R10_R11_each_alhambra_step_says_a_true_reason_its_move_is_good():
    script = alhambra_script()
    redesigns = [s.action.tile for s in script.steps if isinstance(s.action, FromReserve)]
    kinds = set()
    for g, s in _at_steps(script, Game):
        a, said = s.action, s.good
        assert said.startswith("Why: ") and len(said) <= SHORT, said
        if isinstance(a, (TakeMoney, Buy)):
            _check_money(g, a, said)
        elif isinstance(a, Reserve):  # R8: a later redesign builds it
            assert "redesign" in said and a.tile in redesigns
        else:
            assert isinstance(a, (Place, FromReserve))
            _check_build(g, a, said)
        kinds.add(type(a).__name__ + ("exact" if isinstance(a, Buy) and g.is_exact(a) else ""))
    assert {"TakeMoney", "Buyexact", "Buy", "Place", "Reserve", "FromReserve"} <= kinds


def test_G4_each_gardens_step_says_a_true_reason_its_lay_is_good():
    learner = PLAYERS[0]
    said_kinds = set()
    for g, s in _at_steps(gardens_script(), GardensGame):
        a, said = s.action, s.good
        assert said.startswith("Why: ") and len(said) <= SHORT, said
        mine = [sc for sc in g.preview(a) if sc.owner == learner]
        if "encloses" in said:  # the points the lay scores you, as the engine scores it
            (n,) = _num(r"(\d+) points for you", said)
            assert mine and n == sum(sc.points for sc in mine)
            for sc in mine:
                b = g.buildings[sc.building]
                assert f"the {b.kind} {b.value}" in said
            said_kinds.add("encloses")
        else:  # a building your trees face more of after the lay
            assert not mine
            kinds = g.player(learner).kinds
            m = re.search(r"now face the (\w+) (\d)", said)
            assert m, said
            faced = [
                b
                for b, bld in g.buildings.items()
                if (bld.kind, bld.value) == (m.group(1), int(m.group(2)))
                and sum(g.facing(b, a)[k] for k in kinds) > sum(g.facing(b)[k] for k in kinds)
            ]
            assert faced, said
            said_kinds.add("faces")
    assert said_kinds == {"encloses", "faces"}
