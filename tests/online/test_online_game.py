"""Three people and a bot play a whole Alhambra game at a real table server (SQLite and
PostgreSQL), each person in a joined widget as in their own notebook, a spectator on a
raw WebSocket; every frame each client receives, and every object each holds, is checked
for what its seat may not know."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

import pytest
from helpers import public
from online_helpers import (
    Raw,
    Truth,
    cards,
    check_frames,
    choose,
    healthy,
    key,
    log_text,
    stored_game,
    table,
)

from alhambra_widget import online
from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.engine.errors import GameError
from alhambra_widget.online.client import TableLink

# real server processes (and a PostgreSQL cluster): in `run.sh test`, not in the quick check
pytestmark = [pytest.mark.xdist_group("online"), pytest.mark.slow]

SEED = 918273645  # a number that appears nowhere else in a frame
PLAYERS = ["Ann", "Ben", "Cem", "Dan"]
BOTS = {"Dan": "greedy"}


@pytest.fixture
def recorded_links(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every frame a joined widget's link receives, kept as ``link.recorded`` (JSON text)."""
    orig = TableLink._frame

    def recording(self: TableLink, frame: dict[str, Any]) -> None:
        self.__dict__.setdefault("recorded", []).append(json.dumps(frame))
        orig(self, frame)

    monkeypatch.setattr(TableLink, "_frame", recording)


def wait_quiet(widgets: dict[str, Any], spectator: Raw, timeout: float = 60) -> int:
    """Wait until every client is at the same step and a person is to move (or the game
    is over): nothing changes at the table until that person moves."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        spectator.drain(0.005)
        s = spectator.game.step
        gs = [w.game for w in widgets.values()]
        if all(g.step == s for g in gs) and (
            spectator.game.is_over or spectator.game.current_player.name not in BOTS
        ):
            return s
        time.sleep(0.005)
    raise AssertionError(
        f"the clients did not settle: {[w.game.step for w in widgets.values()]}, spectator {spectator.game.step}"
    )


def check_seat_objects(w: Any, seat: int, tg: Game, notes: Counter[str]) -> None:
    """What a joined widget holds, at a settled step: its game is the seat's game (no
    seed, no saved game), the public record and state as the truth's, its own hand true,
    the others' hands guessed around what everyone knows of them, its legal actions the
    truth's on its turn; its view shows no other hand."""
    g = w.game
    assert g.seat_record is not None and g.step == tg.step
    with pytest.raises(GameError):
        g.seed  # noqa: B018
    with pytest.raises(GameError):
        g.to_json()
    assert log_text(g) == log_text(tg)
    assert public(g) == public(tg)
    assert g.scores == tg.scores
    assert cards(g.players[seat].money) == cards(tg.players[seat].money)
    assert g.known_money() == tg.known_money()
    for j, p in enumerate(tg.players):
        if j == seat:
            continue
        held, known = cards(g.players[j].money), cards(tg.known_money()[j])
        assert known <= held, (p.name, known, held)  # what everyone knows is there ...
        notes["other hand"] += 1
        if held != cards(p.money):  # ... and the rest is a guess, not the truth
            notes["other hand differs"] += 1
    sd, td = g.state_dict(), tg.state_dict()
    assert sd["rng"] != td["rng"], "the seat's game has the true generator"
    if sum(1 for c in td["deck"] if not c.startswith("scoring")) >= 10:
        notes["deck"] += 1
        if sd["deck"] != td["deck"]:
            notes["deck differs"] += 1
    if not tg.is_over and tg.current == seat:
        assert sorted(map(key, g.legal_actions())) == sorted(map(key, tg.legal_actions()))
        notes["legal compared"] += 1
    view = json.dumps(w.view)
    assert str(SEED) not in view and '"seed"' not in view
    for j, p in enumerate(w.view["players"]):
        if j != seat:
            shown = p["money"]
            assert shown is None or Counter(map(tuple, shown)) <= Counter(
                (c.currency, c.value) for c in tg.known_money()[j]
            )


def test_three_people_and_a_bot_play_a_whole_game(
    serve: Any, db_url: str, recorded_links: None
) -> None:
    srv = serve(db_url)
    lobby = online.connect(srv.url)
    t = lobby.open_table(players=PLAYERS, seats=BOTS, seed=SEED)
    assert sorted(t.codes) == ["Ann", "Ben", "Cem"]  # no code for the bot
    widgets = {name: lobby.join(code) for name, code in t.codes.items()}
    spectator = Raw(srv.url, {"type": "hello", "watch": t.id})
    truth = Truth("alhambra", PLAYERS, SEED)
    notes: Counter[str] = Counter()
    try:
        for _ in range(2000):
            wait_quiet(widgets, spectator)
            tg = truth.to([a.to_json() for a in spectator.game.history])
            if tg.is_over:
                break
            for name, w in widgets.items():
                check_seat_objects(w, PLAYERS.index(name), tg, notes)
            w = widgets[tg.current_player.name]
            w.act(choose(w.game, SEED))
        else:
            raise AssertionError("the game did not end")
        assert tg.is_over and tg.step > 150
        # every client is told the game is over, once; then it holds the whole record
        end = time.monotonic() + 20
        while (
            not all(any('"over"' in f[:20] for f in w.link.recorded) for w in widgets.values())
            or not spectator.overs
        ):
            assert time.monotonic() < end, "not every client got the over frame"
            spectator.drain(0.05)
        spectator.drain(0.2)
        assert len(spectator.overs) == 1
        for name, w in widgets.items():
            frames = [json.loads(f) for f in w.link.recorded]
            assert [f["type"] for f in frames].count("over") == 1
            assert [f["type"] for f in frames].count("welcome") == 1  # no reconnection here
            n = check_frames(frames, w.link.recorded, truth, PLAYERS.index(name), SEED)
            assert n == tg.step
            over = frames[-1]
            assert over["type"] == "over"
            assert Game.from_json(over["game"]).digest() == tg.digest()
            g = w.game  # the whole record, now that the game is over
            assert g.seat_record is None and g.seed == SEED and g.digest() == tg.digest()
            assert g.scores == tg.scores
        n = check_frames(spectator.frames, spectator.texts, truth, None, SEED)
        assert n == tg.step
        # what the seats' games showed: guesses where the truth is secret
        assert notes["legal compared"] > 50
        assert notes["other hand differs"] >= 10, notes
        assert notes["deck differs"] == notes["deck"], notes
        # the table and its database
        summary = table(srv.url, t.id)
        assert summary["over"] and summary["step"] == tg.step and summary["scores"] == tg.scores
        assert summary["winners"] == tg.winners
        assert stored_game(db_url, t.id).digest() == tg.digest()
        healthy(srv.url)
    finally:
        for w in widgets.values():
            w.link.close()
        spectator.close()
