"""The widget's view model and intents, without a browser: what the page is told,
and what happens to every kind of message it may send (good, malformed, stale,
illegal). A bad intent leaves a sentence in ``message`` and changes nothing."""

import json
import random

import pytest

from alhambra_widget import Alhambra, Game, TakeMoney, Tile
from alhambra_widget.engine.errors import GameError
from alhambra_widget.views.alhambra.view import log_text
from alhambra_widget.widgets import AlhambraWidget, SandboxWidget


def click(w, **content):
    """What the front end's model.send(content) delivers."""
    w._on_msg(w, content, [])


def human_widget(seed=1):
    w = AlhambraWidget(
        players=["Ann", "Ben", "Cem"], seed=seed, seats={"Ben": "greedy", "Cem": "random"}
    )
    w.run_bots()
    assert w.game.current_player.name == "Ann"
    return w


def test_view_model_shows_market_money_players_and_legality():
    w = human_widget()
    v = w.view
    assert v["mode"] == "game" and len(v["market"]) == 4 and len(v["display"]) <= 4
    assert [m["currency"] for m in v["market"]] == ["denar", "dirham", "ducat", "florin"]
    assert [p["name"] for p in v["players"]] == ["Ann", "Ben", "Cem"]
    assert v["players"][0]["money"] is not None  # the player to move: open
    assert v["players"][1]["money"] is None and v["players"][1]["cards"] > 0  # others: hidden
    L = v["legal"]
    assert L["phase"] == "act" and L["take"]
    # the legal takes are exactly the engine's
    eng = {a.cards for a in w.game.legal_actions() if isinstance(a, TakeMoney)}
    shown = {tuple(sorted(w.game.display[i] for i in combo)) for combo in L["take"]}
    assert shown == eng
    assert w.texts["rules"]["R7a"] and "rules" not in v and v["v"] >= 1  # texts sent once


def test_show_all_money_option_opens_every_hand():
    w = human_widget()
    w.show_all_money = True
    assert all(p["money"] is not None for p in w.view["players"])


def test_R2_a_game_in_which_every_hand_was_shown_says_so_in_its_record_and_view():
    """The teacher menu: showing every hand (R2 keeps them secret) marks the game
    from that step: the view, the saved record (read back by load_json), not undone by
    hiding them again."""
    w = AlhambraWidget(
        players=["You", "Ben", "Cem"], seed=2, seats={"Ben": "greedy", "Cem": "greedy"}
    )
    assert w.view["hands_shown"] is None and "hands_shown" not in json.loads(w.session.to_json())
    w.game.apply(w.game.legal_actions()[0])
    w.show_all_money = True
    w.show_all_money = False
    assert w.view["hands_shown"] == 1
    saved = w.session.to_json()
    assert json.loads(saved)["hands_shown"] == {"from_step": 1}
    other = AlhambraWidget(players=["You", "Ben", "Cem"], seed=2)
    other.session.load_json(saved)
    assert other.view["hands_shown"] == 1


def test_click_take_money_changes_python_state():
    w = human_widget()
    card = w.game.display[0]
    before = len(w.game.history)
    click(w, kind="act", v=w.view["v"], action={"type": "take_money", "cards": [str(card)]})
    assert len(w.game.history) == before + 1
    assert w.message["kind"] == "info" and "takes" in w.message["text"]


@pytest.mark.parametrize(
    "content",
    [
        {"kind": "act", "action": {"type": "take_money", "cards": ["denar 3"]}},  # no version
        {"kind": "act", "v": -1, "action": {"type": "pass"}},  # stale
        {"kind": "fly"},
        {"nothing": 1},
        {"kind": "act", "v": None, "action": "take"},
        {"kind": "goto", "step": "x"},
        {"kind": "explain", "player": 9, "tile": "tower 9 NE", "pos": [1, 0]},
        {"kind": "sandbox", "player": "x"},
        {"kind": "sb_place", "tile": "tower 9 NE", "pos": [1, 0]},
    ],
)
def test_malformed_or_stale_intents_change_nothing_and_say_why(content):
    w = human_widget()
    before = w.game.to_json()
    click(w, **content)
    assert w.game.to_json() == before
    assert w.message["kind"] == "error" and len(w.message["text"]) > 10
    assert w.last_exception is None  # refused on purpose, not crashed


def test_illegal_action_intent_names_the_rule():
    w = human_widget()
    before = w.game.to_json()
    click(
        w, kind="act", v=w.view["v"], action={"type": "take_money", "cards": ["denar 9", "denar 9"]}
    )
    assert w.message["rule"] == "R5" and w.game.to_json() == before
    click(
        w,
        kind="act",
        v=w.view["v"],
        action={"type": "buy", "currency": "denar", "pay": [9, 9, 9, 9, 9]},
    )
    assert w.message["rule"] == "R6" and w.game.to_json() == before


def test_people_cannot_act_for_bots_and_bot_intent_moves_one_step():
    w = AlhambraWidget(players=["Ann", "Ben"], seed=2, seats={"Ann": "greedy", "Ben": "greedy"})
    v = w.view["v"]
    click(w, kind="act", v=v, action=w.game.legal_actions()[0].to_json())
    assert w.message["rule"] is None and "played by the greedy bot" in w.message["text"]
    assert w.game.step == 0
    assert w.view["bot_to_move"]
    click(w, kind="bot", v=w.view["v"])
    assert w.game.step == 1
    before = dict(w.message)
    click(w, kind="bot", v=-5)  # a stale tick (another view moved first): dropped quietly
    assert w.game.step == 1 and w.message == before


def test_two_widgets_with_bots_on_one_game_move_once_per_tick_without_errors():
    g = Game(["Ann", "Ben"], seed=2)
    w1 = AlhambraWidget(g, seats={"Ann": "greedy", "Ben": "greedy"})
    w2 = AlhambraWidget(g, seats={"Ann": "greedy", "Ben": "greedy"})
    for _ in range(20):
        v1, v2 = w1.view["v"], w2.view["v"]
        click(w1, kind="bot", v=v1)  # both pages tick for the same state
        click(w2, kind="bot", v=v2)
    assert g.step == 20
    assert w1.message.get("kind") != "error" and w2.message.get("kind") != "error"


def test_python_changes_show_at_once_and_two_widgets_stay_consistent():
    g = Game(["Ann", "Ben", "Cem"], seed=4)
    w1, w2 = AlhambraWidget(g), AlhambraWidget(g)
    g.apply(g.legal_actions()[0])
    assert w1.view["steps"] == w2.view["steps"] == 1
    click(w1, kind="act", v=w1.view["v"], action=g.legal_actions()[0].to_json())
    assert g.step == 2 and w2.view["steps"] == 2
    assert w1.view["players"] == w2.view["players"]
    g.undo()
    assert w1.view["steps"] == w2.view["steps"] == 1


def played(n=8, seed=5):
    """A widget of three people after ``n`` random actions."""
    w = AlhambraWidget(players=["Ann", "Ben", "Cem"], seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        w.game.apply(rng.choice(w.game.legal_actions()))
    return w


def test_a_long_log_shows_its_newest_forty_lines():
    w = played(120)
    live = [log_text(e) for e in w.game.log]  # the engine's sentences, tiles in words
    shown = w.view["log"]
    assert len(live) > 40 and len(shown) == 40
    assert "starts" not in shown[0]  # the first line has scrolled away
    assert shown[-1] == live[-1]  # the newest line is there
    assert any(shown == live[i : i + 40] for i in range(len(live) - 39))  # in order, no gaps


def test_actions_can_be_observed_from_python():
    w = played(0)
    seen = []
    w.on_action(lambda a, events: seen.append((a, events)))
    click(
        w,
        kind="act",
        v=w.view["v"],
        action={"type": "take_money", "cards": [str(w.game.display[0])]},
    )
    w.game.apply(w.game.legal_actions()[0])
    assert len(seen) == 2 and all(events for _, events in seen)
    assert seen[1][0] == w.game.history[-1]


def test_timeline_goto_and_acting_from_the_past_needs_a_choice():
    w = played(8)
    n = w.game.step
    click(w, kind="goto", step=0)
    assert w.step == 0 and not w.view["live"]
    assert w.view["legal"]["take"]  # the shown state's choices: acting there asks first
    assert w.view["steps"] == n
    click(w, kind="goto", step=3)
    assert w.view["step"] == 3
    # the story up to the step shown, and nothing later: the log of a fresh game given
    # the same first three actions (short, so shown whole), the start of today's log
    fresh = Game(["Ann", "Ben", "Cem"], seed=5)
    for a in w.game.history[:3]:
        fresh.apply(a)
    shown, live = w.view["log"], [log_text(e) for e in w.game.log]
    assert shown == [log_text(e) for e in fresh.log] and "starts" in shown[0]
    assert live[: len(shown)] == shown and len(shown) < len(live)
    action = w.game.at(3).legal_actions()[0]
    before = w.game.to_json()
    click(w, kind="act", v=w.view["v"], action=action.to_json())
    assert w.message["rule"] is None and "keep the old game" in w.message["text"]
    assert w.game.to_json() == before
    click(w, kind="act", v=w.view["v"], action=action.to_json(), resolve="branch")
    assert w.game.step == 4 and w.view["live"]
    lines = w.variations.describe()  # the old line is kept in the tree
    assert [(x["steps"], x["from"], x["current"]) for x in lines] == [(n, 0, False), (4, 3, True)]
    assert w.view["lines"] == lines
    # undo back: the future is dropped (with the lines that branch off from it)
    click(w, kind="goto", step=1)
    action = w.game.at(1).legal_actions()[-1]
    click(w, kind="act", v=w.view["v"], action=action.to_json(), resolve="undo")
    assert w.game.step == 2 and len(w.variations) == 1
    assert w.game.history[1] == action


def test_undo_intent_and_stepping():
    w = played(8)
    click(w, kind="undo", v=w.view["v"])
    assert w.game.step == 7
    w.prev()
    assert w.step == 6 and not w.view["live"]
    w.next()
    assert w.step == 7 and w.view["live"]
    w.first()
    assert w.step == 0
    w.last()
    assert w.view["live"]


def test_explain_gives_the_engines_sentence():
    w = human_widget()
    click(w, kind="explain", player=0, tile="tower 9 NE", pos=[-1, 0])
    assert "R7a" in w.message["text"] and "east side" in w.message["text"]


def test_sandbox_in_a_game_works_on_a_copy():
    w = human_widget()
    before = w.game.to_json()
    click(w, kind="sandbox", player=1)
    sb = w.view["sandbox"]
    assert sb["player"] == 1 and sb["palette"]
    click(w, kind="sb_place", tile="tower 11", pos=[1, 0])
    assert "built" in w.message["text"]
    click(w, kind="sb_place", tile="tower 9 NE", pos=[-1, 0])
    assert w.message["rule"] == "R7a"
    assert w.game.to_json() == before
    click(w, kind="sandbox", player=None)
    assert w.view["sandbox"] is None


def test_single_alhambra_widget_places_and_removes_with_rules():
    a = Alhambra()
    w = SandboxWidget(a)
    sb = w.view["sandbox"]
    assert sb["cells"][""]["1,0"] == "" and sb["cells"]["NE"]["-1,0"] == "R7a"
    click(w, kind="sb_place", tile="garden 10", pos=[1, 0])
    assert a[(1, 0)] == Tile("garden", 10)
    click(w, kind="sb_place", tile="garden 11", pos=[3, 3])
    assert w.message["rule"] == "R7b"
    click(w, kind="sb_remove", pos=[0, 0])
    assert w.message["rule"] == "R8"
    click(w, kind="sb_remove", pos=[1, 0])
    assert len(a) == 1


def test_view_budget_6_player_late_game_under_30_kb():
    from alhambra_widget.players.bots import make_bot

    sizes = []
    for seed in range(3):
        g = Game([f"P{i}" for i in range(6)], seed=seed)
        bots = [make_bot("greedy", seed + i) for i in range(6)]
        while not g.is_over and len(g.bag) > 2:
            g.apply(bots[g.current].choose(g))
        # late game, with a reserve to place from and the legal section filled
        w = AlhambraWidget(g, show_all_money=True)
        sizes.append(len(json.dumps(w.view, separators=(",", ":"))))
        assert len(g.bag) <= 2 and sum(len(p.alhambra) for p in g.players) > 40  # late
    assert max(sizes) <= 30_000, sizes


def test_to_html_writes_a_standalone_page(tmp_path):
    w = human_widget()
    page = w.to_html(tmp_path / "game.html")
    text = (tmp_path / "game.html").read_text()
    assert page == text and "const widget =" in text and '"mode":"game"' in text.replace(" ", "")
    assert "http://" not in text.split("<script")[0]


# -- The Gardens widget ------------------------------------------------------------------
def test_gardens_view_and_lay_intent():
    from alhambra_widget.gardens import GardensWidget

    w = GardensWidget(players=["Ann", "Ben"], seed=3)
    v = w.view
    assert v["mode"] == "gardens" and len(v["buildings"]) == 49 and v["legal"]["first"]
    rules = v["legal"]["fields"]
    assert rules["0,0"] == "G3" and rules["2,2"] == ""  # the first tile keeps off the edge
    tile = w.game.current_player.hand[0].id
    click(w, kind="act", v=v["v"], action={"type": "lay", "tile": tile, "field": [0, 0], "turn": 0})
    assert w.message["rule"] == "G3" and w.game.step == 0
    click(
        w,
        kind="act",
        v=w.view["v"],
        action={"type": "lay", "tile": tile, "field": [2, 2], "turn": 3},
    )
    assert w.game.step == 1 and w.game.fields[(2, 2)][1] == 3
    assert w.view["fields"][0][:3] == (2, 2, tile)
    click(w, kind="act", v=w.view["v"], action={"type": "lay", "tile": "G01"})
    assert w.message["kind"] == "error" and w.message["rule"] is None  # malformed: no rule


def test_gardens_widget_bots_timeline_and_explanations():
    from alhambra_widget.gardens import GardensWidget

    w = GardensWidget(
        players=["Ann", "Ben", "Cem"], seed=4, seats={"Ben": "greedy", "Cem": "random"}
    )
    while not w.game.is_over:
        if w.session.bot_to_move():
            click(w, kind="bot", v=w.view["v"])
        else:
            click(w, kind="act", v=w.view["v"], action=w.game.legal_actions()[0].to_json())
    v = w.view
    assert v["over"] and len(v["scored"]) == 49 and v["legal"] is None
    assert all("why" in s and s["multiplier"] >= 1 for s in v["scored"].values())
    click(w, kind="goto", step=10)
    assert w.view["step"] == 10 and len(w.view["fields"]) == 10
    assert len(json.dumps(w.view)) < 30_000


def test_on_action_follows_the_game_the_widget_shows():
    w = AlhambraWidget(players=["Ann", "Ben"], seed=4)
    seen = []
    w.on_action(lambda a, events: seen.append(a))
    old = w.game
    w.game = Game(["Ann", "Ben"], seed=5)
    old.apply(old.legal_actions()[0])  # no longer shown: no call
    assert seen == []
    w.game.apply(w.game.legal_actions()[0])
    assert len(seen) == 1


def test_undo_against_bots_goes_back_to_the_persons_last_decision():
    w = human_widget(seed=2)
    g = w.game
    before = len(g.history)
    digest = g.digest()
    card = g.display[0]
    click(w, kind="act", v=w.view["v"], action={"type": "take_money", "cards": [str(card)]})
    w.run_bots()  # Ben and Cem answer
    assert g.current_player.name == "Ann" and len(g.history) >= before + 3
    bots = len(g.history) - before - 1
    click(w, kind="undo", v=w.view["v"])
    # Ann is to decide again, in the very state she decided in: not at a bot's turn
    assert len(g.history) == before and g.digest() == digest
    assert g.current_player.name == "Ann" and not w.session.bot_to_move()
    assert w.message["text"] == (
        f"Your last decision was taken back, with the {bots} bot actions after it."
    )


def test_undo_counts_an_edit_as_a_decision_and_refuses_when_only_bots_played():
    seed = next(s for s in range(50) if Game(["Ann", "Ben"], seed=s).current_player.name == "Ben")
    w = AlhambraWidget(players=["Ann", "Ben"], seed=seed, seats={"Ben": "greedy"})
    g = w.game
    w.run_bots()
    assert g.history and g.current_player.name == "Ann"
    with pytest.raises(GameError, match="Only bots have played"):
        w.undo()
    g.apply(next(a for a in g.legal_actions() if isinstance(a, TakeMoney)))
    assert w.session.bot_to_move()  # Ben's turn: an edit now is still a person's doing
    g.edit(players={"Ben": {"money": ["ducat 3"]}})
    n = len(g.history)
    assert w.undo() == 1 and len(g.history) == n - 1


def test_a_double_click_does_the_action_once_and_says_nothing_false():
    w = human_widget()
    g = w.game
    before = len(g.history)
    msg = {
        "kind": "act",
        "v": w.view["v"],
        "action": {"type": "take_money", "cards": [str(g.display[0])]},
    }
    click(w, **msg)
    said = dict(w.message)
    click(w, **msg)  # the second click of a double click, made on the same board
    assert len(g.history) == before + 1 and w.message == said
    assert "changed before your click" not in w.message["text"]
    # a different click made on the old board is still refused as stale
    click(w, kind="act", v=msg["v"], action={"type": "take_money", "cards": [str(g.display[1])]})
    assert "changed before your click" in w.message["text"] and len(g.history) == before + 1


def test_the_others_moves_since_the_persons_last_are_marked_and_narrated():
    from alhambra_widget.engine.alhambra.actions import AtCell, Buy, ToReserve

    w = AlhambraWidget(
        players=["Ann", "Ben", "Cem"], seed=5, seats={"Ben": "greedy", "Cem": "random"}
    )
    g = w.game
    rng = random.Random(5)
    seen_kinds = set()
    for _ in range(60):
        if g.is_over:
            break
        w.run_bots()
        n_before = len(g.history)
        mine = max((i for i, (who, _) in enumerate(g.movers) if who == 0), default=-1)
        rec = w.view["recent"]
        # exactly the actions since Ann's last, in order, each with its own sentence
        assert len(rec) == n_before - (mine + 1)
        for r, i in zip(rec, range(mine + 1, n_before)):
            a, (who, at) = g.history[i], g.movers[i]
            assert r["player"] == who != 0 and r["text"] == log_text(g.log[at])
            if isinstance(a, Buy):
                assert r["marks"] == {"slot": a.currency}
            elif isinstance(a, AtCell):
                assert r["marks"] == {"cells": [f"{a.pos[0]},{a.pos[1]}"]}
            elif isinstance(a, ToReserve):
                assert r["marks"] == {"from": [f"{a.pos[0]},{a.pos[1]}"]}
            elif isinstance(a, TakeMoney):
                assert r["marks"]["cards"] == [(c.currency, c.value) for c in a.cards]
            seen_kinds.add(type(a).__name__)
        if g.current_player.name == "Ann":
            w.act(rng.choice(g.legal_actions()))
            if g.current_player.name != "Ann" or len(g.history) > n_before:
                # Ann acted: nothing of the others is left to mark but what came after
                assert all(r["player"] != 0 for r in w.view["recent"])
    assert {"TakeMoney", "Buy"} <= seen_kinds


def test_a_message_about_a_click_goes_once_the_game_moves_on():
    w = AlhambraWidget(
        players=["Ann", "Ben", "Cem"], seed=1, seats={"Ben": "greedy", "Cem": "random"}
    )
    w.run_bots()
    g = w.game
    click(w, kind="act", v=w.view["v"], action={"type": "take_money", "cards": [str(g.display[0])]})
    assert "takes" in w.message["text"]  # Ann's own click, said
    # a click during a bot's turn is refused; then the bot moves on and the sentence goes
    click(w, kind="act", v=w.view["v"], action={"type": "take_money", "cards": [str(g.display[0])]})
    assert w.message["kind"] == "error" and "turn" in w.message["text"]
    w.session.bot_step()
    assert w.message == {}
    # an explanation asked on a still board stays
    click(w, kind="explain", tile="tower 9 NE", pos=[5, 5])
    said = dict(w.message)
    w.goto(w.step - 1)  # the board is redrawn, the game has not moved
    assert said["text"] and w.message == said


R10_TABLE = {  # the rulebook's points per kind and place (RULINGS.md, R10)
    1: {
        "pavilion": [1],
        "seraglio": [2],
        "arcades": [3],
        "chambers": [4],
        "garden": [5],
        "tower": [6],
    },
    2: {
        "pavilion": [8, 1],
        "seraglio": [9, 2],
        "arcades": [10, 3],
        "chambers": [11, 4],
        "garden": [12, 5],
        "tower": [13, 6],
    },
    3: {
        "pavilion": [16, 8, 1],
        "seraglio": [17, 9, 2],
        "arcades": [18, 10, 3],
        "chambers": [19, 11, 4],
        "garden": [20, 12, 5],
        "tower": [21, 13, 6],
    },
}


def test_the_overview_follows_the_next_round_and_the_results_rank_the_end():
    from alhambra_widget.engine.alhambra.actions import Place

    w = AlhambraWidget(players=["Ann", "Ben", "Cem"], seed=6)
    g = w.game
    rng = random.Random(6)
    built = 0
    while not g.is_over:
        o = w.view["overview"]
        # the next scoring round: 1 until round 1 is scored, then 2, then 3 (R9, R12)
        scored = tuple(r.number for r in g.rounds)
        assert o["round"] == {(): 1, (1,): 2, (1, 2): 3}[scored] and w.view["results"] is None
        assert {k["kind"]: k["pays"] for k in o["kinds"]} == R10_TABLE[o["round"]]
        a = rng.choice(g.legal_actions())
        if isinstance(a, Place):
            who = g.current_player.name
            row = next(k for k in o["kinds"] if k["kind"] == a.tile.kind)
            before = row["counts"][who]
            g.apply(a)
            if g.is_over:
                break
            after = next(k for k in w.view["overview"]["kinds"] if k["kind"] == a.tile.kind)
            assert after["counts"][who] == before + 1  # the tile just built is counted
            built += 1
        else:
            g.apply(a)
    assert built > 10 and w.view["overview"] is None
    r = w.view["results"]
    scores = [x["score"] for x in r["ranking"]]
    assert scores == sorted(scores, reverse=True) and {x["name"] for x in r["ranking"]} == set(
        g.scores
    )
    assert [x["name"] for x in r["ranking"] if x["winner"]] == g.winners
    assert all(x["rank"] == 1 for x in r["ranking"] if x["winner"])
    assert [x["number"] for x in r["rounds"]] == [1, 2, 3]
    for x in r["ranking"]:  # the rounds add up to the total
        assert sum(rd["totals"][x["name"]] for rd in r["rounds"]) == x["score"]


@pytest.mark.parametrize("players", [["Ann", "Ben"], ["Ann", "Ben", "Cem", "Dan"]])
def test_game_movers_name_who_made_each_action_and_its_sentence(players):
    g = Game(players, seed=9)
    rng = random.Random(9)
    for _ in range(120):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    assert len(g.movers) == len(g.history)
    for i in range(0, len(g.history), 7):
        who, at = g.movers[i]
        assert who == g.at(i).current  # the player to move before the action
        assert g.log[at].text.startswith(g.players[who].name)  # the action's own sentence
    assert g.copy().movers == g.movers and g.at(50).movers == g.movers[:50]


def test_the_variation_tree_switch_promote_delete_and_save():
    from alhambra_widget.whatif import Position, compare

    w = played(6)
    g = w.game
    main = list(g.history)
    for k, step in ((1, 4), (2, 2)):  # two branches, from steps 4 and 2
        click(w, kind="goto", step=step)
        a = w.game.at(step).legal_actions()[-k]
        click(w, kind="act", v=w.view["v"], action=a.to_json(), resolve="branch")
    assert len(w.variations) == 3 and w.variations.current == 2
    assert w.variations.line(0) == main
    assert [x["from"] for x in w.view["lines"]] == [0, 4, 2]
    # switch to the first branch: the live game is that line
    click(w, kind="line", do="switch", line=1)
    assert list(g.history) == w.variations.line(1) and len(g.history) == 5
    assert w.view["live"] and w.variations.current == 1
    g.apply(g.legal_actions()[0])  # playing on extends the line being played
    assert len(w.variations.line(1)) == 6 and len(w.variations) == 3
    # promote it: it becomes line 0, the old main line line 1
    click(w, kind="line", do="promote", line=1)
    assert w.variations.current == 0 and w.variations.line(1) == main
    # the line being played cannot be deleted; another can
    click(w, kind="line", do="delete", line=0)
    assert "switch to another line" in w.message["text"] and len(w.variations) == 3
    click(w, kind="line", do="delete", line=2)
    assert len(w.variations) == 2 and w.variations.line(1) == main
    # saved with the game; a fresh board reads it back, tree and all
    text = w.session.to_json()
    w2 = played(0)
    w2.session.load_json(text)
    assert w2.variations.lines() == w.variations.lines() and w2.game.history == g.history
    assert type(g).from_json(text).history == g.history  # still a plain saved game
    # two lines' scores side by side, with the what-if tools
    table = compare(Position.from_game(w.session.line(0)), Position.from_game(w.session.line(1)), 1)
    assert len(table.table()) > 0
    click(w, kind="line", do="jump", line=0)
    assert w.message["kind"] == "error"


def test_two_lines_compared_with_the_what_if_tools_from_python_and_the_page():
    from alhambra_widget.whatif import Position, compare

    w = played(8)
    click(w, kind="goto", step=3)
    a = next(x for x in w.game.at(3).legal_actions()[::-1] if x != w.game.history[3])
    click(w, kind="act", v=w.view["v"], action=a.to_json(), resolve="branch")
    assert w.variations.current == 1
    c = w.compare_lines(1, 0)
    ref = compare(
        Position.from_game(w.session.line(1)), Position.from_game(w.session.line(0)), c.round
    )
    assert (
        c.totals() == ref.totals() and c.round == Position.from_game(w.session.line(1)).next_round
    )
    click(w, kind="line", do="compare", line=0)
    panel = w.view["compare"]
    assert panel["a"] == 1 and panel["b"] == 0 and panel["round"] == c.round
    assert panel["totals"] == c.totals()
    w.game.apply(w.game.legal_actions()[0])  # the game moves on: the comparison goes
    assert w.view["compare"] is None


def test_a_strong_seat_at_the_table_searches_by_time_and_keeps_its_budget():
    """At the table a "strong" seat decides within BOT_SECONDS (1 s);
    "strong:N" keeps its simulation count, so a scripted game stays reproducible."""
    from alhambra_widget.players import BOT_SECONDS

    w = AlhambraWidget(
        players=["You", "Ben", "Cem"], seats={"Ben": "strong", "Cem": "strong:30"}, seed=3
    )
    ben, cem = w.session.seats["Ben"], w.session.seats["Cem"]
    assert ben.seconds == BOT_SECONDS and ben.playouts is None
    assert cem.seconds is None and cem.playouts == 30


WALLED = [[1, 0, "garden 6 N"], [2, 0, "tower 9 NE"]]


def test_R9_a_tile_dropped_on_a_cell_is_built_there_once_the_turns_actions_are_over():
    """The page sends a purchase with the cell its tile was dropped on, and decides
    nothing more: Python builds the tile there once the turn's actions are over (R9).
    After an exact payment (R4) the turn goes on: the view says the tile waits, and it is
    built when the turn's last action is made. A cell the engine refuses by then leaves
    the tile to be placed by hand."""
    from alhambra_widget.engine.alhambra.actions import Buy

    w = human_widget()
    g = w.game
    g.edit(
        market={"denar": "tower 13 NE"},
        players={"Ann": {"alhambra": WALLED, "money": ["denar 9", "denar 5"], "reserve": []}},
    )
    click(w, kind="act", v=w.view["v"], action=Buy("denar", (9, 5)).to_json(), place=[0, -1])
    assert (
        str(g.player("Ann").alhambra.get((0, -1))) == "tower 13 NE"
    )  # overpaid: the turn is over, built
    assert "tower 13" in w.message["text"] and w.view["dropped"] is None
    w.run_bots()
    # an exact payment: another action first, the tile waits (and the view says where)
    g.edit(market={"denar": "pavilion 6 N"}, players={"Ann": {"money": ["denar 6"], "reserve": []}})
    cells = w.view["legal"]["buy"]["denar"]["cells"]
    cell = next(k for k, rule in cells.items() if rule == "")  # where the engine lets it go
    x, y = map(int, cell.split(","))
    click(w, kind="act", v=w.view["v"], action=Buy("denar", (6,)).to_json(), place=[x, y])
    assert g.phase == "act" and [t.name for t in g.player("Ann").bought] == ["pavilion 6 N"]
    assert w.view["dropped"] == {"tile": "pavilion 6 N", "cell": cell}
    take = next(a for a in g.legal_actions() if isinstance(a, TakeMoney))
    click(w, kind="act", v=w.view["v"], action=take.to_json())
    assert str(g.player("Ann").alhambra.get((x, y))) == "pavilion 6 N" and w.view["dropped"] is None
    # a place is only for a purchase
    before = g.to_json()
    click(w, kind="act", v=w.view["v"], action=take.to_json(), place=[1, 1])
    assert (
        w.message["kind"] == "error" and "purchase" in w.message["text"] and g.to_json() == before
    )


def test_R9_a_dropped_tile_whose_cell_is_refused_at_the_turns_end_is_left_to_place():
    from alhambra_widget.engine.alhambra.actions import Buy

    w = human_widget()
    g = w.game
    g.edit(
        market={"denar": "pavilion 5 NW"},
        players={"Ann": {"alhambra": WALLED, "money": ["denar 4", "denar 3"], "reserve": []}},
    )
    # (1, 0) holds a tile: no tile may be built there (R7)
    click(w, kind="act", v=w.view["v"], action=Buy("denar", (4, 3)).to_json(), place=[1, 0])
    assert g.phase == "place" and [t.name for t in g.player("Ann").bought] == ["pavilion 5 NW"]
    assert (
        w.view["dropped"] is None
        and w.view["legal"]["tiles"]["pavilion 5 NW"]["source"] == "bought"
    )


def test_a_change_is_sent_as_ipywidgets_sends_it():
    """The board sends its state as ipywidgets' own ``send_state`` does (the same
    message), without its search for binary buffers, which a board's JSON never holds;
    each move in Python sends the view once."""
    import ipywidgets

    w = AlhambraWidget(players=["Ann", "Ben", "Cem"], seed=2, show_all_money=True)
    sent = []
    w._send = lambda msg, buffers=None: sent.append((msg, list(buffers or [])))
    for key in ("view", ["view", "message"], None):
        sent.clear()
        w.send_state(key)
        ours = list(sent)
        sent.clear()
        ipywidgets.Widget.send_state(w, key)
        assert ours == sent and len(ours) == 1, key
    sent.clear()
    w.game.apply(w.game.legal_actions()[0])
    assert [list(m["state"]) for m, _ in sent] == [["view"]]
    assert sent[0][0]["state"]["view"] == w.view and json.loads(json.dumps(sent[0][0]))
