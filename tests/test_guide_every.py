"""The guided first games: the learner makes every one of their own moves. Each action
of the learner's in both scripts is a guided step (the table plays only Ben's); each
rule's explanation is said exactly once, at the first step where the engine shows the
rule happening; later steps stay short; a wrong click at any step, through the page,
is refused and changes nothing; the stars come only at the end (R13: the seed and the
actions replay the game)."""

from __future__ import annotations

import statistics

import pytest

from alhambra_widget.course.guide_alhambra import WHY, GuidedGame, alhambra_script
from alhambra_widget.course.guide_gardens import WHY as GARDENS_WHY
from alhambra_widget.course.guide_gardens import GuidedGardens, gardens_script, shows
from alhambra_widget.course.lessons import Progress
from alhambra_widget.engine.alhambra.actions import Buy, FromReserve, Place, Reserve, TakeMoney
from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.engine.gardens.game import GardensGame

SHORT = 200
"""The most characters a later step (one that explains no rule for the first time and
walks through no scoring round) may put in the guide's region: its reason and an aside
together. At 1366x768 the Alhambra's guide region (the side column, about
265 px of 13 px text) holds about 45 characters a line, the Gardens' about 60: 200
characters are at most about four short lines there, under the board's top row of
cards, so the marked thing stays in view without scrolling the guide."""

DO = 210
"""The most characters of a step's bold line (the bar, which shows three lines of about
150 characters at 1366x768)."""

SCRIPTS = [(alhambra_script, Game), (gardens_script, GardensGame)]


def _replay(script, game_class):
    """(the game just before each action, the action), replayed by the engine."""
    g = game_class(list(script.players), seed=script.seed)
    for a in script.actions:
        yield g.copy(), a
        g.apply(a)


@pytest.mark.parametrize("make,game_class", SCRIPTS)
def test_every_action_of_the_learner_is_a_guided_step(make, game_class):
    script = make()
    learner = script.players[0]
    mine = [
        i
        for i, (g, _) in enumerate(_replay(script, game_class))
        if g.current_player.name == learner
    ]
    assert [s.index for s in script.steps] == mine  # none played by the table
    assert [s.action for s in script.steps] == [script.actions[i] for i in mine]
    assert not [s for s in script.steps if "played for you" in s.note + s.why]


@pytest.mark.parametrize("cls", [GuidedGame, GuidedGardens])
def test_the_table_plays_only_the_others_moves_and_waits_for_each_of_yours(cls, tmp_path):
    """Through the widget: at every step the game waits at the learner's turn, at the
    step's own index, and the stars are recorded only once the last step is made."""
    w = cls(progress=tmp_path / "p.json")
    steps = w.script.steps
    for k, s in enumerate(steps):
        assert w.game.current_player.name == w.learner and len(w.game.history) == s.index
        assert Progress(tmp_path / "p.json").stars.get(cls.LESSON_ID, 0) == 0, k
        w.play_step()
    assert w.game.is_over and w.finished
    assert Progress(tmp_path / "p.json").stars[cls.LESSON_ID] == 3


def _alhambra_firsts(script):
    """The step where each rule first happens, as the engine shows it (not as the script
    labels it): the move's own kind, the first step after a scoring round, Dirk's name
    first said."""
    firsts: dict[str, int] = {}
    steps = {s.index: k for k, s in enumerate(script.steps)}
    for i, (g, a) in enumerate(_replay(script, Game)):
        if i not in steps:
            continue
        k = steps[i]
        if g.phase == "gift":
            kind = "gift"
        elif isinstance(a, TakeMoney):
            kind = "take"
        elif isinstance(a, Buy):
            kind = "exact" if g.is_exact(a) else "buy"
        elif isinstance(a, FromReserve):
            kind = "redesign"
        elif isinstance(a, Reserve):
            kind = "reserve"
        else:
            assert isinstance(a, Place)
            kind = "place"
        firsts.setdefault(kind, k)
        if g.rounds:
            firsts.setdefault("scoring", k)
    return firsts


def test_R1_to_R12_each_alhambra_rule_is_explained_once_at_the_first_step_it_happens():
    script = alhambra_script()
    whys = [s.why for s in script.steps]
    firsts = _alhambra_firsts(script)
    assert set(firsts) >= set(WHY) | {"scoring"}
    for kind, (text, _) in WHY.items():
        at = [k for k, w in enumerate(whys) if text in w]
        assert at == [firsts[kind]], (kind, at, firsts[kind])
    scoring = [k for k, w in enumerate(whys) if "only the first place of each kind" in w]
    assert scoring == [firsts["scoring"]]
    # the set-up at the first step only; Dirk where the guide first names him (R3)
    assert [k for k, w in enumerate(whys) if "Set-up" in w] == [0]
    named = [k for k, s in enumerate(script.steps) if "Dirk" in s.good + " ".join(s.before)]
    assert [k for k, w in enumerate(whys) if "imaginary" in w] == [named[0]]
    # a scoring round's walkthrough is said at the step after each round, and only there
    # (a round scored by the learner's own move or by Ben's since the last step)
    g = Game(list(script.players), seed=script.seed)
    rounds = 0
    for s in script.steps:
        while len(g.history) < s.index:
            g.apply(script.actions[len(g.history)])
        assert bool(s.walk) == (len(g.rounds) > rounds), s.index
        rounds = len(g.rounds)
        g.apply(s.action)


def test_G1_to_G5_each_gardens_rule_is_explained_once_at_the_first_lay_it_happens():
    script = gardens_script()
    whys = [s.why for s in script.steps]
    games = [g for g, _ in _replay(script, GardensGame)]
    shown = [shows(games[s.index].preview(s.action)) for s in script.steps]
    for kind in ("several", "nobody", "tie", "other"):
        first = next(k for k, sh in enumerate(shown) if kind in sh)
        at = [k for k, w in enumerate(whys) if GARDENS_WHY[kind][0] in w]
        assert at == [first], (kind, at, first)
    encloses = next(k for k, s in enumerate(script.steps) if games[s.index].preview(s.action))
    assert [k for k, w in enumerate(whys) if GARDENS_WHY["scoring"][0] in w] == [encloses]
    assert [k for k, w in enumerate(whys) if GARDENS_WHY["first"][0] in w] == [0]
    assert [k for k, w in enumerate(whys) if GARDENS_WHY["draw"][0] in w] == [1]
    last = [k for k, s in enumerate(script.steps) if not games[s.index].supply]
    assert (
        [k for k, w in enumerate(whys) if "highest total wins (G5)" in w] == last == [len(whys) - 1]
    )


@pytest.mark.parametrize("make", [alhambra_script, gardens_script])
def test_later_steps_are_short_and_no_paragraph_is_said_twice(make):
    script = make()
    later = [s for s in script.steps if not s.events and not s.walk]
    assert len(later) >= len(script.steps) // 2
    for s in later:
        said = " ".join(x for x in (s.note, s.why, s.good) if x)
        assert len(said) <= SHORT, (s.index, said)
    for s in script.steps:
        assert len(s.do) <= DO and ("\u25b6" in s.do) == bool(s.marks), s.do
        assert len(s.good) <= 120, s.good
    # every sentence of more than a short line is said at one step only
    sentences = [x for s in script.steps for x in s.why.split(". ") if len(x) > 70]
    assert len(sentences) == len(set(sentences))


def test_the_steps_figures_for_the_record():
    """The figures the guide's text has (printed with -s): steps per game, and the
    length of what each step puts in the guide's region."""
    for make in (alhambra_script, gardens_script):
        script = make()
        sizes = [len(" ".join(x for x in (s.note, s.why, s.good) if x)) for s in script.steps]
        print(
            make.__name__,
            len(script.steps),
            "steps; guide text max",
            max(sizes),
            "median",
            statistics.median(sizes),
        )
        assert len(script.steps) >= 15


def _wrong_page_moves(w):
    """Moves other than the step's: a legal one when there is one, and an illegal one
    (the step's move of another step, when the engine refuses it now)."""
    out = [a for a in w.game.legal_actions() if a != w.expected][:1]
    out += [s.action for s in w.script.steps if w.game.why_illegal(s.action) is not None][:1]
    return out


@pytest.mark.parametrize("cls", [GuidedGame, GuidedGardens])
def test_a_wrong_click_through_the_page_at_any_step_is_refused_and_changes_nothing(cls, tmp_path):
    w = cls(progress=tmp_path / "p.json")
    tried = 0
    while w.expected is not None:
        for bad in _wrong_page_moves(w):
            before, k = w.game.to_json(), w.step_number
            w._on_msg(w, {"kind": "act", "action": bad.to_json(), "v": w._v}, [])
            assert w.game.to_json() == before and w.step_number == k
            said = w.view["guide"]["said"]
            assert said.startswith("Not that one") and w.current_step.do in said
            tried += 1
        w._on_msg(w, {"kind": "act", "action": w.expected.to_json(), "v": w._v}, [])
        assert w.view["guide"]["said"] == ""
    assert w.finished and tried >= len(w.script.steps)
