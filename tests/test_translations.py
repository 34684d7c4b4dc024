"""Every translation table speaks every language: the site's (server/i18n.py) and the boards'
(kit/i18n.js, games/*/web/i18n.js, the Citadel catalogue's cards and characters).

French says "tu" to the player everywhere, like the rules, the boards and the Spanish "tú":
no French text the site or a game shows says "vous", "votre" or "vos" to the player (a
plural "vous" that means two people, "vous deux", is allowed).

A table is one entry per message holding its languages. A table with English entries must
have English, French and Spanish in every entry; a table without English (card texts whose
English is the engine's catalogue) must have French and Spanish, and cover the catalogue.
The JS tables are read by running the modules with node, every top-level ``const`` exported.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from donjon.games import games
from donjon.games.citadel.catalogue import CARDS, CHARACTERS, TREASURES
from donjon.games.info import LANGS
from donjon.server import i18n
from tests.test_refusal_texts import TABLES as REFUSALS

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "donjon"
KIT = PKG / "web" / "static" / "js" / "kit" / "i18n.js"
GAMES = sorted(p.parent.parent.name for p in (PKG / "games").glob("*/web/i18n.js"))
PLACEHOLDER = re.compile(r"\{(\w+)\}")
TRANSLATED = ("fr", "es")  # the languages a table of translations of the catalogue's English needs


def test_the_site_speaks_three_languages() -> None:
    assert LANGS == ("en", "fr", "es")
    assert set(GAMES) >= {"castel", "citadel", "unfairchess"}


# ----------------------------------------------------------------------------- checks


def entry_problems(table: str, key: str, entry: dict[str, Any], need: tuple[str, ...]) -> list[str]:
    """What is wrong with one entry ``{lang: text}``: a missing language, an empty text, a
    placeholder one language has and another lacks, step lists of different lengths."""
    out = [f"{table}.{key}: no {lang}" for lang in need if entry.get(lang) in (None, "", [])]
    texts = {lang: entry[lang] for lang in need if entry.get(lang) not in (None, "", [])}
    if any(isinstance(v, list) for v in texts.values()):
        if len({len(v) for v in texts.values()}) > 1:
            out.append(f"{table}.{key}: step lists of different lengths {({k: len(v) for k, v in texts.items()})}")
        return out
    holes = {lang: set(PLACEHOLDER.findall(str(v))) for lang, v in texts.items()}
    if len({frozenset(h) for h in holes.values()}) > 1:
        out.append(f"{table}.{key}: placeholders differ {holes}")
    return out


def is_entry(v: Any) -> bool:
    """{lang: text} (or {lang: [step, ...]}): one message in its languages."""
    return (isinstance(v, dict) and bool(v) and set(v) <= set(LANGS)
            and all(isinstance(x, str | list) for x in v.values()))


def is_view(v: Any) -> bool:
    """{lang: {key: text}} (byLang's per-language view), with at least two languages."""
    return (isinstance(v, dict) and len(v) >= 2 and set(v) <= set(LANGS)
            and all(isinstance(x, dict | list) for x in v.values()))


def at(view: Any, k: Any) -> Any:
    """``view[k]`` of a per-language view (a dict, or a list by index), None when absent."""
    if isinstance(view, dict):
        return view.get(k)
    if isinstance(view, list) and isinstance(k, int) and k < len(view):
        return view[k]
    return None


def table_problems(name: str, value: Any) -> list[str] | None:
    """The problems of a table (per message or per language), None when ``value`` is no table."""
    if isinstance(value, dict | list) and value and all(is_entry(e) for e in (value.values() if isinstance(value, dict) else value)):
        entries = dict(value.items()) if isinstance(value, dict) else dict(enumerate(value))
        # a step list: {kind: [ {en, fr}, ... ]} is handled below
        need = LANGS if any("en" in e for e in entries.values()) else TRANSLATED
        return [p for k, e in entries.items() for p in entry_problems(name, str(k), e, need)]
    if (isinstance(value, dict) and value
            and all(isinstance(x, list) and x and all(is_entry(e) for e in x) for x in value.values())):
        need = LANGS if any("en" in e for x in value.values() for e in x) else TRANSLATED
        return [p for k, steps in value.items() for i, e in enumerate(steps) for p in entry_problems(name, f"{k}[{i}]", e, need)]
    if is_view(value):
        need = LANGS if "en" in value else TRANSLATED
        keys = {k for view in value.values() for k in (view if isinstance(view, dict) else range(len(view)))}
        entries = {k: {lang: at(value.get(lang), k) for lang in need} for k in keys}
        return [p for k, e in entries.items() for p in entry_problems(name, str(k), e, need)]
    return None


def test_server_messages_are_complete() -> None:
    assert i18n.check_complete() == []
    problems = [p for k, e in i18n.MESSAGES.items() for p in entry_problems("server", k, e, LANGS)]
    assert problems == []
    for lang in LANGS:
        assert set(i18n.strings(lang)) == set(i18n.MESSAGES)
    assert i18n.text("wins", "es") == "Victorias" and i18n.text("wins", "de") == "Wins"


TEMPLATE_MESSAGE = re.compile(r"\bt\.([A-Za-z_]\w*)\b(?!\s*\()")
"""``{{ t.key }}`` in a template: a message of the page's language (not a call such as ``t.get(...)``)."""


def template_messages(root: Path = PKG) -> dict[str, set[str]]:
    """Each message key the templates name as ``t.key``, with the templates that name it."""
    out: dict[str, set[str]] = {}
    for path in root.rglob("*.html"):
        for m in TEMPLATE_MESSAGE.finditer(path.read_text("utf-8")):
            out.setdefault(m.group(1), set()).add(str(path.relative_to(root)))
    return out


def test_every_message_a_template_names_exists_and_shows_as_itself() -> None:
    """Jinja reads ``t.key`` as an attribute of the messages' dict before it reads the key:
    a message named like a dict method ("copy") showed that method ("<built-in method copy
    of dict object ...>" on a friend's table), and a key the table lacks shows nothing."""
    named = template_messages()
    assert len(named) > 100
    assert {k: sorted(v) for k, v in named.items() if k not in i18n.MESSAGES} == {}
    assert sorted(set(i18n.MESSAGES) & set(dir(dict))) == []


def test_citadel_catalogue_speaks_three_languages() -> None:
    for c in CARDS.values():
        assert not entry_problems("cards", c.id, dict(c.name), LANGS)
        assert not entry_problems("cards", c.id, dict(c.text), LANGS)
    for ch in CHARACTERS.values():
        for what in (ch.title, ch.persistent, ch.power):
            assert not entry_problems("characters", ch.id, dict(what), LANGS)


# ----------------------------------------------------------------------------- the JS tables

DUMP = r"""
const out = {};
for (const [name, path] of Object.entries(JSON.parse(process.argv[2]))) {
  const m = await import(path);
  out[name] = {};
  for (const [k, v] of Object.entries(m)) {
    if (typeof v === "function" || v instanceof Set) continue;
    out[name][k] = v;
  }
}
process.stdout.write(JSON.stringify(out));
"""


def exported(src: str) -> str:
    """The module with every top-level ``const`` exported too (the tables a module keeps to itself)."""
    return re.sub(r"^const (\w+) = ", r"export const \1 = ", src, flags=re.M)


@pytest.fixture(scope="module")
def js_tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """{module: {name: value}} of kit/i18n.js and every game's web/i18n.js, run by node in a
    copy of the site's static layout (/static/js/kit/, /static/<game>/)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the JS translation tables are not checked")
    tree = tmp_path_factory.mktemp("i18n") / "static"
    (tree / "js" / "kit").mkdir(parents=True)
    (tree / "js" / "kit" / "i18n.js").write_text(exported(KIT.read_text("utf-8")), "utf-8")
    modules = {"kit": (tree / "js" / "kit" / "i18n.js").as_uri()}
    for game in GAMES:
        (tree / game).mkdir()
        target = tree / game / "i18n.js"
        target.write_text(exported((PKG / "games" / game / "web" / "i18n.js").read_text("utf-8")), "utf-8")
        modules[game] = target.as_uri()
    script = tree / "dump.mjs"
    script.write_text(DUMP, "utf-8")
    run = subprocess.run([node, str(script), json.dumps(modules)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def test_every_js_table_speaks_every_language(js_tables: dict[str, dict[str, Any]]) -> None:
    found: dict[str, set[str]] = {}
    problems: list[str] = []
    for module, values in js_tables.items():
        for name, value in values.items():
            p = table_problems(f"{module}:{name}", value)
            if p is not None:
                found.setdefault(module, set()).add(name)
                problems += p
    assert problems == []
    # the check saw the tables (a table of an unexpected shape would pass unseen)
    assert {"COMMON"} <= found["kit"]
    assert {"MESSAGES", "STRINGS", "COLOURS", "ZONES", "SIDES", "TOWER_NAME", "PLACES", "PROMPTS", "LOG"} <= found["castel"]
    assert {"MESSAGES", "STRINGS", "TARGETING", "GROUPS"} <= found["unfairchess"]
    assert {"MESSAGES", "STRINGS", "CARD_TEXT", "ABILITY_TEXT", "TREASURE_NAMES", "LOG"} <= found["citadel"]


def test_js_views_match_their_tables(js_tables: dict[str, dict[str, Any]]) -> None:
    """byLang's views hold exactly the per-message tables' texts (the boards read the views)."""
    for game in ("castel", "unfairchess", "citadel"):
        t = js_tables[game]
        for lang in LANGS:
            assert t["STRINGS"][lang] == {k: e[lang] for k, e in t["MESSAGES"].items()}
        shared = {k for k, e in js_tables["kit"]["COMMON"].items() if t["MESSAGES"].get(k) == e}
        assert shared, game  # the board takes the shared messages from the kit


def test_citadel_board_texts_are_the_catalogue(js_tables: dict[str, dict[str, Any]]) -> None:
    """The board's card and ability texts are the catalogue's, word for word; every treasure is named."""
    t = js_tables["citadel"]
    for lang in TRANSLATED:
        assert t["CARD_TEXT"][lang] == {c.id: c.text[lang] for c in CARDS.values()}
        assert t["ABILITY_TEXT"][lang] == {c.id: [c.persistent[lang], c.power[lang]] for c in CHARACTERS.values()}
        assert set(t["TREASURE_NAMES"][lang]) == set(TREASURES)


def test_unfairchess_targeting_covers_every_card(js_tables: dict[str, dict[str, Any]]) -> None:
    cards = json.loads((PKG / "games" / "unfairchess" / "web" / "cards.json").read_text("utf-8"))
    assert set(js_tables["unfairchess"]["TARGETING"]) == {c["id"] for c in cards}


def test_the_check_sees_a_missing_language() -> None:
    """The checks above do fail on a missing Spanish entry."""
    assert entry_problems("t", "k", {"en": "Wins", "fr": "Victoires"}, LANGS) == ["t.k: no es"]
    assert table_problems("t", {"en": {"a": "A", "b": "B"}, "fr": {"a": "A", "b": "B"}, "es": {"a": "A"}}) == ["t.b: no es"]
    assert table_problems("t", {"a": {"en": "{n} x", "fr": "{n} x", "es": "x"}}) == [
        "t.a: placeholders differ {'en': {'n'}, 'fr': {'n'}, 'es': set()}"]
    assert table_problems("t", {"k": [{"fr": "a", "es": "b"}, {"fr": "c"}]}) == ["t.k[1]: no es"]


# ----------------------------------------------------------------------------- French says "tu"

VOUS = re.compile(r"\b(?:vous|votre|vos|vôtres?)\b", re.IGNORECASE)
PLURAL_VOUS = re.compile(r"\bvous deux\b", re.IGNORECASE)  # "you two": the player and another one


def says_vous(text: str) -> bool:
    """Whether a French text addresses the player as "vous" (a plural "vous deux" aside)."""
    return VOUS.search(PLURAL_VOUS.sub("", text)) is not None


def french(value: Any, where: str) -> Iterator[tuple[str, str]]:
    """(where, text) of every French text in a nested table: the strings under a "fr" key,
    whether the entry's text ({"fr": "..."}) or a whole per-language view ({"fr": {...}})."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from (strings(v, f"{where}.{k}") if k == "fr" else french(v, f"{where}.{k}"))
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from french(v, f"{where}[{i}]")


def strings(value: Any, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(v, f"{where}.{k}")
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from strings(v, f"{where}[{i}]")


def vous_problems(texts: list[tuple[str, str]]) -> list[str]:
    return [f"{where} says vous: {text!r}" for where, text in texts if says_vous(text)]


def site_french() -> dict[str, list[tuple[str, str]]]:
    """Source → its French texts: the site's messages, every refusal table, each game's
    names and summary, each game's tutorial."""
    out = {"server.i18n": list(french(i18n.MESSAGES, "server"))}
    for module, say in REFUSALS.items():
        out[module] = list(french(dict(say.texts), module))
    for game in games():
        info = game.info
        out[f"{info.id}:info"] = list(french({"names": info.names, "summary": info.summary,
                                               "seat_names": info.seat_names}, info.id))
        path = info.tutorial_path()
        if path is not None:
            out[f"{info.id}:tutorial"] = list(french(json.loads(path.read_text("utf-8")), f"{info.id}/tutorial.json"))
    return out


def test_french_says_tu_to_the_player_on_the_site_and_in_the_tutorials() -> None:
    found = site_french()
    # the check sees the texts (a source it reads nothing from would pass unseen)
    for source in ("server.i18n", "donjon.server.refusals.auth", "donjon.server.refusals.lobby",
                   "donjon.server.refusals.play", "donjon.server.refusals.site", "donjon.league.refusals",
                   "castel:tutorial", "unfairchess:tutorial", "citadel:tutorial", "castel:info"):
        assert len(found.get(source, [])) >= 1, source
    assert len(found["server.i18n"]) == len(i18n.MESSAGES)
    assert vous_problems([t for texts in found.values() for t in texts]) == []


def test_the_boards_french_says_tu_to_the_player(js_tables: dict[str, dict[str, Any]]) -> None:
    texts = [t for module, values in js_tables.items() for t in french(values, module)]
    assert len(texts) >= 500
    assert vous_problems(texts) == []


def test_the_tu_check_sees_vous() -> None:
    assert says_vous("Vous avez bloqué {name}.") and says_vous("Fermer votre compte")
    assert says_vous("Terminez vos parties") and says_vous("n'est pas la vôtre")
    assert says_vous("Aucun de vous deux ne pourra défier l'autre, et vous ne verrez plus ses messages.")
    assert not says_vous("Aucun de vous deux ne pourra défier l'autre, et tu ne verras plus ses messages.")
    assert not says_vous("Tu as bloqué {name} : tes parties, ton compte, les Vosges")
    assert vous_problems(list(french({"k": {"en": "You", "fr": "Vous"}, "v": {"fr": {"a": ["toi", "vos"]}}}, "t"))) == [
        "t.k.fr says vous: 'Vous'", "t.v.fr.a[1] says vous: 'vos'"]
