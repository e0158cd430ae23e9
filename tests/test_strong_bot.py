"""The search bot (ISMCTS): it decides from what its seat may see (R2: hands are
secret; the deck and the bag are unknown to all), returns legal actions, leaves the
game alone, and beats random play."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from alhambra_widget import AlhambraWidget, Buy, Game, TakeMoney
from alhambra_widget.engine.alhambra.components import Card
from alhambra_widget.gardens import Lay
from alhambra_widget.players.alhambra.strong import StrongBot
from alhambra_widget.players.arena import play, wilson
from alhambra_widget.players.bots import make_bot


def midgame(n: int, seed: int, steps: int, game=Game):
    """A game of ``n`` players after ``steps`` random actions (Alhambra, or ``game``)."""
    g = game([f"P{i}" for i in range(n)], seed=seed)
    r = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(r.choice(g.legal_actions()))
    return g


def rearranged(g: Game, seat: int, seed: int | None) -> Game:
    """The same game as ``seat`` sees it, with everything else moved around: the money
    deck's cards and the bag shuffled (the scoring cards stay in their piles), and the
    other players' unseen cards swapped with unseen deck cards, each keeping its count
    and the cards everyone saw it take and not pay out (:meth:`Game.known_money`, R5,
    R6: those are no secret, so a fair rearrangement leaves them). Made with the
    engine's position editor (a recorded edit, one step: the search is seeded by the
    step number, so compare with ``seed=None``, the same edit changing nothing)."""
    h = g.copy()
    r = random.Random(seed)
    if seed is None:  # nothing moved
        r.shuffle = lambda x: None
    known = h.known_money()
    others = [i for i in range(len(h.players)) if i != seat]
    deck = list(h.deck)
    slots = [i for i, c in enumerate(deck) if type(c) is Card]
    pool = [deck[i] for i in slots]
    for i in others:
        pool += (Counter(h.players[i].money) - Counter(known[i])).elements()
    r.shuffle(pool)
    money = {}
    for i in others:
        n = len(h.players[i].money) - len(known[i])
        money[h.players[i].name], pool = {"money": list(known[i]) + pool[:n]}, pool[n:]
    for i, c in zip(slots, pool):
        deck[i] = c
    bag = list(h.bag)
    r.shuffle(bag)
    # the edit gives the deck top first and the bag next drawn first (both drawn from the end)
    h.edit(players=money, deck=deck[::-1], bag=bag[::-1])
    return h


def pooled(g: Game, seat: int, seed: int) -> Game:
    """A determinization that forgets what everyone saw (the engine's before R5's and
    R6's known cards were kept): every other player's cards pooled with the deck's."""
    d = g.determinize(seat, seed)
    return rearranged_all(d, seat, seed)


def rearranged_all(g: Game, seat: int, seed: int) -> Game:
    """``g`` with all the other players' cards, seen or not, swapped with the deck's
    (the pool sorted first: it depends only on the counts and the unseen cards)."""
    r = random.Random(seed)
    deck = list(g.deck)
    slots = [i for i, c in enumerate(deck) if type(c) is Card]
    others = [p for i, p in enumerate(g.players) if i != seat]
    pool = sorted([deck[i] for i in slots] + [c for p in others for c in p.money])
    r.shuffle(pool)
    money = {}
    for p in others:
        money[p.name], pool = {"money": pool[: len(p.money)]}, pool[len(p.money) :]
    for i, c in zip(slots, pool):
        deck[i] = c
    h = g.copy()
    h.edit(players=money, deck=deck[::-1])
    return h


def check_determinization(determinize, g: Game, seat: int) -> None:
    """What a determinization for ``seat`` must do (R2, R5, R6): the seat's own hand,
    the counts, the table and the seat's choices kept; the unseen cards redrawn among
    themselves; each other player keeps the cards everyone saw them take and not pay
    out; and the copy is the same whatever the seat cannot see."""
    d = determinize(g, seat, 7)
    assert d.players[seat].money == g.players[seat].money
    assert [len(p.money) for p in d.players] == [len(p.money) for p in g.players]
    assert d.display == g.display and d.discard == g.discard and dict(d.market) == dict(g.market)
    assert sorted(map(str, d.bag)) == sorted(map(str, g.bag))
    unseen = sorted(
        map(
            str,
            [c for c in g.deck if type(c) is Card]
            + [c for i, p in enumerate(g.players) if i != seat for c in p.money],
        )
    )
    mine = sorted(
        map(
            str,
            [c for c in d.deck if type(c) is Card]
            + [c for i, p in enumerate(d.players) if i != seat for c in p.money],
        )
    )
    assert mine == unseen
    assert d.scoring_approach() == g.scoring_approach()  # the scoring cards stay in their piles
    assert d.legal_actions() == g.legal_actions()  # the seat's own choices are the same
    for k in range(8):  # the cards everyone saw stay where they went (R5, R6)
        d = determinize(g, seat, k)
        for i, known in enumerate(g.known_money()):
            assert not Counter(known) - Counter(d.players[i].money), f"seen cards lost: {i} {known}"
    # it depends on nothing the seat cannot see
    d = determinize(g, seat, 7)
    for k in (98, 99):
        other = rearranged(g, seat, k)
        hidden = [p.money for i, p in enumerate(g.players) if i != seat]
        assert [
            p.money for i, p in enumerate(other.players) if i != seat
        ] != hidden  # something moved
        assert determinize(other, seat, 7).state_dict() == d.state_dict(), "depends on the unseen"
    assert determinize(g, seat, 8).state_dict() != d.state_dict()


@pytest.mark.parametrize("n,seed,steps", [(2, 1, 30), (3, 2, 60), (4, 3, 90), (5, 4, 40)])
def test_r02_r05_r06_determinize_redraws_only_what_the_seat_has_not_seen(n, seed, steps):
    g = midgame(n, seed, steps)
    seat = g.current
    assert any(k for i, k in enumerate(g.known_money()) if i != seat)  # cards were seen taken
    check_determinization(Game.determinize, g, seat)


@pytest.mark.parametrize("n,seed,steps", [(2, 1, 30), (3, 2, 60)])
def test_r02_r05_r06_the_checks_catch_a_determinization_that_peeks_or_forgets_what_it_saw(
    n, seed, steps
):
    g = midgame(n, seed, steps)
    seat = g.current
    with pytest.raises(AssertionError, match="depends on the unseen"):  # peeks: keeps the hands
        check_determinization(lambda g, seat, k: g.sample_hidden(k), g, seat)
    with pytest.raises(
        AssertionError, match="seen cards lost"
    ):  # forgets the cards seen taken (R5)
        check_determinization(pooled, g, seat)


def test_r05_r06_the_cards_everyone_saw_taken_and_not_paid_stay_in_the_hand():
    g = Game(["Ann", "Ben"], seed=4)
    g.edit(
        players={"Ann": {"money": ["dirham 9", "denar 9", "denar 8"]}},
        display=["denar 2", "denar 3", "ducat 9", "florin 9"],
        current="Ann",
    )
    assert g.known_money() == ((), ())  # an edit adds no known card (as R2's hidden deal)
    g.apply(TakeMoney((Card("denar", 2), Card("denar", 3))))  # R5: from the face-up display
    assert g.known_money() == ((Card("denar", 2), Card("denar", 3)), ())
    g.apply(TakeMoney((Card("ducat", 9),)))  # Ben
    g.apply(Buy("denar", (9, 3)))  # R6: pays the seen denar 3 and the unseen denar 9
    assert g.known_money() == ((Card("denar", 2),), (Card("ducat", 9),))
    assert sorted(map(str, g.players[0].money)) == ["denar 2", "denar 8", "dirham 9"]
    hands = [sorted(map(str, g.determinize(1, k).players[0].money)) for k in range(30)]
    assert all("denar 2" in h and len(h) == 3 for h in hands)  # kept: seen taken, not paid
    assert sum("denar 8" in h for h in hands) < 10  # the unseen part is redrawn
    assert all(
        g.determinize(1, k).players[1].money == g.players[1].money for k in range(5)
    )  # its own
    assert all(Card("ducat", 9) in g.determinize(0, k).players[1].money for k in range(30))
    # an edit counts only the known cards it removes: the denar 2 given up is no longer known
    g.edit(players={"Ann": {"money": ["denar 8", "dirham 9", "florin 1"]}})
    assert g.known_money() == ((), (Card("ducat", 9),))


@pytest.mark.parametrize("n,seed,steps", [(2, 5, 20), (3, 6, 50), (4, 7, 80)])
def test_r02_no_peeking_the_bot_chooses_the_same_whatever_it_cannot_see(n, seed, steps):
    g = midgame(n, seed, steps)
    seat = g.current
    bot = StrongBot(seed=3, playouts=40)
    first = bot.choose(rearranged(g, seat, None))
    for k in range(3):
        assert StrongBot(seed=3, playouts=40).choose(rearranged(g, seat, k)) == first


def test_the_bot_returns_legal_actions_and_leaves_the_game_alone():
    for n, seed in ((2, 11), (3, 12), (4, 13)):
        g = midgame(n, seed, 25)
        before, steps = g.state_dict(), g.step
        for _ in range(6):
            a = StrongBot(seed=seed, playouts=20).choose(g)
            assert g.state_dict() == before and g.step == steps
            assert g.why_illegal(a) is None
            g.apply(a)
            before, steps = g.state_dict(), g.step


def test_the_bot_is_deterministic_for_a_seed_budget_and_position():
    g = midgame(3, 21, 40)
    assert StrongBot(5, playouts=30).choose(g) == StrongBot(5, playouts=30).choose(g.copy())
    choices = StrongBot(5, playouts=60).analyse(g)
    assert sum(c.visits for c in choices) == 60 and all(0 <= c.value <= 1 for c in choices)


def test_levels_are_seat_kinds():
    assert (
        make_bot("easy", 1).playouts
        < make_bot("medium", 1).playouts
        < make_bot("strong", 1).playouts
    )
    w = AlhambraWidget(players=["You", "Ben"], seed=2, seats={"Ben": "easy"})
    assert isinstance(w.session.seats["Ben"], StrongBot)
    assert w.view["players"][1]["seat"] == "easy"
    from alhambra_widget.gardens import GardensWidget
    from alhambra_widget.players.gardens.strong import GardensStrongBot

    gw = GardensWidget(players=["You", "Ben"], seed=2, seats={"Ben": "medium"})
    assert isinstance(gw.session.seats["Ben"], GardensStrongBot)
    # a level argument: any number of simulations per decision
    w = AlhambraWidget(players=["You", "Ben"], seed=2, seats={"Ben": "strong:30"})
    assert isinstance(w.session.seats["Ben"], StrongBot) and w.session.seats["Ben"].playouts == 30
    assert make_bot("strong:45", 1, gw.game).playouts == 45
    for bad in ("strong:", "strong:x", "strong:0"):
        with pytest.raises(ValueError):
            make_bot(bad, 1)


def test_a_small_arena_the_search_beats_random_play():
    games = [play(["strong:12", "random"], 500 + i, i % 2) for i in range(4)]
    wins = sum(r["share"]["strong:12"] for r in games)
    assert wins >= 3.5, games


def test_the_arenas_wilson_interval_is_the_hand_worked_one():
    """The arena's 95% interval, worked by hand from Wilson's formula with z = 1.96:
    4 wins of 4 give 0.510-1 (centre (1 + 0.4802) / 1.9604 = 0.755, half-width
    1.96 * sqrt(0.060025) / 1.9604 = 0.245); 0 of 4 mirror it, 0-0.490; 30 of 40 (the
    README's 75%) give 0.598-0.858."""
    for (wins, n), (lo, hi) in {
        (4, 4): (0.5101, 1.0),
        (0, 4): (0.0, 0.4899),
        (30, 40): (0.5981, 0.8581),
        (0, 0): (0.0, 1.0),
    }.items():
        got = wilson(wins, n)
        assert got == pytest.approx((lo, hi), abs=1e-4), (wins, n, got)


@pytest.mark.parametrize("wins, n", [(1, 3), (2.5, 7), (30, 40), (68.5, 74), (144.5, 172)])
def test_the_wilson_interval_ends_where_the_score_test_is_on_its_edge(wins, n):
    """A second route: the Wilson interval holds the p whose normal score test does not
    reject the observed share, so at each end p, (share - p)^2 = z^2 p (1 - p) / n."""
    z, share = 1.96, wins / n
    for p in wilson(wins, n):
        assert (share - p) ** 2 == pytest.approx(z * z * p * (1 - p) / n, rel=1e-9)


def _wait_hint(w, timeout=30.0, panel="hint"):
    import time

    end = time.time() + timeout
    while time.time() < end:
        h = w.view[panel]
        if h and h["state"] == "done" and "refining" not in h:  # not a first answer
            return h
        time.sleep(0.05)
    raise AssertionError(f"no {panel}: {w.view[panel]}")


@pytest.mark.parametrize("n,seed,steps", [(2, 57, 37), (2, 59, 37), (2, 53, 95), (3, 13, 40)])
def test_r02_no_peeking_a_hints_words_and_reasons_depend_only_on_what_the_player_sees(
    n, seed, steps
):
    """The sentence and the reasons of a hint are the same whatever the player cannot
    see: not the card that refills the money display, not the tile that refills the
    market, not Dirk's tiles from the bag after a scoring round (R2, R3). In the
    two-player positions some build ends the turn with a scoring round."""
    from alhambra_widget.players.alhambra.strong import _says, reasons

    g = midgame(n, seed, steps)
    seat = g.current
    others = [rearranged(g, seat, k) for k in range(3)]
    scored = 0
    for a in g.legal_actions():
        scored += any(e.kind == "round_scored" for e in g.copy().apply(a))
        says, why = _says(g, a), reasons(g, a)
        for h in others:
            assert (_says(h, a), reasons(h, a)) == (says, why), a
    assert scored or n == 3


def test_r02_no_peeking_the_hint_list_is_the_same_whatever_the_player_cannot_see():
    from alhambra_widget.players.alhambra.strong import hints

    g = midgame(2, 21, 31)
    seat = g.current
    first = hints(rearranged(g, seat, None), playouts=40, seed=5)
    takes = [h for h in first if h.action.to_json()["type"] == "take_money"]
    assert takes and all(h.says.count(".") == 1 for h in takes)  # no refill told
    for k in range(2):
        assert hints(rearranged(g, seat, k), playouts=40, seed=5) == first


def test_a_hint_lists_the_best_moves_with_chances_and_reasons_and_goes_when_the_game_moves():
    from alhambra_widget.engine.errors import GameError

    w = AlhambraWidget(
        players=["You", "Ben", "Cem"], seed=7, seats={"Ben": "greedy", "Cem": "greedy"}
    )
    w.hint_playouts = 120
    assert w.view["hint_allowed"] and w.view["hint"] is None
    w._intent_hint({"v": w.view["v"]})
    h = _wait_hint(w)
    legal = [a.to_json() for a in w.game.legal_actions()]
    assert 1 <= len(h["moves"]) <= 3
    for m in h["moves"]:
        assert m["action"] in legal and 0 <= m["chance"] <= 1 and m["says"].startswith("You ")
    # the moves about equal to the search's choice first (in a fixed order, not by
    # noise), then the rest, the most tried first
    tied = [m for m in h["moves"] if m["about_equal"]]
    assert h["moves"][: len(tied)] == tied
    rest = [m["visits"] for m in h["moves"] if not m["about_equal"]]
    assert rest == sorted(rest, reverse=True)
    buy = [m for m in h["moves"] if m["action"]["type"] == "buy"]
    for m in buy:
        assert any("R4" in r or "R6" in r for r in m["reasons"])
    w.game.apply(w.game.legal_actions()[0])  # the position is gone: so is its hint
    assert w.view["hint"] is None
    w.hints_enabled = False
    assert w.view["hint_allowed"] is False
    with pytest.raises(GameError, match="turned off"):
        w._intent_hint({"v": w.view["v"]})


def test_a_hint_can_be_cancelled_and_its_answer_is_then_dropped():
    w = AlhambraWidget(
        players=["You", "Ben", "Cem"], seed=7, seats={"Ben": "greedy", "Cem": "greedy"}
    )
    w.hint_playouts = 5000
    w._intent_hint({"v": w.view["v"]})
    assert w.view["hint"]["state"] == "running"
    w._intent_hint({"cancel": True})
    assert w.view["hint"] is None
    import time

    time.sleep(0.5)  # the search stops at its next progress check and says nothing
    assert w.view["hint"] is None


def test_hint_reasons_come_from_the_engine():
    from alhambra_widget.players.alhambra.hinting import best_place
    from alhambra_widget.players.alhambra.strong import reasons

    g = midgame(3, 4, 40)
    me = g.current_player
    for a in g.legal_actions():
        after = g.copy()
        after.apply(a)
        built = after.player(me.name).alhambra
        if type(a) is Buy:  # a purchase is weighed built at its best place
            found = best_place(g, me.name, g.market[a.currency])
            built = found[1] if found else me.alhambra
        for r in reasons(g, a):
            if r.startswith("longest wall"):
                _, _, old, _, new = r.split()
                assert int(old) == me.alhambra.longest_wall()
                assert int(new) == built.longest_wall()


def test_a_game_review_weighs_each_decision_and_names_the_biggest_mistakes():
    from alhambra_widget.players.bots import RandomBot

    w = AlhambraWidget(players=["You", "Ben"], seed=4, seats={"Ben": "greedy"})
    g = w.game
    me, ben = RandomBot(1), w.session.seats["Ben"]
    while g.step < 50:
        g.apply((me if g.current_player.name == "You" else ben).choose(g))
    w.review_playouts = 24
    w._intent_review({"v": w.view["v"]})
    r = _wait_hint(w, 60, "review")
    mine = [i for i, (m, _) in enumerate(g.movers) if g.players[m].name == "You"]
    real = [i for i in mine if len(g.at(i).legal_actions()) > 1]
    assert r["player"] == "You" and r["decisions"] == len(real)
    assert r["mistakes"] and all(m["step"] in real for m in r["mistakes"])
    losses = [m["loss"] for m in r["mistakes"]]
    assert losses == sorted(losses, reverse=True) and all(0 < x <= 1 for x in losses)
    m = r["mistakes"][0]
    assert m["played"].startswith("You ") and m["played"] != m["best"]
    assert abs(m["loss"] - (m["chance_best"] - m["chance_played"])) < 2e-3
    w._intent_goto({"step": m["step"]})  # a mistake jumps to its step; the review stays
    assert w.step == m["step"] and w.view["review"] == r


def test_a_gardens_game_review_weighs_each_lay_against_the_search():
    from alhambra_widget.gardens import GardensWidget
    from alhambra_widget.players.bots import RandomBot
    from alhambra_widget.players.gardens.strong import GardensStrongBot

    w = GardensWidget(players=["You", "Ben"], seed=6, seats={"Ben": "greedy"})
    g = w.game
    me, ben = RandomBot(3), w.session.seats["Ben"]
    while not g.is_over:
        g.apply((me if g.current_player.name == "You" else ben).choose(g))
    assert w.view["review"] is None
    w.review_playouts = 20
    w._intent_review({"v": w.view["v"]})
    r = _wait_hint(w, 60, "review")
    mine = [i for i, (m, _) in enumerate(g.movers) if g.players[m].name == "You"]
    real = [i for i in mine if len(g.at(i).legal_actions()) > 1]
    assert r["player"] == "You" and r["decisions"] == len(real) > 5
    assert r["mistakes"] and all(m["step"] in real for m in r["mistakes"])
    for m in r["mistakes"]:  # each mistake: the lay played there, and the search's own choice
        before = g.at(m["step"])
        lay = g.history[m["step"]]
        _names_the_lay_by_its_trees(m["played"], before, lay)
        best = GardensStrongBot(0, playouts=20).analyse(before, include=[lay])[0]
        _names_the_lay_by_its_trees(m["best"], before, best.action)
        assert m["loss"] > 0.02 and best.action != lay
    # the Python call gives the same decisions as the board's panel
    found = w.review(playouts=20)
    assert sorted(round(d.loss, 3) for d in found if d.loss > 0.02)[
        -len(r["mistakes"]) :
    ] == sorted(m["loss"] for m in r["mistakes"])


def _gardens_midgame(n, seed, steps):
    from alhambra_widget.gardens import GardensGame

    return midgame(n, seed, steps, GardensGame)


@pytest.mark.parametrize("n,seed", [(2, 1), (3, 2), (4, 3)])
def test_g_gardens_no_peeking_the_search_sees_only_its_hand_and_the_board(n, seed):
    from alhambra_widget.players.gardens.strong import GardensStrongBot

    g = _gardens_midgame(n, seed, 6)
    seat = g.current
    d = g.determinize(seat, 1)
    assert d.players[seat].hand == g.players[seat].hand
    assert [len(p.hand) for p in d.players] == [len(p.hand) for p in g.players]
    assert len(d.supply) == len(g.supply) and d.fields == g.fields
    first = GardensStrongBot(4, playouts=30).choose(g)
    assert g.why_illegal(first) is None
    for k in range(3):  # the others' hands and the supply rearranged, counts kept
        h = g.determinize(seat, 100 + k)  # (the Gardens have no position editor)
        assert h.determinize(seat, 1).state_dict() == d.state_dict()
        assert GardensStrongBot(4, playouts=30).choose(h) == first


def test_g_gardens_a_small_arena_the_search_beats_random_play():
    from alhambra_widget.players.bots import RandomBot
    from alhambra_widget.players.gardens.strong import GardensStrongBot

    wins = 0.0
    for i in range(4):
        from alhambra_widget.gardens import GardensGame

        g = GardensGame(["A", "B"], seed=300 + i)
        bots = [GardensStrongBot(i, playouts=15), RandomBot(i)]
        if i % 2:
            bots.reverse()
        while not g.is_over:
            g.apply(bots[g.current].choose(g))
        strong = "A" if i % 2 == 0 else "B"
        wins += (strong in g.winners) / len(g.winners)
    assert wins >= 3.5


def test_a_gardens_hint_lists_legal_lays_with_chances_and_the_engines_scorings():
    from alhambra_widget.gardens import GardensWidget
    from alhambra_widget.players.gardens.strong import hints as gardens_hints

    w = GardensWidget(players=["You", "Ben"], seed=5, seats={"Ben": "greedy"})
    g = w.game
    while g.step < 30 or g.current_player.name != "You":  # lays may enclose buildings now
        g.apply(
            w.session.seats["Ben"].choose(g)
            if g.current_player.name == "Ben"
            else g.legal_actions()[0]
        )
    w.hint_playouts = 60
    assert w.view["hint_allowed"]
    w._intent_hint({"v": w.view["v"]})
    h = _wait_hint(w)
    legal = [a.to_json() for a in g.legal_actions()]
    assert 1 <= len(h["moves"]) <= 3
    for m in h["moves"]:
        assert m["action"] in legal and 0 <= m["chance"] <= 1
        _names_the_lay_by_its_trees(m["says"], g, Lay.from_json(m["action"]))
    # the reasons are the engine's preview of what a lay encloses
    for hint in gardens_hints(g, playouts=60, seed=1, k=3):
        scorings = g.preview(hint.action)
        assert len(hint.reasons) == len(scorings)
        for r, sc in zip(hint.reasons, scorings):
            assert r.startswith(f"encloses the {sc.kind} ({sc.value}) at the ") and "(G4)" in r
            assert _corner_building(r, hint.action.field) == sc.building  # the corner in words
            assert str(sc.building) not in r  # no coordinates
    g.apply(g.legal_actions()[0])  # the position is gone: so is its hint
    assert w.view["hint"] is None


def _corner_building(reason, field):
    """The building a reason's "at the north-west corner of the field" names (G1: the
    four buildings at a field's corners, y growing south)."""
    ns, ew = reason.split(" corner of the field")[0].rsplit(" ", 1)[1].split("-")
    return field[0] + (ew == "east"), field[1] + (ns == "south")


def _names_the_lay_by_its_trees(says, game, lay):
    """A lay in words: who, the field, the tile by what it shows (its trees), never its id."""
    tile = next(t for t in game.current_player.hand if t.id == lay.tile)
    assert says.startswith("You: lay the tile of ") and f" on field {lay.field}" in says, says
    assert f"{tile.trees} tree" in says and lay.tile not in says, says


def test_the_evaluation_trusts_a_lead_more_as_the_bag_empties():
    """The same estimated lead is worth less early than late (``strong.SCALE``)."""
    from alhambra_widget.players.alhambra import strong

    g = Game(["Ann", "Ben"], seed=8)
    r = random.Random(8)
    seen = []
    while not g.is_over:
        est = strong.estimate(g)
        lead = est[0] - est[1]
        if abs(lead) > 3:
            chance = strong.evaluate(g)[0]
            seen.append((g.bag_share_left, abs(chance - 0.5) / abs(lead)))  # sureness per point
        g.apply(r.choice(g.legal_actions()))
    early = [s for share, s in seen if share > 0.8]
    late = [s for share, s in seen if share < 0.2]
    assert early and late and max(early) < min(late)


def test_G4_a_reason_names_the_enclosed_building_by_kind_value_and_corner_not_coordinates():
    import random

    from alhambra_widget.gardens import GardensGame
    from alhambra_widget.players.gardens.strong import reasons

    g, r, checked = GardensGame(["Ann", "Ben"], seed=4), random.Random(4), 0
    while not g.is_over:
        for lay in g.legal_actions():
            for why, sc in zip(reasons(g, lay), g.preview(lay), strict=True):
                assert why.startswith(
                    f"encloses the {sc.kind} ({sc.value}) at the "
                ) and why.endswith("(G4)"), why
                assert (
                    _corner_building(why, lay.field) == sc.building and str(sc.building) not in why
                )
                checked += 1
        g.apply(r.choice(g.legal_actions()))
    assert checked > 50
