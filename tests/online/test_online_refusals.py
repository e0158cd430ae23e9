"""Each refusal of the table server, against a real server process:
the answer says what was refused and why; the table is unchanged (its step and summary,
its stored actions), another table plays on, and the server is still up."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

import pytest
from online_helpers import Raw, choose, closed_with, healthy, open_table, stored_actions, table

from alhambra_widget.engine.alhambra.actions import Buy
from alhambra_widget.online import protocol

# real server processes (and a PostgreSQL cluster): in `run.sh test`, not in the quick check
pytestmark = [pytest.mark.xdist_group("online"), pytest.mark.slow]


class Tables:
    """Table A, where the refusals happen, and table B, which plays on meanwhile."""

    def __init__(self, url: str, db: str):
        self.url, self.db = url, db
        a = open_table(url, players=["Ann", "Ben"], seed=3)  # Ann starts (R2)
        b = open_table(url, players=["Ann", "Ben", "Cem"], seats={"Cem": "random"}, seed=11)
        self.a, self.b = a["id"], b["id"]
        self.seats = {n: Raw(url, {"type": "hello", "code": c}) for n, c in a["codes"].items()}
        self.b_seats = {n: Raw(url, {"type": "hello", "code": c}) for n, c in b["codes"].items()}
        self.n = 0

    def close(self) -> None:
        for r in [*self.seats.values(), *self.b_seats.values()]:
            r.close()

    def snapshot(self) -> tuple[dict[str, Any], int]:
        return table(self.url, self.a), len(stored_actions(self.db, self.a))

    def mover(self) -> tuple[str, Raw]:
        """Table A's seat to move (its client up to date)."""
        for r in self.seats.values():
            r.drain(0.01)
        name = next(iter(self.seats.values())).game.current_player.name
        return name, self.seats[name]

    def other(self) -> Raw:
        name, _ = self.mover()
        return next(r for n, r in self.seats.items() if n != name)

    def unchanged(self, before: tuple[dict[str, Any], int]) -> None:
        """Table A as it was; table B plays on; the server answers."""
        after = self.snapshot()
        assert after == before, (before, after)
        assert after[0]["step"] == after[1]
        healthy(self.url)
        self.play_b()

    def play_b(self) -> None:
        """One move at table B, by the person to move there (its bot answers by itself)."""
        end = time.monotonic() + 20
        while True:
            for r in self.b_seats.values():
                r.drain(0.01)
            g = next(iter(self.b_seats.values())).game
            name = g.current_player.name
            if name in self.b_seats and all(r.game.step == g.step for r in self.b_seats.values()):
                break
            assert time.monotonic() < end, "table B does not get to a person's turn"
        r = self.b_seats[name]
        before = table(self.url, self.b)["step"]
        self.n += 1
        r.intent(choose(r.game, 11), r.game.step, f"b{self.n}")
        answer = r.answer(f"b{self.n}")
        assert answer["type"] == "step", answer
        assert table(self.url, self.b)["step"] > before

    def move_a(self, iid: str) -> dict[str, Any]:
        """A legal move at table A by the seat to move."""
        _name, r = self.mover()
        r.intent(choose(r.game, 3), r.game.step, iid)
        answer = r.answer(iid)
        assert answer["type"] == "step", answer
        return answer


@pytest.fixture
def tables(server: Any) -> Any:
    t = Tables(server.url, server.db)
    try:
        yield t
    finally:
        t.close()


def test_out_of_turn(tables: Tables) -> None:
    before = tables.snapshot()
    name, mover = tables.mover()
    other = tables.other()
    legal = choose(mover.game, 1)  # legal for the seat to move, sent by the other seat
    other.intent(legal, other.game.step, "not-mine")
    answer = other.answer("not-mine")
    assert answer["type"] == "refused" and answer["kind"] == "turn" and answer["rule"] == "R4", (
        answer
    )
    assert f"It is {name}'s turn" in answer["message"]
    tables.unchanged(before)
    # a spectator's intent is refused too
    spectator = Raw(tables.url, {"type": "hello", "watch": tables.a})
    try:
        spectator.intent(legal, spectator.game.step, "watching")
        answer = spectator.answer("watching")
        assert answer["type"] == "refused" and answer["kind"] == "turn", answer
    finally:
        spectator.close()
    tables.unchanged(before)
    mover.intent(legal, mover.game.step, "mine")  # the seat to move may
    assert mover.answer("mine")["type"] == "step"


@pytest.mark.parametrize(
    "hello",
    [
        {"type": "hello", "watch": "no-such-table"},
        {"type": "hello", "code": "no-such-code-" + "x" * 12},
        {"type": "hello", "code": "x" * 500},  # too long to look up
        {"type": "hello"},
        {"type": "welcome", "watch": "no-such-table"},
    ],
)
def test_unknown_table_or_code(tables: Tables, hello: dict[str, Any]) -> None:
    before = tables.snapshot()
    raw = Raw(tables.url, hello, wait_welcome=False)
    try:
        first = raw.recv(10)
        assert first is not None and first["type"] == "error" and first["kind"] == "unknown", first
        assert "No table" in first["message"]
        assert closed_with(raw) == protocol.UNKNOWN == 4404
    finally:
        raw.close()
    tables.unchanged(before)


def test_a_seat_by_its_table_without_a_person_is_told_to_use_a_join_code(tables: Tables) -> None:
    """A server without accounts finds a seat only by its join code: a hello naming a
    real table says so (not "no such table"), and the table is unchanged."""
    before = tables.snapshot()
    raw = Raw(tables.url, {"type": "hello", "table": tables.a}, wait_welcome=False)
    try:
        first = raw.recv(10)
        assert first is not None and first["kind"] == "forbidden", first
        assert "join code" in first["message"] and "No table" not in first["message"]
        assert closed_with(raw) == protocol.FORBIDDEN
    finally:
        raw.close()
    tables.unchanged(before)


def test_a_hello_that_is_not_json_closes(tables: Tables) -> None:
    before = tables.snapshot()
    raw = Raw(tables.url, "{not json", wait_welcome=False)
    try:
        assert closed_with(raw) == 1008
        assert raw.frames == []
    finally:
        raw.close()
    tables.unchanged(before)


@pytest.mark.parametrize(
    "frame",
    [
        "{not json",
        "",
        "[1, 2, 3]",
        json.dumps({"type": "hello", "code": "x"}),
        json.dumps({"type": "intent", "id": "m1", "step": "0", "action": {"type": "take_money"}}),
        json.dumps({"type": "intent", "id": "", "step": 0, "action": {}}),
        json.dumps({"type": "intent", "id": "m2", "step": 0, "action": "take"}),
        json.dumps({"type": "intent", "id": "m3" * 50, "step": 0, "action": {}}),
    ],
)
def test_malformed_frames(tables: Tables, frame: str) -> None:
    before = tables.snapshot()
    _name, mover = tables.mover()
    mover.send(frame)
    answer = mover.until(lambda f: f["type"] == "refused")
    assert answer["kind"] == "malformed", answer
    assert answer["message"]
    tables.unchanged(before)
    tables.move_a("after-malformed")  # the connection is still good


def test_an_action_that_is_no_action(tables: Tables) -> None:
    before = tables.snapshot()
    _name, mover = tables.mover()
    for i, action in enumerate(
        [{"type": "fly"}, {"type": "buy", "currency": "yen", "pay": [1]}, {}]
    ):
        mover.intent(action, mover.game.step, f"no-action-{i}")
        answer = mover.answer(f"no-action-{i}")
        assert answer["type"] == "refused" and answer["kind"] == "malformed", answer
    tables.unchanged(before)


def test_oversized_frames(tables: Tables) -> None:
    before = tables.snapshot()
    _name, mover = tables.mover()
    big = json.dumps(
        {
            "type": "intent",
            "id": "big",
            "step": mover.game.step,
            "action": {"type": "take_money", "pad": "x" * (protocol.MAX_FRAME + 1)},
        }
    )
    assert len(big) > 64 * 1024
    mover.send(big)
    answer = mover.until(lambda f: f["type"] == "refused")
    assert answer["kind"] == "size" and "65536" in answer["message"], answer
    tables.unchanged(before)
    tables.move_a("after-big")  # the connection is still good
    # a frame beyond what the server reads at all closes that connection, and only it
    before = tables.snapshot()
    huge = Raw(tables.url, {"type": "hello", "watch": tables.a})
    try:
        huge.send("x" * (protocol.HARD_FRAME + 1))
        assert closed_with(huge) == 1009
    finally:
        huge.close()
    tables.unchanged(before)
    tables.move_a("after-huge")


def test_a_flood_from_one_connection(tables: Tables) -> None:
    tables.move_a("first")  # (so that step 0 is stale)
    before = tables.snapshot()
    other = tables.other()
    n = 300
    for i in range(n):  # stale intents, all at once: each is answered, most for the rate
        other.intent({"type": "take_money", "cards": ["denar 1"]}, 0, f"flood-{i}")
    answers: list[dict[str, Any]] = []
    end = time.monotonic() + 30
    while len(answers) < n and time.monotonic() < end:
        f = other.recv(1)
        if f is not None and f["type"] == "refused":
            answers.append(f)
    kinds = Counter(f["kind"] for f in answers)
    assert len(answers) == n and set(kinds) == {"rate", "stale"}, kinds
    assert kinds["stale"] >= protocol.BURST - 5 and kinds["rate"] >= n // 2, (
        kinds
    )  # (a burst passes)
    assert "Too many frames" in next(f for f in answers if f["kind"] == "rate")["message"]
    tables.unchanged(before)
    # another connection, even of the same table, is not slowed down
    _name, mover = tables.mover()
    assert mover is not other
    tables.move_a("not-the-flooder")
    before = tables.snapshot()
    # after a pause the flooding connection is heard again
    time.sleep(protocol.BURST / protocol.RATE / 4)
    other.intent({"type": "take_money", "cards": ["denar 1"]}, 0, "later")
    answer = other.answer("later")
    assert answer["kind"] == "stale", answer
    tables.unchanged(before)


def test_a_stale_step(tables: Tables) -> None:
    tables.move_a("one")
    tables.move_a("two")
    before = tables.snapshot()
    _name, mover = tables.mover()
    step = mover.game.step
    action = choose(mover.game, 5)  # legal now, but sent as made at another step
    for i, at in enumerate([step - 1, 0, step + 1, step + 100]):
        mover.intent(action, at, f"stale-{i}")
        answer = mover.answer(f"stale-{i}")
        assert answer["type"] == "refused" and answer["kind"] == "stale", answer
        assert f"at step {at}" in answer["message"] and f"at step {step}" in answer["message"]
    tables.unchanged(before)
    mover.intent(action, step, "fresh")
    assert mover.answer("fresh")["type"] == "step"


def test_an_illegal_action(tables: Tables) -> None:
    before = tables.snapshot()
    _name, mover = tables.mover()
    g = mover.game
    too_little = [Buy(c.currency, (c.value,)) for c in g.players[g.current].money]
    too_little = [b for b in too_little if getattr(g.why_illegal(b), "rule", None) == "R6"]
    assert too_little, "seed 3: the starting player should hold a card too small for a tile"
    mover.intent(too_little[0], g.step, "too-little")
    answer = mover.answer("too-little")
    assert answer["type"] == "refused" and answer["kind"] == "illegal" and answer["rule"] == "R6", (
        answer
    )
    assert "not enough" in answer["message"]
    tables.unchanged(before)
    # paying with cards the seat does not hold
    absent = next(
        Buy(cur, (9, 9, 9))
        for cur in ("denar", "dirham", "ducat", "florin")
        if [c.value for c in g.players[g.current].money if c.currency == cur].count(9) < 3
    )
    mover.intent(absent, g.step, "not-held")
    answer = mover.answer("not-held")
    assert answer["type"] == "refused" and answer["kind"] == "illegal" and answer["rule"], answer
    tables.unchanged(before)


def test_a_repeated_intent_is_applied_once(tables: Tables) -> None:
    _name, mover = tables.mover()
    step = mover.game.step
    frame = mover.intent(choose(mover.game, 7), step, "once")
    first = mover.answer("once")
    assert first["type"] == "step" and first["step"] == step + 1
    after_first = tables.snapshot()
    for i in range(3):  # sent again: as it was (now a stale step), and at the new step
        again = dict(frame, step=step if i == 0 else step + 1)
        mover.send(again)
        answer = mover.answer("once")
        assert answer["type"] == "ack" and answer["step"] == step + 1, answer
    # from another connection of the same seat too (a reconnection)
    again_raw = Raw(tables.url, mover.hello)
    try:
        again_raw.send(frame)
        assert again_raw.answer("once")["type"] == "ack"
    finally:
        again_raw.close()
    assert tables.snapshot() == after_first
    stored = stored_actions(tables.db, tables.a)
    assert [s for s in stored if s[2] == "once"] == [(step, frame["action"], "once")]
    tables.unchanged(after_first)
