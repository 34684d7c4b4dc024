"""The socket layer's floor: server CPU per WebSocket round trip that does no game work.

Clients on ``/ws/lobby`` send ``{"t": "ping"}`` back to back and wait for each pong; the
server parses the frame, passes the rate limit and queues the pong, and its writer task sends
it: what every game message costs before any rule or database is involved. Printed: round
trips per second, and the server's and this client's CPU per round trip (from /proc).

    python bench/ping.py --spawn                 # a fresh server (rate limit lifted)
    python bench/ping.py --spawn --sockets 200 --seconds 10
    python bench/ping.py --url http://127.0.0.1:8000 --server-pid PID   # a running server:
                                                 # its rate limit must allow the pace
A served move costs the server one such message in and three frames out (the ack, and the
event to each player): compare with ``bench/load.py``'s server CPU per accepted action.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time

import websockets

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from load import cpu_seconds, free_port, spawn_server  # noqa: E402


async def pinger(ws_url: str, stop: asyncio.Event, count: list[int]) -> None:
    async with websockets.connect(f"{ws_url}/ws/lobby", compression=None) as ws:
        await ws.recv()  # the open tables
        i = 0
        while not stop.is_set():
            await ws.send(f'{{"t":"ping","id":{i}}}')
            await ws.recv()
            i += 1
            count[0] += 1


async def run(url: str, pid: int | None, sockets: int, seconds: float, warmup: float = 2.0) -> dict[str, float]:
    ws_url = url.replace("http", "ws", 1)
    stop = asyncio.Event()
    count = [0]
    tasks = [asyncio.create_task(pinger(ws_url, stop, count)) for _ in range(sockets)]
    await asyncio.sleep(warmup)
    n0, s0, c0, t0 = count[0], cpu_seconds(pid), time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    n1, s1, c1, t1 = count[0], cpu_seconds(pid), time.process_time(), time.perf_counter()
    stop.set()
    await asyncio.gather(*tasks)
    n = max(1, n1 - n0)
    out = {"round_trips_per_second": n / (t1 - t0), "client_us": (c1 - c0) / n * 1e6}
    if s0 is not None and s1 is not None:
        out["server_us"] = (s1 - s0) / n * 1e6
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--url", default="http://127.0.0.1:8000")
    p.add_argument("--spawn", action="store_true", help="start a server on a free port and a temp SQLite file")
    p.add_argument("--server-pid", type=int, default=None)
    p.add_argument("--sockets", type=int, default=50)
    p.add_argument("--seconds", type=float, default=8.0)
    args = p.parse_args(argv)
    proc = None
    if args.spawn:
        port = free_port()
        db = "sqlite:///" + os.path.join(tempfile.mkdtemp(prefix="donjon-ping-"), "ping.sqlite3")
        proc = spawn_server(port, db, {"DONJON_WS_RATE_LIMIT": str(10**9)})
        args.url, args.server_pid = f"http://127.0.0.1:{port}", proc.pid
    try:
        r = asyncio.run(run(args.url, args.server_pid, args.sockets, args.seconds))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(30)
    print(f"{args.sockets} sockets, {args.seconds:g} s: {r['round_trips_per_second']:.0f} round trips/s")
    if "server_us" in r:
        print(f"server CPU per round trip: {r['server_us']:.0f} us")
    print(f"client CPU per round trip: {r['client_us']:.0f} us (this process)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
