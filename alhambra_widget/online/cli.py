"""``alhambra-widget serve``: the table server from the command line (also
``python -m alhambra_widget.online``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def parser() -> argparse.ArgumentParser:
    """The command line: ``serve`` and its options."""
    p = argparse.ArgumentParser(
        prog="alhambra-widget", description="Alhambra tables to play together."
    )
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="serve tables that notebooks join (alhambra_widget.online)")
    s.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: the LAN)"
    )
    s.add_argument("--port", type=int, default=8765)
    s.add_argument(
        "--db",
        default="alhambra-tables.sqlite",
        help="an SQLite file, or postgresql://user@host:port/dbname",
    )
    s.add_argument("--workers", type=int, default=None, help="bot processes (default: the cores)")
    s.add_argument("--log-level", default="info")
    s.add_argument(
        "--hub",
        action="store_true",
        default=None,
        help="a JupyterHub service: people are the Hub's users (found by itself when the Hub starts it)",
    )
    s.add_argument(
        "--teachers", default=None, help="the Hub group of teachers (default: alhambra-teachers)"
    )
    s.add_argument(
        "--tables-per-person", type=int, default=20, help="on a Hub: open tables a person may open"
    )
    s.add_argument(
        "--idle-hours", type=float, default=None, help="close tables idle this long (records kept)"
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and serve until interrupted."""
    args = parser().parse_args(argv)
    try:
        import uvicorn

        from .app import app, configure_logging
        from .hub import TEACHERS, people_from_env
        from .protocol import HARD_FRAME
    except ImportError as e:  # pragma: no cover - the extra missing
        print(
            f"The table server needs the 'online' extra: pip install 'alhambra-widget[online]' ({e})",
            file=sys.stderr,
        )
        return 2
    configure_logging(args.log_level)
    people = people_from_env(args.hub, args.teachers or TEACHERS)
    served = app(
        args.db,
        args.workers,
        people,
        tables_per_person=args.tables_per_person,
        idle_hours=args.idle_hours,
    )
    uvicorn.run(
        served,
        host=args.host,
        port=args.port,
        ws_max_size=HARD_FRAME,
        log_level=args.log_level,
        access_log=False,
        timeout_graceful_shutdown=2,
        log_config=None,
    )
    return 0
