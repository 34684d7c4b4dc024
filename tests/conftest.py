"""The fourth game (tests/fourth_game) is installed for the whole run through its entry
point, as a game living in a package of its own would be: every suite that goes over the
registered games (the conformance suite, the CLI, the league) takes it too.

``zygote``: one :class:`~tests.zygote.Zygote` per test process, so the many server processes
of the browser and scale tests (starts and restarts) do not each pay ~1.5 s of imports."""

from collections.abc import Iterator

import pytest

from tests.fourth_game import plugin
from tests.zygote import Zygote

plugin.install()


@pytest.fixture(scope="session")
def zygote() -> Iterator[Zygote]:
    z = Zygote()
    yield z
    z.close()
