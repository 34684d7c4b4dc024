"""``donjon serve``: one process, SQLite file, in-process bus, http://127.0.0.1:8000.

Flags override ``DONJON_*`` environment variables, which override the defaults::

    donjon serve                                    # ./donjon.sqlite3 on 127.0.0.1:8000
    donjon serve --host 0.0.0.0 --port 9000
    DONJON_DATABASE_URL=postgresql://u:p@db/donjon DONJON_REDIS_URL=redis://r:6379/0 donjon serve
    DONJON_LOG_FORMAT=json donjon serve             # one JSON object per log line

On SIGTERM (or Ctrl-C) the server drains: it stops accepting connections, lets in-flight
commits finish, sends every socket {"t": "bye"} and closes it with 1012 (service restart) so
clients reconnect, elsewhere if there are other nodes, then exits. See docs/deploy.md.
"""

from __future__ import annotations

import argparse
import logging
import os
from typing import Any

from donjon.server import gctune, logs


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
    p.add_argument("--log-format", default=None, choices=["text", "json"],
                   help="log lines as text or one JSON object each (env DONJON_LOG_FORMAT, default text)")


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from donjon.server.app import create_app
    from donjon.server.settings import Settings

    settings = Settings.from_env(host=args.host, port=args.port, database_url=args.database_url,
                                 redis_url=args.redis_url, log_format=getattr(args, "log_format", None))
    logs.configure(settings.log_format, args.log_level, settings.node_id)
    app = create_app(settings)
    gctune.tune(settings.gc_young, settings.gc_full_every)  # after the imports and the app: they are never garbage
    print(f"donjon: serving on http://{settings.host}:{settings.port}  (database {_safe_url(settings.database_url)})",
          flush=True)
    config = uvicorn.Config(
        app, host=settings.host, port=settings.port, log_level=args.log_level, log_config=None,
        ws="websockets-sansio", proxy_headers=True, timeout_graceful_shutdown=5,
        # the socket layer closes (1009) a message this long without reading it; the app
        # refuses anything above ws_max_message with an error frame
        ws_max_size=max(4 * settings.ws_max_message, 65_536),
        ws_per_message_deflate=settings.ws_compression)
    server = DrainingServer(config, app, settings.drain_seconds)
    server.run()
    return 0


def _safe_url(url: str) -> str:
    """The database URL without its password (it is printed)."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001 - only for display
        return url.split("@")[-1]


def _server_class() -> Any:
    import uvicorn

    class _DrainingServer(uvicorn.Server):
        """uvicorn's server, with donjon's drain before it closes connections on SIGTERM."""

        def __init__(self, config: Any, app: Any, drain_seconds: float) -> None:
            super().__init__(config)
            self.donjon_app = app
            self.drain_seconds = drain_seconds

        async def shutdown(self, sockets: Any = None) -> None:
            from donjon.server.ws import drain

            for srv in self.servers:  # stop accepting connections first
                srv.close()
            try:
                await drain(self.donjon_app, self.drain_seconds)
            except Exception:
                logging.getLogger("donjon.server").exception("drain failed")
            await super().shutdown(sockets)

    return _DrainingServer


def DrainingServer(config: Any, app: Any, drain_seconds: float) -> Any:  # noqa: N802 - a class factory
    return _server_class()(config, app, drain_seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m donjon.server", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    return run(parser.parse_args(argv))
