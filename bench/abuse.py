"""Abuse replay on loopback: can one client starve everyone's bots, or pile up sockets?

    python bench/abuse.py --spawn                          # a fresh server on a temp SQLite file
    python bench/abuse.py --spawn --quick                  # smaller counts (the smoke test)
    python bench/abuse.py --spawn --flood-addresses 20     # the flood from 20 addresses (past the per-address limits)
    python bench/abuse.py --url http://127.0.0.1:8000      # a running server (loopback only)

1. **Bot flood.** A player (a guest on its own loopback address, 127.0.0.2) plays against an
   easy bot and times each answer: from sending a move to being able to move again (the
   server's ``bot_min_delay``, 0.4 s by default, is the floor). Then ``--flood`` visitors
   without a session (each ``POST /api/tables`` gets a fresh guest) open tables against hard
   bots that move first, from ``--flood-addresses`` addresses (127.0.1.x), and every table the
   server accepts is played at once, move after move, so its hard bot thinks all the time; the
   player's easy-bot answers are timed again meanwhile. Printed: both timings, and how many
   flood tables were accepted or refused (with the refusal codes).
2. **Socket flood.** One guest opens ``--sockets`` WebSockets on one of its games (one after the
   other, each sending its hello) and reports how many were welcomed, closed (close codes), or
   refused at the handshake (HTTP status), whatever the server does.

Every count and wait is bounded, and the whole run stops after ``--max-seconds``. Clients bind
to 127.0.0.x source addresses (Linux routes the whole 127/8 to loopback); where that is not
possible every client uses 127.0.0.1, and the per-address limits then count them together.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import ipaddress
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from typing import Any

import httpx
import websockets

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from load import free_port  # noqa: E402

PLAYER_ADDRESS = "127.0.0.2"
SOCKETS_ADDRESS = "127.0.0.3"


def can_bind(address: str) -> bool:
    with socket.socket() as s:
        try:
            s.bind((address, 0))
        except OSError:
            return False
    return True


def loopback_only(url: str) -> None:
    host = urllib.parse.urlsplit(url).hostname or ""
    try:
        ok = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        ok = False
    if not ok:
        raise SystemExit(f"bench/abuse.py runs against a loopback server only, not {host!r}")


class Run:
    """The server's URL, and whether clients may bind 127.0.0.x source addresses."""

    def __init__(self, base: str, addresses: bool) -> None:
        self.base = base
        self.addresses = addresses
        self.rng = random.Random(1)

    def source(self, address: str) -> str:
        return address if self.addresses else "127.0.0.1"

    def http(self, address: str) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=self.base, timeout=30,
                                 transport=httpx.AsyncHTTPTransport(local_address=self.source(address)))

    def ws(self, game_id: str, cookie: str, address: str, **kw: Any) -> Any:
        url = self.base.replace("http", "ws", 1) + f"/ws/game/{game_id}"
        return websockets.connect(url, additional_headers={"Cookie": f"donjon_session={cookie}"},
                                  local_addr=(self.source(address), 0), open_timeout=30, **kw)


async def open_bot_table(client: httpx.AsyncClient, level: str, color: str) -> tuple[int, dict[str, Any]]:
    r = await client.post("/api/tables", json={"opponent": "bot", "bot_level": level, "color": color})
    return r.status_code, r.json()


def my_turn(f: dict[str, Any], seat: int) -> bool:
    return f.get("t") in ("sync", "event") and seat in f["game"]["to_act"]


# --------------------------------------------------------------------------- the player


async def time_answers(run: Run, client: httpx.AsyncClient, answers: int, limit: float) -> list[float]:
    """Play ``answers`` moves against a new easy bot (white: the player); each answer's time in s.
    A bot that does not answer within ``limit`` s counts as ``limit`` and ends the series."""
    status, body = await open_bot_table(client, "easy", "white")
    if status != 200:
        raise SystemExit(f"the player's table was refused: {status} {body}")
    gid = body["table"]["game_id"]
    times: list[float] = []
    async with run.ws(gid, client.cookies["donjon_session"], PLAYER_ADDRESS) as ws:
        await ws.send(json.dumps({"t": "hello", "v": None}))
        frame: dict[str, Any] = {}
        seat = None
        while not (seat is not None and my_turn(frame, seat)):
            frame = json.loads(await asyncio.wait_for(ws.recv(), limit))
            seat = frame.get("seat", seat)
        assert seat is not None
        mid = 0
        while len(times) < answers and frame["game"]["status"] == "active":
            moves = [a for a in frame["legal"] if a.get("type") == "move"] or frame["legal"]
            mid += 1
            sent = time.perf_counter()
            await ws.send(json.dumps({"t": "act", "id": mid, "v": frame["v"], "action": run.rng.choice(moves)}))
            acked = False
            try:
                while True:
                    f = json.loads(await asyncio.wait_for(ws.recv(), limit - (time.perf_counter() - sent)))
                    if f.get("t") == "ack" and f.get("id") == mid:
                        acked = True
                    elif f.get("t") == "error" and f.get("id") == mid:
                        break  # refused (stale): try another move, this one is not timed
                    elif acked and f.get("t") in ("sync", "event") and (
                            my_turn(f, seat) or f["game"]["status"] != "active"):
                        times.append(time.perf_counter() - sent)
                        frame = f
                        break
                    if f.get("t") in ("sync", "event"):
                        frame = f
            except TimeoutError:
                times.append(limit)
                break
    return times


def timing_line(what: str, times: list[float]) -> str:
    if not times:
        return f"{what}: no answer timed"
    return (f"{what}: median {statistics.median(times):.2f} s, max {max(times):.2f} s "
            f"({len(times)} answers)")


# --------------------------------------------------------------------------- the flood


async def flood_player(run: Run, gid: str, cookie: str, address: str, stop: asyncio.Event,
                       moves: list[int]) -> None:
    """Play the person's side of a flood table as fast as the server allows."""
    rng = random.Random(gid)
    with contextlib.suppress(Exception):  # a closed or refused socket ends this flooder, quietly
        async with run.ws(gid, cookie, address) as ws:
            await ws.send(json.dumps({"t": "hello", "v": None}))
            seat = None
            mid = 0
            while not stop.is_set():
                try:
                    f = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                except TimeoutError:
                    continue
                seat = f.get("seat", seat)
                if f.get("t") not in ("sync", "event") or seat is None:
                    continue
                if f["game"]["status"] != "active":
                    return
                if my_turn(f, seat) and f["legal"]:
                    legal = [a for a in f["legal"] if a.get("type") == "move"] or f["legal"]
                    mid += 1
                    await ws.send(json.dumps({"t": "act", "id": mid, "v": f["v"], "action": rng.choice(legal)}))
                    moves[0] += 1


async def flood(run: Run, tables: int, addresses: int, stop: asyncio.Event) -> tuple[collections.Counter[str],
                                                                                     list[asyncio.Task[None]],
                                                                                     list[int]]:
    """Open ``tables`` hard-bot tables from visitors without a session, all at once; play the
    accepted ones until ``stop``. Returns the outcome counts, the players' tasks, the moves counter."""
    sources = ["127.0.0.1"] if addresses <= 1 else [f"127.0.1.{i + 1}" for i in range(min(addresses, 250))]

    async def one(i: int) -> tuple[str, str | None, str | None, str]:
        address = sources[i % len(sources)]
        async with run.http(address) as c:  # a new client: no cookie
            status, body = await open_bot_table(c, "hard", "black")
            if status == 200:
                return "accepted", body["table"]["game_id"], c.cookies.get("donjon_session"), address
            return f"{status} {body.get('code', '?')}", None, None, address

    outcomes = await asyncio.gather(*(one(i) for i in range(tables)))
    counts: collections.Counter[str] = collections.Counter(o[0] for o in outcomes)
    moves = [0]
    tasks = [asyncio.create_task(flood_player(run, gid, cookie, address, stop, moves))
             for _, gid, cookie, address in outcomes if gid and cookie]
    return counts, tasks, moves


# --------------------------------------------------------------------------- sockets


async def socket_flood(run: Run, sockets: int) -> str:
    async with run.http(SOCKETS_ADDRESS) as c:
        status, body = await open_bot_table(c, "easy", "white")  # the bot waits for a move that never comes
        if status != 200:
            return f"socket flood: no game to open sockets on ({status} {body.get('code')})"
        gid, cookie = body["table"]["game_id"], c.cookies["donjon_session"]
    held: list[Any] = []
    welcomed = 0
    closed: collections.Counter[str] = collections.Counter()
    refused: collections.Counter[str] = collections.Counter()
    try:
        for _ in range(sockets):
            try:
                ws = await run.ws(gid, cookie, SOCKETS_ADDRESS)
            except websockets.InvalidStatus as e:
                refused[str(e.response.status_code)] += 1
                continue
            except (OSError, TimeoutError, websockets.InvalidHandshake) as e:
                refused[type(e).__name__] += 1
                continue
            held.append(ws)
            try:
                await ws.send(json.dumps({"t": "hello", "v": None}))
                first = json.loads(await asyncio.wait_for(ws.recv(), 5))
                if first.get("t") == "welcome":
                    welcomed += 1
                else:
                    closed[f"first frame {first.get('t')}"] += 1
            except websockets.ConnectionClosed as e:
                closed[str(e.rcvd.code) if e.rcvd else "no close frame"] += 1
            except TimeoutError:
                closed["no answer in 5 s"] += 1
        await asyncio.sleep(0.5)  # a server may close an accepted socket a moment later
        still = 0
        for ws in held:
            try:
                await asyncio.wait_for(ws.ping(), 2)
                still += 1
            except (websockets.ConnectionClosed, TimeoutError):
                pass
    finally:
        for ws in held:
            with contextlib.suppress(Exception):
                await ws.close()

    def parts(c: collections.Counter[str]) -> str:
        return ", ".join(f"{k} x{n}" for k, n in sorted(c.items())) or "none"

    return (f"socket flood: {sockets} sockets of one guest on one game: {welcomed} welcomed, "
            f"{sum(closed.values())} closed ({parts(closed)}), {sum(refused.values())} refused at the handshake "
            f"({parts(refused)}); {still} still open after 0.5 s")


# --------------------------------------------------------------------------- main


def spawn(port: int, db_url: str) -> subprocess.Popen[bytes]:
    """``python -m donjon.server`` in a session of its own (bench/load.py's, but its whole
    process group, bot workers included, can be ended at the end)."""
    proc = subprocess.Popen([sys.executable, "-m", "donjon.server", "--port", str(port), "--database-url", db_url,
                             "--log-level", "warning"], env={**os.environ, "DONJON_SQLITE_SYNCHRONOUS": "NORMAL"},
                            start_new_session=True)
    deadline = time.time() + 60
    while time.time() < deadline and proc.poll() is None:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    stop(proc)
    raise SystemExit("the server did not start")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM (the server drains), then whatever is left of its process group is killed."""
    with contextlib.suppress(ProcessLookupError):
        proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


async def main_async(args: argparse.Namespace, base: str) -> None:
    run = Run(base, addresses=can_bind(PLAYER_ADDRESS))
    if not run.addresses:
        print("(no 127.0.0.x source addresses here: every client is 127.0.0.1, and the per-address "
              "limits count them together)")
    async with run.http(PLAYER_ADDRESS) as player:
        quiet = await time_answers(run, player, args.answers, args.answer_limit)
        print(timing_line("easy bot answer, no flood", quiet), flush=True)
        stop = asyncio.Event()
        counts, tasks, moves = await flood(run, args.flood, args.flood_addresses, stop)
        refused = {k: n for k, n in counts.items() if k != "accepted"}
        print(f"flood: {args.flood} hard-bot tables from {max(1, args.flood_addresses)} address(es) without a "
              f"session: {counts['accepted']} accepted, {sum(refused.values())} refused"
              f"{' (' + ', '.join(f'{k} x{n}' for k, n in sorted(refused.items())) + ')' if refused else ''}",
              flush=True)
        try:
            await asyncio.sleep(1.0)  # the flood's bots are thinking
            loud = await time_answers(run, player, args.answers, args.answer_limit)
        finally:
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
        print(timing_line("easy bot answer, during the flood", loud), flush=True)
        print(f"flood moves played meanwhile: {moves[0]} (each one a hard bot's turn to think)", flush=True)
    print(await socket_flood(run, args.sockets), flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--url", default="http://127.0.0.1:8000", help="a running server on loopback")
    p.add_argument("--spawn", action="store_true", help="start a server on a free port and a temp SQLite file")
    p.add_argument("--quick", action="store_true", help="small counts: 8 flood tables, 3 answers, 24 sockets")
    p.add_argument("--flood", type=int, default=None, help="hard-bot tables of the flood (default 20)")
    p.add_argument("--flood-addresses", type=int, default=1, help="loopback addresses the flood comes from")
    p.add_argument("--answers", type=int, default=None, help="easy-bot answers timed each time (default 5)")
    p.add_argument("--answer-limit", type=float, default=30.0, help="seconds to wait for one answer at most")
    p.add_argument("--sockets", type=int, default=None, help="sockets of the socket flood (default 80)")
    p.add_argument("--max-seconds", type=float, default=None, help="stop the whole run after this (default 300)")
    args = p.parse_args(argv)
    quick = args.quick
    args.flood = min(200, args.flood if args.flood is not None else (8 if quick else 20))
    args.answers = min(50, args.answers if args.answers is not None else (3 if quick else 5))
    args.sockets = min(500, args.sockets if args.sockets is not None else (24 if quick else 80))
    args.max_seconds = args.max_seconds or (120.0 if quick else 300.0)
    proc = None
    if args.spawn:
        port = free_port()
        db = "sqlite:///" + os.path.join(tempfile.mkdtemp(prefix="donjon-abuse-"), "abuse.sqlite3")
        proc = spawn(port, db)
        args.url = f"http://127.0.0.1:{port}"
        print(f"spawned server on {args.url}", flush=True)
    loopback_only(args.url)
    try:
        asyncio.run(asyncio.wait_for(main_async(args, args.url.rstrip("/")), args.max_seconds))
    except TimeoutError:
        print(f"stopped after {args.max_seconds:g} s (--max-seconds)")
        return 1
    finally:
        if proc is not None:
            stop(proc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
