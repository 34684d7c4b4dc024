"""The boards' dev harness over HTTP, for trying a board by hand and for the browser tests.

    python3 tests/browser/devserver.py [PORT]    # then open http://127.0.0.1:PORT/static/unfairchess/dev.html

:class:`DevServer` serves one game's harness; a game's fixture module subclasses it
(``make_castel_fixtures.DevServer``, ``make_citadel_fixtures.DevServer``), saying which game,
how its fixtures are written, its live game and its pages. Routes: ``/static/<game>/...`` →
``donjon/games/<game>/web``, other ``/static/...`` → ``donjon/web/static``; ``/fixtures/...``
→ the fixtures written for the game; ``/pages/<name>?lang=`` → the game's template rendered
with a stand-in ``base.html`` (only the blocks ``title`` and ``content``); ``/live/new`` and
``/live/act`` (POST JSON) → a live game against random bots through the engine, for trying the
board by hand (``dev.html?live=1``); ``/`` → the game's ``dev.html``.
"""

from __future__ import annotations

import json
import mimetypes
import random
import sys
import tempfile
import threading
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qs

from jinja2 import ChoiceLoader, DictLoader, Environment, FileSystemLoader, PrefixLoader, select_autoescape

from donjon.games import IllegalAction, game_ids, get_info
from donjon.games.unfairchess import GAME

try:
    from tests.browser import make_fixtures
    from tests.browser.fixture_history import LiveGame
except ImportError:  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tests.browser import make_fixtures
    from tests.browser.fixture_history import LiveGame

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "donjon" / "web" / "static"
WEB = ROOT / "donjon" / "games" / "unfairchess" / "web"


def static_base(rel: str) -> tuple[Path, str]:
    """Where ``/static/<rel>`` lives: a game's web folder (``/static/<id>/...``), else the site's."""
    head, _, rest = rel.partition("/")
    web = get_info(head).web_dir() if head in game_ids() else None
    return (web, rest) if web is not None else (STATIC, rel)


STUB_BASE = """<!doctype html>
<html lang="{{ lang|default('en') }}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{% block title %}{% endblock %} · donjon</title>
<style>body{margin:0;background:#14110e;color:#eee;font-family:system-ui,'DejaVu Sans',sans-serif}
main{max-width:1180px;margin:0 auto;padding:24px}</style></head>
<body><main>{% block content %}{% endblock %}</main></body></html>"""


def render_game_page(game: str, name: str, lang: str, base: str, **context: Any) -> str:
    """Render ``<game>/<name>`` (the game's own template, as the site finds it) over a
    stand-in ``base.html`` (``base``: its source), with ``lang`` and ``context``."""
    env = Environment(
        loader=ChoiceLoader([DictLoader({"base.html": base}),
                             PrefixLoader({game: FileSystemLoader(str(get_info(game).templates_dir()))}),
                             FileSystemLoader(str(ROOT / "donjon" / "web" / "templates"))]),
        autoescape=select_autoescape(["html"]),
    )
    return env.get_template(f"{game}/{name}").render(lang=lang, **context)


def render_page(name: str, lang: str = "en", base: str = STUB_BASE) -> str:
    """Render ``unfairchess/<name>`` over a stand-in ``base.html`` (``base``: its source)."""
    return render_game_page(GAME.id, name, lang, base, cards=make_fixtures.catalogue_json())


def query_lang(query: str) -> str:
    """The page's language from a query string's ``lang`` (English unless ``fr`` or ``es``)."""
    lang = parse_qs(query).get("lang", ["en"])[-1]
    return lang if lang in ("fr", "es") else "en"


class Live(LiveGame):
    """One game against a bot that plays random legal actions (seat 1)."""

    game = GAME

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.new({})

    def new(self, data: dict[str, Any]) -> dict[str, Any]:
        """A new game (``data``: the request's JSON; ``seed``, 1 by default)."""
        seed = int(data.get("seed", 1))
        self.restart(GAME.setup(2, seed))
        self.rng = random.Random(seed)
        return self.snapshot()

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        self.step(0, action)
        while GAME.to_act(self.state) == [1]:
            moves = GAME.legal_actions(self.state, 1)
            plain = [a for a in moves if a["type"] == "move"]
            pool = moves if (self.rng.random() < 0.3 or not plain) else plain
            self.step(1, self.rng.choice(pool))
        return self.snapshot()


class QuietServer(ThreadingHTTPServer):
    """A threaded HTTP server that says nothing when a page closes in the middle of a reply
    (a test's page closed while a module still loads): only real errors print a traceback."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


class HarnessGame(Protocol):
    """What the harness asks of a game's live game (``/live/new``, ``/live/act``)."""

    lock: threading.Lock

    def new(self, data: dict[str, Any]) -> dict[str, Any]: ...

    def act(self, action: dict[str, Any]) -> dict[str, Any]: ...


def make_handler(fixtures: Path, live: HarnessGame | None, page: Callable[[str, str], str], home: str) -> type:
    """The request handler of a harness: ``page(name, query)`` renders ``/pages/<name>``;
    ``home`` is where ``/`` leads."""
    class Handler(SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # quiet
            pass

        def _send(self, code: int, body: bytes, ctype: str) -> None:
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _file(self, base: Path, rel: str) -> None:
            path = (base / rel).resolve()
            if not str(path).startswith(str(base.resolve())) or not path.is_file():
                self._send(404, b"not found", "text/plain")
                return
            ctype = mimetypes.guess_type(str(path))[0] or "application/octet-stream"
            if path.suffix == ".js":
                ctype = "text/javascript"
            text = ctype.startswith("text/") or ctype.endswith("json")
            self._send(200, path.read_bytes(), ctype + ("; charset=utf-8" if text else ""))

        def do_GET(self) -> None:
            url, _, query = self.path.partition("?")
            if url.startswith("/static/"):
                self._file(*static_base(url[len("/static/"):]))
            elif url.startswith("/fixtures/"):
                self._file(fixtures, url[len("/fixtures/"):])
            elif url.startswith("/pages/"):
                try:
                    html = page(url[len("/pages/"):], query)
                except Exception as e:  # noqa: BLE001 - show template errors in the browser
                    self._send(500, f"template error: {e!r}".encode(), "text/plain; charset=utf-8")
                    return
                self._send(200, html.encode(), "text/html; charset=utf-8")
            elif url == "/":
                self.send_response(302)
                self.send_header("Location", home)
                self.end_headers()
            else:
                self._send(404, b"not found", "text/plain")

        def do_POST(self) -> None:
            if live is None or not self.path.startswith("/live/"):
                self._send(404, b"not found", "text/plain")
                return
            n = int(self.headers.get("Content-Length") or 0)
            data = json.loads(self.rfile.read(n) or b"{}")
            with live.lock:
                try:
                    out = live.new(data) if self.path.startswith("/live/new") else live.act(data["action"])
                except IllegalAction as e:
                    self._send(400, json.dumps({"error": e.reason}).encode(), "application/json")
                    return
            self._send(200, json.dumps(out).encode(), "application/json")

    return Handler


class DevServer:
    """One game's harness: ``DevServer().start()``; ``.url`` is the base URL; ``.stop()`` ends it.

    ``fixtures``: a folder of fixtures already written (default: written into a temporary one);
    ``live``: serve a live game. This class serves UnfairChess's; a game's fixture module
    subclasses it with its :attr:`game`, :attr:`write_fixtures` (into a folder),
    :attr:`live_game` (its class) and :attr:`render` (``render(name, lang)``: a page)."""

    game = GAME.id
    write_fixtures: Callable[[Path], object] = staticmethod(make_fixtures.write)
    live_game: Callable[[], HarnessGame] = Live
    render: Callable[[str, str], str] = staticmethod(render_page)

    def page(self, name: str, query: str) -> str:
        """``/pages/<name>?<query>``'s HTML."""
        return self.render(name, query_lang(query))

    def __init__(self, port: int = 0, fixtures: Path | None = None, live: bool = True) -> None:
        self._tmp = None
        if fixtures is None:
            self._tmp = tempfile.TemporaryDirectory(prefix=f"{self.game}-fixtures-")
            fixtures = Path(self._tmp.name)
            self.write_fixtures(fixtures)
        self.fixtures = fixtures
        self.live = self.live_game() if live else None
        handler = make_handler(fixtures, self.live, self.page, f"/static/{self.game}/dev.html")
        self.httpd = QuietServer(("127.0.0.1", port), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def start(self) -> DevServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        if self._tmp is not None:
            self._tmp.cleanup()


def serve(server: DevServer) -> None:
    """Run ``server`` until Ctrl-C (a harness started from the command line)."""
    server.start()
    print(f"{server.url}/static/{server.game}/dev.html  (fixtures in {server.fixtures})")
    try:
        server.thread.join()
    except KeyboardInterrupt:
        server.stop()


if __name__ == "__main__":
    serve(DevServer(int(sys.argv[1]) if len(sys.argv) > 1 else 8765))
