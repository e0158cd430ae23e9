"""The database's schema upgrade: a version-1 database (built here by hand: today's
schema without ``tables.updated``, ``meta.schema`` 1), holding one table part-played, is
upgraded in place to today's version by a server started on it, and the table resumes."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from online_helpers import Raw, choose, stored_actions, table

from alhambra_widget.engine.alhambra.game import Game
from alhambra_widget.engine.errors import GameError
from alhambra_widget.online import store
from alhambra_widget.online.server import summary

# real server processes (and a PostgreSQL cluster): in `run.sh test`, not in the quick check
pytestmark = [pytest.mark.xdist_group("online"), pytest.mark.slow]

PLAYERS = ["Ann", "Ben"]
SEED = 3


def v1_schema() -> tuple[sa.MetaData, sa.Table, sa.Table, sa.Table, sa.Table]:
    """The schema of version 1, as it was."""
    md = sa.MetaData()
    meta = sa.Table(
        "meta",
        md,
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    tables = sa.Table(
        "tables",
        md,
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("summary", sa.Text, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False, default=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    codes = sa.Table(
        "codes",
        md,
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
    )
    actions = sa.Table(
        "actions",
        md,
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("step", sa.Integer, primary_key=True),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("intent", sa.String(80), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "intent", name="one_intent_once"),
    )
    return md, meta, tables, codes, actions


def build_v1(db: str, steps: int, version: int = 1) -> tuple[str, dict[str, str], Game]:
    """A version-1 database holding one table of Ann and Ben after ``steps`` actions."""
    g = Game(PLAYERS, SEED)
    movers = []
    for i in range(steps):
        movers.append(g.current)
        g.apply(choose(g, f"v1:{i}"))
    seats = {n: "human" for n in PLAYERS}
    tid, code_of = "v1table", {"Ann": "ann-code-" + "a" * 16, "Ben": "ben-code-" + "b" * 16}
    md, meta, tables, codes, actions = v1_schema()
    eng = store.engine_for(db)
    created = time.time() - 3600
    try:
        with eng.begin() as conn:
            md.create_all(conn)
            conn.execute(meta.insert().values(key="schema", value=str(version)))
            conn.execute(
                tables.insert().values(
                    id=tid,
                    game="alhambra",
                    options=json.dumps({**g.seat_options(), "seed": SEED}),
                    seats=json.dumps(seats),
                    summary=json.dumps(summary(g, seats)),
                    over=False,
                    created=created,
                )
            )
            for seat, name in enumerate(PLAYERS):
                conn.execute(
                    codes.insert().values(
                        digest=store.digest(code_of[name]), table_id=tid, seat=seat
                    )
                )
            for i, (a, m) in enumerate(zip(g.history, movers)):
                conn.execute(
                    actions.insert().values(
                        table_id=tid,
                        step=i,
                        action=json.dumps(a.to_json()),
                        seat=m,
                        intent=f"v1-{i}",
                        at=created + i,
                    )
                )
    finally:
        eng.dispose()
    return tid, code_of, g


def test_a_version_1_database_is_upgraded_and_its_table_resumes(serve: Any, db_url: str) -> None:
    tid, codes, g = build_v1(db_url, 7)
    srv = serve(db_url)
    eng = store.engine_for(db_url)
    try:
        with eng.connect() as conn:
            assert conn.execute(
                sa.text("SELECT value FROM meta WHERE key = 'schema'")
            ).scalar() == str(store.SCHEMA_VERSION)
            assert "updated" in {c["name"] for c in sa.inspect(conn).get_columns("tables")}
            created, updated = conn.execute(sa.text("SELECT created, updated FROM tables")).one()
            assert updated == created
        s = table(srv.url, tid)
        assert s["step"] == 7 and s["to_move"] == g.current_player.name and not s["over"]
        name = g.current_player.name
        r = Raw(srv.url, {"type": "hello", "code": codes[name]})
        try:
            assert [a.to_json() for a in r.game.history] == [a.to_json() for a in g.history]
            r.send(
                {
                    "type": "intent",
                    "id": "v1-3",
                    "step": 7,
                    "action": {"type": "take_money", "cards": []},
                }
            )
            assert r.answer("v1-3")["type"] == "ack"  # the stored intents are known
            r.intent(choose(r.game, 1), 7, "after-upgrade")
            assert r.answer("after-upgrade")["type"] == "step"
        finally:
            r.close()
        assert table(srv.url, tid)["step"] == 8 and len(stored_actions(db_url, tid)) == 8
        with eng.connect() as conn:
            assert conn.execute(sa.text("SELECT updated FROM tables")).scalar() > created
    finally:
        eng.dispose()
    # a second start finds today's version and changes nothing
    srv.restart()
    assert table(srv.url, tid)["step"] == 8


def test_a_newer_schema_is_refused(serve: Any, sqlite_url: str) -> None:
    build_v1(sqlite_url, 1, version=99)
    with pytest.raises(GameError, match="stopped at once"):
        serve(sqlite_url)
    logs = "".join(p.read_text() for p in Path(sqlite_url).parent.glob("server-*.log"))
    assert "schema version 99" in logs and "upgrade alhambra-widget" in logs
