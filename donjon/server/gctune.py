"""The cyclic garbage collector of a serving process, and how long it stops the server.

CPython frees most objects by reference counting; its *cyclic* collector also runs, now and
then, and stops the whole process while it walks every tracked container (dicts, lists,
coroutines, ...) of the generations it collects. A *full* (generation 2) collection walks
them all: the ~100,000 objects of the modules imported at start, each socket's coroutines
(about 30 per socket, one per ASGI layer) and each game's room with its recent positions.
Python starts one whenever the old generation has grown by a quarter, which under load is
every few seconds: ``bench/load.py --think`` measured full collections of 100-500 ms (up to
1.8 s on a busy machine), and every move acknowledged during one waited that long: they were
the ack latency's p99 (docs/benchmarks.md, "Garbage collector tuning").

:func:`tune`, called once by ``donjon serve`` after the app is built:

* moves every object alive at start into the permanent generation (:func:`gc.freeze`):
  imported code is never garbage, and no collection walks it again;
* keeps the young generations' thresholds (``DONJON_GC_YOUNG``, default Python's 700): the
  same bench measured larger ones (3,000-10,000) to cost as much collector time in all, in
  fewer but longer pauses (up to 180 ms);
* takes the middle and full collections off the allocation counters and runs a full
  collection every ``DONJON_GC_FULL_EVERY`` seconds (default 600) from a thread: such a
  pause then comes once in ten minutes, not every few seconds. An object that outlives a
  young collection (a game's positions, a socket's coroutines) is then walked again only by
  that full collection, not first by a middle one (Python's default: one every ten young
  collections, 3-4 ms each under load, walking what the young ones kept). Garbage that only
  the cyclic collector can free (objects referring to each other) waits for it if it
  outlived a young collection (measured: 2,180 objects in 57,807 moves, the memory the same);
  the rest is freed at once as before;
* records each collection's pause (:data:`PAUSES`), reported by ``/healthz`` and
  ``/metrics`` (``donjon_gc_pause_seconds_total``, ``donjon_gc_pause_max_seconds``,
  ``donjon_gc_collections_total`` by generation, ``donjon_gc_collected_objects_total``: the cyclic
  garbage each generation found).

``DONJON_GC_YOUNG=0`` leaves the collector as Python sets it (pauses are still recorded);
``DONJON_GC_FULL_EVERY=0`` lets Python start full collections again. Tests that build the
app in-process do not call :func:`tune`.
"""

from __future__ import annotations

import gc
import threading
import time
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Pauses:
    """Collections and their pauses, per generation (0, 1, 2), since the process started."""

    count: list[int] = field(default_factory=lambda: [0, 0, 0])
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    longest: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    collected: list[int] = field(default_factory=lambda: [0, 0, 0])
    """Objects the collections found unreachable (cyclic garbage), per generation."""
    _started: float | None = None

    def callback(self, phase: str, info: dict[str, Any]) -> None:
        """A :data:`gc.callbacks` hook: time each collection."""
        if phase == "start":
            self._started = time.perf_counter()
            return
        if self._started is None:
            return
        took = time.perf_counter() - self._started
        self._started = None
        g = min(int(info.get("generation", 2)), 2)
        self.count[g] += 1
        self.seconds[g] += took
        self.longest[g] = max(self.longest[g], took)
        self.collected[g] += int(info.get("collected", 0))

    def to_json(self) -> dict[str, Any]:
        """``{"collections": [n0, n1, n2], "pause_seconds": [...], "max_pause_seconds": [...]}``."""
        return {"collections": list(self.count), "pause_seconds": [round(s, 4) for s in self.seconds],
                "max_pause_seconds": [round(s, 4) for s in self.longest], "collected": list(self.collected)}


PAUSES = Pauses()
"""This process's collections (recorded once :func:`watch` or :func:`tune` has run)."""


def watch() -> None:
    """Record every collection's pause in :data:`PAUSES` (idempotent)."""
    if PAUSES.callback not in gc.callbacks:
        gc.callbacks.append(PAUSES.callback)


def tune(young: int, full_every: float = 0.0) -> None:
    """Freeze what is alive now, set the young threshold to ``young`` and, if ``full_every``
    > 0, leave the middle and full collections to a thread that runs a full one every
    ``full_every`` seconds instead of letting the generations' counters trigger them
    (``young`` 0: Python's defaults, nothing frozen). Pauses are recorded either way.

    >>> import gc
    >>> before = gc.get_threshold()
    >>> tune(0); gc.get_threshold() == before
    True
    """
    watch()
    if young <= 0:
        return
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    if full_every > 0:
        middle = old = NEVER
        stop_full_collections()
        global _stop
        _stop = threading.Event()
        threading.Thread(target=_full_collections, args=(full_every, _stop), name="donjon-gc",
                         daemon=True).start()
    gc.set_threshold(young, middle, old)


NEVER = 2**30
"""A threshold of the middle generation (in young collections) or of the old one (in middle
collections) that is never reached."""


_stop: threading.Event | None = None
"""Set to stop the thread of full collections that :func:`tune` started."""


def _full_collections(every: float, stop: threading.Event) -> None:
    while not stop.wait(every):
        gc.collect()


def stop_full_collections() -> None:
    """Stop the thread :func:`tune` started for full collections, if any (tests)."""
    global _stop
    if _stop is not None:
        _stop.set()
        _stop = None
