"""The server's refusal sentences (donjon/server/refusals/, donjon/league/refusals.py) speak
every language, and the code names only sentences its tables have.

A :class:`~donjon.said.Sayer` refuses an unknown key when it is called, i.e. only on the path
that refuses; this test reads every module that imports a table (``from ... import say [as
x]``) and checks each literal key it passes, so a misspelt key fails here and not in front of
a player. A sentence that no module says is dead text and fails too.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import string
from pathlib import Path

import pytest

from donjon.games.info import LANGS
from donjon.said import Said, Sayer, in_lang

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "donjon"


def tables() -> dict[str, Sayer]:
    """Each refusal module's dotted name → its ``say``."""
    import donjon.server.refusals as pkg

    names = [m.name for m in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + ".")]
    if (PKG / "league" / "refusals.py").exists():
        names.append("donjon.league.refusals")
    out = {}
    for name in names:
        say = importlib.import_module(name).say
        assert isinstance(say, Sayer), name
        out[name] = say
    return out


TABLES = tables()


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_tables_are_found() -> None:
    assert "donjon.server.refusals.auth" in TABLES
    assert sum(len(t.texts) for t in TABLES.values()) >= 10


def problems(texts: dict[str, dict[str, str]]) -> list[str]:
    """What is wrong with a table: a missing or foreign language, placeholders that differ
    between languages, a translation that is the English text."""
    out = []
    for key, entry in texts.items():
        out += [f"{key}: no {lang}" for lang in LANGS if not entry.get(lang)]
        out += [f"{key}: {lang} is not a language of the site" for lang in entry if lang not in LANGS]
        holes = {lang: fields(text) for lang, text in entry.items()}
        if len({frozenset(h) for h in holes.values()}) > 1:
            out.append(f"{key}: placeholders differ {holes}")
        out += [f"{key}: {lang} is the English text" for lang in ("fr", "es") if entry.get(lang) == entry.get("en")]
    return out


@pytest.mark.parametrize("module", sorted(TABLES))
def test_every_sentence_speaks_every_language(module: str) -> None:
    assert problems(dict(TABLES[module].texts)) == []


def said_keys() -> dict[str, set[str]]:
    """Refusal module → the literal keys the code passes to its ``say`` (under any local name)."""
    said: dict[str, set[str]] = {name: set() for name in TABLES}
    for path in PKG.rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        local: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in TABLES:
                for alias in node.names:
                    if alias.name == "say":
                        local[alias.asname or alias.name] = node.module
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in local):
                arg = node.args[0] if node.args else None
                assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), \
                    f"{path.relative_to(ROOT)}:{node.lineno}: a sentence's key is a literal string"
                said[local[node.func.id]].add(arg.value)
    return said


def test_the_code_says_only_sentences_its_tables_have_and_every_one() -> None:
    said = said_keys()
    unknown = {m: sorted(keys - set(TABLES[m].texts)) for m, keys in said.items()}
    unused = {m: sorted(set(TABLES[m].texts) - keys) for m, keys in said.items()}
    assert {m: k for m, k in unknown.items() if k} == {}
    assert {m: k for m, k in unused.items() if k} == {}


def test_a_sentence_is_rendered_in_the_readers_language() -> None:
    say = TABLES["donjon.server.refusals.auth"]
    said = say("password_short", least=8)
    assert str(said) == "a password has at least 8 characters"
    assert in_lang(said, "fr") == "un mot de passe a au moins 8 caractères"
    assert in_lang(said, "es") == "una contraseña tiene al menos 8 caracteres"
    assert in_lang(said, "de") == str(said)
    assert in_lang("a plain sentence", "fr") == "a plain sentence"
    with pytest.raises(KeyError):
        say("no_such_sentence")


def test_values_in_several_languages_follow_the_reader() -> None:
    inner = Sayer({"x": {"en": "one", "fr": "un", "es": "uno"}})
    outer = Sayer({"y": {"en": "{a} and {b}", "fr": "{a} et {b}", "es": "{a} y {b}"}})
    said = outer("y", a=inner("x"), b={"en": "Castle", "fr": "Château", "es": "Castillo"})
    assert isinstance(said, Said)
    assert said.text("fr") == "un et Château"
    assert said.text("es") == "uno y Castillo"


def test_the_checks_see_a_missing_language_and_a_stray_placeholder() -> None:
    assert fields("at most {n} in {game!r}, {x:.0f} s") == {"n", "game", "x"}
    assert fields("{{literal}}") == set()
    assert problems({"k": {"en": "{n} games", "fr": "{n} parties"}}) == ["k: no es"]
    assert problems({"k": {"en": "{n} games", "fr": "des parties", "es": "{n} partidas"}}) == [
        "k: placeholders differ {'en': {'n'}, 'fr': set(), 'es': {'n'}}"]
    assert problems({"k": {"en": "Wins", "fr": "Victoires", "es": "Wins", "de": "Siege"}}) == [
        "k: de is not a language of the site", "k: es is the English text"]
