"""Where a table server keeps its games: SQLAlchemy Core, one schema for SQLite (the
default, one file) and PostgreSQL.

A game is stored as it is defined (R13): its options, its seed and its list of
actions, one row an action, written in the same transaction as the table's public
summary (whose turn, the step, the scores). The server commits an action before it
tells anyone of it, so what a player saw acknowledged is on disk; a server started on
the same database reads every table back.

The schema has a version (table ``meta``); :data:`MIGRATIONS` upgrades an older
database in place when a server opens it.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

SCHEMA_VERSION = 3
"""The schema this code writes. Version 1 had no ``updated`` time on a table; version 2
no owner, pause, closing or shown hands on a table, and no course progress."""

metadata = sa.MetaData()

meta = sa.Table(
    "meta",
    metadata,
    sa.Column("key", sa.String(40), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("game", sa.String(20), nullable=False),  # "alhambra" or "gardens"
    sa.Column("options", sa.Text, nullable=False),  # JSON: players, seed, the game's options
    sa.Column("seats", sa.Text, nullable=False),  # JSON: name -> "human" or a bot's level
    sa.Column("summary", sa.Text, nullable=False),  # JSON: public (to move, step, scores)
    sa.Column("over", sa.Boolean, nullable=False, default=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("owner", sa.String(200), nullable=True),  # who opened it (a Hub name)
    sa.Column("paused", sa.Boolean, nullable=False, default=False),  # by a teacher
    sa.Column("closed", sa.Boolean, nullable=False, default=False),  # idle too long
    sa.Column("hands_shown", sa.Integer, nullable=True),  # the step a teacher saw every hand from
)

progress = sa.Table(
    "progress",
    metadata,
    sa.Column("person", sa.String(200), primary_key=True),  # a Hub name
    sa.Column("lesson", sa.String(80), primary_key=True),
    sa.Column("stars", sa.Integer, nullable=False, default=0),
    sa.Column("done", sa.Boolean, nullable=False, default=False),
    sa.Column("wrong", sa.Integer, nullable=False, default=0),  # answers judged wrong
    sa.Column("result", sa.Text, nullable=True),  # JSON: the coached game's result
    sa.Column("updated", sa.Float, nullable=False),
)

codes = sa.Table(
    "codes",
    metadata,
    sa.Column("digest", sa.String(64), primary_key=True),  # sha256 of the join code
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("step", sa.Integer, primary_key=True),  # 0 for the first action
    sa.Column("action", sa.Text, nullable=False),  # the action's JSON
    sa.Column("seat", sa.Integer, nullable=False),  # who made it
    sa.Column("intent", sa.String(80), nullable=True),  # the client's id (applied once)
    sa.Column("at", sa.Float, nullable=False),
    sa.UniqueConstraint("table_id", "intent", name="one_intent_once"),
)


def _v1_to_v2(conn: Connection) -> None:
    """Version 2 keeps when each table last moved (``tables.updated``)."""
    conn.execute(sa.text("ALTER TABLE tables ADD COLUMN updated FLOAT"))
    conn.execute(sa.text("UPDATE tables SET updated = created"))


def _v2_to_v3(conn: Connection) -> None:
    """Version 3: a table's owner, pause, closing and shown hands; course progress."""
    for column in (
        "owner VARCHAR(200)",
        "paused BOOLEAN NOT NULL DEFAULT FALSE",
        "closed BOOLEAN NOT NULL DEFAULT FALSE",
        "hands_shown INTEGER",
    ):
        conn.execute(sa.text(f"ALTER TABLE tables ADD COLUMN {column}"))
    progress.create(conn)


MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _v1_to_v2, 2: _v2_to_v3}
"""From version N to N + 1, in place."""


INSERT_ACTION = actions.insert()
UPDATE_TABLE = (
    tables.update()
    .where(tables.c.id == sa.bindparam("tid"))
    .values(
        summary=sa.bindparam("summary"), over=sa.bindparam("over"), updated=sa.bindparam("updated")
    )
)
"""A move's two statements, built once (building them each move was most of its cost)."""

CHANNEL = "alhambra_tables"
"""PostgreSQL's notification channel: a table moved (``table:step``)."""


def digest(code: str) -> str:
    """What the database keeps of a join code: its SHA-256 (a stolen database names no
    code)."""
    return hashlib.sha256(code.encode()).hexdigest()


@dataclass
class StoredTable:
    """A table as stored: its id, game, options (with the seed), seats, actions."""

    id: str
    game: str
    options: dict[str, Any]
    seats: dict[str, str]
    actions: list[dict[str, Any]]
    intents: list[str | None]
    over: bool
    owner: str | None = None
    paused: bool = False
    closed: bool = False
    hands_shown: int | None = None


def engine_for(url: str) -> Engine:
    """An SQLAlchemy engine for ``url``: a file path or ``sqlite:///...`` (write-ahead
    log: a commit survives the server process being killed), or ``postgresql://...``
    (through psycopg)."""
    if "://" not in url:
        url = f"sqlite:///{url}"
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    if url.startswith("sqlite"):
        eng = sa.create_engine(url, connect_args={"check_same_thread": False})

        @sa.event.listens_for(eng, "connect")
        def _pragmas(dbapi: Any, _record: Any) -> None:
            cur = dbapi.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")  # durable across a process crash
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return eng
    return sa.create_engine(url, pool_pre_ping=True)


class Store:
    """The server's database: tables, their join codes and their actions."""

    def __init__(self, url: str):
        self.url = url
        self.engine = engine_for(url)
        self.upgrade()

    def version(self, conn: Connection) -> int | None:
        """The schema version of the database (``None``: an empty database)."""
        if not sa.inspect(conn).has_table("meta"):
            return None
        row = conn.execute(sa.select(meta.c.value).where(meta.c.key == "schema")).first()
        return int(row[0]) if row else None

    def upgrade(self) -> None:
        """Create the schema in an empty database, or upgrade an older one in place."""
        with self.engine.begin() as conn:
            v = self.version(conn)
            if v is None:
                metadata.create_all(conn)
                conn.execute(meta.insert().values(key="schema", value=str(SCHEMA_VERSION)))
                return
            if v > SCHEMA_VERSION:
                raise RuntimeError(
                    f"The database has schema version {v}; this server knows up to "
                    f"{SCHEMA_VERSION}: upgrade alhambra-widget."
                )
            while v < SCHEMA_VERSION:
                MIGRATIONS[v](conn)
                v += 1
                conn.execute(meta.update().where(meta.c.key == "schema").values(value=str(v)))

    @property
    def postgresql(self) -> bool:
        """Whether the database is PostgreSQL (whose LISTEN/NOTIFY joins server processes)."""
        return self.engine.dialect.name == "postgresql"

    def ping(self) -> bool:
        """Whether the database answers."""
        with self.engine.connect() as conn:
            return conn.execute(sa.text("SELECT 1")).scalar() == 1

    def create(
        self,
        table_id: str,
        game: str,
        options: dict[str, Any],
        seats: dict[str, str],
        summary: dict[str, Any],
        seat_codes: dict[int, str],
        owner: str | None = None,
    ) -> None:
        """Store a new table and the digests of its join codes."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                tables.insert().values(
                    id=table_id,
                    game=game,
                    options=json.dumps(options),
                    seats=json.dumps(seats),
                    summary=json.dumps(summary),
                    over=False,
                    created=now,
                    updated=now,
                    owner=owner,
                    paused=False,
                    closed=False,
                )
            )
            for seat, code in seat_codes.items():
                conn.execute(
                    codes.insert().values(digest=digest(code), table_id=table_id, seat=seat)
                )

    def append(
        self,
        table_id: str,
        step: int,
        action: dict[str, Any],
        seat: int,
        intent: str | None,
        summary: dict[str, Any],
        over: bool,
    ) -> None:
        """Commit one action (at ``step``, counted from 0) with the table's new summary,
        in one transaction. A step already taken (another process was first) raises
        ``sqlalchemy.exc.IntegrityError`` and nothing is written."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                INSERT_ACTION,
                {
                    "table_id": table_id,
                    "step": step,
                    "seat": seat,
                    "intent": intent,
                    "action": json.dumps(action, separators=(",", ":")),
                    "at": now,
                },
            )
            conn.execute(
                UPDATE_TABLE,
                {"tid": table_id, "summary": json.dumps(summary), "over": over, "updated": now},
            )
            self._notify(conn, table_id, step + 1)

    def _notify(self, conn: Connection, table_id: str, step: int) -> None:
        """PostgreSQL: tell the other server processes, at the commit, that a table moved
        (``table:step``; step -1 for a change of its seats or pause)."""
        if self.postgresql:
            conn.execute(
                sa.text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"{table_id}:{step}"},
            )

    def actions_from(
        self, table_id: str, step: int
    ) -> list[tuple[dict[str, Any], int, str | None]]:
        """The actions of a table from ``step`` (counted from 0) on: (JSON, seat, intent)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(actions.c.action, actions.c.seat, actions.c.intent)
                .where(actions.c.table_id == table_id, actions.c.step >= step)
                .order_by(actions.c.step)
            ).all()
        return [(json.loads(r[0]), int(r[1]), r[2]) for r in rows]

    def change(self, table_id: str, **values: Any) -> None:
        """Change a table's seats (``seats``, a dict), ``paused``, ``closed`` or
        ``hands_shown``, and tell the other processes."""
        if "seats" in values:
            values["seats"] = json.dumps(values["seats"])
        with self.engine.begin() as conn:
            conn.execute(tables.update().where(tables.c.id == table_id).values(**values))
            self._notify(conn, table_id, -1)

    def add_code(self, table_id: str, seat: int, code: str) -> None:
        """A join code for a seat given to a person."""
        with self.engine.begin() as conn:
            conn.execute(codes.insert().values(digest=digest(code), table_id=table_id, seat=seat))

    def owned(self, owner: str) -> int:
        """How many open tables ``owner`` has opened."""
        q = (
            sa.select(sa.func.count())
            .select_from(tables)
            .where(
                tables.c.owner == owner, tables.c.over == sa.false(), tables.c.closed == sa.false()
            )
        )
        with self.engine.connect() as conn:
            return int(conn.execute(q).scalar() or 0)

    def idle(self, before: float) -> list[str]:
        """The open tables that have not moved since ``before`` (a time)."""
        q = sa.select(tables.c.id).where(
            tables.c.over == sa.false(), tables.c.closed == sa.false(), tables.c.updated < before
        )
        with self.engine.connect() as conn:
            return [str(r[0]) for r in conn.execute(q)]

    def save_progress(
        self,
        person: str,
        lesson: str,
        stars: int,
        done: bool,
        wrong: int,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Keep a person's progress in a lesson (the best stars, done once done, the
        wrong answers added up)."""
        now = time.time()
        with self.engine.begin() as conn:
            row = conn.execute(
                sa.select(progress).where(progress.c.person == person, progress.c.lesson == lesson)
            ).first()
            if row is None:
                conn.execute(
                    progress.insert().values(
                        person=person,
                        lesson=lesson,
                        stars=stars,
                        done=done,
                        wrong=wrong,
                        result=json.dumps(result) if result else None,
                        updated=now,
                    )
                )
            else:
                conn.execute(
                    progress.update()
                    .where(progress.c.person == person, progress.c.lesson == lesson)
                    .values(
                        stars=max(stars, row.stars),
                        done=done or row.done,
                        wrong=row.wrong + wrong,
                        result=json.dumps(result) if result else row.result,
                        updated=now,
                    )
                )

    def progress(self, person: str | None = None) -> list[dict[str, Any]]:
        """The progress rows of ``person`` (everyone's when ``None``)."""
        q = sa.select(progress).order_by(progress.c.person, progress.c.lesson)
        if person is not None:
            q = q.where(progress.c.person == person)
        with self.engine.connect() as conn:
            return [
                {
                    "person": r.person,
                    "lesson": r.lesson,
                    "stars": r.stars,
                    "done": bool(r.done),
                    "wrong": r.wrong,
                    "result": json.loads(r.result) if r.result else None,
                }
                for r in conn.execute(q)
            ]

    def seat_of(self, code: str) -> tuple[str, int] | None:
        """The table and seat a join code acts for, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(codes.c.table_id, codes.c.seat).where(codes.c.digest == digest(code))
            ).first()
        return (str(row[0]), int(row[1])) if row else None

    def load(self, table_id: str) -> StoredTable | None:
        """A table with its actions in order, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            rows = conn.execute(
                sa.select(actions.c.action, actions.c.intent)
                .where(actions.c.table_id == table_id)
                .order_by(actions.c.step)
            ).all()
        return StoredTable(
            row.id,
            row.game,
            json.loads(row.options),
            json.loads(row.seats),
            [json.loads(r[0]) for r in rows],
            [r[1] for r in rows],
            bool(row.over),
            row.owner,
            bool(row.paused),
            bool(row.closed),
            row.hands_shown,
        )

    def summaries(
        self, include_over: bool = False
    ) -> Iterator[tuple[str, str, dict[str, Any], dict[str, str], bool]]:
        """Each table's id, game, public summary, seats and whether it is over."""
        q = sa.select(tables.c.id, tables.c.game, tables.c.summary, tables.c.seats, tables.c.over)
        if not include_over:
            q = q.where(tables.c.over == sa.false(), tables.c.closed == sa.false())
        with self.engine.connect() as conn:
            for r in conn.execute(q.order_by(tables.c.created)):
                yield r[0], r[1], json.loads(r[2]), json.loads(r[3]), bool(r[4])

    def close(self) -> None:
        """Release the database's connections."""
        self.engine.dispose()
