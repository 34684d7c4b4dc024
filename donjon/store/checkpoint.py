"""WAL checkpoints of the SQLite file, off the commit path.

In WAL mode SQLite appends each commit to ``<db>-wal`` and, by default, the commit that
makes that file pass 1,000 pages (4 MiB) copies it back into the database and fsyncs the
database file: a *checkpoint*, run inside that commit. Under load (``bench/load.py --think``)
those commits took 20-50 ms instead of about 1, and every move waiting for them got its ack
that much later.

So every connection of the process turns automatic checkpoints off (``PRAGMA
wal_autocheckpoint=0``, :data:`PRAGMAS`) and :class:`Checkpointer` runs a ``PASSIVE``
checkpoint every ``every`` seconds from its own thread and connection. A passive checkpoint
neither waits for nor blocks readers and writers (WAL allows a checkpoint beside the one
writer), and the sqlite3 module releases the GIL while SQLite works, so the event loop and
the action log's writer go on meanwhile. The next write after a complete checkpoint starts
the WAL file over; at the last connection's close SQLite checkpoints what is left.
Durability is unchanged: a commit is on disk (in the WAL, fsynced with
``synchronous=FULL``) before it is acknowledged, checkpointed or not.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Any

PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA foreign_keys=ON", "PRAGMA busy_timeout=10000",
           "PRAGMA wal_autocheckpoint=0")
"""What every connection to the SQLite file runs first (with ``PRAGMA synchronous=...``)."""


def configure(conn: sqlite3.Connection | sqlite3.Cursor | Any, synchronous: str) -> None:
    """Run :data:`PRAGMAS` and the ``synchronous`` mode on a new connection (anything with
    ``execute``: a sqlite3 connection or cursor, SQLAlchemy's aiosqlite cursor)."""
    for pragma in PRAGMAS:
        conn.execute(pragma)
    conn.execute(f"PRAGMA synchronous={synchronous}")


class Checkpointer:
    """A daemon thread that checkpoints ``path``'s WAL every ``every`` seconds.

    >>> import os, sqlite3, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "x.sqlite3")
    >>> db = sqlite3.connect(path); configure(db, "FULL")
    >>> _ = db.execute("create table t (x)"); _ = db.executemany("insert into t values (?)", [(i,) for i in range(9)])
    >>> db.commit()
    >>> cp = Checkpointer(path, "FULL", every=3600); cp.checkpoint()
    True
    >>> cp.checkpoints, cp.stop(), db.close()
    (1, None, None)
    """

    def __init__(self, path: str, synchronous: str, every: float = 1.0) -> None:
        self.path = path
        self.synchronous = synchronous
        self.every = every
        self.checkpoints = 0
        """Complete checkpoints (every frame of the WAL copied into the database)."""
        self._stop = threading.Event()
        self._conn: sqlite3.Connection | None = None
        self._thread = threading.Thread(target=self._run, name="donjon-wal-checkpoint", daemon=True)
        self._lock = threading.Lock()

    def start(self) -> None:
        self._thread.start()

    def checkpoint(self) -> bool:
        """One passive checkpoint now; True if the whole WAL was copied."""
        with self._lock:
            if self._conn is None:
                # mode=rw: never create the file (a test may have removed it)
                self._conn = sqlite3.connect(f"file:{self.path}?mode=rw", uri=True, check_same_thread=False)
                configure(self._conn, self.synchronous)
            busy, frames, done = self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        complete = not busy and frames >= 0 and done == frames
        self.checkpoints += complete
        return bool(complete)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                self.checkpoint()
            except sqlite3.Error:
                pass  # the database is busy or going away: try again at the next tick

    def stop(self) -> None:
        """Stop the thread (after its current checkpoint) and close its connection."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
