"""The page contract (alhambra_widget/views/contract/): the TypeScript file generated from
it is up to date, the views the widgets build are what it declares (checked value by
value at run time, a second route beside mypy's reading of the builders), and the
intents, traits and actions it declares are those the widgets and the engine have."""

from __future__ import annotations

import json
import typing
from pathlib import Path

import pytest
import traitlets

from alhambra_widget import AlhambraWidget, CourseWidget, GardensWidget, SandboxWidget
from alhambra_widget.views import contract
from alhambra_widget.views.typed_json import check, typescript

ROOT = Path(__file__).resolve().parent.parent
TS = ROOT / "js" / "src" / "contract.ts"


def viewed(tp: object, w: object) -> None:
    """``w``'s view, as the page gets it (JSON), is a ``tp``."""
    check(tp, json.loads(json.dumps(w.view)), type(w).__name__)  # type: ignore[attr-defined]


def test_the_typescript_types_are_generated_from_the_python_declarations():
    assert TS.read_text() == typescript("alhambra_widget.views.contract"), (
        "js/src/contract.ts is out of date: python -m alhambra_widget.views.contract --typescript > js/src/contract.ts"
    )


def test_a_renamed_field_changes_the_typescript_and_fails_the_check():
    # the generator reads the declarations: a field of another name is another file
    text = TS.read_text()
    assert "export interface GameView extends GameState, SessionFields {" in text
    assert "\n  hint_allowed: boolean;\n" in text and "\n  legal: LegalJson | null;\n" in text
    with pytest.raises(TypeError, match=r"undeclared \['hint_allowd'\]"):
        w = AlhambraWidget(players=["Ann", "Ben"], seed=1)
        view = json.loads(json.dumps(w.view))
        view["hint_allowd"] = view.pop("hint_allowed")
        check(contract.GameView, view, "view")


@pytest.mark.parametrize("players", [["You", "Ben"], ["You", "Ben", "Cem", "Dan"]])
def test_every_view_of_a_whole_alhambra_game_is_what_the_contract_declares(players):
    w = AlhambraWidget(players=players, seed=7, seats={n: "greedy" for n in players[1:]})
    w.autoplay_bots = False
    g = w.game
    k = 0
    while not g.is_over:
        viewed(contract.GameView, w)
        if g.current_player.name == "You":
            legal = g.legal_actions()
            g.apply(legal[k % len(legal)])
            k += 1
        else:
            w.session.bot_step()
    viewed(contract.GameView, w)
    w.goto(3)  # a past step
    viewed(contract.GameView, w)
    w.last()
    w._on_msg(w, {"kind": "sandbox", "player": 0}, [])
    assert w.view["sandbox"]
    viewed(contract.GameView, w)
    mine = next(i for i, (who, _) in enumerate(g.movers) if who == 0 and i > 0)  # a step of yours
    w._on_msg(w, {"kind": "goto", "step": mine}, [])
    w.act(w.session.shown().legal_actions()[-1], resolve="branch")  # two lines
    w._on_msg(w, {"kind": "line", "do": "compare", "line": 0}, [])
    assert w.view["compare"] and len(w.view["lines"]) == 2
    viewed(contract.GameView, w)


def test_every_view_of_a_gardens_game_and_the_sandbox_is_what_the_contract_declares():
    w = GardensWidget(
        players=["You", "Ben", "Cem"], seed=3, seats={"Ben": "greedy", "Cem": "greedy"}
    )
    w.autoplay_bots = False
    g = w.game
    while not g.is_over:
        viewed(contract.GardensView, w)
        if g.current_player.name == "You":
            g.apply(g.legal_actions()[-1])
        else:
            w.session.bot_step()
    viewed(contract.GardensView, w)
    s = SandboxWidget()
    s.place("tower 11", (1, 0))
    viewed(contract.SandboxView, s)


def test_every_lesson_of_the_course_is_drawn_as_the_contract_declares(tmp_path):
    c = CourseWidget(progress=tmp_path / "progress.json")
    for les in c.lessons:
        c.goto(les.id)
        viewed(contract.CourseView, c)
        c.hint()
        for step in les.solutions()[:1]:
            for answer in step:
                c.answer(answer)
        viewed(contract.CourseView, c)


def test_the_intents_declared_are_those_the_widgets_handle():
    from alhambra_widget.course.coach import CoachedGame, CoachedGardens
    from alhambra_widget.course.guide_alhambra import GuidedGame
    from alhambra_widget.course.guide_gardens import GuidedGardens

    declared = set()
    for member in typing.get_args(contract.Intent):
        declared |= set(typing.get_args(typing.get_type_hints(member)["kind"]))
    handled = set()
    for cls in (
        AlhambraWidget,
        GardensWidget,
        SandboxWidget,
        CourseWidget,
        CoachedGame,
        CoachedGardens,
        GuidedGame,
        GuidedGardens,
    ):
        assert set(cls.INTENTS) <= declared, (cls.__name__, set(cls.INTENTS) - declared)
        handled |= set(cls.INTENTS)
    assert handled == declared


def test_the_traits_declared_are_those_the_widgets_sync():
    from alhambra_widget.course.coach import CoachedGame

    hints = typing.get_type_hints(contract.Traits)
    kinds = {
        bool: traitlets.Bool,
        int: traitlets.Int,
        float: traitlets.Float,
        str: traitlets.Unicode,
    }
    synced = set()
    for cls in (AlhambraWidget, GardensWidget, SandboxWidget, CourseWidget, CoachedGame):
        for name, trait in cls.class_traits(sync=True).items():
            if name.startswith("_") or name in (
                "layout",
                "tabbable",
                "tooltip",
                "comm",
                "keys",
                "log",
            ):
                continue  # anywidget's and ipywidgets' own
            synced.add(name)
            assert name in hints, f"{cls.__name__}.{name} is synced but not declared in Traits"
            want = kinds.get(hints[name], traitlets.Dict)
            assert isinstance(trait, want), (name, trait, want)
    assert synced == set(hints), set(hints) - synced


def test_the_actions_declared_are_the_engines_as_it_writes_them():
    from alhambra_widget.engine.alhambra import actions
    from alhambra_widget.engine.alhambra.components import Card, Tile
    from alhambra_widget.engine.gardens.lays import Lay

    declared = set()
    for member in typing.get_args(contract.ActionJson):
        declared |= set(typing.get_args(typing.get_type_hints(member)["type"]))
    engine = {
        c.type
        for c in vars(actions).values()
        if isinstance(c, type) and issubclass(c, actions.Action) and c.type
    }
    assert declared == (engine - {"edit"}) | {"lay"}  # an edit is Python's, never the page's
    t = Tile.parse("tower 9 NE")
    for a in (
        actions.TakeMoney((Card("denar", 3),)),
        actions.Buy("denar", (3, 4)),
        actions.Place(t, (1, 0)),
        actions.FromReserve(t, (1, 0)),
        actions.Exchange(t, (1, 0)),
        actions.Reserve(t),
        actions.GiveToDirk(t),
        actions.ToReserve((1, 0)),
        actions.Pass(),
        Lay("G01", (2, 2), 1),
    ):
        check(contract.ActionJson, a.to_json(), str(a))


def test_the_check_names_the_first_place_a_value_differs():
    ok = {"player": 1, "text": "Ben took denar 3.", "marks": {"cards": [["denar", 3]]}}
    check(contract.RecentJson, ok)
    bad = [
        ({**ok, "player": "1"}, r"value\.player: '1' is not a int"),
        ({**ok, "player": True}, r"value\.player: True is not a int"),
        ({"player": 1, "text": "x"}, r"without \['marks'\]"),
        (
            {**ok, "marks": {"cards": [["denar", 3, 1]]}},
            r"value\.marks\.cards\[0\]: 3 items, not 2",
        ),
        ({**ok, "marks": {"slots": "denar"}}, r"undeclared \['slots'\]"),
    ]
    for value, message in bad:
        with pytest.raises(TypeError, match=message):
            check(contract.RecentJson, value)
    with pytest.raises(TypeError, match="is not one of"):
        check(contract.LineIntent, {"kind": "line", "do": "swap", "line": 1})


def test_the_guided_games_views_follow_the_contract(tmp_path):
    from alhambra_widget.course.guide_alhambra import GuidedGame
    from alhambra_widget.course.guide_gardens import GuidedGardens

    for cls, tp in ((GuidedGame, contract.GameView), (GuidedGardens, contract.GardensView)):
        w = cls(progress=tmp_path / "p.json")
        viewed(tp, w)  # a step, with its marks
        while w.expected is not None:
            w.play_step()
        viewed(tp, w)  # the end
