"""The real donjon server in a subprocess, for the end-to-end browser tests.

    srv = SiteServer(tmp_dir, env={"DONJON_ABSENCE_CLAIM": "4"}).start()
    ... srv.url ...
    srv.stop()

``python -m donjon.server`` on a free port with a temp SQLite file; settings come from
``DONJON_*`` environment variables (docs/server.md). The server's output goes to
``<tmp_dir>/server.log``, shown when it fails to start. With a :class:`~tests.zygote.Zygote`
(``SiteServer(..., zygote=z)``) the process is forked from one that imported the server
already (~1.5 s of imports less a start), unless ``env`` sets more than ``DONJON_*``
variables (``PYTHONPATH``, say: those need a fresh interpreter).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.cheap_hashes import CHEAP_HASHES_ENV
from tests.zygote import Zygote, alive, wait_gone


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class SiteServer:
    def __init__(self, folder: Path, env: dict[str, str] | None = None, zygote: Zygote | None = None) -> None:
        self.folder = Path(folder)
        self.db = self.folder / "site.sqlite3"
        self.log = self.folder / "server.log"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = dict(env or {})
        self.zygote = zygote if all(k.startswith("DONJON_") for k in self.env) else None
        self.proc: subprocess.Popen[bytes] | None = None
        self.pid: int | None = None

    def start(self, timeout: float = 30.0) -> SiteServer:
        argv = ["--port", str(self.port), "--database-url", f"sqlite:///{self.db}", "--log-level", "warning"]
        if self.zygote is not None:
            self.pid = self.zygote.fork(argv, {**CHEAP_HASHES_ENV, **self.env}, self.log, self.folder)
        else:
            env = {k: v for k, v in os.environ.items() if not k.startswith("DONJON_")}
            env.update(CHEAP_HASHES_ENV)
            env.update(self.env)
            out = open(self.log, "ab")  # noqa: SIM115 - closed with the process
            self.proc = subprocess.Popen([sys.executable, "-m", "donjon.server", *argv],
                                         stdout=out, stderr=subprocess.STDOUT, env=env, cwd=self.folder)
            out.close()
            self.pid = self.proc.pid
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.running():
                raise RuntimeError(f"the server exited:\n{self.log_text()}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1, verify=False).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not start in {timeout:g} s:\n{self.log_text()}")

    def log_text(self, tail: int | None = 4000) -> str:
        """The server's log: its last ``tail`` characters (None: all of it)."""
        try:
            text = self.log.read_text("utf-8", "replace")
        except OSError:
            return ""
        return text if tail is None else text[-tail:]

    def running(self) -> bool:
        if self.proc is not None:
            return self.proc.poll() is None
        return self.pid is not None and alive(self.pid)

    def stop(self) -> None:
        if self.pid is None or not self.running():
            return
        os.kill(self.pid, signal.SIGTERM)  # uvicorn shuts down gracefully
        if self.proc is not None:
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        elif not wait_gone(self.pid, 10):
            os.kill(self.pid, signal.SIGKILL)
            wait_gone(self.pid, 5)
