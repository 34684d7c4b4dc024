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


def pulses_kept_under_reduced_motion(css: str) -> list[str]:
    """The selectors of endless animations (but those of :data:`SMOOTH_FOR_EVER`) that no
    ``@media (prefers-reduced-motion: reduce)`` block of the same stylesheet stops with
    ``animation: none`` (a ``*`` there stops them all)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    stopped: set[str] = set()
    for block in re.findall(r"@media\s*\(prefers-reduced-motion:\s*reduce\)\s*\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}", css):
        for sel, body in re.findall(r"([^{}]+)\{([^{}]*)\}", block):
            if re.search(r"animation\s*:\s*none", body):
                stopped |= {" ".join(x.split()) for x in sel.split(",")}
    kept = []
    for sel, body in re.findall(r"([^{}@]+)\{([^{}]*animation\s*:[^{}]*)\}", css):
        decl = re.search(r"animation\s*:\s*([^;}]*)", body)
        if not decl or "infinite" not in decl.group(1) or decl.group(1).split()[0] in SMOOTH_FOR_EVER:
            continue
        kept += [x for x in (" ".join(y.split()) for y in sel.split(",")) if x not in stopped and "*" not in stopped]
    return kept


def test_pulses_kept_under_reduced_motion_are_found() -> None:
    css = ".a { animation: glow 1s steps(5) infinite; } .b, .c { animation: glow 1s steps(5) infinite; }"
    assert pulses_kept_under_reduced_motion(css) == [".a", ".b", ".c"]
    assert pulses_kept_under_reduced_motion(css + "@media (prefers-reduced-motion: reduce) { .a, .c { animation: none; } }") == [".b"]
    assert pulses_kept_under_reduced_motion(css + "@media (prefers-reduced-motion: reduce) { * { animation: none !important; } }") == []


def test_every_pulse_stops_for_a_reader_who_asks_for_less_motion() -> None:
    """Each stylesheet stops its own endless animations under ``prefers-reduced-motion``, so a
    board shown without the site's stylesheet (its dev harness, another page) stops them too."""
    kept = {path: pulses_kept_under_reduced_motion(css) for path, css in stylesheets().items()}
    assert {p: found for p, found in kept.items() if found} == {}


def test_endless_animations_repaint_a_few_times_a_second() -> None:
    """A glow that pulses while a board waits for its player repaints what it covers at every
    step: at the screen's 60 frames a second a lit Citadel map kept ~80 % of a core busy in
    Chromium without a GPU (``bench/page_idle.py``). Endless animations step ~9 times a second."""
    bad = {path: endless_smooth_animations(css) for path, css in stylesheets().items()}
    assert {p: found for p, found in bad.items() if found} == {}
