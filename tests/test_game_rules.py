"""R2-R6, R9, R12, R13 on whole games, with positions set up by hand where the
rulebook gives an example."""

from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from helpers import open_tile
from hypothesis import given, settings
from hypothesis import strategies as st

from alhambra_widget import (
    Buy,
    Card,
    Exchange,
    FromReserve,
    Game,
    IllegalAction,
    Pass,
    Place,
    Reserve,
    TakeMoney,
    Tile,
    ToReserve,
)
from alhambra_widget.engine.alhambra.components import ScoringCard
from alhambra_widget.engine.alhambra.game import payments
from alhambra_widget.engine.errors import MalformedInput


def game(n=3, seed=1, **kw):
    return Game([f"P{i}" for i in range(n)], seed=seed, **kw)


# -- R2 setup ------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", range(20))
def test_R2_money_dealt_until_20_or_more(n, seed):
    g = game(n, seed)
    for p in g.players:
        total = sum(c.value for c in p.money)
        assert 20 <= total <= 28
        assert total - p.money[-1].value < 20  # the last card dealt reached 20


@pytest.mark.parametrize("seed", range(40))
def test_R2_starting_player_fewest_cards_then_lowest_total(seed):
    g = game(4, seed)
    key = [(len(p.money), sum(c.value for c in p.money)) for p in g.players]
    assert key[g.starting_player] == min(key)
    assert g.current == g.starting_player


def test_R2_starting_player_tie_is_drawn_by_the_seed():
    # find a seed with a full tie and check it is reproducible
    for seed in range(2000):
        g = game(2, seed)
        key = [(len(p.money), sum(c.value for c in p.money)) for p in g.players]
        if key[0] == key[1]:
            assert game(2, seed).starting_player == g.starting_player
            start = next(e for e in g.log if e.kind == "turn")
            assert "drawn by the seed" in start.text
            break
    else:
        pytest.fail("no tied seed found")


@pytest.mark.parametrize("n", [2, 3, 6])
@pytest.mark.parametrize("seed", range(10))
def test_R2_five_piles_scoring_cards_in_piles_2_and_4(n, seed):
    g = game(n, seed)
    assert len(g.display) == 4 and all(isinstance(c, Card) for c in g.display)
    deck = list(reversed(g.deck))  # top first
    money = [c for c in deck if isinstance(c, Card)]
    m = len(money)
    # five piles as equal as possible: each holds m // 5 or m // 5 + 1 cards, whichever
    # piles take the extra; card 1 lies in pile 2 and card 2 in pile 4 (pile 1 on top)
    small, large = m // 5, -(-m // 5)
    above1 = sum(isinstance(c, Card) for c in deck[: deck.index(ScoringCard(1))])
    above2 = sum(isinstance(c, Card) for c in deck[: deck.index(ScoringCard(2))])
    assert small <= above1 <= 2 * large
    assert 3 * small <= above2 <= 4 * large
    assert len(deck) == m + 2 and m + 4 + sum(len(p.money) for p in g.players) == (
        72 if n == 2 else 108
    )


def test_R2_market_filled_with_four_tiles_one_per_currency():
    g = game(4, 3)
    assert list(g.market) == ["denar", "dirham", "ducat", "florin"]
    assert all(isinstance(t, Tile) for t in g.market.values())
    assert len(g.bag) == 50


# -- R4/R5 turn and money -----------------------------------------------------------
def _fresh(n=3, seed=1):
    g = game(n, seed)
    p = g.current_player
    return g, p


def test_R5_take_one_card_of_any_value():
    g, p = _fresh()
    g.edit(display=[Card("denar", 9), Card("ducat", 2), Card("florin", 3), Card("dirham", 1)])
    g.apply(TakeMoney((Card("denar", 9),)))
    assert Card("denar", 9) in p.money
    assert g.current_player is not p  # taking money ends the turn


def test_R5_take_several_summing_to_at_most_five():
    g, p = _fresh()
    g.edit(display=[Card("denar", 9), Card("ducat", 2), Card("florin", 3), Card("dirham", 1)])
    g.apply(TakeMoney((Card("ducat", 2), Card("florin", 3))))
    assert Card("ducat", 2) in p.money and Card("florin", 3) in p.money


def test_R5_several_over_five_refused_and_state_unchanged():
    g, _p = _fresh()
    g.edit(display=[Card("denar", 9), Card("ducat", 2), Card("florin", 3), Card("dirham", 1)])
    before = g.state_dict()
    with pytest.raises(IllegalAction) as e:
        g.apply(TakeMoney((Card("ducat", 2), Card("florin", 3), Card("dirham", 1))))
    assert e.value.rule == "R5" and "6" in str(e.value)
    with pytest.raises(IllegalAction) as e:
        g.apply(TakeMoney((Card("ducat", 7),)))
    assert e.value.rule == "R5"
    assert g.state_dict() == before


def test_R5_legal_money_actions_listed():
    g, _p = _fresh()
    g.edit(display=[Card("denar", 9), Card("ducat", 2), Card("florin", 3), Card("dirham", 1)])
    takes = {a.cards for a in g.legal_actions() if isinstance(a, TakeMoney)}
    # 4 singles, pairs <= 5: 2+3, 2+1, 3+1; triples: 2+3+1=6 no
    assert len(takes) == 7


def _set_market(g, currency, tile):
    g.edit(market={currency: tile})


def test_R6_rulebook_garden_for_10_denars_paid_with_11_ends_the_turn_no_change():
    g, p = _fresh()
    _set_market(g, "denar", Tile("garden", 10))
    g.edit(players={p.name: {"money": [Card("denar", 5), Card("denar", 6), Card("ducat", 3)]}})
    events = g.apply(Buy("denar", (5, 6)))
    assert "overpaid by 1" in events[0].text
    assert p.money == (Card("ducat", 3),)  # no change given
    assert Counter(g.discard) >= Counter([Card("denar", 5), Card("denar", 6)])
    assert g.phase == "place" and p.bought == (Tile("garden", 10),)  # turn over: place it


def test_R4_exact_payment_gives_another_action():
    g, p = _fresh()
    _set_market(g, "denar", Tile("garden", 10))
    g.edit(players={p.name: {"money": [Card("denar", 4), Card("denar", 6), Card("ducat", 3)]}})
    g.apply(Buy("denar", (6, 4)))
    assert g.phase == "act" and g.current_player is p
    assert g.market["denar"] is None  # nothing refilled during the turn (R4)
    g.apply(TakeMoney((g.display[0],)))
    assert g.phase == "place" and g.current_player is p


def test_R4_at_most_five_actions_four_exact_buys_then_one_more():
    g, p = _fresh()
    tiles = [
        Tile("pavilion", 2, "NEW"),
        Tile("seraglio", 3, "ESW"),
        Tile("arcades", 4, "NES"),
        Tile("chambers", 5, "NSW"),
    ]
    for cur, t in zip(["denar", "dirham", "ducat", "florin"], tiles):
        _set_market(g, cur, t)
    g.edit(
        players={
            p.name: {
                "money": [Card("denar", 2), Card("dirham", 3), Card("ducat", 4), Card("florin", 5)]
            }
        }
    )
    for cur, v in [("denar", 2), ("dirham", 3), ("ducat", 4), ("florin", 5)]:
        g.apply(Buy(cur, (v,)))
        assert g.phase == "act"
    assert not any(isinstance(a, Buy) for a in g.legal_actions())
    g.apply(TakeMoney((g.display[0],)))  # the fifth action
    assert g.phase == "place" and len(p.bought) == 4


def test_R6_pay_with_the_slot_currency_and_enough():
    g, p = _fresh()
    _set_market(g, "denar", Tile("garden", 10))
    g.edit(players={p.name: {"money": [Card("ducat", 9), Card("ducat", 5), Card("denar", 4)]}})
    before = g.state_dict()
    for act in (Buy("denar", (9, 5)), Buy("denar", (4,)), Buy("ducat", (9, 5, 4))):
        with pytest.raises(IllegalAction) as e:
            g.apply(act)
        assert e.value.rule == "R6"
    assert g.state_dict() == before


def test_R6_every_payment_listed_including_overpayments():
    g, p = _fresh()
    for cur in ("dirham", "ducat", "florin"):
        g.edit(market={cur: None})
    _set_market(g, "denar", Tile("garden", 10))
    g.edit(
        players={
            p.name: {
                "money": [Card("denar", 4), Card("denar", 6), Card("denar", 6), Card("denar", 3)]
            }
        }
    )
    pays = {a.pay for a in g.legal_actions() if isinstance(a, Buy)}
    assert pays == {(6, 4), (6, 6), (6, 4, 3), (6, 6, 4), (6, 6, 3), (6, 6, 4, 3)}


@given(values=st.lists(st.integers(1, 9), max_size=7), price=st.integers(1, 30))
def test_R6_payments_are_every_distinct_multiset_reaching_the_price(values, price):
    """Against brute force over every subset of the cards: each distinct multiset whose
    total reaches the price, once, largest card first, in the order of the hand's
    sub-multisets (largest value first, then more copies first)."""
    got = payments(values, price)
    want = {
        tuple(sorted(c, reverse=True))
        for k in range(len(values) + 1)
        for c in combinations(values, k)
        if sum(c) >= price
    }
    assert len(got) == len(set(got)) and set(got) == want
    assert all(list(pay) == sorted(pay, reverse=True) for pay in got)
    assert got == tuple(sorted(got, key=lambda pay: [-pay.count(v) for v in range(9, 0, -1)]))


# -- R9 end of turn -------------------------------------------------------------------
def test_R9_bought_tiles_placed_in_any_order_then_refill():
    g, p = _fresh()
    a, b = Tile("garden", 10), Tile("tower", 11)
    _set_market(g, "denar", a)
    _set_market(g, "dirham", b)
    g.edit(
        players={
            p.name: {
                "money": [Card("denar", 9), Card("denar", 1), Card("dirham", 9), Card("dirham", 3)]
            }
        }
    )
    g.apply(Buy("denar", (9, 1)))
    g.apply(Buy("dirham", (9, 3)))  # overpaid: turn ends
    assert g.phase == "place"
    with pytest.raises(IllegalAction) as e:
        g.apply(TakeMoney((g.display[0],)))
    assert e.value.rule == "R9"
    g.apply(Place(b, (1, 0)))  # the second bought first
    assert g.market["denar"] is None  # not yet refilled
    g.apply(Reserve(a))
    assert p.reserve == (a,) and p.alhambra[(1, 0)] == b
    assert g.market["denar"] is not None and g.market["dirham"] is not None
    assert g.current_player is not p and g.phase == "act"


def test_R9_market_refilled_in_slot_order():
    g, _p = _fresh()
    g.edit(market={"dirham": None})
    g.edit(market={"florin": None})
    nxt = [g.bag[-1], g.bag[-2]]
    g.apply(TakeMoney((g.display[0],)))
    assert g.market["dirham"] == nxt[0] and g.market["florin"] == nxt[1]


def test_R9_scoring_card_set_aside_and_round_scored_before_next_player():
    g, _p = _fresh()
    g.edit(deck_top=[ScoringCard(1), Card("denar", 1)])  # the first drawn first
    g.edit(display=[Card("ducat", 9), Card("ducat", 8), Card("ducat", 7), Card("ducat", 6)])
    events = g.apply(TakeMoney((Card("ducat", 9),)))
    kinds = [e.kind for e in events]
    assert kinds.index("scoring_card") < kinds.index("round_scored") < kinds.index("turn")
    assert len(g.display) == 4 and ScoringCard(1) not in g.display
    assert [r.number for r in g.rounds] == [1]


def test_R9_empty_deck_reshuffles_the_discard_pile():
    g, _p = _fresh()
    g.edit(discard=[Card("florin", 1), Card("florin", 2)])
    g.edit(deck=[])
    events = g.apply(TakeMoney((g.display[0],)))
    assert any(e.kind == "reshuffled" for e in events)
    assert len(g.display) == 4 and g.discard == () and len(g.deck) == 1


def test_R9_no_deck_no_discard_slots_stay_empty():
    g, _p = _fresh()
    g.edit(discard=[])
    g.edit(deck=[])
    g.apply(TakeMoney((g.display[0],)))
    assert len(g.display) == 3


def test_R4_pass_only_when_nothing_else_is_legal():
    g, p = _fresh()
    with pytest.raises(IllegalAction) as e:
        g.apply(Pass())
    assert e.value.rule == "R4"
    g.edit(display=[])
    g.edit(deck=[])
    g.edit(players={p.name: {"money": []}})
    assert g.legal_actions() == [Pass()]
    g.apply(Pass())
    assert g.current_player is not p


# -- R8 redesign within a game -------------------------------------------------------
def test_R8_three_redesigns_each_end_the_turn():
    g = game(3, 2)
    p = g.current_player
    g.edit(players={p.name: {"reserve": [open_tile("garden"), open_tile("tower")]}})
    g.apply(FromReserve(open_tile("garden"), (1, 0)))
    assert p.alhambra[(1, 0)] == open_tile("garden") and g.current_player is not p
    while g.current_player is not p:
        g.apply(TakeMoney((g.display[0],)))
    g.apply(Exchange(open_tile("tower"), (1, 0)))
    assert p.alhambra[(1, 0)] == open_tile("tower") and open_tile("garden") in p.reserve
    while g.current_player is not p:
        g.apply(TakeMoney((g.display[0],)))
    g.apply(ToReserve((1, 0)))
    assert (1, 0) not in p.alhambra and len(p.reserve) == 2
    with pytest.raises(IllegalAction):
        g.apply(ToReserve((0, 0)))


def test_R8_redesign_after_exact_buy_then_place():
    g, p = _fresh()
    _set_market(g, "denar", Tile("garden", 10))
    g.edit(players={p.name: {"money": [Card("denar", 10 - 9), Card("denar", 9)]}})
    g.edit(players={p.name: {"reserve": [open_tile("tower")]}})
    g.apply(Buy("denar", (9, 1)))
    g.apply(FromReserve(open_tile("tower"), (0, 1)))
    assert g.phase == "place"
    assert Place(Tile("garden", 10), (0, 2)) in g.legal_actions()


# -- R12 the end ----------------------------------------------------------------------------
def test_R12_market_tiles_go_to_the_richest_in_their_currency_ties_stay():
    g = game(3, 5)
    p0, p1, p2 = g.players
    g.edit(current=p0.name, bag=[])
    g.edit(
        market={
            "denar": Tile("garden", 10),
            "dirham": Tile("tower", 11),
            "ducat": Tile("arcades", 9),
            "florin": None,
        }
    )
    g.edit(players={p0.name: {"money": [Card("denar", 9), Card("dirham", 4), Card("ducat", 1)]}})
    g.edit(players={p1.name: {"money": [Card("denar", 3), Card("dirham", 4)]}})
    g.edit(players={p2.name: {"money": [Card("denar", 5), Card("denar", 3)]}})
    g.edit(display=[Card("florin", 9), *g.display[1:]])
    events = g.apply(TakeMoney((Card("florin", 9),)))  # ends the turn: bag cannot refill
    gifts = [e for e in events if e.kind == "gift"]
    assert [e.data["player"] for e in gifts] == ["P0", None, "P0"]  # denar 9 > 8; dirham tie 4-4
    assert g.market["dirham"] == Tile("tower", 11)
    assert g.phase == "gift" and g.current_player is p0
    assert not any(a.type == "give_to_dirk" for a in g.legal_actions())
    g.apply(Place(Tile("garden", 10), (1, 0)))
    g.apply(Reserve(Tile("arcades", 9)))
    assert g.is_over and [r.number for r in g.rounds][-1] == 3
    assert g.winners and g.legal_actions() == []
    with pytest.raises(IllegalAction) as e:
        g.apply(Pass())
    assert e.value.rule == "R12"


def test_R12_highest_total_wins_equal_totals_share():
    g = game(3, 5)
    g.edit(bag=[])
    g.edit(market={"denar": None})
    for p in g.players:
        g.edit(players={p.name: {"money": []}})
    g.edit(display=[Card("denar", 1)])  # the taker then holds only denars: no slot to give
    g.apply(TakeMoney((Card("denar", 1),)))
    assert g.is_over
    top = max(g.scores.values())
    assert g.winners == [n for n, s in g.scores.items() if s == top]
    assert len(g.winners) == 3  # empty Alhambras: everybody 0, shared win


# -- R13 seeding -----------------------------------------------------------------------------
def test_R13_same_seed_same_setup_different_seed_differs():
    assert game(4, 11).state_dict() == game(4, 11).state_dict()
    assert game(4, 11).state_dict() != game(4, 12).state_dict()


def test_R13_seed_none_is_chosen_and_kept():
    g = Game(["A", "B", "C"])
    assert isinstance(g.seed, int)
    for a in g.legal_actions()[:1]:
        g.apply(a)
    again = Game.from_json(g.to_json())  # the chosen seed is what replays the game
    assert again.seed == g.seed and again.state_dict() == g.state_dict()
    assert Game(["A", "B", "C"], seed=g.seed).state_dict() == g.at(0).state_dict()


@pytest.mark.parametrize("bad", [["A"], ["A"] * 7, "AB"])
def test_R1_two_to_six_players(bad):
    with pytest.raises(IllegalAction) as e:
        Game(bad, seed=1)
    assert e.value.rule == "R1"


@pytest.mark.parametrize("bad", [["A", "A"], ["A", ""], [1, 2]])
def test_player_names_are_distinct_strings_malformed_otherwise(bad):
    with pytest.raises(MalformedInput):
        Game(bad, seed=1)


def test_R13_copy_keeps_hand_made_changes_and_is_independent():
    g = game(3, 1)
    g.edit(market={"denar": Tile("garden", 10)})
    g.edit(players={g.current_player.name: {"money": [Card("denar", 6), Card("denar", 4)]}})
    h = g.copy()
    assert h.state_dict() == g.state_dict()
    h.apply(Buy("denar", (6, 4)))
    assert g.market["denar"] == Tile("garden", 10) and len(g.current_player.money) == 2
    seen = []
    g.add_listener(lambda *a: seen.append(a))
    g.copy().apply(g.legal_actions()[0])
    assert seen == []  # a copy does not carry the listeners


@pytest.mark.parametrize("n", [2, 3, 6])
def test_R2_scoring_cards_show_up_within_their_announced_window(n):
    import random

    for seed in range(15):
        g = game(n, seed)
        rng = random.Random(seed)
        while not g.is_over:
            windows = g.scoring_approach()
            top_first = list(reversed(g.deck))
            for rnd in (1, 2):
                if rnd in g.scoring_cards_drawn:
                    assert windows[rnd] is None
                else:
                    hidden = top_first.index(ScoringCard(rnd))  # draws before it shows
                    lo, hi = windows[rnd]
                    assert lo <= hidden <= hi, (seed, rnd, lo, hidden, hi)
            g.apply(rng.choice(g.legal_actions()))


@settings(deadline=None, max_examples=30)  # whole games: slow under load
@given(st.integers(2, 4), st.integers(0, 10**6))
def test_r02_r05_r06_the_money_everyone_knows_is_part_of_each_hand(n, seed):
    """Known to all: the cards taken from the display (R5) and not paid out (R6); the
    deal is hidden (R2), so at the start nothing is known. Whatever the play, the known
    part is part of the hand, and a take adds exactly its cards."""
    import random

    g = Game([f"P{i}" for i in range(n)], seed=seed)
    assert g.known_money() == ((),) * n and all(p.money for p in g.players)
    r = random.Random(seed)
    for _ in range(120):
        if g.is_over:
            break
        a = r.choice(g.legal_actions())
        mover, before = g.current, Counter(g.known_money()[g.current])
        g.apply(a)
        known = g.known_money()
        for p, k in zip(g.players, known):
            assert not Counter(k) - Counter(p.money), (p.name, k, p.money)
        if type(a) is TakeMoney:
            assert Counter(known[mover]) == before + Counter(a.cards)
        if type(a) is Buy:
            assert Counter(known[mover]) <= before


_CARDS = st.builds(Card, st.sampled_from(["denar", "dirham", "ducat", "florin"]), st.integers(1, 9))


def _check_takes(display):
    """R5 from the rule's words: one card of any value, or several adding up to at most 5;
    each distinct choice (a sub-multiset of the display) once, its cards sorted, singles
    first, then the sets by size."""
    from alhambra_widget.engine.alhambra.listing import takes

    listed = [a.cards for a in takes(display)]
    assert len(listed) == len(set(listed)), display  # each choice once
    assert all(list(cards) == sorted(cards) for cards in listed), display
    wanted = {(c,) for c in display}
    for k in range(2, len(display) + 1):
        for pick in combinations(sorted(display), k):
            if sum(c.value for c in pick) <= 5:
                wanted.add(pick)
    assert set(listed) == wanted, display
    sizes = [len(cards) for cards in listed]
    assert sizes == sorted(sizes), display
    assert listed[: len(set(display))] == [(c,) for c in sorted(set(display))], display


@settings(max_examples=300, deadline=None)
@given(st.lists(_CARDS, min_size=1, max_size=4))
def test_R5_listed_takes_are_each_allowed_choice_once_singles_first(display):
    _check_takes(display)


def test_R5_listed_takes_for_every_display_of_small_cards():
    """Every display of four cards worth 1-4 (3,876 multisets), in one process: the
    shared TakeMoney of one set is never handed out for another."""
    small = [Card(c, v) for c in ("denar", "dirham", "ducat", "florin") for v in range(1, 5)]
    for display in combinations_with_replacement(small, 4):
        _check_takes(list(display))
