"""One :class:`~tests.scale.harness.Zygote` per test process: server processes are forked from
a parent that imported the server once, so the many starts and restarts of these tests do not
each pay the imports."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.scale.harness import Zygote


@pytest.fixture(scope="session")
def zygote() -> Iterator[Zygote]:
    z = Zygote()
    yield z
    z.close()
