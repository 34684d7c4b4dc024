"""``donjon selfplay`` and ``donjon replay`` on the fourth game, in a fresh process that finds
it through its entry point only."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.fourth_game import plugin


def donjon(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **plugin.env()}
    return subprocess.run([sys.executable, "-m", "donjon.cli", *args], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=120)


def test_selfplay_and_replay_of_a_game_from_an_entry_point(tmp_path: Path) -> None:
    out = donjon("selfplay", "connect4", "--players", "3", "--games", "4", "--seed", "5",
                 "--bots", "random", "--save", str(tmp_path / "records"), "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["games"] == 4
    records = sorted((tmp_path / "records").glob("*.json"))
    assert len(records) == 4
    record = json.loads(records[0].read_text())
    assert record["game"] == "connect4" and record["actions"]
    again = donjon("replay", str(records[0]), "--json", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    final = json.loads(again.stdout)
    assert final["outcome"] is not None


def test_replay_refuses_a_record_with_an_illegal_drop(tmp_path: Path) -> None:
    record = {"game": "connect4", "seed": 0, "players": 2, "options": {},
              "actions": [{"seat": 0, "action": {"type": "drop", "column": 0}},
                          {"seat": 0, "action": {"type": "drop", "column": 1}}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    out = donjon("replay", str(path), cwd=tmp_path)
    assert out.returncode != 0
    assert "not your turn" in (out.stdout + out.stderr)
