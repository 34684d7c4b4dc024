"""The code stays lint-clean (ruff) and type-clean (mypy), as the project promises."""

from __future__ import annotations

import re
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


def stylesheets() -> dict[str, str]:
    """Every stylesheet the site serves (the shell's and each game's), by path."""
    sheets = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in sorted((ROOT / "donjon").rglob("*.css"))}
    assert sheets
    return sheets


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
    bad = {path: unclosed_blocks(css) for path, css in stylesheets().items()}
    assert {p: lines for p, lines in bad.items() if lines} == {}


SMOOTH_FOR_EVER = {"spin": "a spinner's turn: a transform, which the compositor moves without painting",
                   "ctl-roll": "Citadel's dice while they roll: a few tenths of a second"}
"""The animations allowed to run for ever at the screen's frame rate, and why."""


def endless_smooth_animations(css: str) -> list[str]:
    """The ``animation`` declarations that repeat for ever without a ``steps()`` timing."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = []
    for decl in re.findall(r"animation\s*:\s*([^;}]*)", css):
        name = decl.split()[0] if decl.split() else ""
        if "infinite" in decl and "steps(" not in decl and name not in SMOOTH_FOR_EVER:
            found.append(decl.strip())
    return found


def test_endless_smooth_animations_are_found() -> None:
    assert endless_smooth_animations(".a { animation: glow 1s ease-in-out infinite; }") == ["glow 1s ease-in-out infinite"]
    assert endless_smooth_animations(".a { animation: glow 1s steps(5, jump-none) infinite; }") == []
    assert endless_smooth_animations(".a { animation: glow 1s ease-in-out 2; } .b { animation: spin 1s linear infinite }") == []


def test_endless_animations_repaint_a_few_times_a_second() -> None:
    """A glow that pulses while a board waits for its player repaints what it covers at every
    step: at the screen's 60 frames a second a lit Citadel map kept ~80 % of a core busy in
    Chromium without a GPU (``bench/page_idle.py``). Endless animations step ~9 times a second."""
    bad = {path: endless_smooth_animations(css) for path, css in stylesheets().items()}
    assert {p: found for p, found in bad.items() if found} == {}
