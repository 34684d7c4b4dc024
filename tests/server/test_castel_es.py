"""Castel's rules and cards pages in Spanish (``/games/castel/rules?lang=es``): the Spanish
text is the one shown, and nothing of it is left in English."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from tests.server.conftest import Site

ENGLISH = {"the", "and", "of", "to", "is", "your", "you", "card", "cards", "with", "when", "every", "its", "from"}
"""Words of any English paragraph, none of them Spanish."""


class Blocks(HTMLParser):
    """The text of each paragraph, list item, heading and table cell inside the element with
    ``lang=<lang>`` (the language's article of the rules page, or the catalogue)."""

    BLOCK = {"p", "li", "h1", "h2", "th", "td", "noscript", "a", "b"}

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang, self.depth, self.blocks, self.hidden = lang, 0, [""], None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if self.depth:
            self.depth += tag not in {"br", "img", "input", "meta", "link", "circle", "rect"}
        elif a.get("lang") == self.lang and tag in {"article", "div"}:
            self.depth, self.hidden = 1, "hidden" in a
        if self.depth and tag in self.BLOCK:
            self.blocks.append("")

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag in self.BLOCK:
            self.blocks.append("")
        if self.depth and tag not in {"br", "img", "input", "meta", "link", "circle", "rect"}:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.blocks[-1] += data

    def texts(self) -> list[str]:
        return [t for t in (" ".join(b.split()) for b in self.blocks) if t]


def blocks(html: str, lang: str) -> tuple[list[str], bool | None]:
    html = re.sub(r"<script\b.*?</script>", "", html, flags=re.S)
    p = Blocks(lang)
    p.feed(html)
    return p.texts(), p.hidden


def english_words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower())) & ENGLISH


def test_rules_page_in_spanish(site: Site) -> None:
    r = site.client().get("/games/castel/rules", params={"lang": "es"})
    assert r.status_code == 200 and '<html lang="es"' in r.text
    assert "<title>Reglas · Castel" in r.text
    es, hidden = blocks(r.text, "es")
    assert hidden is False
    assert blocks(r.text, "en")[1] is True and blocks(r.text, "fr")[1] is True
    assert es[0] == "Reglas de Castel"
    for heading in ("Tu turno: dos acciones", "Protección", "Fin de la partida", "Las cartas"):
        assert heading in es
    assert any("Gana el primer jugador que se queda sin cartas" in t for t in es)
    assert [t for t in es if english_words(t)] == []
    en, _ = blocks(r.text, "en")
    assert len(es) == len(en)  # every English block has its Spanish one
    # no English paragraph left as it is (numbers and the game's name aside)
    assert [t for t in set(es) & set(en) if re.search(r"[a-z]{4}", t) and t != "castel"] == []


def test_cards_page_in_spanish(site: Site) -> None:
    r = site.client().get("/games/castel/cards", params={"lang": "es"})
    assert r.status_code == 200 and '<html lang="es"' in r.text
    assert "<title>Catálogo de cartas · Castel" in r.text
    es, _ = blocks(r.text, "es")
    assert "Las cartas de Castel" in es and "Reglas del juego" in es
    assert any(t.startswith("56 cartas, 37 personajes") for t in es)
    assert [t for t in es if english_words(t)] == []


def test_the_same_pages_stay_english_and_french(site: Site) -> None:
    c = site.client()
    assert "Castel rules" in c.get("/games/castel/rules", params={"lang": "en"}).text
    fr = c.get("/games/castel/rules", params={"lang": "fr"}).text
    assert blocks(fr, "fr")[1] is False and blocks(fr, "es")[1] is True
    assert "Les cartes de Castel" in c.get("/games/castel/cards", params={"lang": "fr"}).text
