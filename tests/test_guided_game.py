"""The guided first games: a scripted game on the real table, played here to its end
through the Python API and through the page's intents. Every step is legal by the
engine (R13: the seed and the actions replay the game); every rule event the course
promises happens, checked against the engine's own state, not against the script's
labels; a wrong move is refused with a sentence naming the step, and the game is
left as it was."""

from __future__ import annotations

import re

import pytest

from alhambra_widget.course import catalog
from alhambra_widget.course.guide_alhambra import GuidedGame, alhambra_script
from alhambra_widget.course.guide_gardens import GuidedGardens, gardens_script
from alhambra_widget.course.lessons import Progress
from alhambra_widget.engine.alhambra.actions import Buy, FromReserve, Place, Reserve, TakeMoney
from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.engine.alhambra.narration import where
from alhambra_widget.engine.errors import GameError
from alhambra_widget.engine.gardens.game import GardensGame, Lay

RULING = re.compile(r"\b(R\d+[a-d]?|G\d)\b")


def _wrong(game, expected):
    """A legal move of the position other than the guide's (the learner's slip)."""
    return next(a for a in game.legal_actions() if a != expected)


def _play_through(w, wrong_every_step=True):
    """Play the guided game to its end; at every step first try a wrong legal move,
    which must be refused with the step's instruction and change nothing. Returns what
    the engine saw at each step: (game before, action, events)."""
    seen = []
    while w.expected is not None:
        g = w.game
        a = w.expected
        assert g.why_illegal(a) is None, (len(g.history), a)  # legal by the engine
        if wrong_every_step and len(g.legal_actions()) > 1:
            before = g.to_json()
            with pytest.raises(GameError) as e:
                w.act(_wrong(g, a))
            assert w.current_step.do in str(e.value)  # says what to do instead
            assert w.game.to_json() == before  # untouched
        copy = g.copy()
        events = w.act(a)
        seen.append((copy, a, events))
    assert w.game.is_over and w.finished
    return seen


def _cited(w):
    text = " ".join(s.why + " ".join(s.before) for s in w.script.steps) + w.script.end
    return set(RULING.findall(text))


def test_R1_to_R12_the_alhambra_guided_game_plays_to_its_end_and_meets_every_rule(tmp_path):
    w = GuidedGame(progress=tmp_path / "p.json")
    assert w.game.current_player.name == "You" and not w.game.history  # you start (R2)
    seen = _play_through(w)
    # each rule event happened at a step the learner played, as the engine says
    assert any(isinstance(a, TakeMoney) for _, a, _ in seen)  # R5
    assert any(isinstance(a, Buy) and g.is_exact(a) for g, a, _ in seen)  # R4, R6
    assert any(isinstance(a, Place) and g.phase == "place" for g, a, _ in seen)  # R7, R9
    assert any(isinstance(a, Reserve) for _, a, _ in seen)  # R9
    assert any(isinstance(a, FromReserve) for _, a, _ in seen)  # R8: a redesign
    assert any(g.rounds for g, _, _ in seen)  # a step after a scoring round (R10)
    gifts = [(g, a) for g, a, _ in seen if g.phase == "gift"]  # R12: tiles handed out
    assert gifts and all(a.tile in g.current_player.bought for g, a in gifts)
    assert len(w.game.rounds) == 3 and w.game.winners  # the end (R12)
    assert set(w.script.events) >= {
        "setup",
        "take",
        "exact",
        "place",
        "reserve",
        "redesign",
        "scoring",
        "end",
        "gift",
    }
    assert {f"R{i}" for i in range(1, 13)} <= _cited(w)
    # the guide's end names the engine's winners
    assert " and ".join(w.game.winners) in w.view["guide"]["why"]
    assert Progress(tmp_path / "p.json").stars["guided-game"] == 3


def test_G1_to_G5_the_gardens_guided_game_plays_to_its_end_and_meets_every_rule(tmp_path):
    w = GuidedGardens(progress=tmp_path / "p.json")
    first = w.game
    assert first.current_player.name == "You" and not first.fields  # you lay first (G3)
    seen = _play_through(w)
    assert not seen[0][0].fields  # the first tile of the game is yours (G3)
    assert any(g.preview(a) for g, a, _ in seen)  # a lay of yours encloses (G1, G4)
    scored = [e for _, _, evs in seen for e in evs if e.kind == "scored"]
    assert len({e.data["scoring"]["building"][0] for e in scored}) >= 1
    assert any(len(g.preview(a)) > 1 for g, a, _ in seen)  # several at once (G4)
    assert w.game.is_over and not w.game.legal_actions()  # every field filled (G5)
    assert {"setup", "first", "draw", "scoring", "winner"} <= set(w.script.events)
    # each thing a scoring can show is explained at the first lay of yours that shows it,
    # as the engine scored that lay (G4)
    from alhambra_widget.course.guide_gardens import SHOWS, shows

    assert len(w.script.steps) >= 6
    for kind in SHOWS:
        at = [k for k, (g, a, _) in enumerate(seen) if kind in shows(g.preview(a))]
        assert at, kind
        assert kind in w.script.steps[at[0]].events, (kind, at[0])
    assert "seed" not in " ".join(s.why for s in w.script.steps)
    assert {"G1", "G2", "G3", "G4", "G5"} <= _cited(w)
    assert " and ".join(w.game.winners) in w.view["guide"]["why"]
    assert Progress(tmp_path / "p.json").stars["guided-gardens"] == 3


def test_the_script_replays_from_its_seed_action_by_action_R13():
    for script, game in ((alhambra_script(), Game), (gardens_script(), GardensGame)):
        g = game(list(script.players), seed=script.seed)
        steps = {s.index: s.action for s in script.steps}
        for i, a in enumerate(script.actions):
            assert g.why_illegal(a) is None, (i, a)
            assert steps.get(i, a) == a
            g.apply(a)
        assert g.is_over


def test_an_illegal_click_is_refused_gently_in_the_guide_with_the_rule_and_the_step(tmp_path):
    w = GuidedGame(progress=tmp_path / "p.json")
    before = w.game.to_json()
    # a payment in a currency of no slot the learner can pay: the engine refuses (R6)
    bad = Buy("denar", (1,))
    why = w.game.why_illegal(bad)
    assert why is not None
    w._on_msg(w, {"kind": "act", "action": bad.to_json(), "v": w._v}, [])  # the page
    said = w.view["guide"]["said"]
    # a guide's sentence, not an error bar: the rule in words first, its id after, the step
    assert w.message.get("kind") != "error" and not w.message.get("text")
    assert said.startswith("Not that one") and not said.startswith(why.rule)
    assert f"({why.rule})" in said and w.current_step.do in said
    assert why.sentence.split(": ", 1)[-1] in said
    assert w.game.to_json() == before
    # the step's move then clears it
    w._on_msg(w, {"kind": "act", "action": w.expected.to_json(), "v": w._v}, [])
    assert w.view["guide"]["said"] == "" and w.step_number == 1
    # and so does a step made from Python
    w._on_msg(w, {"kind": "act", "action": bad.to_json(), "v": w._v}, [])
    assert w.view["guide"]["said"]
    w.play_step()
    assert w.view["guide"]["said"] == "" and w.step_number == 2


def test_the_page_plays_a_step_by_its_intent_and_marks_what_to_click(tmp_path):
    w = GuidedGardens(progress=tmp_path / "p.json")
    a = w.expected
    guide = w.view["guide"]
    assert guide["marks"]["fields"] == [f"{a.field[0]},{a.field[1]}"]
    assert a.field in w.game.legal_fields()  # the marked field is one the engine allows
    other = Lay(a.tile, a.field, (a.turn + 1) % 4)  # the right field, turned otherwise
    w._on_msg(w, {"kind": "act", "action": other.to_json(), "v": w._v}, [])
    said = w.view["guide"]["said"]
    assert w.message.get("kind") != "error" and w.current_step.do in said
    assert not w.game.fields
    w._on_msg(w, {"kind": "act", "action": a.to_json(), "v": w._v}, [])
    assert w.game.fields and w.step_number == 1 and w.view["guide"]["step"] == 2
    w.goto(0)  # looking back at the start: the step's move waits for the latest step
    with pytest.raises(GameError, match="looking back"):
        w.act(w.expected)
    w.goto(len(w.game.history))
    w._on_msg(w, {"kind": "undo", "v": w._v}, [])  # the page's Undo: refused, nothing undone
    assert w.message["kind"] == "error" and "start again" in w.message["text"]
    assert w.game.fields and w.step_number == 1
    w._on_msg(w, {"kind": "guide", "do": "restart", "v": w._v}, [])
    assert not w.game.fields and w.view["guide"]["step"] == 1


def test_the_end_of_a_guided_game_shows_your_money_and_names_the_coached_game(tmp_path):
    """R12: the game is over; the board is still the learner's (own money in sight, the
    other's hidden), and the guide's end names the coached game's line of code."""
    for cls, coached in ((GuidedGame, "CoachedGame()"), (GuidedGardens, "CoachedGardens()")):
        w = cls(progress=tmp_path / "p.json")
        while w.expected is not None:
            w.play_step()
        v = w.view
        assert w.game.is_over and v["guide"]["finished"]
        assert coached in v["guide"]["next"] and " and ".join(w.game.winners) in v["guide"]["why"]
        if cls is GuidedGame:
            me, ben = v["players"][0], v["players"][1]
            assert me["money"] is not None and ben["money"] is None
            assert sorted(map(tuple, me["money"])) == sorted(
                (c.currency, c.value) for c in w.game.players[0].money
            )


def test_the_scoring_step_gives_no_points_before_the_walkthrough_R10():
    """The step after a scoring round says where its walkthrough is while it is open
    (and that the points are added when it closes), what comes next once it is closed,
    and gives neither the round's points nor the new totals before it (the table walks
    through them)."""
    script = alhambra_script()
    g = Game(list(script.players), seed=script.seed)
    checked = 0
    for s in script.steps:
        while len(g.history) < s.index:
            g.apply(script.actions[len(g.history)])
        if g.rounds and s.walk:
            r = g.rounds[-1]
            text = s.walk + s.walked + s.why + " ".join(s.before)
            assert "over the market" in s.walk and "Scoring round" not in s.why
            # once the walkthrough is closed, the guide no longer says to step through it
            assert "over the market" not in s.walked and "close it" not in s.walked
            assert f"round {r.number}" in s.walked and "added to the boards" in s.walked
            for name, points in r.totals.items():
                assert f"{name} +{points}" not in text, (name, points, text)
            checked += 1
    assert checked >= 2  # rounds 1 and 2


def test_the_words_of_a_build_step_match_its_drawing():
    """A build step names the mark drawn on its cell (▶, dashed), never a green cell,
    and the cell as the log does, from the fountain (R1): the board prints no numbers,
    so no "(-3, -2)"."""
    script = alhambra_script()
    builds = [s for s in script.steps if isinstance(s.action, (Place, FromReserve))]
    assert builds
    for s in builds:
        assert "marked \u25b6" in s.do and "green" not in s.do
        x, y = s.action.pos
        assert where((x, y)) in s.do and f"({x}, {y})" not in s.do, s.do
    gifts = [s for s in script.steps if "gift" in s.events or "gift" in s.why]
    assert gifts and all("gift" in s.why for s in gifts)


def test_the_alhambra_marks_point_at_what_the_engine_offers(tmp_path):
    w = GuidedGame(progress=tmp_path / "p.json")
    while w.expected is not None:
        v, a = w.view, w.expected
        marks, legal = v["guide"]["marks"], v["legal"]
        if isinstance(a, TakeMoney):
            shown = [tuple(c) for c in v["display"]]
            assert all(tuple(c) in shown for c in marks["cards"])
        if isinstance(a, Buy):
            assert marks["slot"] in legal["buy"]
            assert list(a.pay) in legal["buy"][marks["slot"]]["pays"]
        if isinstance(a, Place):
            assert legal["tiles"][a.tile.name]["cells"][marks["cells"][0]] == ""
        w.play_step()


def test_the_guided_lessons_come_before_the_coached_games_in_the_course():
    ids = [les.id for les in catalog.chapter("coached")]
    assert ids.index("guided-game") < ids.index("coached-game")
    assert ids.index("guided-gardens") < ids.index("coached-gardens")
    for les_id, kind in (("guided-game", "GuidedGame"), ("guided-gardens", "GuidedGardens")):
        code = re.findall(r"`([^`]+)`", catalog.lesson(les_id).goal)
        assert code[-1] == f"{kind}()"
        ns: dict[str, object] = {}
        exec(code[0], ns)
        assert kind in ns


def test_the_first_steps_say_once_what_their_terms_and_codes_mean():
    """The first steps are short (at most five lines of about 90 characters, the reason
    included); the Alhambra's says once what the ruling codes are, and who Dirk is is
    said at the first step whose words name him (R3); the Gardens' says once which
    number of a field is its column and which its row (G1)."""
    from alhambra_widget.course.guide_gardens import GuidedGardens

    script = alhambra_script()
    first = script.steps[0].why
    for s in (script.steps[0], gardens_script().steps[0]):
        assert len(s.why + " " + s.good) <= 5 * 90, len(s.why + s.good)
    assert "majorit" not in first
    named = [
        k for k, s in enumerate(script.steps) if "Dirk" in " ".join([s.why, s.good, *s.before])
    ]
    said = named[0]
    text = script.steps[said].why
    assert "imaginary" in text[text.index("Dirk") : text.index("Dirk") + 60], text
    assert sum("imaginary" in s.why for s in script.steps) == 1
    whole = " ".join(s.why for s in script.steps)
    assert whole.count("name the rulebook's rules") == 1 and "name the rulebook's rules" in first
    steps = GuidedGardens().script.steps
    gardens = " ".join(s.why for s in steps)
    assert len(re.findall(r"column \d+, row \d+", gardens)) == 1
    assert (
        gardens.count("name the rulebook's rules") == 1
        and "name the rulebook's rules" in steps[0].why
    )
