"""A parent that imports the server once and forks a fresh server process on demand.

Each line on stdin is ``{"argv": [...], "env": {...}, "log": path}``; the parent forks, the
child sets the environment, sends its output to ``log`` and runs ``python -m donjon.server
<argv>``'s code; the parent answers the child's pid. Restarting the server after a
``kill -9`` then costs the application's start (database, migrations, startup sweep), not
~2 s of imports: ``tests/scale/test_crash.py`` restarts it 20 times. The child is a normal
server process; SIGKILL ends it without any cleanup, as for an exec'd one. Children are
reaped automatically (SIGCHLD ignored).
"""

from __future__ import annotations

import json
import os
import signal
import sys


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
