"""A real JupyterHub for the classroom's tests (test_classroom.py): the ``jupyterhub``
package with ``configurable-http-proxy`` from npm (tests/hub, installed by ``run.sh``), the
dummy authenticator and the simple spawner (no single-user servers: tokens made through
the Hub's API stand for kernels' ``JUPYTERHUB_API_TOKEN``), on 127.0.0.1 in a temporary
folder; the table server as a Hub-managed service, and more table servers as external
services (with limits), each started here; a test-only admin service that makes the
users, the teachers' group and the users' tokens. Everything is stopped in a
``finally``."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from alhambra_widget.online.local import free_port, serve_command, wait_healthy

ROOT = Path(__file__).resolve().parents[2]
PROXY = ROOT / "tests" / "hub" / "node_modules" / ".bin" / "configurable-http-proxy"
TEACHERS = "alhambra-teachers"
MANAGED = "alhambra"
"""The table server the Hub starts (and stops) itself."""


def unavailable(reason: str) -> None:
    """Skip, saying why; on CI (``CI=1``) fail instead: there the Hub must be there."""
    if os.environ.get("CI") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


def http(
    url: str,
    body: object = None,
    token: str | None = None,
    method: str | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, Any, dict[str, str]]:
    """``(status, JSON answer, headers)`` of one request, with a Hub token if given."""
    data = None if body is None else json.dumps(body).encode()
    h = {"Content-Type": "application/json", **(headers or {})}
    if token:
        h["Authorization"] = f"token {token}"
    req = urllib.request.Request(url, data=data, method=method, headers=h)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return (
                r.status,
                json.loads(r.read() or b"null"),
                {k.lower(): v for k, v in r.headers.items()},
            )
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            out = json.loads(raw or b"null")
        except ValueError:
            out = raw.decode(errors="replace")
        return e.code, out, {k.lower(): v for k, v in e.headers.items()}


@dataclass
class Service:
    """A table server known to the Hub: its name, URL, database and log."""

    name: str
    port: int
    db: Path
    flags: list[str]
    token: str | None = None  # an external service's Hub token (a managed one gets its own)
    log: Path | None = None
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        return serve_command(self.port, self.db, "--workers", "1", *self.flags)

    def log_text(self) -> str:
        return (
            self.log.read_text(errors="replace")
            if self.log is not None and self.log.exists()
            else ""
        )


@dataclass
class Hub:
    """A running JupyterHub: its API, its table services, and a token per user."""

    folder: Path
    api: str
    admin_token: str
    services: dict[str, Service]
    process: subprocess.Popen[bytes] | None = None
    tokens: dict[str, str] = field(default_factory=dict)
    started_in: float = 0.0

    def call(self, method: str, path: str, body: object = None) -> Any:
        """The Hub's REST API, as the test-only admin service."""
        status, out, _h = http(self.api + path, body, self.admin_token, method)
        assert status < 300, (method, path, status, out)
        return out

    def make_user(self, name: str, groups: list[str] = ()) -> str:  # type: ignore[assignment]
        """A Hub user and a kernel's token for them (the scopes a single-user server's
        token has: only its own activity; the Hub still tells who it is, and their groups)."""
        self.call("POST", f"/users/{name}")
        for g in groups:
            self.call("POST", f"/groups/{g}/users", {"users": [name]})
        token = self.call(
            "POST",
            f"/users/{name}/tokens",
            {"note": "a kernel's JUPYTERHUB_API_TOKEN", "scopes": ["users:activity!user"]},
        )["token"]
        self.tokens[name] = str(token)
        return str(token)

    def hub_log(self) -> str:
        p = self.folder / "hub.log"
        return p.read_text(errors="replace") if p.exists() else ""


def _config(
    folder: Path, port: int, hub_port: int, proxy_api: int, admin: str, services: list[Service]
) -> str:
    managed = [s for s in services if s.token is None]
    external = [s for s in services if s.token is not None]
    declared: list[dict[str, Any]] = [
        {
            "name": s.name,
            "url": s.url,
            "command": s.command(),
            "environment": {"PYTHONUNBUFFERED": "1"},
        }
        for s in managed
    ]
    declared += [{"name": s.name, "url": s.url, "api_token": s.token} for s in external]
    declared.append({"name": "test-admin", "api_token": admin})
    roles = [
        # the table servers ask the Hub who a token is (HubAuth), and a user's groups
        {
            "name": "alhambra-tables",
            "scopes": ["read:users", "read:groups"],
            "services": [s.name for s in services],
        },
        # the tests' own: users, the teachers' group, and the users' tokens
        {
            "name": "test-admin",
            "scopes": ["admin:users", "admin:groups", "tokens", "read:users"],
            "services": ["test-admin"],
        },
    ]
    return "\n".join(
        [
            "c = get_config()  # noqa: F821",
            'c.JupyterHub.authenticator_class = "dummy"',
            'c.JupyterHub.spawner_class = "simple"',
            'c.JupyterHub.ip = "127.0.0.1"',
            f"c.JupyterHub.port = {port}",
            'c.JupyterHub.hub_ip = "127.0.0.1"',
            f"c.JupyterHub.hub_port = {hub_port}",
            f"c.JupyterHub.db_url = {'sqlite:///' + str(folder / 'jupyterhub.sqlite')!r}",
            f"c.JupyterHub.cookie_secret_file = {str(folder / 'jupyterhub_cookie_secret')!r}",
            f"c.JupyterHub.pid_file = {str(folder / 'jupyterhub.pid')!r}",
            f"c.ConfigurableHTTPProxy.command = [{str(PROXY)!r}]",
            f'c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api}"',
            f"c.ConfigurableHTTPProxy.pid_file = {str(folder / 'proxy.pid')!r}",
            f"c.JupyterHub.services = {declared!r}",
            f"c.JupyterHub.load_roles = {roles!r}",
            "",
        ]
    )


def _stop(process: subprocess.Popen[bytes] | None) -> None:
    """SIGTERM, then SIGKILL of the process's whole group (it leads its own)."""
    if process is None:
        return
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(15)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)  # its proxy, services and bots' workers
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(5)


def _start_external(s: Service, api: str) -> None:
    """An external service: a table server started here, told the Hub's API and its own
    token as the Hub would tell a managed one; its stderr in its own log."""
    assert s.token is not None and s.log is not None
    env = {
        **os.environ,
        "PYTHONUNBUFFERED": "1",
        "JUPYTERHUB_API_TOKEN": s.token,
        "JUPYTERHUB_API_URL": api,
        "JUPYTERHUB_SERVICE_NAME": s.name,
    }
    with open(s.log, "wb") as log:
        s.process = subprocess.Popen(
            [*s.command(), "--hub"],
            cwd=ROOT,
            stdout=log,
            stderr=log,
            env=env,
            start_new_session=True,
        )


@contextlib.contextmanager
def running_hub(folder: Path, external: dict[str, list[str]]) -> Iterator[Hub]:
    """A JupyterHub in ``folder`` with the managed table service :data:`MANAGED` and the
    external ones named in ``external`` (name -> the server's extra flags)."""
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        unavailable("jupyterhub is not installed here: pip install jupyterhub")
    if not PROXY.exists():
        unavailable(
            f"configurable-http-proxy is not installed in tests/hub: {PROXY} (bash run.sh setup)"
        )
    services = [Service(MANAGED, free_port(), folder / "managed.sqlite", ["--log-level", "info"])]
    for name, flags in external.items():
        services.append(
            Service(
                name,
                free_port(),
                folder / f"{name}.sqlite",
                ["--log-level", "info", *flags],
                secrets.token_hex(16),
                folder / f"{name}.log",
            )
        )
    hub_port = free_port()
    api = f"http://127.0.0.1:{hub_port}/hub/api"
    admin = secrets.token_hex(16)
    (folder / "jupyterhub_config.py").write_text(
        _config(folder, free_port(), hub_port, free_port(), admin, services)
    )
    hub = Hub(folder, api, admin, {s.name: s for s in services})
    managed: int | None = None  # the managed service's process (it leads its own group)
    try:
        start = time.monotonic()
        with open(folder / "hub.log", "wb") as log:
            hub.process = subprocess.Popen(
                [sys.executable, "-m", "jupyterhub", "-f", "jupyterhub_config.py"],
                cwd=folder,
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
        for s in services:
            if s.token is not None:
                _start_external(s, api)
        end = start + 90
        while True:  # the Hub's API, then its managed service (started once the Hub is up)
            if hub.process.poll() is not None:
                raise AssertionError(f"JupyterHub stopped at once:\n{hub.hub_log()[-3000:]}")
            with contextlib.suppress(OSError), urllib.request.urlopen(api + "/", timeout=1):
                break
            assert time.monotonic() < end, (
                f"JupyterHub did not answer in 90 s:\n{hub.hub_log()[-3000:]}"
            )
            time.sleep(0.1)
        hub.started_in = time.monotonic() - start
        for s in services:
            wait_healthy(s.url, s.process, seconds=max(5.0, end - time.monotonic()))
        managed = http(services[0].url + "/api/health")[1]["pid"]
        yield hub
    finally:
        for s in services:
            _stop(s.process)
        _stop(hub.process)  # the Hub stops its managed service and its proxy ...
        proxy = folder / "proxy.pid"
        leaders = [
            managed,
            int(proxy.read_text())
            if proxy.exists() and proxy.read_text().strip().isdigit()
            else None,
        ]
        for pid in leaders:  # ... or, if the Hub could not, here (each leads its own group)
            if pid is not None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(pid, signal.SIGKILL)
