"""What building the app loads before it serves."""

from __future__ import annotations

import subprocess
import sys

GAMES = ("donjon.games.unfairchess", "donjon.games.castel", "donjon.games.citadel")


def test_every_game_s_rules_are_imported_with_the_app() -> None:
    # In a new process: this one has imported the games long ago. Without this, the first
    # table opened would import them inside its request, the event loop stalled meanwhile.
    code = ("import sys; from donjon.server.app import create_app; from donjon.server.settings import Settings; "
            "create_app(Settings(database_url='sqlite+aiosqlite:///:memory:')); "
            f"print([m in sys.modules for m in {GAMES!r}])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[True, True, True]", out.stderr
