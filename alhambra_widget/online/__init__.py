"""Playing together: a table server that several notebooks join, each person seeing
only their own hand (``docs/online.md``).

>>> from alhambra_widget import online            # doctest: +SKIP
>>> lobby = online.connect("http://127.0.0.1:8765")  # doctest: +SKIP
>>> t = lobby.open_table(players=["Ann", "Ben"], seats={"Ben": "strong"})  # doctest: +SKIP
>>> w = lobby.join(t.codes["Ann"])                # doctest: +SKIP

``online.connect()`` with no URL starts a local server (SQLite) in the background. The
server is ``alhambra-widget serve`` (:mod:`.server`, the ``online`` extra).
"""

from __future__ import annotations

from .client import OpenedTable, TableLink, TableSummary
from .lobby import Lobby, RemoteSeat, connect

__all__ = ["Lobby", "OpenedTable", "RemoteSeat", "TableLink", "TableSummary", "connect"]
