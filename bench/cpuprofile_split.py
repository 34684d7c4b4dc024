"""Where a Node server's CPU goes, by package, from a V8 ``.cpuprofile``: the peer's side of
"Where a move's CPU goes" (docs/benchmarks.md).

Record the Colyseus peer of ``../shared/bench-peers`` (in an installed copy of that folder)
under load, then split its samples::

    NODE_ENV=production node --cpu-prof --cpu-prof-dir=/tmp/cprof colyseus/server.js --port 2599 &
    node colyseus/load.js --port 2599 --server-pid $! --games 200 --plies 60
    kill -INT %1                  # the profile is written when the server exits
    python3 bench/cpuprofile_split.py /tmp/cprof/*.cpuprofile --moves 11946

Each sample's time goes to the package of the function on top of the stack (its own time):
``chess.js`` (the rules), ``colyseus`` and ``@colyseus/schema`` (rooms, state patches),
``ws``, the room code (``server.js``), Node's own JavaScript and native code, and V8's
``(garbage collector)``; ``(idle)`` is left out of the busy total, which also holds the
server's start (a few hundred milliseconds). ``--moves N`` also prints
microseconds per move (the accepted moves of the load run that the profile covers).
"""

from __future__ import annotations

import argparse
import collections
import json
from typing import Any


def category(url: str, function: str) -> str:
    if function in ("(idle)", "(garbage collector)", "(program)"):
        return {"(idle)": "idle", "(garbage collector)": "garbage collector",
                "(program)": "V8, unattributed"}[function]
    if "chess.js" in url:
        return "chess.js (the rules)"
    if "@colyseus/schema" in url:
        return "@colyseus/schema (state patches)"
    if "node_modules/" in url:
        parts = url.split("node_modules/")[-1].split("/")
        return "/".join(parts[:2]) if parts[0].startswith("@") else parts[0]
    if url.endswith("server.js"):
        return "the room (server.js)"
    return "Node (its JavaScript and native code)"


def split(profile: dict[str, Any]) -> collections.Counter[str]:
    """Microseconds of own time per category."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    out: collections.Counter[str] = collections.Counter()
    for sample, delta in zip(profile["samples"], profile["timeDeltas"], strict=True):
        frame = nodes[sample]["callFrame"]
        out[category(frame.get("url", ""), frame.get("functionName", ""))] += delta
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("profile", help="a .cpuprofile written by node --cpu-prof")
    p.add_argument("--moves", type=int, help="accepted moves during the profile: print microseconds per move")
    args = p.parse_args(argv)
    with open(args.profile) as f:
        times = split(json.load(f))
    idle = times.pop("idle", 0)
    busy = sum(times.values())
    print(f"busy {busy / 1e6:.2f} s, idle {idle / 1e6:.2f} s (main thread)")
    for name, us in times.most_common():
        per = f"  {us / args.moves:7.1f} us per move" if args.moves else ""
        print(f"{100 * us / busy:5.1f} %  {name}{per}")
    if args.moves:
        print(f"all busy time: {busy / args.moves:.1f} us per move")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
