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

``--think MS``: each socket waits 0.5-1.5 times MS between its round trips, as a player does
between moves (N sockets then offer about N * 1000 / MS round trips a second): the floor at a
player's pace, where the server's loop idles between messages. ``--node DIR``: the same
against a bare Node WebSocket server (``bench/ping_node.js``, the ``ws`` package of DIR, a copy
of ../shared/bench-peers with ``npm ci`` run) instead of donjon: the peers' floor::

    python bench/ping.py --spawn --sockets 600 --think 1000 --seconds 20
    python bench/ping.py --node ../peers --sockets 600 --think 1000 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time

import websockets

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from load import cpu_seconds, free_port, spawn_server  # noqa: E402


async def pinger(ws_url: str, stop: asyncio.Event, count: list[int], think: float = 0.0,
                 rng: random.Random | None = None) -> None:
    """Ping back to back, or waiting 0.5-1.5 times ``think`` seconds before each ping."""
    async with websockets.connect(f"{ws_url}/ws/lobby", compression=None, max_queue=None) as ws:
        await ws.recv()  # the open tables
        i = 0
        while not stop.is_set():
            if think and rng is not None:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                if stop.is_set():
                    break
            await ws.send(f'{{"t":"ping","id":{i}}}')
            await ws.recv()
            i += 1
            count[0] += 1


async def run(url: str, pid: int | None, sockets: int, seconds: float, warmup: float = 2.0,
              think: float = 0.0) -> dict[str, float]:
    ws_url = url.replace("http", "ws", 1)
    stop = asyncio.Event()
    count = [0]
    rng = random.Random(1)
    tasks = []
    for _ in range(sockets):  # opened a few at a time: a burst of connections is not what is measured
        tasks.append(asyncio.create_task(pinger(ws_url, stop, count, think, rng)))
        await asyncio.sleep(0.002)
    await asyncio.sleep(warmup + think * 1.5)
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
    p.add_argument("--think", type=float, default=0.0, help="ms each socket waits (0.5-1.5 times it) between round trips")
    p.add_argument("--node", metavar="DIR", help="ping a bare Node ws server (bench/ping_node.js with DIR's ws) instead")
    args = p.parse_args(argv)
    proc: subprocess.Popen[bytes] | None = None
    if args.node:
        port = free_port()
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ping_node.js")
        proc = subprocess.Popen(["node", script, "--peers", args.node, "--port", str(port)])
        args.url, args.server_pid = f"http://127.0.0.1:{port}", proc.pid
        time.sleep(1.0)
        if proc.poll() is not None:
            raise SystemExit("the Node server did not start")
    elif args.spawn:
        port = free_port()
        db = "sqlite:///" + os.path.join(tempfile.mkdtemp(prefix="donjon-ping-"), "ping.sqlite3")
        proc = spawn_server(port, db, {"DONJON_WS_RATE_LIMIT": str(10**9)})
        args.url, args.server_pid = f"http://127.0.0.1:{port}", proc.pid
    try:
        r = asyncio.run(run(args.url, args.server_pid, args.sockets, args.seconds, think=args.think / 1000))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(30)
    pace = f", think {args.think:g} ms" if args.think else ", back to back"
    who = "Node ws" if args.node else "donjon"
    print(f"{who}: {args.sockets} sockets{pace}, {args.seconds:g} s: {r['round_trips_per_second']:.0f} round trips/s")
    if "server_us" in r:
        print(f"server CPU per round trip: {r['server_us']:.0f} us")
    print(f"client CPU per round trip: {r['client_us']:.0f} us (this process)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
