"""A real donjon server in a process of its own, for the tests and benches that talk to one
over sockets (the browser tests' sites, the scale tests' nodes, ``bench/crash.py``).

    srv = ServerProcess("sqlite:////tmp/x/site.sqlite3", Path("/tmp/x/server.log")).start()
    ... srv.url ...
    srv.stop()

``python -m donjon.server`` on a free port, its output appended to a log file; its settings are
``env``'s ``DONJON_*`` variables (docs/server.md), never the caller's own. With a
:class:`~tests.zygote.Zygote` the process is forked from one that imported the server already
(~1.5 s of imports less a start); without, it is a fresh interpreter (needed when ``env`` sets
more than ``DONJON_*`` variables: a ``PYTHONPATH``, say).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Self

import httpx

from tests.zygote import ROOT, Zygote, alive, wait_gone


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """One server process: :meth:`start` (or :meth:`astart` under an event loop) runs it and
    waits for ``/healthz``; :meth:`stop` is SIGTERM (a graceful shutdown), :meth:`kill` SIGKILL
    (no shutdown code runs); it may be started again after either, on the same port."""

    def __init__(self, database_url: str, log: Path, *, env: dict[str, str] | None = None,
                 port: int | None = None, name: str = "server", cwd: Path = ROOT,
                 zygote: Zygote | None = None) -> None:
        self.database_url = database_url
        self.log = Path(log)
        self.env = dict(env or {})
        self.port = port or free_port()
        self.name = name
        self.cwd = Path(cwd)
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self.zygote = zygote
        self.proc: subprocess.Popen[bytes] | None = None
        self.pid: int | None = None
        self.starts = 0

    def argv(self) -> list[str]:
        """The arguments after ``python -m donjon.server``."""
        return ["--port", str(self.port), "--database-url", self.database_url, "--log-level", "warning"]

    def _popen(self) -> None:
        with open(self.log, "ab") as out:
            out.write(f"---- start {self.starts + 1} of {self.name} at {time.time():.3f}\n".encode())
        self.starts += 1
        if self.zygote is not None and all(k.startswith("DONJON_") for k in self.env):
            self.proc = None
            self.pid = self.zygote.fork(self.argv(), self.env, self.log, self.cwd)
            return
        env = {k: v for k, v in os.environ.items() if not k.startswith("DONJON_")}
        env.update(self.env)
        out = open(self.log, "ab")  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen([sys.executable, "-m", "donjon.server", *self.argv()], stdout=out,
                                     stderr=subprocess.STDOUT, env=env, cwd=self.cwd)
        out.close()
        self.pid = self.proc.pid

    def running(self) -> bool:
        if self.proc is not None:
            return self.proc.poll() is None
        return self.pid is not None and alive(self.pid)

    def start(self, timeout: float = 60.0) -> Self:
        self._popen()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.running():
                raise RuntimeError(f"{self.name} exited:\n{self.log_text()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/healthz", timeout=1, verify=False).status_code == 200:
                    return self
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"{self.name} did not start in {timeout:g} s:\n{self.log_text()}")

    async def astart(self, timeout: float = 60.0) -> Self:
        """:meth:`start` without blocking the event loop (players keep running meanwhile)."""
        self._popen()
        deadline = time.monotonic() + timeout
        async with httpx.AsyncClient(timeout=1, verify=False) as c:
            while time.monotonic() < deadline:
                if not self.running():
                    raise RuntimeError(f"{self.name} exited:\n{self.log_text()}")
                with contextlib.suppress(httpx.HTTPError):
                    if (await c.get(f"{self.url}/healthz")).status_code == 200:
                        return self
                await asyncio.sleep(0.03)
        self.kill()
        raise RuntimeError(f"{self.name} did not start in {timeout:g} s:\n{self.log_text()}")

    def _wait_gone(self, timeout: float) -> bool:
        if self.proc is not None:
            try:
                self.proc.wait(timeout)
                return True
            except subprocess.TimeoutExpired:
                return False
        return self.pid is None or wait_gone(self.pid, timeout)

    def kill(self) -> None:
        """SIGKILL (``kill -9``): no shutdown code runs."""
        if self.pid is not None and self.running():
            os.kill(self.pid, signal.SIGKILL)
            self._wait_gone(10)

    def stop(self) -> None:
        """SIGTERM (graceful: uvicorn drains the sockets), SIGKILL after 15 s."""
        if self.pid is None or not self.running():
            return
        os.kill(self.pid, signal.SIGTERM)
        if not self._wait_gone(15):
            self.kill()

    def log_text(self, tail: int | None = 6000) -> str:
        """The server's log: its last ``tail`` characters (None: all of it)."""
        try:
            text = self.log.read_text("utf-8", "replace")
        except OSError:
            return ""
        return text if tail is None else text[-tail:]
