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


def unclosed_blocks(css: str) -> list[int]:
    """The lines whose ``{`` is never closed, or whose ``}`` closes nothing, in a stylesheet.

    Comments and strings are skipped. A block left open swallows the rest of the file: a
    browser reads every later rule as nested in it (inside a phone's ``@media``, say).
    """
    opened: list[int] = []
    stray: list[int] = []
    line, i, n = 1, 0, len(css)
    while i < n:
        ch = css[i]
        if css.startswith("/*", i):
            end = css.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += css.count("\n", i, end)
            i = end
            continue
        if ch in "\"'":
            end = i + 1
            while end < n and css[end] != ch and css[end] != "\n":
                end += 2 if css[end] == "\\" else 1
            i = end + 1
            continue
        if ch == "\n":
            line += 1
        elif ch == "{":
            opened.append(line)
        elif ch == "}":
            if opened:
                opened.pop()
            else:
                stray.append(line)
        i += 1
    return opened + stray


def test_unclosed_blocks_are_found() -> None:
    assert unclosed_blocks(".a { b: c; }\n@media (x) {\n  .d { e: f; }\n.g { h: i; }\n") == [2]
    assert unclosed_blocks("/* { */ .a { content: '}'; }\n}\n") == [2]
    assert unclosed_blocks("@media (x) { .a { b: c; } }\n") == []


def test_every_stylesheet_closes_its_blocks() -> None:
    sheets = sorted((ROOT / "donjon").rglob("*.css"))
    assert sheets
    bad = {str(p.relative_to(ROOT)): unclosed_blocks(p.read_text(encoding="utf-8")) for p in sheets}
    assert {p: lines for p, lines in bad.items() if lines} == {}
