"""Drive a real JupyterLab in Debian's headless Chromium (browser tests, benchmarks).

Facts from the project's notes on this machine: launch ``/usr/bin/chromium`` with
the closed-network flags; run JupyterLab on 127.0.0.1 without a token, with its own
settings, workspaces and runtime folders, the news toast off, and
``window.jupyterapp`` exposed so cells can be run and the kernel reached.
Needs the ``dev`` extras (jupyterlab, playwright); imported only by tests/benchmarks.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class JupyterLab:
    """A JupyterLab server in its own folder; ``stop()`` shuts it (and its kernels) down."""

    def __init__(self, base: Path, env: dict[str, str] | None = None):
        """Start the server in ``base``; ``env`` adds to its kernels' environment."""
        self.base = Path(base)
        self.root = self.base / "root"
        self.root.mkdir(parents=True, exist_ok=True)
        settings = self.base / "settings"
        notif = settings / "@jupyterlab" / "apputils-extension"
        notif.mkdir(parents=True, exist_ok=True)
        (notif / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False})
        )
        extra = env or {}
        env = dict(os.environ)
        for var, sub in [
            ("JUPYTER_CONFIG_DIR", "config"),
            ("JUPYTER_RUNTIME_DIR", "runtime"),
            ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
            ("IPYTHONDIR", "ipython"),
        ]:
            (self.base / sub).mkdir(exist_ok=True)
            env[var] = str(self.base / sub)
        env["JUPYTERLAB_SETTINGS_DIR"] = str(settings)
        env.update(extra)
        port = _free_port()
        self.log_path = self.base / "lab.log"
        with open(self.log_path, "w") as log:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "jupyter",
                    "lab",
                    "--no-browser",
                    "--allow-root",
                    "--ServerApp.ip=127.0.0.1",
                    f"--ServerApp.port={port}",
                    "--ServerApp.port_retries=0",
                    "--IdentityProvider.token=",
                    "--ServerApp.password=",
                    "--ServerApp.disable_check_xsrf=True",  # (the tests' kernel shutdowns)
                    f"--ServerApp.root_dir={self.root}",
                    "--LabApp.expose_app_in_browser=True",
                    "--JupyterNotebookApp.expose_app_in_browser=True",
                ],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.url = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                with urllib.request.urlopen(self.url + "/api/status", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("JupyterLab did not start:\n" + self.log_path.read_text()[-3000:])

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)

    def shutdown_kernel(self, name: str) -> None:
        """Shut down the kernel of notebook ``name`` (a closed page leaves it running:
        its threads and processes would go on using the cores)."""
        with urllib.request.urlopen(self.url + "/api/sessions", timeout=10) as r:
            sessions = json.loads(r.read())
        for session in sessions:
            if session.get("path") == name:
                request = urllib.request.Request(
                    f"{self.url}/api/sessions/{session['id']}", method="DELETE"
                )
                with urllib.request.urlopen(request, timeout=30):
                    pass

    def write_notebook(self, name: str, code: str) -> str:
        nb = {
            "cells": [
                {
                    "cell_type": "code",
                    "id": "c0",
                    "metadata": {},
                    "execution_count": None,
                    "outputs": [],
                    "source": code,
                }
            ],
            "metadata": {
                "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        }
        (self.root / name).write_text(json.dumps(nb))
        return name

    def open(self, context, name: str, code: str, *, timeout_ms: int = 60_000):
        """Write a one-cell notebook, open it in a new page of ``context``, run it, and
        wait for the widget; returns the page."""
        self.write_notebook(name, code)
        page = context.new_page()
        page.goto(f"{self.url}/lab/tree/{name}?reset")
        self.run_all(page, timeout_ms)
        page.locator(".aw-root").first.wait_for(timeout=timeout_ms)
        return page

    @staticmethod
    def run_all(page, timeout_ms: int = 60_000) -> None:
        """Wait for the kernel of the notebook open in ``page`` (JupyterLab or Notebook
        7), then run all its cells."""
        page.wait_for_function(
            "(() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
            " const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;"
            " return k && k.status === 'idle'; })()",
            timeout=timeout_ms,
        )
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


KERNEL_EXEC = """async (code) => {
    const panel = window.jupyterapp.shell.currentWidget;
    const kernel = panel.sessionContext.session.kernel;
    const fut = kernel.requestExecute({code, store_history: false});
    let out = "";
    fut.onIOPub = (msg) => {
      const t = msg.header.msg_type;
      if (t === "stream") out += msg.content.text;
      if (t === "error") out += "ERROR " + msg.content.ename + ": " + msg.content.evalue;
    };
    await fut.done;
    return out;
}"""


def kernel_exec(page, code: str) -> str:
    """Run ``code`` in the kernel of the notebook open in ``page``; return its output."""
    return page.evaluate(KERNEL_EXEC, code).strip()


def launch_chromium(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)


class Server:
    """Any web server started as a command on a free port (``{port}`` in ``cmd``), in its
    own process group; ready when ``path`` answers 200. ``stop()`` ends it."""

    def __init__(self, cmd: list[str], log: Path, path: str = "/", env=None, timeout=60.0):
        port = _free_port()
        self.url = f"http://127.0.0.1:{port}"
        self.log_path = Path(log)
        with open(self.log_path, "w") as out:
            self.proc = subprocess.Popen(
                [c.replace("{port}", str(port)) for c in cmd],
                env={**os.environ, **(env or {})},
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                break
            try:
                with urllib.request.urlopen(self.url + path, timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"{cmd[0]} did not start:\n" + self.log_path.read_text()[-3000:])

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
