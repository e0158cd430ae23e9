"""A table server on this machine, started in the background by ``online.connect()``."""

from __future__ import annotations

import atexit
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from ..engine.errors import GameError

DEFAULT_DB = Path.home() / ".alhambra-widget" / "tables.sqlite"


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_healthy(url: str, process: Any = None, seconds: float = 30.0) -> None:
    """Wait until the server at ``url`` answers its health check."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if process is not None and process.poll() is not None:
            raise GameError(f"The table server stopped at once (exit {process.returncode}).")
        try:
            with urllib.request.urlopen(url + "/api/health", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise GameError(f"The table server at {url} did not start in {seconds:g} s.")


def serve_command(port: int, db: str | Path, *options: str) -> list[str]:
    """The command that serves tables on 127.0.0.1:``port`` from ``db`` (an SQLite file
    or a PostgreSQL URL), with the serve command's further ``options``."""
    return [
        sys.executable,
        "-m",
        "alhambra_widget.online",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        str(db),
        *options,
    ]


def start_local(db: str | None = None, port: int = 0) -> tuple[str, subprocess.Popen[bytes]]:
    """Start ``alhambra-widget serve`` on 127.0.0.1 (SQLite in ``db``) for this process's
    lifetime; returns its URL and process."""
    path = Path(db) if db else DEFAULT_DB
    if "://" not in str(path):
        path.parent.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    cmd = serve_command(port, path, "--log-level", "warning")
    process = subprocess.Popen(cmd, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    atexit.register(process.terminate)
    url = f"http://127.0.0.1:{port}"
    wait_healthy(url, process)
    return url, process
