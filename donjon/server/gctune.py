"""The cyclic garbage collector of a serving process, and how long it stops the server.

CPython frees most objects by reference counting; its *cyclic* collector also runs, now and
then, and stops the whole process while it walks every tracked container (dicts, lists,
coroutines, ...) of the generations it collects. A full (generation 2) collection walks them
all: the modules, classes and functions imported at start (~100,000 objects), each socket's
coroutines and each game's room. Under load with Python's default thresholds (700, 10, 10),
``bench/load.py --think`` measured full collections of 100-300 ms every few seconds (up to
1.8 s on a busy machine): every move acknowledged during one waits that long, and they
made the ack latency's p99 (docs/benchmarks.md, "Garbage collector").

:func:`tune`, called once by ``donjon serve`` after the app is built:

* moves every object alive at start into the permanent generation (:func:`gc.freeze`):
  imported code is never garbage, and no collection walks it again;
* raises the youngest generation's threshold (``DONJON_GC_YOUNG``, default 10,000 tracked
  allocations net of deallocations, Python's default is 700), so young collections are
  rarer, and the short-lived objects of a move (frames, views, intents) are freed by
  reference counting before a collection promotes them to an older generation, whose
  growth is what triggers full collections;
* records each collection's pause (:data:`PAUSES`), reported by ``/healthz`` and
  ``/metrics`` (``donjon_gc_pause_seconds_total``, ``donjon_gc_pause_max_seconds``,
  ``donjon_gc_collections_total`` by generation).

``DONJON_GC_YOUNG=0`` keeps Python's thresholds and does not freeze (the pauses are still
recorded). Tests that build the app in-process do not call :func:`tune`.
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Pauses:
    """Collections and their pauses, per generation (0, 1, 2), since the process started."""

    count: list[int] = field(default_factory=lambda: [0, 0, 0])
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    longest: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
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

    def to_json(self) -> dict[str, Any]:
        """``{"collections": [n0, n1, n2], "pause_seconds": [...], "max_pause_seconds": [...]}``."""
        return {"collections": list(self.count), "pause_seconds": [round(s, 4) for s in self.seconds],
                "max_pause_seconds": [round(s, 4) for s in self.longest]}


PAUSES = Pauses()
"""This process's collections (recorded once :func:`watch` or :func:`tune` has run)."""


def watch() -> None:
    """Record every collection's pause in :data:`PAUSES` (idempotent)."""
    if PAUSES.callback not in gc.callbacks:
        gc.callbacks.append(PAUSES.callback)


def tune(young: int) -> None:
    """Freeze what is alive now and set the young threshold to ``young`` (0: leave Python's
    defaults and freeze nothing); record pauses either way.

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
    gc.set_threshold(young, middle, old)
