"""Crash test: scripted players keep several games busy while the server is killed with
SIGKILL (``kill -9``) at random moments and started again on the same database.

    python3 bench/crash.py                      # 100 kills, SQLite (synchronous=FULL), 8 games at a time
    python3 bench/crash.py --kills 20 --games 6
    python3 bench/crash.py --database-url postgresql+asyncpg://postgres@127.0.0.1/test   # a fresh database
                                                                                        # is made on that server

After every kill, before the restart, the action log is read straight from the database: every
intent any player had seen acknowledged must be there, at the acknowledged version, with the
same action, and the log must be gapless. After the restart every player reconnects (``hello``
with its last version) and play goes on; the next kill waits until at least one new action was
acknowledged. Finished games are replaced by new ones so the load stays up. At the end, no more
kills: every game is played to its end (the side to act resigns after ``--plies``) and checked
again (log = what both players saw, status no longer active).

``tests/scale/test_crash.py`` runs the same with 20 kills.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.scale.harness import Closed, Node, WsPlayer, Zygote, game_rows, log_entries_many, make_game  # noqa: E402
from tests.scale.play import pick  # noqa: E402


@dataclass
class CrashReport:
    kills: int = 0
    games: int = 0
    finished: int = 0
    acks_checked: int = 0
    acks_total: int = 0
    restart_seconds: list[float] = field(default_factory=list)
    reconnects: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    elapsed: float = 0.0

    def summary(self) -> str:
        rs = sorted(self.restart_seconds)
        med = statistics.median(rs) if rs else float("nan")
        return (f"kills: {self.kills}; games: {self.games} ({self.finished} finished); acknowledged intents: "
                f"{self.acks_total}, checked in the log after each kill: {self.acks_checked} checks; reconnects: "
                f"{self.reconnects}; errors answered: {self.errors or 'none'}; restart (kill to /healthz) median "
                f"{med:.2f} s, max {max(rs) if rs else float('nan'):.2f} s; total {self.elapsed:.1f} s; "
                f"problems: {len(self.problems)}")


class Game:
    def __init__(self, gid: str, cookies: dict[int, str]) -> None:
        self.id = gid
        self.players = {s: WsPlayer(gid, c) for s, c in cookies.items()}
        self.tasks: list[asyncio.Task[None]] = []

    @property
    def over(self) -> bool:
        return all(t.done() for t in self.tasks)


async def run_player(p: WsPlayer, node: Node, rng: random.Random, plies: int, think: float,
                     report: CrashReport) -> None:
    """Play until the game ends, reconnecting to ``node`` whenever the socket dies."""
    first = True
    while True:
        try:
            await p.connect(node.ws_url, timeout=10)
            if not first:
                report.reconnects += 1
            first = False
            while p.active:
                last_ack = p.acks[-1].v if p.acks else 0
                if (p.seat in p.game["to_act"] and p.legal and not p._sent and (p.v or 0) >= last_ack):
                    if think:
                        await asyncio.sleep(rng.random() * think)
                    if p.game["plies"] >= plies:
                        await p.send({"t": "resign"})
                    else:
                        await p.send({"t": "act", "v": p.v, "action": pick(p.legal, rng, 0.0)})
                await p.recv(60)
            await p.close()
            return
        except (TimeoutError, Closed, ConnectionError):
            await asyncio.sleep(0.02 + rng.random() * 0.05)


def check_log(database_url: str, games: list[Game], report: CrashReport, final: bool = False) -> None:
    """Every acknowledged intent is in the log, at its version, unchanged; the log is gapless."""
    logs = log_entries_many(database_url, [g.id for g in games])
    for g in games:
        entries = logs[g.id]
        seqs = [e[0] for e in entries]
        if seqs != list(range(1, len(seqs) + 1)):
            report.problems.append(f"game {g.id}: log not gapless: {seqs[:5]}...")
        by_seq = {seq: (kind, data) for seq, kind, _, data in entries}
        for p in g.players.values():
            for a in list(p.acks):
                report.acks_checked += 1
                got = by_seq.get(a.v)
                if got is None:
                    report.problems.append(f"game {g.id}: acknowledged v={a.v} {a.kind} {a.data} is not in the log")
                elif got[0] != a.kind or (a.kind == "play" and got[1].get("action") != a.data["action"]):
                    report.problems.append(f"game {g.id}: v={a.v} acknowledged {a.kind} {a.data}, log has {got}")
            if final and p.v != len(entries):
                report.problems.append(f"game {g.id}: seat {p.seat} ended at v={p.v}, the log has {len(entries)}")
    if final:
        rows = game_rows(database_url, [g.id for g in games])
        for g in games:
            if rows[g.id][2] == "active":
                report.problems.append(f"game {g.id} is still active in the database")


async def crash_run(node: Node, *, games: int = 8, kills: int = 100, plies: int = 60, seed: int = 1,
                    think: float = 0.0, gap: tuple[float, float] = (0.05, 0.6), verbose: bool = False,
                    progress_timeout: float = 60.0) -> CrashReport:
    """``node`` is started by the caller; it is killed and restarted ``kills`` times."""
    rng = random.Random(seed)
    report = CrashReport()
    t0 = time.perf_counter()
    all_games: list[Game] = []

    async def top_up() -> None:
        live = [g for g in all_games if not g.over]
        made = await asyncio.gather(*(make_game(node.url) for _ in range(games - len(live))))
        for gid, cookies in made:
            g = Game(gid, cookies)
            for p in g.players.values():
                g.tasks.append(asyncio.create_task(run_player(p, node, random.Random(rng.random()), plies, think,
                                                              report)))
            all_games.append(g)

    def acks() -> int:
        return sum(len(p.acks) for g in all_games for p in g.players.values())

    await top_up()
    for i in range(kills):
        # wait for play to go on after the last restart (at least one new acknowledged intent)
        base = acks()
        deadline = time.monotonic() + progress_timeout
        while acks() == base:
            if time.monotonic() > deadline:
                report.problems.append(f"no progress within {progress_timeout:g} s after restart {i}")
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(rng.uniform(*gap))
        node.kill()
        t_kill = time.perf_counter()
        report.kills += 1
        check_log(node.database_url, all_games, report)
        await node.astart()
        report.restart_seconds.append(time.perf_counter() - t_kill)
        await top_up()
        if verbose:
            print(f"kill {i + 1}: {acks()} acks, restart {report.restart_seconds[-1]:.2f} s, "
                  f"{len(all_games)} games, {len(report.problems)} problems", flush=True)
    # no more kills: every game is played to its end
    try:
        await asyncio.wait_for(asyncio.gather(*(t for g in all_games for t in g.tasks)), 120)
    except TimeoutError:
        report.problems.append("the games did not all finish within 120 s after the last restart")
        for g in all_games:
            for t in g.tasks:
                t.cancel()
    check_log(node.database_url, all_games, report, final=True)
    report.games = len(all_games)
    report.finished = sum(1 for g in all_games if all(not p.active for p in g.players.values()))
    report.acks_total = acks()
    for g in all_games:
        for p in g.players.values():
            for k, v in p.errors.items():
                report.errors[k] = report.errors.get(k, 0) + v
    report.elapsed = time.perf_counter() - t0
    return report


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--kills", type=int, default=100)
    p.add_argument("--games", type=int, default=8, help="games played at a time (finished ones are replaced)")
    p.add_argument("--plies", type=int, default=60, help="the side to act resigns after this many plies")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--think", type=float, default=0.0, help="a player waits up to this many seconds before acting")
    p.add_argument("--database-url", default=None,
                   help="default: a temp SQLite file; a postgresql URL: a fresh database on that server")
    p.add_argument("--synchronous", default="FULL", help="SQLite synchronous mode")
    p.add_argument("--exec", action="store_true",
                   help="start every server with a new `python -m donjon.server` (default: fork it from a parent "
                        "that imported the server once, tests/zygote.py)")
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args()
    from tests.scale.harness import pg_database

    folder = Path(tempfile.mkdtemp(prefix="donjon-crash-"))
    print(f"date: {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}; nproc {os.cpu_count()}; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    def go(db_url: str) -> CrashReport:
        zygote = None if args.exec else Zygote()
        node = Node(db_url, folder / "server.log", env={"DONJON_SQLITE_SYNCHRONOUS": args.synchronous},
                    zygote=zygote)
        try:
            node.start()
            return asyncio.run(crash_run(node, games=args.games, kills=args.kills, plies=args.plies, seed=args.seed,
                                         think=args.think, verbose=args.verbose))
        finally:
            node.stop()
            if zygote is not None:
                zygote.close()

    if args.database_url and not args.database_url.startswith("sqlite"):
        with pg_database(args.database_url) as url:
            print(f"store: PostgreSQL (fresh database on {args.database_url})")
            report = go(url)
    else:
        url = args.database_url or f"sqlite:///{folder / 'crash.sqlite3'}"
        print(f"store: SQLite synchronous={args.synchronous} ({url})")
        report = go(url)
    print(report.summary())
    for line in report.problems[:20]:
        print("PROBLEM:", line)
    print(f"server log: {folder / 'server.log'}; restarts: {'exec' if args.exec else 'fork'}")
    raise SystemExit(1 if report.problems else 0)


if __name__ == "__main__":
    main()
