"""A Gardens table at a real server: two people and a bot play to the end. In the
Gardens a player's draw goes to their own hand, seen by them alone (G3): no other seat,
and no spectator, is ever told which tile was drawn until it is laid."""

from __future__ import annotations

import time
from typing import Any

import pytest
from online_helpers import Raw, Truth, check_frames, choose, key, open_table, stored_game, table

from alhambra_widget.engine.errors import GameError
from alhambra_widget.engine.gardens.game import GardensGame

# real server processes (and a PostgreSQL cluster): in `run.sh test`, not in the quick check
pytestmark = [pytest.mark.xdist_group("online"), pytest.mark.slow]

SEED = 918273645
PLAYERS = ["Ann", "Ben", "Cem"]
BOTS = {"Cem": "greedy"}


@pytest.mark.parametrize("options", [{}, {"hand_size": 3}])
def test_a_gardens_table(server: Any, options: dict[str, Any]) -> None:
    t = open_table(
        server.url, game="gardens", players=PLAYERS, seats=BOTS, seed=SEED, options=options
    )
    assert t["game"] == "gardens" and sorted(t["codes"]) == ["Ann", "Ben"]
    seats = {n: Raw(server.url, {"type": "hello", "code": c}) for n, c in t["codes"].items()}
    spectator = Raw(server.url, {"type": "hello", "watch": t["id"]})
    clients = [*seats.values(), spectator]
    truth = Truth("gardens", PLAYERS, SEED, **options)
    guessed = 0
    try:
        for n in range(500):
            end = time.monotonic() + 30
            while True:  # settled: every client at one step, a person to move (or over)
                for c in clients:
                    c.drain(0.005)
                g = spectator.game
                if all(c.game.step == g.step for c in clients) and (
                    g.is_over or g.current_player.name not in BOTS
                ):
                    break
                assert time.monotonic() < end, "the clients did not settle"
            tg = truth.to([a.to_json() for a in g.history])
            if tg.is_over:
                break
            for name, r in seats.items():  # what each person's game holds
                sg, i = r.game, PLAYERS.index(name)
                assert isinstance(sg, GardensGame) and sg.seat_record is not None
                with pytest.raises(GameError):
                    sg.seed  # noqa: B018
                assert [x.id for x in sg.players[i].hand] == [x.id for x in tg.players[i].hand]
                for j, p in enumerate(tg.players):
                    assert len(sg.players[j].hand) == len(p.hand)
                    if j != i and [x.id for x in sg.players[j].hand] != [x.id for x in p.hand]:
                        guessed += 1
                assert sg.scores == tg.scores and [str(e) for e in sg.log] == [
                    str(e) for e in tg.log
                ]
            name = tg.current_player.name
            r = seats[name]
            assert sorted(map(key, r.game.legal_actions())) == sorted(map(key, tg.legal_actions()))
            r.intent(choose(r.game, SEED), r.game.step, f"i{n}")
            assert r.answer(f"i{n}")["type"] == "step"
        else:
            raise AssertionError("the game did not end")
        for c in clients:
            if not c.overs:
                c.until(lambda f: f["type"] == "over", 10)
        assert guessed > 0, "the others' hands were never guesses"
        # the frames: each seat's own draws only, the seed nowhere before the end
        for name, r in [*seats.items(), ("spectator", spectator)]:
            seat = PLAYERS.index(name) if name in PLAYERS else None
            assert check_frames(r.frames, r.texts, truth, seat, SEED) == tg.step
            for f, text in zip(r.frames, r.texts):
                if f["type"] != "step":
                    continue
                k = f["step"]
                before, after = truth.states[k - 1], truth.states[k]
                drawn = [x.id for x in before.supply[len(after.supply) :]]
                if before.current != seat:  # another's draw: not named in the frame at all
                    assert f["reveals"] == {}, (name, k, f["reveals"])
                    assert not any(f'"{d}"' in text for d in drawn), (name, k, drawn, text)
                else:
                    assert f["reveals"] == ({"supply": drawn[::-1]} if drawn else {})
        assert sum(1 for f in spectator.frames if f["type"] == "step" and f["reveals"]) == 0
        final = table(server.url, t["id"])
        assert final["over"] and final["scores"] == tg.scores and final["winners"] == tg.winners
        assert stored_game(server.db, t["id"]).digest() == tg.digest()
        over = GardensGame.from_json(spectator.overs[0]["game"])
        assert over.digest() == tg.digest()
    finally:
        for c in clients:
            c.close()
