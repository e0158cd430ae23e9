"""Hints one can trust: each hint's reasons in the engine's words
(the majorities that change, R10; the wall, R11; the money left; what stays in the
market for the next player), and, over random positions, no hint that another legal
move dominates: the same placement with more cards spent (R6 gives no change)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from alhambra_widget import Buy, Game
from alhambra_widget.engine.alhambra.narration import payment_words
from alhambra_widget.players.alhambra.hinting import best_place
from alhambra_widget.players.alhambra.strong import hints, reasons

TWO_EACH = {
    "Ann": {
        "money": ["ducat 3", "denar 2"],
        "alhambra": [[1, 0, "pavilion 8"], [0, -1, "pavilion 6 N"]],
    },
    "Ben": {"alhambra": [[1, 0, "pavilion 4 ES"], [0, -1, "pavilion 5 NW"]]},
}


def test_r10_r11_a_purchase_says_which_majority_it_takes_the_wall_and_the_round():
    """Ann and Ben hold two pavilions each, sharing first place in round 1 (R10: the
    first and second places' points pooled, 1 + 0 halved, rounded down to 0). Ann's
    third pavilion takes the majority alone (1 point) and puts Ben second."""
    g = Game(["Ann", "Ben", "Cem"], seed=3)
    g.edit(market={"ducat": "pavilion 3 SW"}, players=TWO_EACH, current="Ann")
    said = reasons(g, Buy("ducat", (3,)))
    assert payment_words(3, (3,)) in said and "exact payment: another action (R4)" in said
    pos, built = best_place(g, "Ann", g.market["ducat"])
    assert (
        pos == (-1, -1)
        and "built one cell north and one west of the fountain, its best place now" in said
    )
    assert (
        "pavilion: 2 → 3, still 1st in round 1, no longer shared with Ben (0 → 1 points); Ben 1st → 2nd"
        in said
    )
    wall = g.player("Ann").alhambra.longest_wall()
    assert built.longest_wall() == wall + 1 and f"longest wall {wall} → {wall + 1}" in said
    # R11: a point a wall segment in every round, so round 1 gives Ann 1 + wall, before and after
    assert f"round 1 would give Ann {wall} → {1 + wall + 1} points" in said


def test_r10_a_tie_made_says_with_whom_the_place_is_shared():
    """Ann's second pavilion ties Ben's two for first place in round 1 (R10: the first
    and second places' points pooled, 1 + 0 halved, rounded down): the reason says
    the place is shared, and that Ben's point goes."""
    g = Game(["Ann", "Ben", "Cem"], seed=3)
    one = {
        "Ann": {**TWO_EACH["Ann"], "alhambra": TWO_EACH["Ann"]["alhambra"][:1]},
        "Ben": TWO_EACH["Ben"],
    }
    g.edit(market={"ducat": "pavilion 3 SW"}, players=one, current="Ann")
    said = [r for r in reasons(g, Buy("ducat", (3,))) if r.startswith("pavilion")]
    assert said == [
        "pavilion: 1 → 2, 2nd → 1st in round 1, shared with Ben (0 → 0 points); Ben 1 → 0 points"
    ]


def test_r10_a_tile_moved_to_the_reserve_says_who_gains_by_it():
    """Ann's pavilion to her reserve (R8): she falls to second, and Ben, first alone now,
    takes the first place's point (R10) instead of sharing it."""
    g = Game(["Ann", "Ben", "Cem"], seed=3)
    g.edit(players=TWO_EACH, current="Ann")
    move = next(
        a for a in g.legal_actions() if str(a) == "redesign: move the tile at (1, 0) to the reserve"
    )
    said = [r for r in reasons(g, move) if r.startswith("pavilion")]
    assert said == [
        "pavilion: 2 → 1, 1st → 2nd in round 1, no longer shared with Ben (0 → 0 points); Ben 0 → 1 points"
    ]


def test_a_hint_names_the_money_left_and_what_stays_for_the_next_player():
    g = Game(["Ann", "Ben", "Cem"], seed=3)
    g.edit(market={"ducat": "pavilion 3 SW"}, players=TWO_EACH, current="Ann")
    shown = {h.action: h for h in hints(g, playouts=30, seed=1, k=30)}
    buy = shown[Buy("ducat", (3,))]
    assert "money left: 1 card, 2 in all" in buy.reasons
    market = next(r for r in buy.reasons if r.startswith("leaves in the market for Ben: "))
    for cur, tile in g.market.items():
        assert (f"{tile.kind} {tile.price} ({cur})" in market) == (cur != "ducat")
    take = next(h for a, h in shown.items() if type(a).__name__ == "TakeMoney")
    display = next(r for r in take.reasons if r.startswith("leaves in the money display for Ben: "))
    taken = Counter(take.action.cards)
    assert sum(taken.values()) + display.count(",") + 1 == len(g.display)
    assert next(r for r in take.reasons if r.startswith("money after: "))


# -- no dominated hint, over random positions -------------------------------------------


def outcome(game: Game, action) -> tuple[object, Counter]:
    """What ``action`` leaves its player, from the engine: the placement (Alhambra,
    reserve, tiles still to place) and the money in hand."""
    after = game.copy()
    me = game.current_player.name
    after.apply(action)
    p = after.player(me)
    place = (
        sorted((pos, str(t)) for pos, t in p.alhambra.tiles.items()),
        sorted(map(str, p.reserve)),
        sorted(map(str, p.bought)),
    )
    return place, Counter(map(str, p.money))


def dominates(a: tuple[object, Counter], b: tuple[object, Counter]) -> bool:
    """``a`` leaves the same placement as ``b`` with the cards ``b`` keeps and more."""
    return a[0] == b[0] and a[1] != b[1] and not b[1] - a[1]


def random_position(seed: int) -> Game:
    r = random.Random(seed)
    g = Game([f"P{i}" for i in range(r.randint(2, 4))], seed=seed)
    for _ in range(r.randint(0, 90)):
        if g.is_over:
            break
        g.apply(r.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("seed", range(16))
def test_r6_no_hint_is_dominated_and_none_is_ranked_above_a_move_that_dominates_it(seed):
    g = random_position(seed)
    if g.is_over:
        return
    legal = g.legal_actions()
    results = {a: outcome(g, a) for a in legal}
    shown = [h.action for h in hints(g, playouts=16, seed=seed, k=8)]
    for h in shown:
        better = [a for a in legal if dominates(results[a], results[h])]
        assert not better, f"{h} is dominated by {better[0]}"
    for i, h in enumerate(shown):  # and so no hint above one that dominates it
        assert not any(dominates(results[later], results[h]) for later in shown[i + 1 :])


def test_overpaying_9_and_3_for_a_garden_8_is_found_dominated_by_the_outcome_check():
    """The check above can fail: 9 + 3 ducat for the garden 8 leaves the same placement
    as 9 ducat, with fewer cards."""
    g = Game(["Ann", "Ben", "Cem"], seed=3)
    g.edit(
        market={"ducat": "garden 8"},
        players={"Ann": {"money": ["ducat 9", "ducat 3", "denar 2"]}},
        current="Ann",
    )
    assert dominates(outcome(g, Buy("ducat", (9,))), outcome(g, Buy("ducat", (9, 3))))
    assert not dominates(outcome(g, Buy("ducat", (9, 3))), outcome(g, Buy("ducat", (9,))))


def test_a_gardens_hint_says_which_lays_are_about_equal_and_keeps_them_in_a_fixed_order():
    """As in the Alhambra: lays within the search's noise of its choice come first, in
    the greedy bot's order (no seed changes it), marked about equal; then the rest,
    the most tried first."""
    from alhambra_widget.gardens import GardensGame
    from alhambra_widget.players.gardens.greedy import GreedyGardensBot
    from alhambra_widget.players.gardens.strong import hints as gardens_hints

    g = GardensGame(["Ann", "Ben"], seed=4)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    shown = gardens_hints(g, playouts=30, seed=2, k=6)
    tied = [h for h in shown if h.about_equal]
    assert len(tied) >= 2 and shown[: len(tied)] == tied
    order = GreedyGardensBot(0).rank(g, g.legal_actions())
    assert [h.action for h in tied] == sorted((h.action for h in tied), key=order.index)
    rest = [h.visits for h in shown[len(tied) :]]
    assert rest == sorted(rest, reverse=True)
    assert all(h.to_dict()["about_equal"] == h.about_equal for h in shown)
