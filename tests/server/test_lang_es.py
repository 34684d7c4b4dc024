"""The site in Spanish: ``?lang=es``, the cookie that keeps it, Accept-Language, the menu."""

from __future__ import annotations

import json
import re

from donjon.server import i18n
from tests.server.conftest import Site


def boot(html: str) -> dict:
    m = re.search(r'<script type="application/json" id="boot">(.*?)</script>', html, re.S)
    assert m
    return json.loads(m.group(1))  # type: ignore[no-any-return]


def test_lang_es_serves_spanish_pages(site: Site) -> None:
    alice = site.user("alice")
    bob = site.user("bobby")
    gid, _ = site.game_pair(alice, bob)
    t = i18n.strings("es")
    for url in ("/", "/login", "/register", "/watch", f"/g/{gid}", f"/g/{gid}/replay", "/u/alice", "/leaderboard", "/shop", "/account"):
        r = alice.get(url, params={"lang": "es"})
        assert r.status_code == 200, url
        assert '<html lang="es"' in r.text, url
        assert t["nav_watch"] == "Ver" and ">Ver</a>" in r.text, url
        assert t["footer"] in r.text, url
        page = boot(r.text)
        assert page["lang"] == "es" and page["t"] == t, url
    home = alice.get("/", params={"lang": "es"}).text
    assert "Juegos de mesa arbitrados por el servidor" in home
    assert {g["id"]: g["name"] for g in boot(home)["games"]}["citadel"] == "Ciudadelas"


def test_a_citadel_game_page_in_spanish(site: Site) -> None:
    alice = site.user("alice")
    r = alice.post("/api/tables", json={"game": "citadel", "seats": 1, "difficulty": "easy"})
    assert r.status_code == 200, r.text
    gid = r.json()["table"]["game_id"]
    page = alice.get(f"/g/{gid}", params={"lang": "es"})
    assert page.status_code == 200 and '<html lang="es"' in page.text
    data = boot(page.text)
    assert data["lang"] == "es" and data["game"]["id"] == gid  # the board reads boot.lang


def test_spanish_is_kept_and_negotiated(site: Site) -> None:
    c = site.client()
    r = c.get("/", params={"lang": "es"})
    assert "lang=es" in r.headers["set-cookie"]
    assert '<html lang="es"' in c.get("/").text  # the cookie keeps it
    assert '<html lang="fr"' in c.get("/", params={"lang": "fr"}).text  # and the menu changes it
    assert '<html lang="fr"' in c.get("/").text
    accept = {"es-ES,es;q=0.9,en;q=0.5": "es", "de-DE,es;q=0.8,fr;q=0.5": "es", "fr-CA": "fr",
              "es;q=0,fr;q=0.3": "fr", "de": "en", "": "en", "es;q=abc,en": "en"}
    for header, lang in accept.items():
        got = site.client().get("/", headers={"accept-language": header}).text
        assert f'<html lang="{lang}"' in got, header
    assert '<html lang="en"' in site.client().get("/", params={"lang": "de"}).text


def test_the_language_menu_offers_three_languages(site: Site) -> None:
    html = site.client().get("/", params={"lang": "es"}).text
    menu = re.search(r'<details class="navmenu langmenu".*?</details>', html, re.S)
    assert menu
    links = re.findall(r'<a href="\?lang=(\w+)"[^>]*?(aria-current="true")?>([^<]+)</a>', menu.group(0))
    assert [(code, label) for code, _, label in links] == [("en", "English"), ("fr", "Français"), ("es", "Español")]
    assert [code for code, current, _ in links if current] == ["es"]
    assert ">ES</summary>" in menu.group(0)


def _article(html: str, lang: str) -> str:
    m = re.search(rf'<article lang="{lang}"\s*(hidden)?>(.*?)</article>', html, re.S)
    assert m, lang
    return m.group(2)


def _paragraphs(article: str) -> list[str]:
    """The text of each <p> and <li> of an article, tags and spaces squashed."""
    blocks = re.findall(r"<(?:p|li)\b[^>]*>(.*?)</(?:p|li)>", article, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", b).split()) for b in blocks]


def test_unfairchess_rules_and_cards_pages_in_spanish(site: Site) -> None:
    c = site.client()
    html = c.get("/games/unfairchess/rules", params={"lang": "es"}).text
    assert '<html lang="es"' in html and "<title>Reglas · UnfairChess" in html
    assert re.search(r'<article lang="es"\s*>', html), "the Spanish article is the one shown"
    assert re.search(r'<article lang="en"\s+hidden>', html) and re.search(r'<article lang="fr"\s+hidden>', html)
    assert '<button type="button" data-lang="es" aria-pressed="true">Español</button>' in html
    es, en = _paragraphs(_article(html, "es")), _paragraphs(_article(html, "en"))
    assert len(es) == len(en) > 30
    assert "Reglas de UnfairChess" in _article(html, "es")
    for words in ("jaque mate", "enroque", "captura al paso", "promoción", "alfil", "caballo", "torre", "dama", "peón"):
        assert words in _article(html, "es"), words
    english = re.compile(r"\b(the|and|your|you|with|when|is|of|to|card|cards|move)\b", re.I)
    for p in es:
        assert p not in en, p
        assert not english.search(p), p
    other = site.client().get("/games/unfairchess/rules", params={"lang": "de"}).text
    assert re.search(r'<article lang="en"\s*>', other) and re.search(r'<article lang="es"\s+hidden>', other)

    cards = c.get("/games/unfairchess/cards", params={"lang": "es"}).text
    assert "<title>Catálogo de cartas · UnfairChess" in cards and 'id="ucg-catalogue" lang="es"' in cards
    assert "Las 58 cartas de UnfairChess" in cards and "sustituye a tu jugada" in cards and "Legendaria" in cards
    assert "Esta página necesita JavaScript." in cards


def test_a_redirect_keeps_the_language_asked(site: Site) -> None:
    """``/leaderboard``, ``/u/<name>`` and a visitor's ``/account`` send the reader on with
    the query they came with: ``?lang=`` wins over a cookie of another language there too."""
    site.user("alice")
    c = site.client()
    c.get("/", params={"lang": "fr"})  # the cookie says French
    for url, to in (("/leaderboard", "/leaderboard/"), ("/u/alice", "/profile/alice"),
                    ("/account", "/login?next=/account&")):
        r = c.get(url, params={"lang": "es"}, follow_redirects=False)
        assert r.status_code in (303, 307) and r.headers["location"].startswith(to), url
        assert r.headers["location"].endswith("lang=es"), url
        assert '<html lang="es"' in c.get(url, params={"lang": "es"}).text, url
    assert c.get("/leaderboard", follow_redirects=False).headers["location"].count("?") == 0
