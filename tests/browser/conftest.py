"""A real JupyterLab in Debian's headless Chromium, driven by Python Playwright.

Facts from ``shared/notes/jupyter-browser-testing.md``: Debian's chromium with the
closed-network flags; JupyterLab on 127.0.0.1 with no token, its own settings and
runtime folders, the news toast off, ``window.jupyterapp`` exposed.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

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
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: run.sh installs it (apt-get install chromium)")
        pytest.skip("Debian's chromium is not installed")
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    root.mkdir()
    settings = base / "settings"
    notif = settings / "@jupyterlab" / "apputils-extension"
    notif.mkdir(parents=True)
    (notif / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    env = dict(os.environ)
    for var, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
        ("IPYTHONDIR", "ipython"),
    ]:
        (base / sub).mkdir()
        env[var] = str(base / sub)
    env["JUPYTERLAB_SETTINGS_DIR"] = str(settings)
    port = _free_port()
    log = open(base / "lab.log", "w")  # noqa: SIM115 - lives as long as the server
    proc = subprocess.Popen(
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
            f"--ServerApp.root_dir={root}",
            "--LabApp.expose_app_in_browser=True",
            "--ServerApp.disable_check_xsrf=True",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            with urllib.request.urlopen(url + "/api/status", timeout=1) as r:
                if r.status == 200:
                    break
        except OSError:
            time.sleep(0.2)
    else:
        proc.kill()
        pytest.fail("JupyterLab did not start:\n" + (base / "lab.log").read_text()[-3000:])
    yield {"url": url, "root": root}
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


class Lab:
    """One notebook open in JupyterLab, with helpers to run Python in its kernel."""

    def __init__(self, page, request):
        self.page = page
        self.name = re.sub(r"[^\w.-]+", "_", request.node.name)

    def py(self, code: str, timeout: float = 30) -> str:
        """Run ``code`` in the notebook's kernel; return what it printed."""
        out = self.page.evaluate(
            """async (code) => {
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
            }""",
            code,
        )
        assert not out.startswith("ERROR"), out
        return out.strip()

    def wait_py(self, code: str, expected, timeout: float = 15) -> str:
        """Poll ``code`` until it prints ``expected`` (the widget manager batches updates)."""
        deadline = time.time() + timeout
        got = None
        while time.time() < deadline:
            got = self.py(code)
            if expected(got) if callable(expected) else got == str(expected):
                return got
            time.sleep(0.1)
        raise AssertionError(f"{code!r} printed {got!r}, expected {expected!r}")

    def shot(self, label: str = "") -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{self.name}{'-' + label if label else ''}.png"
        self.page.screenshot(path=str(path), full_page=False)
        return path

    def widget(self):
        return self.page.locator(".aw-root").first

    def status(self) -> str:
        return self.page.locator(".aw-status").first.inner_text()


@pytest.fixture
def open_notebook(lab, browser, request):
    """open_notebook(code) writes a one-cell notebook, opens it and runs it."""
    pages = []

    def _open(code: str) -> Lab:
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
        name = re.sub(r"[^\w]+", "_", request.node.name) + ".ipynb"
        (lab["root"] / name).write_text(json.dumps(nb))
        ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
        page = ctx.new_page()
        pages.append(ctx)
        page.goto(f"{lab['url']}/lab/tree/{name}?reset")
        page.wait_for_function(
            "window.jupyterapp && window.jupyterapp.shell.currentWidget && window.jupyterapp.shell.currentWidget.sessionContext && window.jupyterapp.shell.currentWidget.sessionContext.session && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel",
            timeout=60_000,
        )
        page.wait_for_function(
            "window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status === 'idle'",
            timeout=60_000,
        )
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.locator(".aw-root").first.wait_for(timeout=60_000)
        return Lab(page, request)

    yield _open
    for ctx in pages:
        ctx.close()
