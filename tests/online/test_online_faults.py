"""SIGKILL and restart: the server is killed mid-game at several
points and started again on the same database and port; the clients reconnect by
themselves and play on; an intent in flight is applied at most once before the restart
and exactly once after it is sent again; what was acknowledged is there; and the game
ends with the same record as the same game played without the fault. A bot resumes
after a restart, and a bot that starts a game moves at once."""

from __future__ import annotations

import os
import threading
import time
import zlib
from typing import Any

import pytest
from online_helpers import Raw, choose, open_table, stored_actions, stored_game, table

from alhambra_widget import online
from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.engine.seat_record import advance, record_for, seat_game, step_for
from alhambra_widget.online.server import decide

# real server processes (and a PostgreSQL cluster): in `run.sh test`, not in the quick check
pytestmark = [pytest.mark.xdist_group("online"), pytest.mark.slow]

SEED = 4007  # Dan, the bot, starts (R2)
PLAYERS = ["Ann", "Ben", "Cem", "Dan"]
BOTS = {"Dan": "greedy"}


def reference(tid: str) -> list[dict[str, Any]]:
    """The same game played without a server: each person's choice from their seat's
    game (as the clients choose), the bot's from its seat's record with the seed the
    server gives it (``crc32("table:seat")``, as ``Server._bot`` does)."""
    g = Game(PLAYERS, SEED)
    seats = {i: seat_game(record_for(g, i)) for i, n in enumerate(PLAYERS) if n not in BOTS}
    bots = {i: record_for(g, i) for i, n in enumerate(PLAYERS) if n in BOTS}
    while not g.is_over:
        i = g.current
        if i in bots:
            raw = decide(BOTS[PLAYERS[i]], bots[i].to_json(), zlib.crc32(f"{tid}:{i}".encode()))
        else:
            raw = choose(seats[i], SEED).to_json()
        before = g.copy()
        g.apply(g.action_from_json(raw))
        for j, sg in seats.items():
            advance(sg, step_for(before, g, j))
        for j, rec in bots.items():
            rec.steps.append(step_for(before, g, j))
    return [a.to_json() for a in g.history]


def sigkill(srv: Any, groups: list[int]) -> None:
    """``kill -9`` the server process alone (not its group): its bots' workers must go
    by themselves, leaving neither the port nor a process behind (``gone(groups)``)."""
    groups.append(srv.pid)  # (each server leads its own process group)
    os.kill(srv.pid, 9)
    srv.process.wait(10)


def gone(groups: list[int], seconds: float = 10) -> None:
    """Every process of the killed servers' groups has ended."""
    end = time.monotonic() + seconds
    for group in groups:
        while True:
            try:
                os.killpg(group, 0)
            except ProcessLookupError:
                break
            assert time.monotonic() < end, "a killed server's bot workers are still there"
            time.sleep(0.1)


class Players:
    """Ann and Ben in joined widgets (their links reconnect by themselves), Cem on a raw
    WebSocket (reconnected by hand, to send an intent again as it was)."""

    def __init__(self, url: str, codes: dict[str, str]):
        self.url = url
        lobby = online.connect(url)
        self.widgets = {n: lobby.join(codes[n]) for n in ("Ann", "Ben")}
        self.cem = Raw(url, {"type": "hello", "code": codes["Cem"]})

    def settle(self, timeout: float = 60) -> int:
        """Wait until every client is at the same step and a person is to move (or the
        game is over); the step."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.cem.drain(0.005)
            g = self.cem.game
            if all(w.game.step == g.step for w in self.widgets.values()) and (
                g.is_over or g.current_player.name not in BOTS
            ):
                return int(g.step)
            time.sleep(0.005)
        raise AssertionError(
            f"no settling: {[w.game.step for w in self.widgets.values()]}, Cem {self.cem.game.step}"
        )

    def reconnect_cem(self) -> None:
        """A new connection for Cem (the old one is dropped unread)."""
        self.cem.close()
        self.cem = Raw(self.url, self.cem.hello)

    def move(self, name: str, iid: str) -> None:
        if name == "Cem":
            self.cem.intent(choose(self.cem.game, SEED), self.cem.game.step, iid)
            assert self.cem.answer(iid)["type"] == "step"
        else:
            w = self.widgets[name]
            w.act(choose(w.game, SEED))

    def close(self) -> None:
        for w in self.widgets.values():
            w.link.close()
        self.cem.close()


def test_sigkill_and_restart_mid_game(serve: Any, sqlite_url: str) -> None:
    srv = serve(sqlite_url)
    t = open_table(srv.url, players=PLAYERS, seats=BOTS, seed=SEED)
    tid, db = t["id"], sqlite_url
    ps = Players(srv.url, t["codes"])
    # (step at or after which, who is to move, what is in flight at the kill)
    plan = [(5, "Cem", "sent"), (40, "Cem", "stored"), (120, "Ann/Ben", "widget")]
    done: list[str] = []
    groups: list[int] = []
    try:
        for n in range(5000):
            s = ps.settle()
            g = ps.cem.game
            if g.is_over:
                break
            name = g.current_player.name
            if not plan or s < plan[0][0] or name not in plan[0][1].split("/"):
                ps.move(name, f"m{n}")
                continue
            _at, _who, what = plan.pop(0)
            seen = [a.to_json() for a in g.history]  # acknowledged to every client
            if what in ("sent", "stored"):  # Cem's intent in flight, from a raw client
                iid = f"cem-{what}"
                frame = ps.cem.intent(choose(g, SEED), s, iid)
                if what == "stored":  # committed, but the kill comes before anyone is told
                    end = time.monotonic() + 10
                    while iid not in [x[2] for x in stored_actions(db, tid)]:
                        assert time.monotonic() < end
                        time.sleep(0.005)
                sigkill(srv, groups)
                stored = stored_actions(db, tid)
                assert [x[1] for x in stored[:s]] == seen, "an acknowledged action is missing"
                applied = [x for x in stored if x[2] == iid]
                assert len(applied) <= 1 and (what == "sent" or len(applied) == 1)
                srv.start()  # the same database and port
                ps.reconnect_cem()
                ps.cem.send(frame)  # as it was, with its id and step
                answer = ps.cem.answer(iid)
                assert answer["type"] == ("ack" if applied else "step"), answer
                assert answer["step"] == s + 1
            else:  # a widget's move in flight: its link sends it again by itself
                w = ps.widgets[name]
                action = choose(w.game, SEED)
                box: dict[str, Any] = {}

                def act(w: Any = w, action: Any = action, box: dict[str, Any] = box) -> None:
                    try:
                        box["events"] = w.act(action)
                    except Exception as e:  # (reported below)
                        box["error"] = e

                before = w.link.reconnects
                th = threading.Thread(target=act, daemon=True)
                th.start()
                sigkill(srv, groups)
                srv.start()
                ps.reconnect_cem()
                th.join(30)
                assert not th.is_alive() and "error" not in box, box
                assert box["events"], "the move's events"
                assert w.link.reconnects > before
                stored = stored_actions(db, tid)
                assert [x[1] for x in stored[: s + 1]] == [*seen, action.to_json()]
            done.append(what)
        else:
            raise AssertionError("the game did not end")
        assert done == ["sent", "stored", "widget"], done
        gone(groups)
        final = ps.settle()
        stored = stored_actions(db, tid)
        assert len(stored) == final and [x[0] for x in stored] == list(range(final))
        intents = [x[2] for x in stored if x[2] is not None]
        assert len(intents) == len(set(intents))  # none applied twice
        assert [x[1] for x in stored] == reference(tid), "not the game played without the fault"
        true = stored_game(db, tid)
        assert true.is_over and table(srv.url, tid)["scores"] == true.scores
        for w in ps.widgets.values():  # the widgets followed to the end, through the kills
            assert w.link.reconnects >= 3
            assert w.game.seat_record is None and w.game.digest() == true.digest()
        ps.cem.until(lambda f: f["type"] == "over", 10) if not ps.cem.overs else None
        assert ps.cem.overs
    finally:
        ps.close()


def test_a_bot_resumes_after_a_restart(serve: Any, sqlite_url: str) -> None:
    """The bot is thinking (a time budget) when the server is killed; the server started
    again schedules it with nobody connected, and it moves."""
    srv = serve(sqlite_url)
    t = open_table(
        srv.url, players=["Ann", "Bot"], seats={"Bot": "strong:2s"}, seed=3
    )  # Ann starts
    ann = Raw(srv.url, {"type": "hello", "code": t["codes"]["Ann"]})
    groups: list[int] = []
    try:
        g = ann.game
        take = next(
            a for a in sorted(g.legal_actions(), key=str) if type(a).__name__ == "TakeMoney"
        )
        ann.intent(take, 0, "take")  # a take ends the turn (R4): the bot's turn
        assert ann.answer("take")["type"] == "step"
        s = table(srv.url, t["id"])
        assert s["to_move"] == "Bot" and s["step"] == 1
        ann.close()
        time.sleep(0.3)  # the bot is thinking
        sigkill(srv, groups)
        assert table_after(srv, t["id"]) == 1  # not moved before the kill
        srv.start()
        end = time.monotonic() + 30
        while table(srv.url, t["id"])["step"] == 1:
            assert time.monotonic() < end, "the bot did not resume after the restart"
            time.sleep(0.1)
        ann = Raw(srv.url, {"type": "hello", "code": t["codes"]["Ann"]})
        assert (
            ann.game.step >= 2
            and ann.game.history[1].to_json() == stored_actions(sqlite_url, t["id"])[1][1]
        )
        assert len(stored_actions(sqlite_url, t["id"])) >= ann.game.step
        gone(groups)
    finally:
        ann.close()


def table_after(srv: Any, tid: str) -> int:
    """The stored step of a table while its server is down."""
    return len(stored_actions(srv.db, tid))


def test_a_bot_that_starts_moves_at_once(server: Any) -> None:
    """The bot to start moves with nobody connected; a person who joins meanwhile (the
    bot's moves arriving while the seat's game is being built) follows every move."""
    t = open_table(
        server.url, players=["Ann", "Ben", "Cem", "Dan"], seats={"Dan": "greedy"}, seed=SEED
    )
    w = online.connect(server.url).join(t["codes"]["Ann"])
    try:
        end = time.monotonic() + 20
        while (s := table(server.url, t["id"]))["step"] == 0 or s["to_move"] == "Dan":
            assert time.monotonic() < end, "the bot to start never moved"
            time.sleep(0.05)
        while w.game.step != s["step"]:
            assert time.monotonic() < end, (w.game.step, s)
            time.sleep(0.05)
        assert w.game.current_player.name == s["to_move"]
    finally:
        w.link.close()
