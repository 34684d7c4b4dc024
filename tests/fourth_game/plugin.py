"""Install the fourth game the way a game in its own package would be: an entry point.

:func:`install` writes a ``.dist-info`` folder declaring ``[donjon.games] connect4 =
tests.fourth_game:GAME`` and puts its folder on ``sys.path``; ``importlib.metadata`` then
finds the entry point, and so does the registry of this process, of the bot workers it
spawns (they inherit ``sys.path``) and of any server started with :func:`env`'s
``PYTHONPATH``. No platform file knows of the game.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENTRY_POINT = "connect4 = tests.fourth_game:GAME"

_folder: Path | None = None


def install() -> Path:
    """The folder holding the entry point (made once per process), on ``sys.path``."""
    global _folder
    if _folder is None:
        _folder = Path(tempfile.mkdtemp(prefix="donjon-connect4-"))
        info = _folder / "donjon_connect4_test-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: donjon-connect4-test\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(f"[donjon.games]\n{ENTRY_POINT}\n")
    for path in (str(ROOT), str(_folder)):
        if path not in sys.path:
            sys.path.append(path)
    return _folder


def env() -> dict[str, str]:
    """Environment variables that let a server subprocess find the game."""
    paths = [str(ROOT), str(install()), os.environ.get("PYTHONPATH", "")]
    return {"PYTHONPATH": os.pathsep.join(p for p in paths if p)}
