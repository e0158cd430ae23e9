"""``alhambra-widget serve``: the table server from the command line (also
``python -m alhambra_widget.online``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and serve until interrupted."""
    p = argparse.ArgumentParser(prog="alhambra-widget", description="Alhambra tables to play together.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="serve tables that notebooks join (alhambra_widget.online)")
    s.add_argument("--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: the LAN)")
    s.add_argument("--port", type=int, default=8765)
    s.add_argument("--db", default="alhambra-tables.sqlite",
                   help="an SQLite file, or postgresql://user@host:port/dbname")  # fmt: skip
    s.add_argument("--workers", type=int, default=None, help="bot processes (default: the cores)")
    s.add_argument("--log-level", default="info")
    args = p.parse_args(argv)
    try:
        import uvicorn

        from .protocol import HARD_FRAME
        from .server import app
    except ImportError as e:  # pragma: no cover - the extra missing
        print(f"The table server needs the 'online' extra: pip install 'alhambra-widget[online]' ({e})", file=sys.stderr)
        return 2
    uvicorn.run(app(args.db, args.workers), host=args.host, port=args.port, ws_max_size=HARD_FRAME,
                log_level=args.log_level, timeout_graceful_shutdown=2)  # fmt: skip
    return 0
