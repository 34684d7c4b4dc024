"""The garbage collector of ``donjon serve``: tuned at start, its pauses recorded and reported."""

from __future__ import annotations

import doctest
import gc
from collections.abc import Iterator

import pytest

from donjon.server import gctune
from tests.server.conftest import Site
from tests.server.test_metrics import scrape


@pytest.fixture
def restore_gc() -> Iterator[None]:
    """Run the test with the collector on (whatever an earlier test in this worker left), then
    put the process's collector state and thresholds back and unfreeze what the test froze."""
    thresholds, enabled = gc.get_threshold(), gc.isenabled()
    gc.enable()
    yield
    gctune.stop_full_collections()
    gc.set_threshold(*thresholds)
    gc.unfreeze()
    if not enabled:
        gc.disable()


def test_doctests() -> None:
    assert doctest.testmod(gctune).failed == 0


def test_pauses_count_each_collection_by_generation() -> None:
    p = gctune.Pauses()
    gc.callbacks.append(p.callback)
    try:
        gc.collect(0)
        gc.collect(2)
        gc.collect(2)
    finally:
        gc.callbacks.remove(p.callback)
    assert p.count[0] >= 1 and p.count[2] == 2
    assert all(s >= 0 for s in p.seconds) and p.longest[2] <= p.seconds[2]
    body = p.to_json()
    assert body["collections"] == p.count and len(body["max_pause_seconds"]) == 3


def test_pauses_count_the_cyclic_garbage_found() -> None:
    p = gctune.Pauses()
    gc.collect()
    gc.callbacks.append(p.callback)
    try:
        for _ in range(10):
            a: list[object] = []
            a.append(a)  # a cycle: only the cyclic collector frees it
            del a
        gc.collect()
    finally:
        gc.callbacks.remove(p.callback)
    assert p.collected[2] >= 10
    assert p.to_json()["collected"] == p.collected


def test_an_end_without_a_start_is_ignored() -> None:
    p = gctune.Pauses()
    p.callback("stop", {"generation": 2})
    assert p.count == [0, 0, 0]


def test_tune_freezes_what_is_alive_and_raises_the_young_threshold(restore_gc: None) -> None:
    _, middle, old = gc.get_threshold()
    gctune.tune(12_345)
    assert gc.get_threshold() == (12_345, middle, old)
    assert gc.get_freeze_count() > 1000  # the imported modules at least
    assert gctune.PAUSES.callback in gc.callbacks


def test_tune_zero_keeps_the_defaults(restore_gc: None) -> None:
    gc.unfreeze()
    before = gc.get_threshold()
    gctune.tune(0)
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_healthz_and_metrics_report_the_pauses(site: Site) -> None:
    gc.collect(2)
    body = site.client().get("/healthz").json()
    assert len(body["gc"]["collections"]) == 3 and body["gc"]["collections"][2] >= 1
    m = scrape(site)
    assert m[("donjon_gc_collections_total", (("generation", "2"),))] >= 1
    assert m[("donjon_gc_pause_seconds_total", (("generation", "2"),))] > 0
    assert ("donjon_gc_pause_max_seconds", (("generation", "0"),)) in m
    assert ("donjon_gc_collected_objects_total", (("generation", "2"),)) in m


def test_full_collections_on_a_schedule_instead_of_by_growth(restore_gc: None) -> None:
    import threading
    import time

    gctune.tune(700, full_every=0.05)
    assert gc.get_threshold()[0] == 700 and gc.get_threshold()[2] == gctune.NEVER
    assert any(t.name == "donjon-gc" and t.daemon for t in threading.enumerate())
    before = gctune.PAUSES.count[2]
    deadline = time.monotonic() + 10
    while gctune.PAUSES.count[2] < before + 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert gctune.PAUSES.count[2] >= before + 2  # the thread ran full collections


def test_only_the_scheduled_full_collection_walks_what_outlived_a_young_one(restore_gc: None) -> None:
    """With full collections on a schedule, young collections still run as objects pile up,
    but none of them is followed by a middle one: what they kept waits for the full one."""
    import weakref

    gctune.tune(700, full_every=3600)
    assert gc.get_threshold() == (700, gctune.NEVER, gctune.NEVER)

    class Node:
        pass

    def allocate_until(young_collections: int) -> list[list[int]]:
        """Objects that stay alive until ``young_collections`` more young collections have run.
        Allocation is what triggers them, but Python skips the ones that fall while another
        thread of this process is inside a collection: count them instead of assuming them."""
        target = gctune.PAUSES.count[0] + young_collections
        kept: list[list[int]] = []
        while gctune.PAUSES.count[0] < target and len(kept) < 500_000:
            kept.extend([i] for i in range(1_000))
        assert gctune.PAUSES.count[0] >= target, "young collections stopped: is the collector off?"
        return kept

    cycle = Node()
    cycle.me = cycle  # type: ignore[attr-defined]
    ref = weakref.ref(cycle)
    middle = gctune.PAUSES.count[1]
    kept = allocate_until(3)  # the cycle, alive, is moved to the middle generation
    del cycle  # garbage now, but it outlived those young collections
    more = allocate_until(25)  # with Python's thresholds, the middle collections among these would free it
    assert gctune.PAUSES.count[1] == middle
    assert ref() is not None
    gc.collect()  # what the thread runs every full_every seconds
    assert ref() is None
    del kept, more
