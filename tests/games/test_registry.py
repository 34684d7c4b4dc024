"""The registry finds every game once, whoever asks first (games/__init__.py)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# A fresh interpreter: the registry is discovered by two threads at once, one of them slowed
# down inside a game's import, as the dev servers' first two requests do.
RACE = textwrap.dedent("""
    import importlib, threading, time
    import donjon.games as reg

    real = importlib.import_module
    def slow(name, *a, **k):
        if name.startswith("donjon.games."):
            time.sleep(0.05)
        return real(name, *a, **k)
    importlib.import_module = slow

    seen = {}
    def ask(who):
        seen[who] = reg.game_ids()
    first = threading.Thread(target=ask, args=("first",))
    first.start()
    time.sleep(0.02)  # the first thread is inside the discovery
    ask("second")
    first.join()
    print(seen["first"] == seen["second"], len(seen["second"]))
""")


def test_a_second_thread_waits_for_the_whole_registry() -> None:
    out = subprocess.run([sys.executable, "-c", RACE], capture_output=True, text=True, check=True).stdout.split()
    assert out[0] == "True" and int(out[1]) >= 3, out
