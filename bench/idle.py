"""Idle WebSocket players: how many can one server process hold, and at what memory?

    python3 bench/idle.py --spawn --sockets 10000            # a server on a temp SQLite file
    python3 bench/idle.py --spawn --sockets 10000 --database-url postgresql+asyncpg://postgres@127.0.0.1/test
    python3 bench/idle.py --url http://127.0.0.1:8000 --server-pid 1234 --sockets 2000

``--games`` games are opened by pairs of guests (two seated players each); the sockets are
spread over their seats round-robin (a player with several tabs open: every socket is a seat's
socket, not a spectator's). Each socket opens ``/ws/game/{id}``, says ``hello`` (null version:
it gets ``welcome`` and a full ``sync``) and then idles, reading whatever comes (presence
frames). Sockets open in waves of ``--wave`` at a time. Once all are open the server's RSS is
read (``/proc``), they are held ``--hold`` seconds, and every socket must still answer a
``ping`` with its ``pong``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.load import make_game, memory_mib, spawn_server  # noqa: E402
from tests.scale.harness import free_port, pg_database  # noqa: E402


def raise_fd_limit() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class Idle:
    def __init__(self) -> None:
        self.open = 0
        self.failed: dict[str, int] = {}
        self.frames = 0
        self.pongs = 0
        self.socks: list[object] = []


async def hold(ws_url: str, gid: str, cookie: str, st: Idle, sem: asyncio.Semaphore, ready: asyncio.Event,
               ping_now: asyncio.Event, done: asyncio.Event) -> None:
    try:
        async with sem:
            ws = await websockets.connect(f"{ws_url}/ws/game/{gid}",
                                          additional_headers={"Cookie": f"donjon_session={cookie}"},
                                          max_size=2**22, open_timeout=300, ping_interval=None)
            await ws.send(json.dumps({"t": "hello", "v": None}))
            while True:  # welcome, then the sync
                f = json.loads(await asyncio.wait_for(ws.recv(), 300))
                st.frames += 1
                if f["t"] == "sync":
                    break
        st.open += 1
    except Exception as e:  # noqa: BLE001 - counted and reported
        st.failed[type(e).__name__] = st.failed.get(type(e).__name__, 0) + 1
        return
    try:
        reader = asyncio.create_task(_read(ws, st))
        await ping_now.wait()
        await ws.send(json.dumps({"t": "ping", "id": 1}))
        await done.wait()
        reader.cancel()
    finally:
        with contextlib.suppress(Exception):
            await ws.close()


async def _read(ws: websockets.ClientConnection, st: Idle) -> None:
    with contextlib.suppress(Exception):
        async for raw in ws:
            st.frames += 1
            if '"pong"' in raw:
                st.pongs += 1


async def run(args: argparse.Namespace, base: str, server_pid: int | None) -> None:
    ws_url = base.replace("http://", "ws://")
    t0 = time.perf_counter()
    sem = asyncio.Semaphore(20)
    games = await asyncio.gather(*(make_game(base, sem) for _ in range(args.games)))
    seats = [(gid, c) for gid, ca, cb in games for c in (ca, cb)]
    print(f"setup: {args.games} games ({len(seats)} seated guests) in {time.perf_counter() - t0:.1f} s")
    rss0 = memory_mib(server_pid)
    st = Idle()
    ready, ping_now, done = asyncio.Event(), asyncio.Event(), asyncio.Event()
    waves = asyncio.Semaphore(args.wave)
    t1 = time.perf_counter()
    tasks = [asyncio.create_task(hold(ws_url, *seats[i % len(seats)], st, waves, ready, ping_now, done))
             for i in range(args.sockets)]
    while st.open + sum(st.failed.values()) < args.sockets:
        await asyncio.sleep(0.5)
    opened = time.perf_counter() - t1
    rss1 = memory_mib(server_pid)
    print(f"sockets open: {st.open} of {args.sockets} in {opened:.1f} s (waves of {args.wave}); "
          f"failed: {st.failed or 'none'}")
    if rss0 and rss1:
        per = (rss1[0] - rss0[0]) * 1024 / max(1, st.open)
        print(f"server RSS: {rss0[0]:.0f} MiB before the sockets, {rss1[0]:.0f} MiB with them "
              f"({per:.1f} KiB per socket), peak {rss1[1]:.0f} MiB")
    frames_open = st.frames
    await asyncio.sleep(args.hold)
    frames_held = st.frames - frames_open
    ping_now.set()
    t2 = time.perf_counter()
    while st.pongs < st.open and time.perf_counter() - t2 < 120:
        await asyncio.sleep(0.2)
    print(f"held {args.hold:g} s ({frames_held} frames pushed meanwhile); then "
          f"{st.pongs} of {st.open} sockets answered a ping in {time.perf_counter() - t2:.1f} s")
    rss2 = memory_mib(server_pid)
    if rss2:
        print(f"server RSS after the pings: {rss2[0]:.0f} MiB (peak {rss2[1]:.0f} MiB); "
              f"target: >= 10,000 sockets under 1 GiB: "
              f"{'met' if st.open >= 10_000 and rss2[1] < 1024 else 'NOT met'}")
    done.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(f"client process RSS: {memory_mib(os.getpid())[0]:.0f} MiB" if memory_mib(os.getpid()) else "")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}  (nproc {os.cpu_count()})")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--url", default="http://127.0.0.1:8000")
    p.add_argument("--server-pid", type=int, default=None)
    p.add_argument("--spawn", action="store_true")
    p.add_argument("--database-url", default=None, help="of a spawned server; postgresql: a fresh database")
    p.add_argument("--sockets", type=int, default=10_000)
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--wave", type=int, default=200, help="sockets opening at a time")
    p.add_argument("--hold", type=float, default=10.0, help="seconds to hold them all before the pings")
    args = p.parse_args()
    limit = raise_fd_limit()
    print(f"date: {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}; nproc {os.cpu_count()}; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; open files limit {limit}")
    if limit < args.sockets + 100:
        raise SystemExit(f"open files limit {limit} is below {args.sockets} sockets: raise `ulimit -n`")
    with contextlib.ExitStack() as stack:
        proc = None
        base, pid = args.url, args.server_pid
        if args.spawn:
            db = args.database_url
            if db is None:
                db = "sqlite:///" + os.path.join(tempfile.mkdtemp(prefix="donjon-idle-"), "idle.sqlite3")
            elif not db.startswith("sqlite"):
                db = stack.enter_context(pg_database(db))
            port = free_port()
            proc = spawn_server(port, db, {})  # inherits the raised open files limit
            base, pid = f"http://127.0.0.1:{port}", proc.pid
            print(f"spawned server on {base} ({db.split(':')[0]})")
        try:
            asyncio.run(run(args, base, pid))
        finally:
            if proc is not None:
                proc.terminate()
                try:
                    proc.wait(30)
                except Exception:  # noqa: BLE001
                    proc.kill()


if __name__ == "__main__":
    main()
