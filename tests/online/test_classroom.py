"""The classroom, against real processes on 127.0.0.1: a real JupyterHub
(dummy authenticator, configurable-http-proxy from npm) with the table server as a
Hub-managed service, and two more as external services (one with at most two tables a
person, one that closes idle tables); users made through the Hub's API, each with a
kernel's token (a teacher in the group ``alhambra-teachers``, three students).

* who a token is: a student opens tables for themself only, nobody without a token;
* a table a teacher opened for two students: each joins by the table's id, with no
  code, at their own seat; a third student may neither sit nor watch; the teacher
  watches every hand (the record says from which step), pauses and resumes the table
  (a student's move waits, and so do the bots), gives a seat to a bot (which plays on;
  its person no longer moves for it) and back to a person; a student can do none of it;
* course progress kept by Hub name, the class's for its teachers only;
* limits: tables per person, idle tables closed with their records kept; logs in
  logfmt with the request's id;
* two server processes on one PostgreSQL database, a client on each: every move
  reaches the other (LISTEN/NOTIFY), an intent for the same step arriving at both at
  once is applied once, and the game ends with both clients holding the stored record.
"""

from __future__ import annotations

import functools
import json
import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hub_fixtures import MANAGED, TEACHERS, Hub, http, running_hub
from online_helpers import (
    Raw,
    cards,
    choose,
    closed_with,
    key,
    open_table,
    stored_actions,
    stored_game,
)
from websockets.exceptions import ConnectionClosed

from alhambra_widget import online
from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.engine.errors import GameError
from alhambra_widget.online import protocol, store
from alhambra_widget.online.lobby import Lobby

# real processes (a JupyterHub, its proxy, table servers, PostgreSQL): in `run.sh test`,
# not in the quick check
pytestmark = [pytest.mark.xdist_group("online"), pytest.mark.slow]

SEED = 46046
STUDENTS = ["student1", "student2", "student3"]
LIMITS = "alhambra-limits"  # at most two open tables a person
IDLE = "alhambra-idle"  # tables idle for 3.6 s closed (checked every 0.9 s)
IDLE_HOURS = 0.001


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    """One JupyterHub for the module (it takes about 10 s to answer), its users and tokens."""
    folder = tmp_path_factory.mktemp("hub")
    with running_hub(
        folder, {LIMITS: ["--tables-per-person", "2"], IDLE: ["--idle-hours", str(IDLE_HOURS)]}
    ) as h:
        print(
            f"\nJupyterHub answered {h.started_in:.1f} s after it was started"
        )  # (run with -s to see it)
        h.call("POST", f"/groups/{TEACHERS}")
        h.make_user("teacher1", [TEACHERS])
        for name in STUDENTS:
            h.make_user(name)
        try:
            yield h
        except BaseException:
            print(h.hub_log()[-4000:])
            raise


def lobby(hub: Hub, name: str, service: str = MANAGED) -> Lobby:
    """``name``'s lobby in their notebook: the service's URL and their kernel's token."""
    return Lobby(hub.services[service].url, token=hub.tokens[name])


def seat(hub: Hub, name: str, tid: str, service: str = MANAGED) -> Raw:
    """``name``'s own seat at table ``tid``, on a raw WebSocket (by the table's id)."""
    return Raw(
        hub.services[service].url, {"type": "hello", "table": tid, "token": hub.tokens[name]}
    )


def summary(url: str, tid: str) -> dict[str, Any]:
    status, out, _h = http(f"{url}/api/tables/{tid}")
    assert status == 200, out
    return out  # type: ignore[no-any-return]


def settle(url: str, tid: str, clients: list[Raw], timeout: float = 60) -> dict[str, Any]:
    """Wait until a person is to move (or the game is over, or it is paused) and every
    client has seen every step; the table's summary then."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        s = summary(url, tid)
        if s["over"] or s["paused"] or s["seats"].get(s["to_move"]) == "human":
            for c in clients:
                c.at_step(s["step"], max(1.0, end - time.monotonic()))
            if summary(url, tid)["step"] == s["step"]:
                return s
        time.sleep(0.02)
    raise AssertionError(f"table {tid} did not settle: {summary(url, tid)}")


_n = [0]


def move(r: Raw) -> dict[str, Any]:
    """The seat's random legal move (from its own game); the server's answer to it."""
    _n[0] += 1
    iid = f"m{_n[0]}"
    r.intent(choose(r.game, SEED), r.game.step, iid)
    return r.answer(iid)


def refused(status: int, out: Any, code: int) -> None:
    assert status == code and isinstance(out, dict) and out.get("error"), (status, out)


# -- who a token is -----------------------------------------------------------------------
def until(check: Callable[[], bool], seconds: float = 10) -> None:
    """Wait until ``check()`` holds (a board follows its table from another thread)."""
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "not in time"
        time.sleep(0.05)


def test_a_students_token_says_who_they_are(hub: Hub) -> None:
    url, tok = hub.services[MANAGED].url, hub.tokens
    status, out, _h = http(url + "/api/health", token=tok["student1"])
    assert status == 200 and out["ok"] is True and out["hub"] is True, (
        out
    )  # the Hub started it: found by itself
    # for others: a teacher's; for themself and bots: theirs; without a (known) token: nobody's
    body = {"players": ["student1", "student2"], "seed": 1}
    refused(*http(url + "/api/tables", body, tok["student1"])[:2], 403)
    refused(*http(url + "/api/tables", body)[:2], 401)
    refused(*http(url + "/api/tables", body, "not-a-hub-token")[:2], 401)
    status, out, _h = http(
        url + "/api/tables",
        {"players": ["student1", "Bot"], "seats": {"Bot": "random"}, "seed": 2},
        tok["student1"],
    )
    assert status == 201 and list(out["codes"]) == ["student1"], out
    st = store.Store(str(hub.services[MANAGED].db))
    try:
        t = st.load(out["id"])
        assert (
            t is not None
            and t.owner == "student1"
            and t.seats == {"student1": "human", "Bot": "random"}
        )
    finally:
        st.close()
    r = seat(hub, "student1", out["id"])  # their own seat, by the table's id
    try:
        assert r.frames[0]["seat"] == 0 and r.frames[0]["name"] == "student1"
    finally:
        r.close()


# -- a table a teacher opened for two students ------------------------------------------------
def test_students_play_the_table_their_teacher_opened(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    srv = hub.services[MANAGED]
    url, tok, db = srv.url, hub.tokens, str(srv.db)
    teacher = lobby(hub, "teacher1")
    t = teacher.open_table(["student1", "student2"], seed=SEED)
    # student1's notebook: no URL, no code; the Hub's environment says where and who
    monkeypatch.setenv("ALHAMBRA_SERVER_URL", url)
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", tok["student1"])
    l1 = online.connect()
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN")
    l2, l3 = lobby(hub, "student2"), lobby(hub, "student3")
    widgets = [l1.join(t.id), l2.join(t.id)]
    raws = {n: seat(hub, n, t.id) for n in ("student1", "student2")}
    clients = list(raws.values())
    teachers_board = None
    try:
        truth = Game(["student1", "student2"], SEED)
        for i, (name, w) in enumerate(zip(["student1", "student2"], widgets)):
            g = w.game
            assert (
                g.seat_record is not None and g.seat_record.seat == i and g.players[i].name == name
            )
            assert cards(g.players[i].money) == cards(truth.players[i].money)  # their own hand
            assert raws[name].frames[0]["seat"] == i
        # a third student may neither sit nor watch; a student does not see the hands
        with pytest.raises(GameError, match="no seat"):
            l3.join(t.id)
        with pytest.raises(GameError, match="watched by its players and the teachers"):
            l3.watch(t.id)
        with pytest.raises(GameError, match="watched by its players and the teachers"):
            l3.watch(t.id, hands=True)
        with pytest.raises(GameError, match="watched by its players and the teachers"):
            l1.watch(t.id, hands=True)
        for hello in (
            {"type": "hello", "table": t.id, "token": tok["student3"]},
            {"type": "hello", "watch": t.id, "hands": True, "token": tok["student3"]},
        ):
            r3 = Raw(url, hello, wait_welcome=False)
            assert closed_with(r3) == protocol.FORBIDDEN
            assert [f["type"] for f in r3.frames] == ["error"] and r3.frames[0][
                "kind"
            ] == "forbidden"
        for hello in (
            {"type": "hello", "table": t.id},
            {"type": "hello", "watch": t.id},
        ):  # no token
            r0 = Raw(url, hello, wait_welcome=False)
            assert closed_with(r0) in (protocol.FORBIDDEN, protocol.UNKNOWN)
            assert [f["type"] for f in r0.frames] == ["error"]

        for _ in range(6):
            s = settle(url, t.id, clients)
            assert move(raws[s["to_move"]])["type"] == "step"

        # the teacher sees every hand, from this step on (the record will say so)
        shown_from = settle(url, t.id, clients)["step"]
        teachers_board = teacher.watch(t.id, hands=True)
        tg = stored_game(db, t.id)
        assert (
            teachers_board.game.seat_record is None
            and teachers_board.session.hands_shown == shown_from
        )
        assert [cards(p.money) for p in teachers_board.game.players] == [
            cards(p.money) for p in tg.players
        ]

        # a student can neither pause a table nor change its seats; a teacher can
        while (s := settle(url, t.id, clients))["to_move"] != "student2":
            move(raws["student1"])
        pause = f"{url}/api/tables/{t.id}/pause"
        seats = f"{url}/api/tables/{t.id}/seats"
        refused(*http(pause, {"paused": True}, tok["student1"])[:2], 403)
        refused(*http(pause, {"paused": True}, tok["student3"])[:2], 403)
        refused(*http(pause, {"paused": True})[:2], 401)
        refused(*http(seats, {"seats": {"student2": "greedy"}}, tok["student1"])[:2], 403)
        with pytest.raises(GameError, match="Only a teacher"):
            l2.pause(t.id)
        assert (
            summary(url, t.id)["paused"] is False
            and summary(url, t.id)["seats"]["student2"] == "human"
        )

        teacher.pause(t.id)
        for r in clients:
            assert r.until(lambda f: f["type"] == "seats")["paused"] is True
        until(lambda: teachers_board.view["paused"] is True)  # the board's headline says so
        step = s["step"]
        answer = move(raws["student2"])
        assert answer["type"] == "refused" and answer["kind"] == "paused", answer
        # student2 is away: a bot takes the seat (a slow one, 2 s a move); paused, it waits
        assert teacher.set_seats(t.id, {"student2": "strong:2s"}) == {}
        for r in clients:
            f = r.until(lambda f: f["type"] == "seats")
            assert f["seats"]["student2"] == "strong:2s" and f["paused"] is True
        time.sleep(3)
        assert summary(url, t.id)["step"] == step and len(stored_actions(db, t.id)) == step
        teacher.resume(t.id)
        for r in clients:
            assert r.until(lambda f: f["type"] == "seats")["paused"] is False
        until(lambda: teachers_board.view["paused"] is False)
        # while the bot thinks, the person it replaced no longer moves for the seat
        answer = move(raws["student2"])
        assert (
            answer["type"] == "refused"
            and answer["kind"] == "turn"
            and "to a bot" in answer["message"]
        ), answer
        for r in clients:
            r.at_step(step + 1)
        stored = stored_actions(db, t.id)
        assert stored[step][2] == f"bot:{step}", stored[step]
        teacher.set_seats(t.id, {"student2": "greedy"})  # a quicker bot plays on
        for _ in range(5):
            s = settle(url, t.id, clients)
            assert s["to_move"] == "student1", s
            assert move(raws["student1"])["type"] == "step"
        # student2 is back: a person for the bot (joining by the table's id again)
        with pytest.raises(GameError, match="no seat"):
            l2.join(t.id)
        s = settle(url, t.id, clients)
        assert list(teacher.set_seats(t.id, {"student2": "human"})) == [
            "student2"
        ]  # a new join code
        widgets.append(l2.join(t.id))
        assert widgets[-1].game.seat_record.seat == 1
        moved_back = 0
        while moved_back < 2:
            s = settle(url, t.id, clients)
            assert move(raws[s["to_move"]])["type"] == "step"
            moved_back += s["to_move"] == "student2"
        teacher.set_seats(t.id, {"student2": "greedy"})

        # student1 plays on against the bot to the end
        for _ in range(400):
            s = settle(url, t.id, clients)
            if s["over"]:
                break
            assert s["to_move"] == "student1", s
            assert move(raws["student1"])["type"] == "step"
        else:
            raise AssertionError("the game did not end")

        true = stored_game(db, t.id)
        assert true.is_over
        record = json.loads(http(f"{url}/api/tables/{t.id}/record")[1])
        assert record["hands_shown"] == {"from_step": shown_from}
        assert teacher.record(t.id).digest() == true.digest()
        for r in clients:
            if not r.overs:
                r.until(lambda f: f["type"] == "over")
            assert json.loads(r.overs[-1]["game"])["hands_shown"] == {"from_step": shown_from}
        end = time.monotonic() + 20
        for w in [*widgets, teachers_board]:
            while not (w.game.is_over and w.game.seat_record is None):
                assert time.monotonic() < end, "a board did not get the whole record"
                time.sleep(0.05)
            assert w.game.digest() == true.digest()
            assert w.session.hands_shown == shown_from
        actions = stored_actions(db, t.id)
        assert [a[0] for a in actions] == list(range(true.step))
        by_bot = [a for a in actions if (a[2] or "").startswith("bot:")]
        assert len(by_bot) >= 5
    finally:
        for w in [*widgets, teachers_board]:
            if w is not None:
                w.link.close()
        for r in clients:
            r.close()


# -- course progress --------------------------------------------------------------------------
def test_progress_is_kept_by_hub_name_and_the_class_is_for_teachers(hub: Hub) -> None:
    url, tok = hub.services[MANAGED].url, hub.tokens
    l1, l2, teacher = lobby(hub, "student1"), lobby(hub, "student2"), lobby(hub, "teacher1")
    l1.save_progress("p-quick-tour", stars=2, done=True, wrong=1)
    l1.save_progress("p-quick-tour", stars=1, wrong=2)  # the best stars stay, wrong answers add up
    l2.save_progress("p-quick-tour", stars=1, wrong=4)
    l2.save_progress("p-coached-game", stars=3, done=True, result={"won": True, "score": 101})
    # the name is the token's, never the body's
    status, out, _h = http(
        url + "/api/progress",
        {"lesson": "p-coached-game", "person": "student2", "wrong": 9},
        tok["student1"],
    )
    assert status == 200, out
    mine = [r for r in l1.progress() if r["lesson"].startswith("p-")]
    assert mine == [
        {
            "person": "student1",
            "lesson": "p-coached-game",
            "stars": 0,
            "done": False,
            "wrong": 9,
            "result": None,
        },
        {
            "person": "student1",
            "lesson": "p-quick-tour",
            "stars": 2,
            "done": True,
            "wrong": 3,
            "result": None,
        },
    ]
    assert {r["person"] for r in l2.progress()} == {"student2"}
    everyone = [r for r in teacher.progress(everyone=True) if r["lesson"].startswith("p-")]
    assert {(r["person"], r["lesson"]): (r["stars"], r["done"], r["wrong"]) for r in everyone} == {
        ("student1", "p-coached-game"): (0, False, 9),
        ("student1", "p-quick-tour"): (2, True, 3),
        ("student2", "p-coached-game"): (3, True, 0),
        ("student2", "p-quick-tour"): (1, False, 4),
    }
    assert next(
        r for r in everyone if r["person"] == "student2" and r["lesson"] == "p-coached-game"
    )["result"] == {"won": True, "score": 101}
    with pytest.raises(GameError, match="teachers"):
        l1.progress(everyone=True)
    refused(*http(url + "/api/progress?all=1", token=tok["student3"])[:2], 403)
    refused(*http(url + "/api/progress")[:2], 401)
    refused(*http(url + "/api/progress", {"lesson": "p-quick-tour", "stars": 3})[:2], 401)


def test_a_teacher_seats_a_hub_group(hub: Hub) -> None:
    """A teacher seats a Hub group's members at tables of two (the service reads the
    group with its own token); a student may not."""
    hub.call("POST", "/groups/class-a", {"users": ["student1", "student2", "student3"]})
    url, tok = hub.services[MANAGED].url, hub.tokens
    body = {"group": "class-a", "size": 2, "bots": "random"}
    refused(*http(url + "/api/class", body, tok["student1"])[:2], 403)
    status, out, _h = http(url + "/api/class", body, tok["teacher1"])
    assert status == 201, out
    seated = [summary(url, t["id"])["seats"] for t in out]
    assert seated == [
        {"student1": "human", "student2": "human"},
        {"student3": "human", "Bot 1": "random"},
    ]
    for t in out:
        for name, r in [(n, seat(hub, n, t["id"])) for n in t["codes"]]:
            assert r.frames[0]["name"] == name
            r.close()


# -- limits -------------------------------------------------------------------------------------
def test_a_person_opens_at_most_their_tables(hub: Hub) -> None:
    """``--tables-per-person 2``: a student's third open table is refused; the teacher's
    tables for them do not count, nor do another student's."""
    url, tok = hub.services[LIMITS].url, hub.tokens
    body = {"players": ["student3", "Bot"], "seats": {"Bot": "random"}}
    mine = []
    for seed in (1, 2):
        status, out, _h = http(url + "/api/tables", {**body, "seed": seed}, tok["student3"])
        assert status == 201, out
        mine.append(out["id"])
    before = {t["id"] for t in http(url + "/api/tables")[1]}
    status, out, _h = http(url + "/api/tables", {**body, "seed": 3}, tok["student3"])
    assert status == 403 and "2 open tables" in out["error"], out
    assert {t["id"] for t in http(url + "/api/tables")[1]} == before  # nothing opened
    t = lobby(hub, "teacher1", LIMITS).open_table(
        ["student3", "student2"]
    )  # the teacher's, for them
    assert (
        http(
            url + "/api/tables",
            {"players": ["student2", "Bot"], "seats": {"Bot": "random"}},
            tok["student2"],
        )[0]
        == 201
    )
    assert t.id in {x["id"] for x in http(url + "/api/tables")[1]}


def test_idle_tables_close_and_their_records_stay(hub: Hub) -> None:
    """``--idle-hours 0.001`` (3.6 s): a table where nobody moves is closed (gone from
    the list, its record in the database, its connections told); one that moves stays."""
    srv = hub.services[IDLE]
    url, db = srv.url, str(srv.db)
    l1 = lobby(hub, "student1", IDLE)
    idle = l1.open_table(["student1", "Bot"], seats={"Bot": "random"}, seed=7)
    busy = l1.open_table(["student1", "Bot"], seats={"Bot": "random"}, seed=8)
    ri, rb = seat(hub, "student1", idle.id, IDLE), seat(hub, "student1", busy.id, IDLE)
    try:
        settle(url, idle.id, [ri])
        assert move(ri)["type"] == "step"
        settle(url, idle.id, [ri])  # the bot's answer too
        kept = stored_actions(db, idle.id)
        assert kept
        start = time.monotonic()
        closed_at = None
        while time.monotonic() - start < 15 and (
            closed_at is None or time.monotonic() - closed_at < 2.5
        ):
            if settle(url, busy.id, [rb])["to_move"] == "student1":
                assert move(rb)["type"] == "step"
            ids = [t.id for t in l1.tables()]
            assert busy.id in ids, "a table that moves was closed"
            if closed_at is None and idle.id not in ids:
                closed_at = time.monotonic()
            time.sleep(0.2)
        assert closed_at is not None, "the idle table was not closed"
        assert closed_at - start > IDLE_HOURS * 3600 * 0.5  # not at once
        # its connection is told, and moves no more
        f = ri.until(lambda f: f["type"] == "error")
        assert f["kind"] == "closed", f
        try:
            answer = move(ri)
        except ConnectionClosed:  # closed by the server
            pass
        else:
            assert answer["type"] == "refused", answer
        # its record stays in the database, with everything: all tables lists it
        assert stored_actions(db, idle.id) == kept
        st = store.Store(db)
        try:
            t = st.load(idle.id)
            assert (
                t is not None
                and t.closed
                and not t.over
                and t.options["seed"] == 7
                and len(t.actions) == len(kept)
            )
        finally:
            st.close()
        assert idle.id in [t.id for t in l1.tables(everything=True)]
        assert http(f"{url}/api/tables/{idle.id}")[0] == 404
        with pytest.raises(GameError):
            l1.join(idle.id)
    finally:
        ri.close()
        rb.close()


# -- logs ---------------------------------------------------------------------------------------
PAIR = r'[A-Za-z_][\w.-]*=(?:"(?:[^"\\]|\\.)*"|[^\s"=]*)'
PAIR_RE = re.compile(rf"({PAIR})")


def logfmt(line: str) -> dict[str, str] | None:
    """A logfmt line's ``key=value`` pairs (values unquoted), or ``None`` when it is not one."""
    if not re.fullmatch(rf"{PAIR}(?: {PAIR})*", line):
        return None
    out = {}
    for pair in PAIR_RE.findall(line):
        k, v = pair.split("=", 1)
        out[k] = json.loads(v) if v.startswith('"') else v
    return out


def test_logs_are_logfmt_with_the_request_id(hub: Hub) -> None:
    srv = hub.services[LIMITS]
    given = "classroom-46-request"
    status, _out, headers = http(srv.url + "/api/health", headers={"X-Request-ID": given})
    assert status == 200 and headers["x-request-id"] == given
    status, _out, headers = http(
        srv.url + "/api/tables", {"players": ["student1", "student2"]}, hub.tokens["student1"]
    )
    assert status == 403
    made = headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{16}", made), made
    status, _out, headers = http(srv.url + "/api/health", headers={"X-Request-ID": "two words"})
    assert headers["x-request-id"] not in ("two words", "two"), (
        headers
    )  # not a usable id: a new one
    end = time.monotonic() + 10
    while f"request_id={made}" not in srv.log_text() or f"request_id={given}" not in srv.log_text():
        assert time.monotonic() < end, srv.log_text()[-2000:]
        time.sleep(0.1)
    lines = [line for line in srv.log_text().splitlines() if line.strip()]
    parsed = [logfmt(line) for line in lines]
    assert all(p is not None for p in parsed), [
        line for line, p in zip(lines, parsed) if p is None
    ][:5]
    for p in parsed:
        assert p is not None and {"time", "level", "logger", "request_id"} <= set(p), p
    health = [p for p in parsed if p and p["request_id"] == given]
    assert [(p["method"], p["path"], p["status"]) for p in health] == [
        ("GET", "/api/health", "200")
    ]
    refusal = [p for p in parsed if p and p["request_id"] == made]
    assert [(p["method"], p["path"], p["status"]) for p in refusal] == [
        ("POST", "/api/tables", "403")
    ]


# -- several processes, one PostgreSQL -----------------------------------------------------------
def brisk(game: Any, seed: object) -> Any:
    """A random legal action, as :func:`choose`, but one that moves the game on (no
    shuffling of the reserve) when there is one: a two-person game in about 140 steps."""
    legal = sorted(game.legal_actions(), key=key)
    on = [a for a in legal if a.to_json()["type"] not in ("to_reserve", "from_reserve", "exchange")]
    return random.Random(f"{seed}:{game.step}").choice(on or legal)


def at_once(*calls: Callable[[], Any]) -> None:
    """Make the calls from threads released together (two intents arriving at once)."""
    go = threading.Barrier(len(calls))

    def run(call: Callable[[], Any]) -> None:
        go.wait()
        call()

    threads = [threading.Thread(target=run, args=(c,)) for c in calls]
    for th in threads:
        th.start()
    for th in threads:
        th.join()


def test_a_table_one_process_closes_for_idling_the_other_lets_go(
    serve: Any, fresh_postgres: str
) -> None:
    """A closes tables idle for 3.6 s; B, on the same database, closes none itself. Ann
    sits at a table through B: when A closes it, B tells her and lets go, so her seat's
    code finds no table there any more (and no move is taken)."""
    a = serve(fresh_postgres, extra=("--idle-hours", str(IDLE_HOURS)))
    b = serve(fresh_postgres)
    t = open_table(b.url, players=["Ann", "Ben"], seed=3)
    ann = Raw(b.url, {"type": "hello", "code": t["codes"]["Ann"]})
    try:
        told = ann.until(lambda f: f["type"] == "error", timeout=20)
        assert told["kind"] == "closed", told
        again = Raw(b.url, {"type": "hello", "code": t["codes"]["Ann"]}, wait_welcome=False)
        try:
            first = again.recv(10)
            assert first is not None and first["kind"] == "unknown", first
        finally:
            again.close()
        assert stored_actions(str(fresh_postgres), t["id"]) == []  # the record stays, empty
        assert a.process is not None and a.process.poll() is None
    finally:
        ann.close()


def test_two_processes_share_the_tables_of_one_postgresql(serve: Any, fresh_postgres: str) -> None:
    """Two server processes (not on a Hub) on one database: Ann plays through A, Ben
    through B; each seat has a second connection on the other process, for the races:
    two intents for the same step, one at A and one at B, at once (one applied, the
    other stale), and one intent sent to both (applied once, never called stale)."""
    a, b = serve(fresh_postgres), serve(fresh_postgres)
    assert a.port != b.port
    players = ["Ann", "Ben"]
    t = open_table(a.url, players=players, seed=SEED)
    codes = t["codes"]
    conn = {  # (on A, on B): each person's own connection first
        "Ann": (
            Raw(a.url, {"type": "hello", "code": codes["Ann"]}),
            Raw(b.url, {"type": "hello", "code": codes["Ann"]}),
        ),
        "Ben": (
            Raw(a.url, {"type": "hello", "code": codes["Ben"]}),
            Raw(b.url, {"type": "hello", "code": codes["Ben"]}),
        ),
    }
    own = {"Ann": conn["Ann"][0], "Ben": conn["Ben"][1]}  # Ann joins through A, Ben through B
    everyone = [*conn["Ann"], *conn["Ben"]]
    truth = Game(players, SEED)
    latencies: list[float] = []
    races: dict[int, str] = {}  # step -> the intent stored for it
    n = 0
    try:
        while not truth.is_over:
            for c in everyone:
                c.at_step(truth.step)
            step, mover = truth.step, truth.current_player.name
            other = own["Ben" if mover == "Ann" else "Ann"]
            n += 1
            if n % 10 in (3, 8):  # two intents for this step, one at each process, at once
                on_a, on_b = conn[mover]
                ids = (f"race-a-{step}", f"race-b-{step}")
                at_once(
                    functools.partial(on_a.intent, brisk(on_a.game, SEED), step, ids[0]),
                    functools.partial(on_b.intent, brisk(on_b.game, SEED + 1), step, ids[1]),
                )
                answers = [on_a.answer(ids[0]), on_b.answer(ids[1])]
                kinds = sorted((x["type"], x.get("kind")) for x in answers)
                assert kinds == [("refused", "stale"), ("step", None)], answers
                races[step] = ids[0] if answers[0]["type"] == "step" else ids[1]
            elif n % 10 == 5:  # one intent sent to both processes (as a link resends it)
                on_a, on_b = conn[mover]
                iid = f"twice-{step}"
                act = brisk(on_a.game, SEED)
                at_once(
                    functools.partial(on_a.intent, act, step, iid),
                    functools.partial(on_b.intent, act, step, iid),
                )
                for c in (on_a, on_b):
                    c.answer(iid)
                    c.drain(0.3)
                    said = [f for f in c.frames if f.get("intent") == iid]
                    assert said and all(f["type"] in ("step", "ack") for f in said), said
                races[step] = iid
            else:  # the mover through their own process; the other person's client is on the other one
                iid = f"m-{step}"
                sent = time.perf_counter()
                own[mover].intent(brisk(own[mover].game, SEED), step, iid)
                other.until(lambda f, s=step: f["type"] == "step" and f["step"] == s + 1)
                latencies.append(time.perf_counter() - sent)
                assert own[mover].answer(iid)["type"] == "step"
            stored = stored_actions(fresh_postgres, t["id"])
            assert [s for s, _a, _i in stored] == list(range(step + 1)), "not one action per step"
            truth.apply(truth.action_from_json(stored[step][1]))
        assert truth.step > 60 and len(races) >= 8
        stored = stored_actions(fresh_postgres, t["id"])
        assert [x[1] for x in stored] == [x.to_json() for x in truth.history]
        for step, iid in races.items():
            assert stored[step][2] == iid
        true = stored_game(fresh_postgres, t["id"])
        assert true.digest() == truth.digest()
        for c in everyone:
            if not c.overs:
                c.until(lambda f: f["type"] == "over")
            assert Game.from_json(c.overs[-1]["game"]).digest() == true.digest()
            assert [x.to_json() for x in c.game.history] == [x[1] for x in stored]
            assert [f["step"] for f in c.frames if f["type"] == "step"] == list(
                range(1, true.step + 1)
            )
        latencies.sort()
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(
            f"\na move reached the other process's client: n={len(latencies)}, median "
            f"{latencies[len(latencies) // 2] * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms"
        )
        assert p99 < 1.0, latencies[-5:]
    finally:
        for c in everyone:
            c.close()


def test_a_process_killed_beside_another_loses_nothing(serve: Any, fresh_postgres: str) -> None:
    """Two processes on one PostgreSQL, Ann through A and Ben through B. A is killed
    with SIGKILL mid-game: Ann goes on through B; A is started again, then B is killed:
    both go on through A. Everything acknowledged is stored, once, and the game ends
    as the same game played without a fault."""
    a, b = serve(fresh_postgres), serve(fresh_postgres)
    players = ["Ann", "Ben"]
    t = open_table(a.url, players=players, seed=SEED)
    codes = t["codes"]
    own = {
        "Ann": Raw(a.url, {"type": "hello", "code": codes["Ann"]}),
        "Ben": Raw(b.url, {"type": "hello", "code": codes["Ben"]}),
    }
    reference = Game(players, SEED)
    acked: list[int] = []
    try:
        while not reference.is_over:
            step = reference.step
            if step == 25:  # SIGKILL of A: Ann's client goes on through B
                a.kill()
                own["Ann"].close()
                own["Ann"] = Raw(b.url, {"type": "hello", "code": codes["Ann"]})
                a.start()
            if step == 70:  # SIGKILL of B: both go on through A, started again
                b.kill()
                for name in players:
                    own[name].close()
                    own[name] = Raw(a.url, {"type": "hello", "code": codes[name]})
            for c in own.values():
                c.at_step(step)
            mover = own[reference.current_player.name]
            action = brisk(mover.game, SEED)
            mover.intent(action, step, f"k-{step}")
            assert mover.answer(f"k-{step}")["type"] == "step"
            acked.append(step)
            reference.apply(action)
        stored = stored_actions(fresh_postgres, t["id"])
        assert [s for s, _a, _i in stored] == list(range(reference.step))  # each once, none lost
        assert [x[1] for x in stored] == [x.to_json() for x in reference.history]
        assert acked == list(range(reference.step))
        assert stored_game(fresh_postgres, t["id"]).digest() == reference.digest()
    finally:
        for c in own.values():
            c.close()
