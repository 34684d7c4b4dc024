"""``donjon serve``: one process, SQLite file, in-process bus, http://127.0.0.1:8000.

Flags override ``DONJON_*`` environment variables, which override the defaults::

    donjon serve                                    # ./donjon.sqlite3 on 127.0.0.1:8000
    donjon serve --host 0.0.0.0 --port 9000
    DONJON_DATABASE_URL=postgresql://u:p@db/donjon DONJON_REDIS_URL=redis://r:6379/0 donjon serve
"""

from __future__ import annotations

import argparse
import logging
import os
from typing import Any


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="run the web server", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(p)
    p.set_defaults(run=run_command)
    return p


def run_command(args: argparse.Namespace, console: Any = None) -> int:
    """The ``donjon`` CLI calls ``args.run(args, console)``."""
    return run(args)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default=None, help="bind address (env DONJON_HOST, default 127.0.0.1)")
    p.add_argument("--port", type=int, default=None, help="port (env DONJON_PORT, default 8000)")
    p.add_argument("--database-url", default=None,
                   help="SQLAlchemy URL (env DONJON_DATABASE_URL, default sqlite:///./donjon.sqlite3)")
    p.add_argument("--redis-url", default=None, help="Redis URL for several processes (env DONJON_REDIS_URL)")
    p.add_argument("--log-level", default=os.environ.get("DONJON_LOG_LEVEL", "info"),
                   choices=["debug", "info", "warning", "error"])


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from donjon.server.app import create_app
    from donjon.server.settings import Settings

    settings = Settings.from_env(host=args.host, port=args.port, database_url=args.database_url,
                                 redis_url=args.redis_url)
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    app = create_app(settings)
    print(f"donjon: serving on http://{settings.host}:{settings.port}  (database {settings.database_url})",
          flush=True)
    uvicorn.run(app, host=settings.host, port=settings.port, log_level=args.log_level, ws="websockets-sansio",
                proxy_headers=True, timeout_graceful_shutdown=5)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m donjon.server", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    return run(parser.parse_args(argv))
