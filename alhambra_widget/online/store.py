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

SCHEMA_VERSION = 2
"""The schema this code writes. Version 1 had no ``updated`` time on a table."""

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


MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _v1_to_v2}
"""From version N to N + 1, in place."""


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

    def create(self, table_id: str, game: str, options: dict[str, Any], seats: dict[str, str],
               summary: dict[str, Any], seat_codes: dict[int, str]) -> None:  # fmt: skip
        """Store a new table and the digests of its join codes."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                tables.insert().values(
                    id=table_id, game=game, options=json.dumps(options), seats=json.dumps(seats),
                    summary=json.dumps(summary), over=False, created=now, updated=now,
                )
            )  # fmt: skip
            for seat, code in seat_codes.items():
                conn.execute(codes.insert().values(digest=digest(code), table_id=table_id, seat=seat))

    def append(self, table_id: str, step: int, action: dict[str, Any], seat: int,
               intent: str | None, summary: dict[str, Any], over: bool) -> None:  # fmt: skip
        """Commit one action (at ``step``, counted from 0) with the table's new summary,
        in one transaction. A step already taken (another process was first) raises
        ``sqlalchemy.exc.IntegrityError`` and nothing is written."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                actions.insert().values(
                    table_id=table_id, step=step, action=json.dumps(action, separators=(",", ":")),
                    seat=seat, intent=intent, at=now,
                )
            )  # fmt: skip
            conn.execute(
                tables.update()
                .where(tables.c.id == table_id)
                .values(summary=json.dumps(summary), over=over, updated=now)
            )

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
            row.id, row.game, json.loads(row.options), json.loads(row.seats),
            [json.loads(r[0]) for r in rows], [r[1] for r in rows], bool(row.over),
        )  # fmt: skip

    def summaries(self, include_over: bool = False) -> Iterator[tuple[str, str, dict[str, Any], dict[str, str], bool]]:
        """Each table's id, game, public summary, seats and whether it is over."""
        q = sa.select(tables.c.id, tables.c.game, tables.c.summary, tables.c.seats, tables.c.over)
        if not include_over:
            q = q.where(tables.c.over == sa.false())
        with self.engine.connect() as conn:
            for r in conn.execute(q.order_by(tables.c.created)):
                yield r[0], r[1], json.loads(r[2]), json.loads(r[3]), bool(r[4])

    def close(self) -> None:
        """Release the database's connections."""
        self.engine.dispose()
