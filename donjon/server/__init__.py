"""The donjon web server: FastAPI pages, JSON API, WebSocket game rooms, timers, bots.

    >>> from donjon.server import create_app, Settings
    >>> app = create_app(Settings(database_url="sqlite:///./test.sqlite3"))  # doctest: +SKIP
"""

from donjon.server.settings import Settings


def create_app(settings: Settings | None = None):  # type: ignore[no-untyped-def]
    from donjon.server.app import create_app as _create

    return _create(settings)


__all__ = ["Settings", "create_app"]
