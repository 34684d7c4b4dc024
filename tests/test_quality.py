"""The code stays lint-clean (ruff) and type-clean (mypy), as the project promises."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_is_clean() -> None:
    out = run("ruff", "check", "donjon", "tests", "bench")
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_is_clean() -> None:
    out = run("mypy", "donjon")
    assert out.returncode == 0, out.stdout + out.stderr
