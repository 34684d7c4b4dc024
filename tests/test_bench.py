"""The benchmark scripts under bench/ still run: a smoke test of each quick mode.

They are run on demand, not in CI, so an engine change that breaks one would otherwise go
unnoticed until the next measurement (bench/engine.py once raised on a pending Foresight)."""

from __future__ import annotations

import importlib.util
import json
import platform
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up there
    spec.loader.exec_module(mod)
    return mod


def test_engine_selfplay_plays_through_foresight() -> None:
    """The engine-only self-play of bench/engine.py, over the seeds of its full run (one of
    its games plays Foresight and must then put the cards back)."""
    engine = load("engine")
    plies, seconds = engine.selfplay_engine(40, 300, 1000, 0.25)
    assert plies > 40 * 50 and seconds > 0


def test_engine_quick_json() -> None:
    out = subprocess.run([sys.executable, str(BENCH / "engine.py"), "--quick", "--json"], capture_output=True,
                         text=True, timeout=300, check=True).stdout
    data = json.loads(out)
    assert data["rows"]["selfplay_cards_engine"]["plies"] > 0
    assert data["rows"]["perft_ours"]["nodes"] == data["rows"]["perft_python_chess"]["nodes"]


def test_served_move_runs(capsys) -> None:  # type: ignore[no-untyped-def]
    served = load("served_move")
    assert served.main(["--games", "2", "--plies", "12", "--repeats", "1"]) == 0
    out = capsys.readouterr().out
    assert "served move:" in out and "served move / reference:" in out


def test_served_move_gaps_print_each_gap_against_the_first(capsys) -> None:  # type: ignore[no-untyped-def]
    served = load("served_move")
    assert served.main(["--games", "2", "--plies", "8", "--repeats", "1", "--gaps", "0,0.1"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("gap ")]
    assert len(lines) == 2 and lines[0].endswith("1.00x gap 0 ms")
    assert float(lines[1].split("ms: ")[1].split(" us")[0]) > 0


def test_spawned_server_runs_the_tree_it_is_given(tmp_path: Path) -> None:
    """``--code DIR`` runs that checkout's server: ``python -m`` would otherwise import the
    ``donjon`` of its working directory before anything on ``PYTHONPATH``."""
    load_py = load("load")
    root = BENCH.parent
    env, cwd, path, version = load_py.server_code(str(root))
    assert Path(path) == root / "donjon" and cwd == str(root) and env["PYTHONPATH"].startswith(str(root))
    assert version == platform.python_version()
    assert Path(load_py.server_code(None)[2]).name == "donjon"
    try:
        load_py.server_code(str(tmp_path))  # no donjon there: it would run another tree's
    except SystemExit as e:
        assert "not from that tree" in str(e)
    else:
        raise AssertionError("a tree without donjon was accepted")


def test_cpuprofile_split_sums_own_time_by_package() -> None:
    split = load("cpuprofile_split").split
    frame = {"url": "file:///p/node_modules/chess.js/dist/cjs/chess.js", "functionName": "moves"}
    profile = {"nodes": [{"id": 1, "callFrame": {"url": "", "functionName": "(idle)"}},
                         {"id": 2, "callFrame": frame},
                         {"id": 3, "callFrame": {"url": "file:///p/node_modules/@colyseus/core/x.js", "functionName": "f"}}],
               "samples": [1, 2, 3, 2], "timeDeltas": [5, 10, 7, 20]}
    assert split(profile) == {"idle": 5, "chess.js (the rules)": 30, "@colyseus/core": 7}


def test_ping_measures_round_trips(capsys) -> None:  # type: ignore[no-untyped-def]
    ping = load("ping")
    assert ping.main(["--spawn", "--sockets", "3", "--seconds", "1"]) == 0
    out = capsys.readouterr().out
    rate = float(out.split("s: ")[1].split(" round trips/s")[0])
    assert rate > 0 and "server CPU per round trip:" in out


def test_ping_at_a_players_pace(capsys) -> None:  # type: ignore[no-untyped-def]
    ping = load("ping")
    assert ping.main(["--spawn", "--sockets", "4", "--seconds", "1", "--think", "100"]) == 0
    out = capsys.readouterr().out
    assert "think 100 ms" in out and float(out.split("s: ")[1].split(" round trips/s")[0]) > 0


def test_commit_pace_prints_the_cpu_per_entry_on_the_loop_and_in_the_thread(capsys) -> None:  # type: ignore[no-untyped-def]
    pace = load("commit_pace")
    assert pace.main(["--entries", "20", "--gap", "0.5", "--repeats", "1"]) == 0
    out = capsys.readouterr().out
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith(("default", "thread", "raw", "idle"))}
    assert set(lines) == {"default", "thread", "raw", "idle"} and "x default" in lines["thread"]
    assert float(lines["default"].split()[1]) > 0 and "x default" in lines["raw"] and "x default" in lines["idle"]


def test_settle_prints_the_cpu_of_a_plain_and_a_game_ending_entry(capsys) -> None:  # type: ignore[no-untyped-def]
    settle = load("settle")
    assert settle.main(["--games", "4", "--gap", "0.5", "--repeats", "1", "--together", "2"]) == 0
    out = capsys.readouterr().out
    last = out.splitlines()[-1]
    assert last.startswith("plain entry ") and "game-ending entry" in last and "the settlement" in last
    assert "of game ends" in last and "2 entries a batch" in out


def test_abuse_replay_reports_bots_and_sockets(capsys) -> None:  # type: ignore[no-untyped-def]
    abuse = load("abuse")
    assert abuse.main(["--spawn", "--quick"]) == 0
    out = capsys.readouterr().out
    quiet = out.split("easy bot answer, no flood: median ")[1]
    loud = out.split("easy bot answer, during the flood: median ")[1]
    assert float(quiet.split(" s")[0]) > 0 and float(loud.split(" s")[0]) > 0
    assert "hard-bot tables from 1 address(es) without a session:" in out
    assert "socket flood: 24 sockets of one guest on one game:" in out and "welcomed" in out


def test_puzzles_quick_checks_the_first_shipped_puzzles(capsys) -> None:  # type: ignore[no-untyped-def]
    """bench/puzzles.py re-checks every shipped puzzle (minutes); its quick mode the first five."""
    puzzles = load("puzzles")
    assert puzzles.main(["--quick", "--game", "unfairchess"]) == 0
    assert "unfairchess: 5 checked, 0 failed" in capsys.readouterr().out


def test_greyed_soak_checks_the_shortcuts_and_reports_a_mismatch(capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """bench/greyed_soak.py compares the greyed-card test with full resolution; a wrong
    reason (every card said playable) is reported and fails the run."""
    soak = load("greyed_soak")
    assert soak.main(["--games", "1", "--seed", "7"]) == 0
    assert "1 games from seed 7" in capsys.readouterr().out
    monkeypatch.setattr(soak.rules, "hand_reasons", lambda st, cards: dict.fromkeys(cards))
    assert soak.main(["--games", "1", "--seed", "7"]) == 1
    assert "MISMATCH seed 7" in capsys.readouterr().out


def test_load_players_wait_out_the_rate_limit(tmp_path: Path) -> None:
    """A player whose message is dropped for the rate limit waits ``retry_after`` and sends it
    again: without that, nothing else arrives (it is that player's turn) and the run hangs."""
    env = {**__import__("os").environ, "DONJON_WS_RATE_LIMIT": "4", "DONJON_WS_RATE_WINDOW": "1",
           "DONJON_WS_RATE_CLOSE": "0"}
    out = subprocess.run([sys.executable, str(BENCH / "load.py"), "--spawn", "--games", "2", "--plies", "24"],
                         env=env, capture_output=True, text=True, timeout=240, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "rate_limited" in out.stdout and "games ended: 2" in out.stdout, out.stdout


def test_load_plays_the_test_game_for_the_platform_s_own_cost(tmp_path: Path) -> None:
    """``--game connect4``: the spawned server finds the fourth game through its entry point
    and every table plays it to its end (a win, a full board, or the resignation at --plies).
    ``--server-python`` names the server's interpreter, and the bench says which ran."""
    out = subprocess.run([sys.executable, str(BENCH / "load.py"), "--spawn", "--game", "connect4", "--games", "3",
                          "--plies", "12", "--server-python", sys.executable],
                         capture_output=True, text=True, timeout=240, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert f"Python {platform.python_version()} ({sys.executable})" in out.stdout, out.stdout
    assert "3 concurrent connect4" in out.stdout and "games ended: 3" in out.stdout, out.stdout
    assert "errors: none" in out.stdout, out.stdout


def test_load_player_plays_a_move_when_a_listed_card_is_refused() -> None:
    """A player whose listed card's targetings are refused (a server that lists a card it then
    will not expand: a bug the bench must report, not hang on) plays a normal move instead,
    and the refusal is counted. Against a scripted socket that refuses the first card."""
    import asyncio
    import random

    import websockets

    load_py = load("load")
    seen: list[dict] = []  # type: ignore[type-arg]

    def frame(v: int, status: str) -> str:
        legal = [{"type": "card", "card": "poison", "lazy": True}, {"type": "move", "uci": "e2e4"}]
        return json.dumps({"t": "sync", "v": v, "seat": 0, "legal": legal if status == "active" else [],
                           "game": {"status": status, "plies": v, "to_act": [0]}})

    async def server(ws) -> None:  # type: ignore[no-untyped-def]
        async for raw in ws:
            msg = json.loads(raw)
            seen.append(msg)
            if msg["t"] == "hello":
                await ws.send(frame(0, "active"))
            elif msg["t"] == "targets":
                await ws.send(json.dumps({"t": "error", "id": msg["id"], "code": "not_playable", "reason": "no"}))
            elif msg["t"] == "act":
                await ws.send(json.dumps({"t": "ack", "id": msg["id"], "v": 1}))
                await ws.send(frame(1, "finished"))

    async def run() -> load_py.Stats:  # type: ignore[name-defined]
        stats = load_py.Stats()
        async with websockets.serve(server, "127.0.0.1", 0) as srv:
            port = srv.sockets[0].getsockname()[1]
            await asyncio.wait_for(load_py.player(f"ws://127.0.0.1:{port}", "g", "c", 10, True, random.Random(1),
                                                  stats, asyncio.Event(), None), 10)
        return stats

    stats = asyncio.run(run())
    assert [m["t"] for m in seen] == ["hello", "targets", "act"]
    assert seen[2]["action"] == {"type": "move", "uci": "e2e4"}
    assert stats.errors == {"not_playable": 1} and stats.ended == {"g"} and len(stats.latencies) == 1
