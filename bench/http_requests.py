"""What the site's common HTTP requests cost the server's CPU.

A server on a new SQLite file; ``--games`` games made by guests (two guests, a table, a
join: the game start); then, for each kind of request, ``--requests`` of them at concurrency
``--concurrency``, each with a player's session: ``GET /api/my-games`` (what every page asks
when a game becomes your turn), ``GET /api/me``, a profile page and the home page. Printed:
the server's CPU (user + system, ``/proc``) per request, in ms; the game start per game.
``--code DIR`` measures another checkout's server as well (its ``donjon`` folder), alternated
with this one's (A B A B), and prints the ratios::

    python bench/http_requests.py
    python bench/http_requests.py --code ../wt-old --repeats 3
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))

from bench.load import cpu_seconds, free_port, make_game, spawn_server  # noqa: E402

KINDS = ("game start", "GET /api/my-games", "GET /api/me", "GET /profile/NAME", "GET /")


async def _requests(base: str, cookies: list[str], path_of: list[str], n: int, concurrency: int) -> None:
    clients = [httpx.AsyncClient(base_url=base, cookies={"donjon_session": c}, timeout=60) for c in cookies]
    sem = asyncio.Semaphore(concurrency)

    async def one(i: int) -> None:
        async with sem:
            r = await clients[i % len(clients)].get(path_of[i % len(path_of)])
            r.raise_for_status()

    try:
        await asyncio.gather(*(one(i) for i in range(n)))
    finally:
        for c in clients:
            await c.aclose()


def measure(code: Path | None, games: int, n: int, concurrency: int) -> dict[str, float]:
    port = free_port()
    folder = tempfile.mkdtemp(prefix="donjon-http-")
    server = spawn_server(port, f"sqlite+aiosqlite:///{folder}/donjon.sqlite3",
                          {"DONJON_ABSENCE_CLAIM": "86400", "DONJON_ABSENCE_FORFEIT": "86400"},
                          code=str(code) if code else None)
    base = f"http://127.0.0.1:{port}"
    out: dict[str, float] = {}
    try:
        time.sleep(1)
        c0 = cpu_seconds(server.pid) or 0.0

        async def start() -> list[tuple[str, str, str]]:
            sem = asyncio.Semaphore(concurrency)
            return await asyncio.gather(*(make_game(base, sem) for _ in range(games)))

        made = asyncio.run(start())
        out["game start"] = 1000 * ((cpu_seconds(server.pid) or 0.0) - c0) / games
        cookies = [tok for _gid, a, b in made for tok in (a, b)]
        names = []
        for tok in cookies[:20]:
            me = httpx.get(f"{base}/api/me", cookies={"donjon_session": tok}).json()["user"]
            names.append(f"/profile/{me['username']}")
        for kind, paths in (("GET /api/my-games", ["/api/my-games"]), ("GET /api/me", ["/api/me"]),
                            ("GET /profile/NAME", names), ("GET /", ["/"])):
            c0 = cpu_seconds(server.pid) or 0.0
            asyncio.run(_requests(base, cookies, paths, n, concurrency))
            out[kind] = 1000 * ((cpu_seconds(server.pid) or 0.0) - c0) / n
    finally:
        server.terminate()
        server.wait(10)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--code", type=Path, help="another checkout, measured alternately with this one")
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--requests", type=int, default=1000)
    ap.add_argument("--concurrency", type=int, default=10)
    a = ap.parse_args()
    sides: dict[str, Path | None] = {"this": None} | ({"other": a.code.resolve()} if a.code else {})
    runs: dict[str, list[dict[str, float]]] = {k: [] for k in sides}
    for _ in range(a.repeats):
        for name, code in sides.items():
            got = measure(code, a.games, a.requests, a.concurrency)
            print(f"{name}: " + ", ".join(f"{k} {v:.2f} ms" for k, v in got.items()), flush=True)
            runs[name].append(got)
    print(f"medians of {a.repeats}, server CPU per request (per game for the start), concurrency {a.concurrency}:")
    for kind in KINDS:
        med = {k: statistics.median(r[kind] for r in runs[k]) for k in sides}
        ratio = f"   this/other {med['this'] / med['other']:.2f}x" if a.code and med["other"] > 0 else ""
        print(f"  {kind:20}" + "".join(f"{k}: {med[k]:7.2f} ms   " for k in sides) + ratio)


if __name__ == "__main__":
    main()
