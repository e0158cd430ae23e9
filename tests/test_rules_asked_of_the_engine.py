"""Rules written once, in the engine, and asked everywhere else: the bots, the hints,
the view model and the lessons show the engine's own sentences and numbers, so a site
that went back to a copy of its own would disagree with the engine here."""

from __future__ import annotations

import pytest

from alhambra_widget import Buy, Game
from alhambra_widget.engine.alhambra.narration import overpaid, payment_words
from alhambra_widget.players.alhambra.hinting import leaves
from alhambra_widget.players.alhambra.strong import reasons
from alhambra_widget.views.alhambra.view import legal_view

# Ann holds denar 9, 5 and 3: the denar tower costs 8, the ducat pavilion 3
PAYING = {
    "market": {"denar": "tower 8", "ducat": "pavilion 3 SW"},
    "players": {"Ann": {"money": ["denar 9", "denar 5", "denar 3", "ducat 3"]}},
    "current": "Ann",
}


def _paying() -> Game:
    g = Game(["Ann", "Ben", "Cem"], seed=3)
    g.edit(**PAYING)
    return g


def test_r4_r6_each_payment_is_one_engine_sentence_in_the_log_the_hint_and_the_page():
    """For every purchase the engine lists, the log's sentence, the hint's reason and the
    view model's words are the same sentence, and it says what the engine counts:
    exact (R4: another action) or overpaid by the engine's number (R6: no change)."""
    g = _paying()
    buys = [a for a in g.legal_actions() if type(a) is Buy]
    assert len(buys) >= 4
    says = legal_view(g)["buy"]
    seen = set()
    for buy in buys:
        price = g.market[buy.currency].price
        words = payment_words(price, buy.pay)
        seen.add(words)
        log = g.copy().apply(buy)[0].text
        assert log.endswith(f"({words}).") and buy.currency in log
        assert words in reasons(g, buy)
        assert says[buy.currency]["says"][str(sum(buy.pay))] == words
        assert (overpaid(price, buy.pay) == 0) == g.is_exact(buy)  # R4, as the engine decides it
    # by hand: 8 paid 9 + 5 + 3 = 17 is 9 over; 3 paid 3 is exact
    assert "overpaid by 9: no change is given (R6), and the turn ends" in seen
    assert "exact payment: another action (R4)" in seen


def test_r9_r12_what_a_move_leaves_is_read_off_the_engine_and_its_turn_order():
    """``leaves`` reads the game after the move (the engine's, on a copy): the money in
    hand, the market left, the display less the cards taken, for the player the engine
    hands the turn to. With the bag empty a purchase leaves a slot the bag cannot
    refill, so the game ends with this turn (R12) and nobody plays next; a take leaves
    every market slot full (no refill needed), and Ben plays next (R9)."""
    g = _paying()
    take = next(a for a in g.legal_actions() if type(a).__name__ == "TakeMoney")
    buy = Buy("ducat", (3,))  # exact (R4): Ann's turn goes on after it
    for move in (buy, take):
        after = g.copy()
        after.apply(move)
        money = after.player("Ann").money
        said = leaves(g, move)
        assert said[0].endswith(f": {len(money)} cards, {sum(c.value for c in money)} in all")
    market = [f"{t.kind} {t.price} ({c})" for c, t in g.market.items() if c != "ducat"]
    assert leaves(g, buy)[1] == f"leaves in the market for Ben: {', '.join(market)}"
    g.edit(bag=[])
    ends = "leaves in the market (the game ends with this turn, R12)"
    assert leaves(g, buy)[1] == f"{ends}: {', '.join(market)}"
    rest = list(g.display)
    for c in take.cards:
        rest.remove(c)
    assert leaves(g, take)[1] == f"leaves in the money display for Ben: {', '.join(map(str, rest))}"


def test_the_rounds_to_come_are_weighed_in_one_place_for_the_bot_and_the_review(monkeypatch):
    """The strong bot's estimate and the review graph's public values weigh the scoring
    rounds still to come by the same weights, :data:`strong.ROUND_WEIGHTS`: changed
    there, both follow (by hand: the next round counted twice, the later ones not)."""
    from alhambra_widget.players.alhambra import strong
    from alhambra_widget.players.review_graph import public_values

    g = _paying()
    nxt = g.scoring_preview(g.next_scoring_round).totals
    monkeypatch.setattr(strong, "ROUND_WEIGHTS", (2.0, 0.0))
    want = [p.score + 2.0 * nxt[p.name] for p in g.players]
    assert public_values(g) == want
    money = [strong.MONEY * sum(c.value for c in p.money) for p in g.players]
    assert strong.estimate(g) == pytest.approx([w + m for w, m in zip(want, money)])


@pytest.mark.parametrize(
    ("kind", "rnd", "counts", "pool", "each"),
    [
        ("tower", 1, {"Ann": 2, "Ben": 2, "Cem": 1}, "6+0", 3),  # round 1 pays one place
        ("pavilion", 3, {"Ann": 1, "Ben": 1, "Cem": 1}, "16+8+1", 8),
        ("garden", 2, {"Ann": 3, "Ben": 3, "Cem": 3}, "12+5+0", 5),
    ],
)
def test_r10_a_lesson_explains_a_tie_with_the_engines_table_and_pooling(
    kind, rnd, counts, pool, each
):
    """A majority lesson's answer for a tie names the places pooled and their worth as
    the engine scores them (R10: a place beyond the round's table is worth 0), worked
    out here by hand from the rulebook's table."""
    from dataclasses import replace

    from alhambra_widget.course.catalog import lesson
    from alhambra_widget.engine.alhambra.scoring import place_points

    les = replace(lesson("round2-tie"), start={"kind": kind, "counts": counts, "round": rnd})
    wrong = {n: 99 for n in counts}
    v = les.check({"numbers": wrong})
    tied = sorted(n for n, c in counts.items() if c == max(counts.values()))
    assert v.mistake == "shared" and v.message.startswith(
        f"You gave {tied[0]} 99, but {' and '.join(tied)} tie for first place, "
        f"so they share {pool} and each gets {each}, rounded down (R10)."
    )
    assert sum(place_points(kind, rnd, p) for p in range(1, len(tied) + 1)) // len(tied) == each
