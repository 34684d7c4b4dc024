"""What a logged-in person's open page costs the server while nobody touches it.

Every page of the site keeps the header's "your turn" count (``web/static/js/turns.js``); this
measures what that costs the server: ``--pages`` players, seated two by two in games, each
with one page open on ``/learn`` in Debian's headless Chromium, for
``--seconds``. Printed: the ``GET /api/my-games`` requests and the server's CPU (user +
system, from ``/proc``) over that time, per page and minute; the CPU is counted beyond the
reference measured first in the same run, the same server for as long with no page open. ``--code DIR`` measures another
checkout's server and pages as well (its ``donjon`` folder), alternated with this one's
(A B A B), and prints the ratio::

    python bench/pages_at_rest.py
    python bench/pages_at_rest.py --code ../wt-old --repeats 2
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))

from bench.load import make_game, spawn_server  # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM  # noqa: E402
from tests.server_process import free_port  # noqa: E402


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(code: Path | None, pages: int, seconds: float) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    port = free_port()
    folder = tempfile.mkdtemp(prefix="donjon-rest-")
    # nobody plays: without long absence clocks the games would be forfeited meanwhile (and
    # their ends sent to every page)
    server = spawn_server(port, f"sqlite+aiosqlite:///{folder}/donjon.sqlite3",
                          {"DONJON_ABSENCE_CLAIM": "86400", "DONJON_ABSENCE_FORFEIT": "86400"},
                          code=str(code) if code else None)
    base = f"http://127.0.0.1:{port}"
    try:
        async def games() -> list[tuple[str, str, str]]:
            sem = asyncio.Semaphore(4)
            return await asyncio.gather(*(make_game(base, sem) for _ in range((pages + 1) // 2)))

        sessions = [token for _gid, a, b in asyncio.run(games()) for token in (a, b)][:pages]
        asked = 0

        def count(request: object) -> None:
            nonlocal asked
            if str(getattr(request, "url", "")).endswith("/api/my-games"):
                asked += 1

        time.sleep(2)
        t0, c0 = time.perf_counter(), cpu_seconds(server.pid)
        time.sleep(seconds)  # the reference: the same server with no page open
        base_rate = (cpu_seconds(server.pid) - c0) / (time.perf_counter() - t0)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            opened = []
            for token in sessions:
                ctx = browser.new_context(base_url=base)
                ctx.add_cookies([{"name": "donjon_session", "value": token, "url": base}])
                page = ctx.new_page()
                page.on("request", count)
                page.goto("/learn")
                opened.append(ctx)
            opened[0].pages[0].wait_for_timeout(3000)  # every page's first look done (and its event delivered)
            asked = 0
            t0, c0 = time.perf_counter(), cpu_seconds(server.pid)
            while time.perf_counter() - t0 < seconds:
                opened[0].pages[0].wait_for_timeout(250)  # lets Playwright deliver the request events
            elapsed = time.perf_counter() - t0
            busy = cpu_seconds(server.pid) - c0 - base_rate * elapsed
            minutes = elapsed / 60
            for ctx in opened:
                ctx.close()
            browser.close()
        return {"requests": asked / pages / minutes, "cpu_ms": 1000 * busy / pages / minutes}
    finally:
        server.terminate()
        server.wait(10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--code", type=Path, help="another checkout, measured alternately with this one")
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--pages", type=int, default=12)
    ap.add_argument("--seconds", type=float, default=65.0)
    a = ap.parse_args()
    sides: dict[str, Path | None] = {"this": None} | ({"other": a.code.resolve()} if a.code else {})
    runs: dict[str, list[dict[str, float]]] = {k: [] for k in sides}
    for _ in range(a.repeats):
        for name, code in sides.items():
            got = measure(code, a.pages, a.seconds)
            print(f"{name}: {got['requests']:.2f} GET /api/my-games and {got['cpu_ms']:.1f} ms of server CPU "
                  f"a page a minute (beyond the server with no page)", flush=True)
            runs[name].append(got)
    print(f"medians of {a.repeats}, {a.pages} pages on /learn for {a.seconds:g} s, per page and minute:")
    for key, label in (("requests", "GET /api/my-games"), ("cpu_ms", "server CPU, ms")):
        med = {k: statistics.median(r[key] for r in runs[k]) for k in sides}
        ratio = (f"   this/other {med['this'] / med['other']:.2f}x" if a.code and med["other"] > 0 and med["this"] > 0
                 else "   (a median at or below 0: within the reference's noise)" if a.code else "")
        print(f"  {label:20}" + "".join(f"{k}: {med[k]:8.2f}   " for k in sides) + ratio)


if __name__ == "__main__":
    main()
