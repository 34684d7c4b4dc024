"""The real donjon server in a subprocess, for the end-to-end browser tests.

    srv = SiteServer(tmp_dir, env={"DONJON_ABSENCE_CLAIM": "4"}).start()
    ... srv.url ...
    srv.stop()

A :class:`~tests.server_process.ServerProcess` on a temp SQLite file in ``tmp_dir``, run from
that folder, its output in ``<tmp_dir>/server.log`` (shown when it fails to start); settings
come from ``DONJON_*`` variables in ``env`` (docs/server.md). With a
:class:`~tests.zygote.Zygote` (``SiteServer(..., zygote=z)``) the process is forked from one
that imported the server already, unless ``env`` sets more than ``DONJON_*`` variables.
"""

from __future__ import annotations

from pathlib import Path
from typing import Self

from tests.cheap_hashes import CHEAP_HASHES_ENV
from tests.server_process import ServerProcess, free_port
from tests.zygote import Zygote

__all__ = ["SiteServer", "free_port"]


class SiteServer(ServerProcess):
    def __init__(self, folder: Path, env: dict[str, str] | None = None, zygote: Zygote | None = None) -> None:
        self.folder = Path(folder)
        self.db = self.folder / "site.sqlite3"
        super().__init__(f"sqlite:///{self.db}", self.folder / "server.log", env={**CHEAP_HASHES_ENV, **(env or {})},
                         name="the server", cwd=self.folder, zygote=zygote)

    def start(self, timeout: float = 30.0) -> Self:
        return super().start(timeout)
