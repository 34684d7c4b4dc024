"""Load test: scripted WebSocket clients play many games at once against a running server.

    python bench/load.py --spawn                       # start a server on a temp SQLite file
    python bench/load.py --url http://127.0.0.1:8000   # against a running server
    python bench/load.py --spawn --games 100 --plies 60 --cards
    python bench/load.py --spawn --game connect4        # the platform's own cost: a game of a few lines
    python bench/load.py --spawn --games 3000 --plies 20 --think 1000  # open loop, ~3,000 offered/s
    python bench/load.py --spawn --database-url postgresql+asyncpg://postgres@127.0.0.1/test
    python bench/load.py --spawn --code ../wt-old         # the server of another checkout (A/B)
    python bench/load.py --spawn --server-python ../py313/bin/python  # the server on another interpreter
    python bench/load.py --spawn --nodes 2 --fresh-db --database-url postgresql+asyncpg://postgres@127.0.0.1/test
                                                       # two nodes + a private Redis, players split
    python bench/load.py --spawn --nodes 2 --route game --fresh-db --database-url ...
                                                       # idem, both players of a game on its node

Each game has two guest players connected over ``/ws/game/{id}``; whoever is to act picks a
random legal action (normal moves only unless ``--cards``) and sends it with the version it
saw. Every socket is opened and synced first (the time it takes is printed apart); then the
clock starts. By default the loop is closed (a client acts the instant it may: the throughput is
the server's ceiling and the latency is mostly queueing); ``--think MS`` opens it (each player
thinks about MS before acting, so G games offer about G*1000/MS actions/s: the latency at a
given rate). Reported: accepted actions per second over the playing phase, and the ack latency
(intent sent → ack received) p50 / p90 / p99 / max. Every ack means the action was committed
to the database first. Also reported, for the playing phase: the CPU time of the server
process (``--spawn`` or ``--server-pid``) and of this client process per accepted action,
and the action-log commits (``/healthz``: rows per transaction of the group commit).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

TLS = ssl.create_default_context()
"""One TLS context for every HTTP client of the bench: httpx would otherwise load the CA
bundle into a new one per client, ~45 ms of CPU each (it was most of the set-up time)."""


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    acked_at: list[float] = field(default_factory=list)
    """When each counted ack came (perf_counter), for the rate while every game was in play."""
    first_end: float | None = None
    """When the first game ended."""
    errors: dict[str, int] = field(default_factory=dict)
    ended: set[str] = field(default_factory=set)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_code(code: str | None = None,
                python: str | None = None) -> tuple[dict[str, str], str | None, str, str]:
    """(environment additions, working directory, path of the ``donjon`` package, Python
    version) for a server
    started with ``python -m donjon.server`` running the source tree ``code`` (a checkout, e.g.
    an older commit's ``git worktree``), or this environment's ``donjon`` if None.

    ``python -m`` puts its working directory first on ``sys.path``, before ``PYTHONPATH``, so
    a tree is run by starting the server *in* it (and on ``PYTHONPATH``, for what it spawns);
    the package path and the version are asked of a Python started the same way (``python``:
    that interpreter, default this one), so the bench prints what ran."""
    env: dict[str, str] = {}
    cwd = None
    if code is not None:
        cwd = os.path.abspath(code)
        env["PYTHONPATH"] = cwd + os.pathsep + os.environ.get("PYTHONPATH", "")
    out = subprocess.run([python or sys.executable, "-c", "import donjon, sys; print(donjon.__file__); "
                          "print(sys.version.split()[0])"], cwd=cwd,
                         env={**os.environ, **env}, capture_output=True, text=True, check=True)
    file, version = out.stdout.split()
    path = os.path.dirname(file)
    if code is not None and not path.startswith(cwd + os.sep):
        raise SystemExit(f"--code {code}: the server would import donjon from {path}, not from that tree")
    return env, cwd, path, version


def spawn_server(port: int, db_url: str, extra_env: dict[str, str], code: str | None = None,
                 python: str | None = None) -> subprocess.Popen[bytes]:
    """Start ``python -m donjon.server`` on ``port`` (``code``: the source tree to run, see
    :func:`server_code`; ``python``: the interpreter, default this one; both printed) and wait
    until it answers ``/healthz``."""
    python = python or sys.executable
    code_env, cwd, path, version = server_code(code, python)
    print(f"server on port {port}: code {path}, Python {version} ({python})")
    # every player of a bench is a guest from 127.0.0.1: no limit of guests or sockets per address
    env = {"DONJON_GUEST_LIMIT": "0", "DONJON_WS_MAX_PER_IP": "0", **os.environ, **extra_env, **code_env}
    proc = subprocess.Popen([python, "-m", "donjon.server", "--port", str(port), "--database-url",
                             db_url, "--log-level", "warning"], env=env, cwd=cwd)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1, verify=False).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


TABLE: dict[str, Any] = {"opponent": "invite"}
"""The table each game is opened with (``--time-control`` adds its clock)."""


async def make_game(base: str, sem: asyncio.Semaphore) -> tuple[str, str, str]:
    # A loaded server (or client) may drop a kept-alive connection just as it is reused:
    # try again with new guests (the half-made table is left open, harmless).
    for attempt in range(5):
        try:
            return await _make_game(base, sem)
        except httpx.TransportError:
            if attempt == 4:
                raise
            await asyncio.sleep(0.5)
    raise AssertionError("unreachable")


async def _make_game(base: str, sem: asyncio.Semaphore) -> tuple[str, str, str]:
    async with sem, httpx.AsyncClient(base_url=base, timeout=60, verify=TLS) as a, \
            httpx.AsyncClient(base_url=base, timeout=60, verify=TLS) as b:
        await a.post("/api/guest")
        await b.post("/api/guest")
        r = await a.post("/api/tables", json=TABLE)
        if r.status_code != 200:
            raise SystemExit(f"the server refused the table {TABLE}: {r.text}")
        table = r.json()["table"]
        r = await b.post(f"/api/tables/{table['id']}/join", json={"code": table["invite_code"]})
        return r.json()["table"]["game_id"], a.cookies["donjon_session"], b.cookies["donjon_session"]


@dataclass
class Gate:
    """Connect every player first, then play: each player reports when its socket is synced
    (``ready``) and waits for ``start``, so the playing phase measures moves, not connections."""

    players: int
    ready: int = 0
    all_ready: asyncio.Event = field(default_factory=asyncio.Event)
    start: asyncio.Event = field(default_factory=asyncio.Event)

    async def arrive(self) -> None:
        self.ready += 1
        if self.ready >= self.players:
            self.all_ready.set()
        await self.start.wait()


async def player(ws_url: str, gid: str, cookie: str, plies: int, cards: bool, rng: random.Random, stats: Stats,
                 done: asyncio.Event, connecting: asyncio.Semaphore | None, legal_mode: str = "lazy",
                 gate: Gate | None = None, think: float = 0.0) -> None:
    # open_timeout: at 1,000 games, 2,000 sockets open at once (like every client of a
    # restarted server coming back) and each waits for its session and game to be loaded
    if connecting is not None:
        await connecting.acquire()
    async with websockets.connect(f"{ws_url}/ws/game/{gid}", additional_headers={"Cookie": f"donjon_session={cookie}"},
                                  max_size=2**22, open_timeout=180) as ws:
        await ws.send(json.dumps({"t": "hello", "v": None, "legal": legal_mode}))
        pending: dict[int, float] = {}
        sent: dict[int, dict[str, Any]] = {}  # each message awaiting its answer, to resend if rate-limited
        next_id = 0
        resign_id = None
        v = None
        refused = False  # something listed at version v was refused: a normal move was played instead
        legal: list[dict[str, Any]] = []

        async def instead(exclude: Any = None) -> None:
            """Something the server listed at version ``v`` was refused (a server bug, counted in
            the errors): play a normal move of the last legal list (not ``exclude``) instead, or
            resign if there is none or this happened already at ``v``, rather than wait for a
            frame that will not come."""
            nonlocal next_id, resign_id, refused
            choices = [] if refused else [a for a in legal if a["type"] == "move" and a != exclude]
            refused = True
            next_id += 1
            if choices:
                pending[next_id] = time.perf_counter()
                sent[next_id] = {"t": "act", "id": next_id, "v": v, "action": rng.choice(choices)}
            else:
                resign_id = next_id
                sent[next_id] = {"t": "resign", "id": next_id}
            await ws.send(json.dumps(sent[next_id]))

        async for raw in ws:
            f = json.loads(raw)
            t = f["t"]
            if (t == "ack" or (t == "error" and f.get("code") != "rate_limited")) and resign_id is not None \
                    and f.get("id") == resign_id:
                if t == "ack":
                    stats.ended.add(gid)
                    stats.first_end = stats.first_end or time.perf_counter()
                break  # the game is over (the resignation is not counted as a move)
            if t == "ack":
                sent.pop(f["id"], None)
                at = pending.pop(f["id"], None)
                if at is not None:
                    now = time.perf_counter()
                    stats.latencies.append(now - at)
                    stats.acked_at.append(now)
                continue
            if t == "targets":  # a lazy card entry's targetings: play one of them
                pending.pop(f.get("id"), None)
                sent.pop(f.get("id"), None)
                if f["v"] != v:
                    continue  # the game moved on: the newer frame says what to do
                if not f["legal"]:  # listed as playable, without a targeting
                    stats.errors["card_without_targetings"] = stats.errors.get("card_without_targetings", 0) + 1
                    await instead()
                    continue
                next_id += 1
                pending[next_id] = time.perf_counter()
                sent[next_id] = {"t": "act", "id": next_id, "v": v, "action": rng.choice(f["legal"])}
                await ws.send(json.dumps(sent[next_id]))
                continue
            if t == "error":
                code = f.get("code", "?")
                stats.errors[code] = stats.errors.get(code, 0) + 1
                at = pending.pop(f.get("id"), None)
                msg = sent.pop(f.get("id"), None)
                if code == "rate_limited" and msg is not None:
                    # Dropped unread: wait as told and send it again (its latency counts from
                    # the first send); nothing else would arrive, the turn being this player's.
                    await asyncio.sleep(float(f.get("retry_after") or 1.0))
                    next_id += 1
                    msg["id"] = next_id
                    if msg["t"] == "resign":
                        resign_id = next_id
                    if at is not None:
                        pending[next_id] = at
                    sent[next_id] = msg
                    await ws.send(json.dumps(msg))
                elif msg is not None and msg["t"] in ("act", "targets") and msg["v"] == v \
                        and code not in ("stale", "conflict"):  # (those two come with a fresh sync)
                    await instead(msg.get("action"))
                continue
            if t not in ("sync", "event") or resign_id is not None:
                continue
            if connecting is not None:  # connected and up to date: let the next socket open
                connecting.release()
                connecting = None
            if gate is not None:  # synced: wait until every player is, then play
                await gate.arrive()
                gate = None
            v = f["v"]
            refused = False
            game = f["game"]
            if game["status"] != "active" or game["plies"] >= plies:
                if game["status"] == "active" and f["seat"] in game["to_act"] and not pending:
                    next_id += 1
                    resign_id = next_id
                    sent[next_id] = {"t": "resign", "id": next_id}
                    await ws.send(json.dumps(sent[next_id]))
                    continue  # wait for its ack: the game ends (committed) before this client leaves
                if game["status"] != "active":
                    stats.ended.add(gid)
                    stats.first_end = stats.first_end or time.perf_counter()
                break
            legal = f["legal"]
            if not legal or pending:
                continue
            pool = legal if cards else [a for a in legal if a["type"] == "move"] or legal
            pick = rng.choice(pool)
            if think:  # open loop: a player thinks before acting (nothing else arrives meanwhile)
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            next_id += 1
            if pick.get("lazy"):  # ask for the card's targetings first (not timed as an ack)
                pending[next_id] = -1.0
                sent[next_id] = {"t": "targets", "id": next_id, "v": v, "card": pick["card"]}
                await ws.send(json.dumps(sent[next_id]))
                continue
            pending[next_id] = time.perf_counter()
            sent[next_id] = {"t": "act", "id": next_id, "v": v, "action": pick}
            await ws.send(json.dumps(sent[next_id]))
    done.set()


def ply_range(plies: int) -> tuple[int, int]:
    """Open loop: the shortest and longest game for a mean of ``plies``."""
    return max(1, plies // 2), plies * 3 // 2


def cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU time of process ``pid`` (Linux /proc), or None."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def memory_mib(pid: int | None) -> tuple[float, float] | None:
    """(VmRSS, VmHWM) of process ``pid`` in MiB (Linux /proc), or None."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/status") as f:
            kb = {k: int(v.split()[0]) for k, v in (line.split(":", 1) for line in f) if k in ("VmRSS", "VmHWM")}
        return kb["VmRSS"] / 1024, kb["VmHWM"] / 1024
    except (OSError, KeyError, ValueError):
        return None


def log_counters(h: dict[str, Any]) -> tuple[int, int, float, float, int] | None:
    """The group commit's counters in a ``/healthz`` body: transactions, rows, seconds until
    seen committed, seconds writing, and transactions on the event loop (0 from a server too
    old to say)."""
    try:
        return (int(h["log_commits"]), int(h["log_rows"]), float(h["log_commit_seconds"]),
                float(h["log_write_seconds"]), int(h.get("log_commits_on_loop", 0)))
    except (KeyError, TypeError, ValueError):
        return None


async def healthz(base: str) -> dict[str, Any]:
    """The server's ``/healthz`` body ({} if it does not answer)."""
    try:
        async with httpx.AsyncClient(base_url=base, timeout=10, verify=TLS) as c:
            body = (await c.get("/healthz")).json()
        return body if isinstance(body, dict) else {}
    except (httpx.HTTPError, ValueError):
        return {}


async def ack_buckets(base: str) -> dict[float, float]:
    """The server's ``donjon_ack_seconds`` histogram (``/metrics``): cumulative count by bound."""
    from prometheus_client.parser import text_string_to_metric_families

    try:
        async with httpx.AsyncClient(base_url=base, timeout=10, verify=TLS) as c:
            text = (await c.get("/metrics")).text
    except httpx.HTTPError:
        return {}
    return {float(smp.labels["le"]): smp.value for fam in text_string_to_metric_families(text)
            for smp in fam.samples if smp.name == "donjon_ack_seconds_bucket"}


def server_ack_line(before: list[dict[float, float]], after: list[dict[float, float]]) -> str | None:
    """Share of the playing phase's acks the servers queued within each bound, measured from
    reading the intent (the client's figures add the network, both event loops' queues and
    the client itself)."""
    bounds = sorted(set.intersection(*(set(a) for a in after))) if after and all(after) else []
    if not bounds:
        return None
    count = {le: sum(a.get(le, 0.0) - b.get(le, 0.0) for a, b in zip(after, before, strict=True)) for le in bounds}
    total = count[bounds[-1]]
    if not total:
        return None
    shown = [le for le in bounds if le in (0.005, 0.01, 0.025, 0.05, 0.1)]
    return "server-side ack (intent read -> ack queued): " + ", ".join(
        f"<= {le * 1000:g} ms {count[le] / total * 100:.2f} %" for le in shown)


def gc_line(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> str | None:
    """The servers' garbage collections during the playing phase (``/healthz`` ``gc``)."""
    try:
        n = [sum(a["gc"]["collections"][g] - b["gc"]["collections"][g] for a, b in zip(after, before, strict=True))
             for g in range(3)]
        secs = [sum(a["gc"]["pause_seconds"][g] - b["gc"]["pause_seconds"][g] for a, b in zip(after, before, strict=True))
                for g in range(3)]
        longest = [max(a["gc"]["max_pause_seconds"][g] for a in after) for g in range(3)]
        freed = [sum(a["gc"].get("collected", [0, 0, 0])[g] for a in after) for g in range(3)]
    except (KeyError, TypeError, IndexError, ValueError):
        return None
    return "garbage collections (gen 0/1/2): " + ", ".join(
        f"{n[g]} taking {secs[g] * 1000:.0f} ms" for g in range(3)) + \
        "; longest pause since start " + "/".join(f"{x * 1000:.0f}" for x in longest) + " ms" + \
        "; cyclic garbage freed since start " + "/".join(str(x) for x in freed) + " objects"


def _sum(values: list[float | None]) -> float | None:
    return None if not values or any(v is None for v in values) else sum(v for v in values if v is not None)


def _log_counters_all(health: list[dict[str, Any]]) -> tuple[int, int, float, float, int] | None:
    got = [log_counters(h) for h in health]
    if any(g is None for g in got):
        return None
    return (sum(g[0] for g in got if g), sum(g[1] for g in got if g), sum(g[2] for g in got if g),
            sum(g[3] for g in got if g), sum(g[4] for g in got if g))


async def run(args: argparse.Namespace) -> None:
    # several --url (nodes of one cluster): game g is created on node g % n; with --route split
    # its two players connect to two different nodes (seat s of game g on node (g + s) % n), with
    # --route game both connect to node g % n (a router sticky by game id, docs/deploy.md)
    bases = [u.rstrip("/") for u in args.url]
    ws_urls = [b.replace("http://", "ws://").replace("https://", "wss://") for b in bases]
    pids: list[int | None] = list(args.server_pid or [None])
    t0 = time.perf_counter()
    sem = asyncio.Semaphore(20)
    games = await asyncio.gather(*(make_game(bases[g % len(bases)], sem) for g in range(args.games)))
    setup = time.perf_counter() - t0
    stats = Stats()
    rng = random.Random(args.seed)
    tasks = []
    connecting = asyncio.Semaphore(args.connect_concurrency) if args.connect_concurrency else None
    gate = Gate(2 * len(games))
    t_connect = time.perf_counter()
    for g, (gid, ca, cb) in enumerate(games):
        # open loop: game lengths spread over 0.5-1.5 x --plies, so games end (and settle
        # their results) at different times, as on a live site, not all in the same second
        plies = rng.randint(*ply_range(args.plies)) if args.think else args.plies
        for s, cookie in enumerate((ca, cb)):
            node = (g + s) % len(ws_urls) if args.route == "split" else g % len(ws_urls)
            tasks.append(asyncio.create_task(player(ws_urls[node], gid, cookie, plies,
                                                    args.cards, random.Random(rng.random()), stats,
                                                    asyncio.Event(), connecting, args.legal, gate,
                                                    args.think / 1000)))
    # every socket open and synced before the clock starts: the playing phase measures moves
    await asyncio.wait([asyncio.ensure_future(gate.all_ready.wait()), *tasks], return_when=asyncio.FIRST_COMPLETED)
    connect = time.perf_counter() - t_connect
    # this process's own garbage collector must not show up as server latency: what is
    # alive now (thousands of sockets) is frozen, and no full collection runs while timing
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 2**30)
    health0 = [await healthz(b) for b in bases]
    acks0 = [await ack_buckets(b) for b in bases]
    log0 = _log_counters_all(health0)
    srv0, cli0 = _sum([cpu_seconds(p) for p in pids]), time.process_time()
    t1 = time.perf_counter()
    gate.start.set()
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - t1
    srv1, cli1 = _sum([cpu_seconds(p) for p in pids]), time.process_time()
    health1 = [await healthz(b) for b in bases]
    acks1 = [await ack_buckets(b) for b in bases]
    log1 = _log_counters_all(health1)
    lat = sorted(stats.latencies)
    n = len(lat)

    def pct(p: float) -> float:
        return lat[min(n - 1, int(p * n))] * 1000 if n else float("nan")

    print(f"games: {args.games} concurrent {args.game}, {args.plies} plies each "
          f"({'moves and cards' if args.cards else 'moves only'}"
          f"; legal list: {args.legal})")
    print(f"setup: {args.games * 2} guests + {args.games} tables in {setup:.2f} s; "
          f"{gate.ready} sockets opened and synced in {connect:.2f} s (not in the figures below)")
    if args.think:
        print(f"open loop: each player thinks {args.think / 2:g}-{args.think * 1.5:g} ms (mean {args.think:g}) before "
              f"acting: offered at most {args.games / args.think * 1000:.0f} actions/s; games of "
              f"{'-'.join(map(str, ply_range(args.plies)))} plies")
    print(f"accepted actions: {n} in {elapsed:.2f} s  ->  {n / elapsed:.0f} accepted actions/s")
    if stats.first_end is not None and stats.first_end > t1:
        before = sum(1 for a in stats.acked_at if a <= stats.first_end)
        print(f"while every game was in play (first {stats.first_end - t1:.1f} s): {before} accepted  ->  "
              f"{before / (stats.first_end - t1):.0f} accepted actions/s")
    print(f"ack latency ms: p50 {pct(0.5):.1f}  p90 {pct(0.9):.1f}  p99 {pct(0.99):.1f}  max {pct(1.0):.1f}"
          f"  mean {statistics.fmean(lat) * 1000 if lat else float('nan'):.1f}")
    server_acks = server_ack_line(acks0, acks1)
    if server_acks:
        print(server_acks)
    print(f"errors: {stats.errors or 'none'}; games ended: {len(stats.ended)}")
    per = 1e6 / n if n else float("nan")
    if len(bases) > 1:
        print(f"nodes: {len(bases)} ({', '.join(bases)}); "
              + ("each game's two players on two different nodes" if args.route == "split"
                 else "both players of a game on the game's node (sticky by game)"))
    if srv0 is not None and srv1 is not None:
        print(f"server CPU{' (all nodes)' if len(pids) > 1 else ''}: {srv1 - srv0:.1f} s = "
              f"{(srv1 - srv0) / elapsed * 100:.0f} % of one core, "
              f"{(srv1 - srv0) * per:.0f} us per accepted action")
    print(f"client CPU (this process): {cli1 - cli0:.1f} s = {(cli1 - cli0) / elapsed * 100:.0f} % of one core, "
          f"{(cli1 - cli0) * per:.0f} us per accepted action")
    if log0 is not None and log1 is not None and log1[0] > log0[0]:
        commits, rows = log1[0] - log0[0], log1[1] - log0[1]
        cycle, write = log1[2] - log0[2], log1[3] - log0[3]
        on_loop = log1[4] - log0[4]
        where = f", {on_loop / commits * 100:.0f} % of them on the event loop's thread (SQLite)" if on_loop else ""
        print(f"action-log commits: {commits} transactions for {rows} rows ({rows / commits:.1f} rows per commit); "
              f"per transaction {write / commits * 1000:.1f} ms writing, {cycle / commits * 1000:.1f} ms until the "
              f"event loop saw the commit{where}")
    gcs = gc_line(health0, health1)
    if gcs:
        print(gcs)
    for pid in pids:
        rss = memory_mib(pid)
        if rss is not None:
            print(f"server memory{f' (pid {pid})' if len(pids) > 1 else ''}: RSS {rss[0]:.0f} MiB at the end, "
                  f"peak {rss[1]:.0f} MiB")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}  (nproc {os.cpu_count()})")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--url", action="append", default=None,
                   help="a running server (default http://127.0.0.1:8000); repeat it for the nodes of a cluster")
    p.add_argument("--spawn", action="store_true", help="start a server on a free port with a temp SQLite file")
    p.add_argument("--code", metavar="DIR",
                   help="with --spawn: run the server from this source tree (e.g. `git worktree add DIR OLD` for "
                        "an A/B against an older commit) instead of this environment's donjon")
    p.add_argument("--server-python", metavar="PATH",
                   help="with --spawn: the server's interpreter (e.g. a venv of another Python version with donjon "
                        "installed) instead of this one")
    p.add_argument("--nodes", type=int, default=1,
                   help="with --spawn: start this many server processes on the same database (PostgreSQL) and a "
                        "Redis (--redis-url, or a private redis-server on a free port)")
    p.add_argument("--redis-url", default=None, help="with --spawn --nodes N: the Redis of the cluster")
    p.add_argument("--route", choices=("split", "game"), default="split",
                   help="several nodes: 'split' puts a game's two players on two nodes (every move crosses the "
                        "bus), 'game' puts both on the game's node (a router sticky by game id)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--plies", type=int, default=40,
                   help="actions per game before the side to act resigns (with --think: on average, each game's "
                        "length drawn between half and 1.5 times it)")
    p.add_argument("--game", choices=("unfairchess", "connect4"), default="unfairchess",
                   help="the game of every table: 'unfairchess' (default) or 'connect4', the test game of "
                        "tests/fourth_game, whose rules and views are a few lines: what a move costs then is the "
                        "platform's own work (socket, match, commit, frames). A spawned server finds it as an "
                        "installed game, through an entry point; a server given by --url must have been started "
                        "with tests/fourth_game/plugin.py's env()")
    p.add_argument("--cards", action="store_true", help="play card actions too (random among all legal actions)")
    p.add_argument("--legal", choices=("lazy", "full"), default="lazy",
                   help="the legal list the clients ask for in their hello: 'lazy' (what the browser asks: one "
                        "entry per playable card, targetings on request) or 'full' (every targeting in each frame)")
    p.add_argument("--think", type=float, default=0.0,
                   help="open loop: mean think time in ms before each action (uniform 0.5-1.5 times it); a game "
                        "then offers about 1000/THINK actions/s, so --games 3000 --think 1000 offers ~3,000/s and "
                        "the ack latency is the server's, not a queue of clients that all act at once "
                        "(default 0: closed loop, every client acts the instant it may)")
    p.add_argument("--time-control", default=None,
                   help='the clock of every game, as JSON: {"initial": 300, "increment": 3} or '
                        '{"correspondence_days": 3} (default: none sent, so the server\'s own default: a table '
                        'of two people has its game\'s first preset, 5+3 for UnfairChess)')
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--synchronous", default="FULL", help="SQLite synchronous mode of a spawned server")
    p.add_argument("--database-url", default=None,
                   help="database of a spawned server (default: a temp SQLite file), e.g. "
                        "postgresql+asyncpg://postgres@127.0.0.1/test")
    p.add_argument("--fresh-db", action="store_true",
                   help="with a postgresql --database-url: create a new empty database on that server for this run "
                        "(dropped after)")
    p.add_argument("--server-pid", type=int, action="append", default=None,
                   help="pid of the server (--url) to report its CPU time; repeat it for several nodes")
    p.add_argument("--connect-concurrency", type=int, default=0,
                   help="at most this many sockets opening at a time (default 0: all at once)")
    args = p.parse_args()
    args.url = args.url or ["http://127.0.0.1:8000"]
    if args.time_control is not None:
        TABLE["time_control"] = json.loads(args.time_control)
    TABLE["game"] = args.game
    if args.game == "connect4":
        sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        from tests.fourth_game import plugin

        os.environ["PYTHONPATH"] = plugin.env()["PYTHONPATH"]  # inherited by the spawned servers
    procs: list[subprocess.Popen[bytes]] = []
    with contextlib.ExitStack() as stack:
        if args.spawn:
            db_url = args.database_url
            if db_url is None:
                if args.nodes > 1:
                    raise SystemExit("--nodes needs a shared --database-url (PostgreSQL)")
                db_url = "sqlite:///" + os.path.join(tempfile.mkdtemp(prefix="donjon-bench-"), "bench.sqlite3")
            elif args.fresh_db and not db_url.startswith("sqlite"):
                sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
                from tests.scale.harness import pg_database

                db_url = stack.enter_context(pg_database(db_url))
            # Setting up thousands of games takes longer than the 2-minute absence forfeit (the
            # clock runs from a game's creation until its player connects): keep it out of the way.
            env = {"DONJON_SQLITE_SYNCHRONOUS": args.synchronous, "DONJON_ABSENCE_CLAIM": "86400",
                   "DONJON_ABSENCE_FORFEIT": "86400"}
            if args.nodes > 1:
                redis_url = args.redis_url
                if redis_url is None:
                    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
                    from tests.scale.harness import redis_server

                    redis_url = stack.enter_context(redis_server())
                env["DONJON_REDIS_URL"] = redis_url
            args.url, args.server_pid = [], []
            for n in range(args.nodes):
                port = free_port()
                procs.append(spawn_server(port, db_url, {**env, "DONJON_NODE_ID": f"n{n}"}, args.code, args.server_python))
                args.url.append(f"http://127.0.0.1:{port}")
                args.server_pid.append(procs[-1].pid)
            store = f"SQLite synchronous={args.synchronous}" if db_url.startswith("sqlite") else db_url.split("://")[0]
            print(f"spawned {args.nodes} server(s) on {', '.join(args.url)} ({store}"
                  f"{', Redis ' + env['DONJON_REDIS_URL'] if args.nodes > 1 else ''})")
        try:
            asyncio.run(run(args))
        finally:
            for proc in procs:
                proc.send_signal(signal.SIGTERM)
            for proc in procs:
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    proc.kill()


if __name__ == "__main__":
    main()
