"""Who may import whom, read off the source with :mod:`ast`, and where a game may be named.

* A game (``donjon/games/<id>/``) imports nothing of the server, the store, the league, the
  web or the CLI's plumbing beyond what its terminal UI needs (``donjon.cli``), and no other
  game.
* The platform (server, store, league, bus, bots, cli, web) imports no game package by
  name: it reaches games through ``donjon.games`` (the registry), ``donjon.games.protocol``,
  ``donjon.games.info`` and ``donjon.games.league``.
* No import circle anywhere in ``donjon``, counting imports inside functions (a lazy import
  is still a dependency) but not those under ``if TYPE_CHECKING:``; importing a submodule is
  not counted as importing its parent package's ``__init__``.
* No file of the platform names a game (Python, JavaScript, HTML).

``python tests/test_layering.py`` prints what it found.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "donjon"
GAMES_DIR = PACKAGE / "games"

GENERIC_GAME_MODULES = {"donjon.games", "donjon.games.protocol", "donjon.games.info", "donjon.games.league",
                        "donjon.games.record"}
"""The parts of ``donjon.games`` the platform may import."""

PLATFORM = ("donjon.server", "donjon.store", "donjon.league", "donjon.bus", "donjon.bots", "donjon.cli",
            "donjon.web", "donjon.stats")
FORBIDDEN_IN_GAMES = ("donjon.server", "donjon.store", "donjon.league", "donjon.bus", "donjon.web")


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: Path = PACKAGE, root: Path = ROOT) -> dict[str, Path]:
    return {module_name(p, root): p for p in sorted(package.rglob("*.py"))}


def _type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    out: list[ast.Import | ast.ImportFrom] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                stack.extend(child.orelse)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                out.append(child)
            stack.append(child)
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that module ``name`` imports (anywhere but TYPE_CHECKING)."""
    deps: set[str] = set()
    is_pkg = path.name == "__init__.py"
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            if node.level:
                base = name.split(".") if is_pkg else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            subs = [f"{mod}.{a.name}" for a in node.names if f"{mod}.{a.name}" in known]
            targets = subs if len(subs) == len(node.names) else [mod, *subs]
        for t in targets:
            while t and t not in known:  # ``import a.b.c`` names module a.b.c or a package above it
                t = t.rpartition(".")[0]
            if t and t != name:
                deps.add(t)
    return deps


def graph(package: Path = PACKAGE, root: Path = ROOT) -> dict[str, set[str]]:
    known = modules(package, root)
    return {name: imports(name, path, known) for name, path in known.items()}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in g:
        if start in index:
            continue
        work = [(start, iter(sorted(g[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(g.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def game_packages() -> list[str]:
    return sorted(f"donjon.games.{p.name}" for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists())


def _game_of(module: str, games: list[str]) -> str | None:
    return next((g for g in games if module == g or module.startswith(g + ".")), None)


def layering_problems(g: dict[str, set[str]]) -> list[str]:
    games = game_packages()
    problems = []
    for mod, deps in sorted(g.items()):
        own = _game_of(mod, games)
        for d in sorted(deps):
            other = _game_of(d, games)
            if own is not None:
                if d.startswith(FORBIDDEN_IN_GAMES):
                    problems.append(f"{mod} (a game) imports {d}")
                if other is not None and other != own:
                    problems.append(f"{mod} imports another game, {d}")
            elif mod.startswith(PLATFORM) and other is not None:
                problems.append(f"{mod} (the platform) imports the game module {d}")
            elif mod.startswith("donjon.games") and other is not None and mod not in ("donjon.games",):
                problems.append(f"{mod} (generic game code) imports the game module {d}")
    return problems


GAME_NAME = re.compile(r"\b(unfairchess|castel|citadel)\b", re.I)


def files_naming_a_game() -> list[str]:
    out = []
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix not in (".py", ".js", ".html") or GAMES_DIR in path.parents:
            continue
        if GAME_NAME.search(path.read_text(encoding="utf-8")):
            out.append(str(path.relative_to(ROOT)))
    return out


def test_games_and_platform_are_layered() -> None:
    assert layering_problems(graph()) == []


def test_no_import_circle() -> None:
    assert cycles(graph()) == []


def test_no_platform_file_names_a_game() -> None:
    assert files_naming_a_game() == []


def test_the_checks_see_what_they_look_for(tmp_path: Path) -> None:
    pkg = tmp_path / "donjon"
    for sub in ("server", "games/chesslike", "games/other", "store"):
        (pkg / sub).mkdir(parents=True)
        (pkg / sub / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "games" / "__init__.py").write_text("")
    (pkg / "server" / "api.py").write_text("def f():\n    from donjon.games.chesslike import rules\n")
    (pkg / "games" / "chesslike" / "rules.py").write_text("from donjon.store import db\nimport donjon.games.other\n")
    (pkg / "store" / "db.py").write_text("from donjon.store import repo\n")
    (pkg / "store" / "repo.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                           "    from donjon.server import api\nfrom donjon.store import db\n")
    g = graph(pkg, tmp_path)
    assert g["donjon.server.api"] == {"donjon.games.chesslike.rules"}
    assert cycles(g) == [["donjon.store.db", "donjon.store.repo"]]
    global GAMES_DIR
    saved, GAMES_DIR = GAMES_DIR, pkg / "games"
    try:
        problems = layering_problems(g)
    finally:
        GAMES_DIR = saved
    assert "donjon.server.api (the platform) imports the game module donjon.games.chesslike.rules" in problems
    assert "donjon.games.chesslike.rules (a game) imports donjon.store.db" in problems
    assert "donjon.games.chesslike.rules imports another game, donjon.games.other" in problems


if __name__ == "__main__":
    g = graph()
    for line in layering_problems(g) or ["layering: no problem"]:
        print(line)
    for c in cycles(g) or [["no import circle"]]:
        print(" -> ".join(c))
    for f in files_naming_a_game() or ["no platform file names a game"]:
        print(f)
    sys.exit(0)
