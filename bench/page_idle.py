"""Chromium's CPU while a board sits on screen and nobody touches it.

A board whose turn it is lights what can be played (rooms, doors, targets, a legendary card,
the Save button) with glows that pulse for ever. Each step of such a CSS animation repaints
what it covers; this measures what that costs while the page is idle, for each game's dev
page on fixtures that light the most, in Debian's headless Chromium with the browser tests'
flags (software painting, as on a computer without a usable GPU).

For each page: the CPU of all of Chromium's processes over ``--seconds`` of idle, as a
percentage of one core, then the same page with every animation removed (the reference,
measured in the same run: what the page costs when nothing moves). ``--code DIR`` measures the
pages of another checkout as well (its ``donjon`` and ``tests`` folders), alternated with this
one's (A B A B), and prints the ratio::

    python bench/page_idle.py
    python bench/page_idle.py --code ../wt-old --repeats 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
PAGES = [("citadel", "midgame"), ("castel", "dragon_targets"), ("unfairchess", "waiting_next"),
         ("unfairchess", "can_save")]
STILL = "*, *::before, *::after { animation: none !important; }"


def chromium_ticks() -> int:
    """User and system clock ticks of every running Chromium process."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        comm = text[text.index("(") + 1:text.rindex(")")]
        if comm.startswith("chrom"):
            fields = text[text.rindex(")") + 2:].split()
            total += int(fields[11]) + int(fields[12])
    return total


def measure(seconds: float) -> dict[str, float]:
    """In this checkout (``sys.path[0]``): each page's idle CPU, shipped and still."""
    from playwright.sync_api import sync_playwright

    from tests.browser import make_castel_fixtures, make_citadel_fixtures
    from tests.browser.conftest import ARGS, CHROMIUM
    from tests.browser.devserver import DevServer

    servers = {"citadel": make_citadel_fixtures.DevServer(), "castel": make_castel_fixtures.DevServer(),
               "unfairchess": DevServer()}
    for srv in servers.values():
        srv.start()
    hz = os.sysconf("SC_CLK_TCK")
    out: dict[str, float] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_context(viewport={"width": 1280, "height": 1050}).new_page()
            for game, fixture in PAGES:
                for still in (False, True):
                    page.goto(f"{servers[game].url}/static/{game}/dev.html?f={fixture}&speed=0")
                    page.wait_for_selector(f"body[data-ready='{fixture}']")
                    if still:
                        page.add_style_tag(content=STILL)
                    page.wait_for_timeout(500)
                    t0, c0 = time.perf_counter(), chromium_ticks()
                    time.sleep(seconds)
                    busy = (chromium_ticks() - c0) / hz / (time.perf_counter() - t0)
                    out[f"{game}/{fixture}{' still' if still else ''}"] = 100 * busy
            browser.close()
    finally:
        for srv in servers.values():
            srv.stop()
    return out


def child(code: Path, seconds: float) -> dict[str, float]:
    cmd = [sys.executable, __file__, "--child", "--seconds", str(seconds)]
    env = {**os.environ, "PYTHONPATH": str(code)}
    res = subprocess.run(cmd, cwd=code, env=env, capture_output=True, text=True, check=True)
    return json.loads(res.stdout.splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--code", type=Path, help="another checkout, measured alternately with this one")
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=4.0)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        sys.path.insert(0, os.getcwd())
        print(json.dumps(measure(a.seconds)))
        return
    sides = {"this": HERE} | ({"other": a.code.resolve()} if a.code else {})
    runs: dict[str, list[dict[str, float]]] = {k: [] for k in sides}
    for _ in range(a.repeats):
        for name, code in sides.items():
            runs[name].append(child(code, a.seconds))
    print(f"% of one core while idle, median of {a.repeats}; 'still': every animation removed")
    head = f"{'page':34}" + "".join(f"{k:>10}" for k in sides) + ("   this/other" if a.code else "")
    print(head)
    for key in runs["this"][0]:
        med = {k: statistics.median(r[key] for r in runs[k]) for k in sides}
        ratio = f"   {med['this'] / med['other']:.2f}x" if a.code and med["other"] else ""
        print(f"{key:34}" + "".join(f"{med[k]:10.1f}" for k in sides) + ratio)


if __name__ == "__main__":
    main()
