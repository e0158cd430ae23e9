"""Fixtures for the table server's tests: real ``alhambra-widget serve`` processes on
127.0.0.1 (each on its own free port, over a temporary SQLite file or a throwaway
PostgreSQL cluster), stopped in a ``finally``."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from alhambra_widget.online.local import free_port, serve_command, wait_healthy

ROOT = Path(__file__).resolve().parents[2]


class ServerProcess:
    """One ``python -m alhambra_widget.online serve`` process; ``restart`` starts a new
    one on the same database (and, by default, the same port)."""

    def __init__(
        self,
        db: str,
        log_dir: Path,
        port: int | None = None,
        workers: int = 1,
        extra: tuple[str, ...] = (),
    ):
        self.db, self.log_dir, self.workers, self.extra = db, log_dir, workers, extra
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self) -> ServerProcess:
        self.starts += 1
        log = open(self.log_dir / f"server-{self.port}-{self.starts}.log", "wb")  # noqa: SIM115
        cmd = serve_command(
            self.port,
            self.db,
            "--workers",
            str(self.workers),
            "--log-level",
            "warning",
            *self.extra,
        )
        # its own process group: a SIGKILL of the group takes the bots' pool with it
        self.process = subprocess.Popen(
            cmd,
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            start_new_session=True,
        )
        log.close()
        wait_healthy(self.url, self.process, seconds=40)
        return self

    def kill(self) -> None:
        """SIGKILL: the server (and its bots' workers) gone at once, nothing flushed."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)  # the pool's workers
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.kill()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)

    def restart(self, port: int | None = None) -> ServerProcess:
        self.stop()
        if port is not None:
            self.port = port
        return self.start()

    def log_text(self) -> str:
        return "\n".join(
            p.read_text(errors="replace")
            for p in sorted(self.log_dir.glob(f"server-{self.port}-*.log"))
        )


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return str(tmp_path / "tables.sqlite")


def _initdb() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return found[-1] if found else None


def _has_user(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def _unavailable(reason: str) -> None:
    """Skip, saying why; on CI (``CI=1``) fail instead: there the database must be there."""
    if os.environ.get("CI") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster (initdb and pg_ctl in a temporary folder owned by
    ``postgres``, on its own port), for the whole session; stopped in a ``finally``."""
    initdb = _initdb()
    root = os.geteuid() == 0  # initdb refuses root: the cluster is then the postgres user's
    if initdb is None:
        _unavailable(
            "PostgreSQL is not installed here (no /usr/lib/postgresql/*/bin/initdb): apt-get install postgresql"
        )
    if root and (shutil.which("runuser") is None or not _has_user("postgres")):
        _unavailable(
            "PostgreSQL's initdb refuses root, and there is no 'postgres' user (or runuser) to run it"
        )
    assert initdb is not None
    bindir = Path(initdb).parent
    base = Path(tempfile.mkdtemp(prefix="aw-pg-"))
    os.chmod(base, 0o755)
    if root:
        shutil.chown(base, "postgres", "postgres")
    data, port = base / "data", free_port()
    as_pg = ["runuser", "-u", "postgres", "--"] if root else []
    started = False
    try:
        subprocess.run(
            [*as_pg, str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"],
            check=True,
            capture_output=True,
        )
        subprocess.run(
            [
                *as_pg,
                str(bindir / "pg_ctl"),
                "-D",
                str(data),
                "-w",
                "-l",
                str(base / "log"),
                "-o",
                f"-k {base} -p {port} -c listen_addresses=127.0.0.1 -c fsync=off",
                "start",
            ],
            check=True,
            capture_output=True,
        )
        started = True
    except subprocess.CalledProcessError as e:
        shutil.rmtree(base, ignore_errors=True)
        pytest.fail(
            f"A throwaway PostgreSQL cluster did not start: {e.cmd[-1]}: {e.stderr.decode(errors='replace')}"
        )
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        if started:
            subprocess.run(
                [*as_pg, str(bindir / "pg_ctl"), "-D", str(data), "stop", "-m", "immediate"],
                capture_output=True,
            )
        shutil.rmtree(base, ignore_errors=True)


_db_count = 0


@pytest.fixture
def fresh_postgres(postgres_url: str) -> str:
    """A new, empty database in the session's cluster (each test its own)."""
    global _db_count
    import sqlalchemy as sa

    _db_count += 1
    name = f"aw_{os.getpid()}_{_db_count}"
    eng = sa.create_engine(
        postgres_url.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT"
    )
    with eng.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    eng.dispose()
    return postgres_url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The database a server keeps its tables in: a temporary SQLite file, or a new
    database in a throwaway PostgreSQL cluster."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite")
    out: str = request.getfixturevalue("fresh_postgres")
    return out


@contextlib.contextmanager
def _servers(folder: Path) -> Iterator[Any]:
    made: list[ServerProcess] = []

    def start(
        db: str, port: int | None = None, workers: int = 1, extra: tuple[str, ...] = ()
    ) -> ServerProcess:
        s = ServerProcess(db, folder, port, workers, extra)
        made.append(s)
        return s.start()

    try:
        yield start
    finally:
        for s in made:
            s.stop()


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Any]:
    """``serve(db, port=None, workers=1, extra=())``: a started server process on ``db``
    (``extra``: more command-line options); every one is stopped at the end."""
    with _servers(tmp_path) as start:
        yield start


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server on a temporary SQLite file, for a whole module."""
    folder = tmp_path_factory.mktemp("server")
    with _servers(folder) as start:
        yield start(str(folder / "tables.sqlite"))
