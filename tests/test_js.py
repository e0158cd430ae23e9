"""The front end's unit tests (node:test + jsdom, js/test/), run on view models the
engine writes here: one with a bot to move, one with the person to move after the
bots' moves."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from alhambra_widget import AlhambraWidget
from alhambra_widget.views.contract import Texts, View
from alhambra_widget.views.typed_json import check

JS = Path(__file__).resolve().parent.parent / "js"


def test_front_end_unit_tests(tmp_path):
    node = shutil.which("node")
    if node is None or not (JS / "node_modules" / "jsdom").exists():
        if os.environ.get("CI"):
            pytest.fail("node and js/node_modules are needed (bash run.sh test installs them)")
        pytest.skip("node or js/node_modules missing")
    w = AlhambraWidget(
        players=["You", "Ben", "Cem"], seed=2, seats={"Ben": "greedy", "Cem": "greedy"}
    )
    w.autoplay_bots = False
    g = w.game
    while g.current_player.name == "You":  # until a bot is to move
        g.apply(g.legal_actions()[0])
    (tmp_path / "texts.json").write_text(json.dumps(w.texts))
    (tmp_path / "bot_to_move.json").write_text(json.dumps(w.view))
    w.run_bots()
    assert g.current_player.name == "You" and w.view["recent"]
    (tmp_path / "you_to_move.json").write_text(json.dumps(w.view))
    # R6: denar cards that pay for the denar slot's tile in several ways (a row to pick from)
    g.edit(players={"You": {"money": ["denar 2", "denar 3", "denar 4", "denar 5"]}})
    assert len(w.view["legal"]["buy"]["denar"]["pays"]) > 1
    (tmp_path / "paying.json").write_text(json.dumps(w.view))
    # two players: Dirk holds tiles from the start (R3)
    two = AlhambraWidget(players=["You", "Ben"], seed=3, seats={"Ben": "greedy"})
    two.autoplay_bots = False
    assert two.view["dirk"]["tiles"]
    (tmp_path / "two_players.json").write_text(json.dumps(two.view))
    # the Gardens' first lay (G3): the person starts, nothing laid yet
    from alhambra_widget import GardensWidget

    first = GardensWidget(players=["You", "Ben"], seed=1, seats={"Ben": "greedy"})
    assert first.game.current_player.name == "You" and not first.game.fields
    (tmp_path / "gardens_first.json").write_text(json.dumps(first.view))
    # the course: a cell lesson, a numbers lesson and a game lesson
    from alhambra_widget import CourseWidget

    c = CourseWidget(lesson="find-R7c", progress=tmp_path / "progress.json")
    (tmp_path / "course_cells.json").write_text(json.dumps(c.view))
    (tmp_path / "course_texts.json").write_text(json.dumps(c.texts))
    _answered_fixtures(c, tmp_path)
    c.goto("round2-tie")
    (tmp_path / "course_numbers.json").write_text(json.dumps(c.view))
    c.goto("take-most")
    (tmp_path / "course_take.json").write_text(json.dumps(c.view))
    for les_id in (
        "count-wall",
        "g-points",
        "scoring-card",
        "g-next",
        "g-turn",
    ):  # the engine's pictures, a laid board, a garden tile
        c.goto(les_id)
        (tmp_path / f"course_{les_id.replace('-', '_')}.json").write_text(json.dumps(c.view))
    from alhambra_widget.course import practice

    items = [practice.make_item("points", 1), practice.make_item("place", 2)]
    pr = CourseWidget(items=items, progress=tmp_path / "practice.json")
    (tmp_path / "course_practice.json").write_text(json.dumps(pr.view))
    _round_fixture(tmp_path)
    _hostile_fixtures(tmp_path)
    _gardens_end_fixture(tmp_path)
    _coach_fixture(tmp_path)
    _review_fixture(tmp_path)
    _hint_fixture(tmp_path)
    _reserve_fixture(tmp_path)
    _six_fixture(tmp_path)
    _guide_fixtures(tmp_path)
    # every fixture is what the page contract declares (a hint, a review, a coach among them)
    for f in sorted(tmp_path.glob("*.json")):
        if f.name.endswith("texts.json"):
            check(Texts, json.loads(f.read_text()), f.stem)
        elif f.name not in ("progress.json", "coach.json", "guide.json"):
            check(View, json.loads(f.read_text()), f.stem)
    out = subprocess.run(
        [node, "--import", "./tools/typescript.js", "--test", "test/"],
        cwd=JS,
        capture_output=True,
        text=True,
        timeout=600,  # ~100 s on a busy 2-core machine
        env={**os.environ, "ALHAMBRA_FIXTURES": str(tmp_path)},
    )
    # the failed tests first (node prints every test; the last lines alone may miss them)
    failed = re.findall(
        r"^\s*not ok .*?(?=^\s*(?:# Subtest|ok |not ok )|\Z)", out.stdout, re.M | re.S
    )
    assert out.returncode == 0, "".join(failed)[:6000] + out.stdout[-1500:] + out.stderr[-2000:]
    # every test the files declare ran and passed: the count is read from js/test, not typed
    declared = sum(
        len(re.findall(r"^\s*test\(", f.read_text(), re.M))
        for f in sorted((JS / "test").glob("*.test.js"))
    )
    assert declared > 0 and f"# pass {declared}\n" in out.stdout and "# fail 0" in out.stdout, (
        out.stdout[-2000:]
    )


def _answered_fixtures(c: Any, tmp_path: Path) -> None:
    """A cell lesson after a wrong try and after the right one (R7c), a Gardens lesson
    after a wrong try (G3): the board marks the check's verdicts."""
    les = c.lesson
    right = {tuple(s[0]["cell"]) for s in les.solutions()}
    a = les.alhambra()
    x0, y0, x1, y1 = a.bounds()
    wrong = next(
        (x, y)
        for x in range(x0 - 1, x1 + 2)
        for y in range(y0 - 1, y1 + 2)
        if (x, y) not in right and (x, y) not in a.tiles
    )
    c.answer({"cell": list(wrong)})
    (tmp_path / "course_wrong.json").write_text(json.dumps(c.view))
    c.answer({"cell": list(sorted(right)[0])})
    (tmp_path / "course_right.json").write_text(json.dumps(c.view))
    c.goto("g-next")
    ok = set(c.lesson.solutions() and [tuple(s[0]["field"]) for s in c.lesson.solutions()])
    c.answer({"field": list(next((x, y) for x in range(6) for y in range(6) if (x, y) not in ok))})
    assert c.view["lesson"]["answer"]["ok"] is False
    (tmp_path / "course_gardens_wrong.json").write_text(json.dumps(c.view))
    c.goto("find-R7c")


def _reserve_fixture(tmp_path: Path) -> None:
    """Your turn to act with a tile in your reserve (R8: built from it, or left there)."""
    w = AlhambraWidget(players=["You", "Ben"], seed=3, seats={"Ben": "greedy"})
    w.autoplay_bots = False
    w.game.edit(players={"You": {"reserve": ["pavilion 3"]}})
    assert w.view["legal"]["tiles"]["pavilion 3"]["source"] == "reserve"
    (tmp_path / "reserve_tile.json").write_text(json.dumps(w.view))


def _six_fixture(tmp_path: Path) -> None:
    """A six-player table against five bots, a few moves in."""
    w = AlhambraWidget(
        players=["You", "Ben", "Cem", "Dia", "Eva", "Fay"],
        seed=4,
        seats={n: "greedy" for n in ("Ben", "Cem", "Dia", "Eva", "Fay")},
    )
    w.autoplay_bots = False
    if w.game.current_player.name == "You":
        w.game.apply(w.game.legal_actions()[0])
    w.run_bots()
    (tmp_path / "six_players.json").write_text(json.dumps(w.view))


def _round_fixture(tmp_path: Path) -> None:
    """The view right after the first scoring round (R10, R11), as the engine scored it;
    a two-player game's (R3) after its first round and at its end (R12)."""
    w = AlhambraWidget(
        players=["You", "Ben", "Cem"], seed=2, seats={"Ben": "greedy", "Cem": "greedy"}
    )
    w.autoplay_bots = False
    g = w.game
    while not w.view["rounds"]:
        if g.current_player.name == "You":
            g.apply(g.legal_actions()[0])
        else:
            w.run_bots()
    (tmp_path / "scoring_round.json").write_text(json.dumps(w.view))
    # two players (Dirk scores too, R3), the first round just scored; then the end of
    # that game, its last round just scored (R12), the person's moves the greedy bot's
    from alhambra_widget.players.bots import make_bot

    two = AlhambraWidget(players=["You", "Ben"], seed=11, seats={"Ben": "greedy"})
    two.autoplay_bots = False
    g, me = two.game, make_bot("greedy", 1, two.game)
    while not two.view["rounds"]:
        if g.current_player.name == "You":
            g.apply(me.choose(g))
        else:
            two.run_bots(1)
    (tmp_path / "scoring_round_two.json").write_text(json.dumps(two.view))
    while not g.is_over:
        if g.current_player.name == "You":
            g.apply(me.choose(g))
        else:
            two.run_bots(1)
    (tmp_path / "end_two.json").write_text(json.dumps(two.view))


def _guide_fixtures(tmp_path: Path) -> None:
    """A guided game at its first step, before and after a click that was not the
    step's move (R5: too much money), at a build step, after scoring round 1 (R10) and
    at its end (R12); the guided Gardens at its first step (G3)."""
    from alhambra_widget.course.guide_alhambra import GuidedGame
    from alhambra_widget.engine.alhambra.actions import Place, TakeMoney

    w = GuidedGame(progress=tmp_path / "guide.json")
    (tmp_path / "guided_start.json").write_text(json.dumps(w.view))
    w._on_msg(
        w, {"kind": "act", "action": TakeMoney(tuple(w.game.display)).to_json(), "v": w._v}, []
    )
    assert w.view["guide"]["said"]
    (tmp_path / "guided_refused.json").write_text(json.dumps(w.view))
    while not isinstance(w.expected, Place):
        w.play_step()
    (tmp_path / "guided_build.json").write_text(json.dumps(w.view))
    while not w.view["guide"]["walk"]:
        w.play_step()
    (tmp_path / "guided_scored.json").write_text(json.dumps(w.view))
    while w.expected is not None:
        w.play_step()
    (tmp_path / "guided_end.json").write_text(json.dumps(w.view))
    from alhambra_widget.course.guide_gardens import GuidedGardens

    gardens = GuidedGardens(progress=tmp_path / "guide.json")  # G3: its first lay
    (tmp_path / "guided_gardens_start.json").write_text(json.dumps(gardens.view))


def _coach_fixture(tmp_path: Path) -> None:
    """A coached game with a costly move just flagged (R6: the biggest overpayment)."""
    from alhambra_widget.course.coach import CoachedGame
    from alhambra_widget.engine.alhambra.actions import Buy

    w = CoachedGame(seed=1, bot="greedy", progress=tmp_path / "coach.json")
    w.run_bots()
    g = w.game
    buys = [a for a in g.legal_actions() if type(a) is Buy]
    w.act(max(buys, key=lambda a: sum(a.pay) - g.market[a.currency].price))
    assert w.offer
    (tmp_path / "coach_flagged.json").write_text(json.dumps(w.view))


def _wait_panel(w: AlhambraWidget, name: str) -> None:
    import time

    deadline = time.time() + 120
    while (w.view.get(name) or {}).get("state") != "done" or "refining" in w.view[name]:
        assert time.time() < deadline
        time.sleep(0.05)


def _ask_hint(w, playouts: int) -> dict:
    """Ask ``w`` for a hint as the page asks it, with ``playouts`` simulations; its panel."""
    w.hint_playouts = playouts
    w._on_msg(w, {"kind": "hint", "v": w.view["v"]}, [])
    _wait_panel(w, "hint")
    return w.view["hint"]


def _hint_fixture(tmp_path: Path) -> None:
    """A hint asked as the page asks it, with few simulations: its moves about equal."""
    w = AlhambraWidget(players=["You", "Ben"], seed=3, seats={"Ben": "greedy"})
    w.autoplay_bots = False
    w.run_bots()
    assert sum(m["about_equal"] for m in _ask_hint(w, 30)["moves"]) >= 2
    (tmp_path / "hint_about_equal.json").write_text(json.dumps(w.view))
    # a hint at placing a tile bought (R9): its moves build on cells of your Alhambra
    from alhambra_widget.engine.alhambra.actions import Buy

    w = AlhambraWidget(players=["You", "Ben"], seed=3, seats={"Ben": "greedy"})
    w.autoplay_bots = False
    w.game.edit(
        market={"denar": "chambers 8"},
        players={
            "You": {"money": ["denar 9"], "alhambra": [[1, 0, "garden 6"], [0, 1, "tower 9"]]}
        },
    )
    w.game.apply(Buy("denar", (9,)))
    assert any(m["marks"].get("cells") for m in _ask_hint(w, 30)["moves"])
    (tmp_path / "hint_place.json").write_text(json.dumps(w.view))
    # a Gardens hint (G3): its lays' fields
    from alhambra_widget import GardensWidget

    gw = GardensWidget(players=["You", "Ben"], seed=4, seats={"Ben": "greedy"})
    gw.autoplay_bots = False
    gw.run_bots()
    assert all(m["marks"]["fields"] for m in _ask_hint(gw, 20)["moves"])
    (tmp_path / "hint_gardens.json").write_text(json.dumps(gw.view))


def _review_fixture(tmp_path: Path) -> None:
    """A finished game of players named like markup, reviewed as the page asks it (a
    few simulations a decision): the review panel with its graph."""
    from alhambra_widget.players.bots import make_bot

    g = AlhambraWidget(players=HOSTILE, seed=7).game
    bot = make_bot("greedy", 1)
    while not g.is_over:
        g.apply(bot.choose(g))
    w = AlhambraWidget(g, seats={n: "greedy" for n in HOSTILE[1:]})
    w.review_playouts = 2
    w._on_msg(w, {"kind": "review", "v": w.view["v"]}, [])
    _wait_panel(w, "review")
    assert w.view["review"]["graph"]["mistakes"]
    (tmp_path / "hostile_review.json").write_text(json.dumps(w.view))


HOSTILE = ["<img src=x onerror=alert(1)>", "\"quotes'", "</script>"]


def _gardens_end_fixture(tmp_path: Path) -> None:
    """A Gardens game played to its end (G5): a person (the greedy bot's lays) against
    a greedy bot, the view at the last step."""
    from alhambra_widget import GardensWidget
    from alhambra_widget.players.bots import make_bot

    w = GardensWidget(players=["You", "Ben"], seed=3, seats={"Ben": "greedy"})
    w.autoplay_bots = False
    g = w.game
    me = make_bot("greedy", 0, g)
    while not g.is_over:
        if g.current_player.name == "You":
            g.apply(me.choose(g))
        else:
            w.run_bots(1)
    assert w.view["over"] and w.view["ranking"]
    (tmp_path / "gardens_end.json").write_text(json.dumps(w.view))


def _hostile_fixtures(tmp_path: Path) -> None:
    """Games of players named like markup: an Alhambra game at its start and at its end
    (three scoring rounds), and a Gardens game halfway with a person to move."""
    from alhambra_widget import GardensWidget

    w = AlhambraWidget(players=HOSTILE, seed=5, seats={n: "greedy" for n in HOSTILE})
    w.autoplay_bots = False
    (tmp_path / "hostile_start.json").write_text(json.dumps(w.view))
    w.run_bots()
    assert w.game.is_over and len(w.view["rounds"]) == 3
    (tmp_path / "hostile_end.json").write_text(json.dumps(w.view))
    g = GardensWidget(players=HOSTILE, seed=5, seats={n: "greedy" for n in HOSTILE[1:]})
    g.autoplay_bots = False
    for _ in range(6):
        g.game.apply(g.game.legal_actions()[0])
        g.run_bots()
    assert g.game.scored and not g.game.is_over
    (tmp_path / "hostile_gardens.json").write_text(json.dumps(g.view))
