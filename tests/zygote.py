"""A parent that imports the server once and forks a fresh server process on demand.

Each line on stdin is ``{"argv": [...], "env": {...}, "log": path, "cwd": folder}``; the parent
forks, the child sets the environment, sends its output to ``log``, moves to ``cwd`` and runs
``python -m donjon.server <argv>``'s code; the parent answers the child's pid. Restarting the server after a
``kill -9`` then costs the application's start (database, migrations, startup sweep), not
~2 s of imports: ``tests/scale/test_crash.py`` restarts it 20 times. The child is a normal
server process; SIGKILL ends it without any cleanup, as for an exec'd one. Children are
reaped automatically (SIGCHLD ignored).

In a test, the ``zygote`` fixture (``tests/conftest.py``: one per test process) is a
:class:`Zygote`: ``pid = zygote.fork(argv, env, log, cwd)``; a
:class:`~tests.server_process.ServerProcess` given one (the browser tests' sites, the scale
tests' nodes) starts that way.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class Zygote:
    """The parent process of this module, driven over its stdin and stdout: ``fork`` starts a
    server process and answers its pid (not a child of the caller: :func:`alive` tells whether
    it still runs, :func:`stop` ends it). ``close()`` ends the parent; the servers it forked
    are the caller's to stop."""

    def __init__(self) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("DONJON_")}
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.zygote"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env, cwd=ROOT, text=True)

    def fork(self, argv: list[str], env: dict[str, str], log: Path, cwd: Path = ROOT) -> int:
        """Start ``python -m donjon.server <argv>`` with the ``DONJON_*`` variables ``env``
        (none of the caller's), its output appended to ``log``, in the folder ``cwd``."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"argv": argv, "env": env, "log": str(log), "cwd": str(cwd)}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the zygote died")
        return int(line)

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def alive(pid: int) -> bool:
    """Whether the process ``pid`` runs (a zombie, not yet reaped, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_gone(pid: int, timeout: float) -> bool:
    """Wait up to ``timeout`` seconds for ``pid`` to end; whether it did."""
    deadline = time.monotonic() + timeout
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def main() -> None:
    import importlib

    import donjon.server.app  # noqa: F401 - the expensive imports, done once
    from donjon.server import cli_serve

    for name in ("uvicorn", "uvicorn.main", "alembic.command", "alembic.config", "alembic.runtime.migration",
                 "aiosqlite", "asyncpg", "redis.asyncio", "websockets"):
        try:
            importlib.import_module(name)
        except ImportError:
            pass

    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    for line in sys.stdin:
        req = json.loads(line)
        pid = os.fork()
        if pid == 0:
            try:
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                for k in [k for k in os.environ if k.startswith("DONJON_")]:
                    del os.environ[k]
                os.environ.update(req["env"])
                fd = os.open(req["log"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
                os.dup2(fd, 1)
                os.dup2(fd, 2)
                devnull = os.open(os.devnull, os.O_RDONLY)
                os.dup2(devnull, 0)
                os.chdir(req.get("cwd") or ROOT)
                code = cli_serve.main(req["argv"])
            except BaseException:  # noqa: BLE001 - report and leave, never return into the loop
                import traceback

                traceback.print_exc()
                code = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
            os._exit(code or 0)
        print(pid, flush=True)


if __name__ == "__main__":
    main()
