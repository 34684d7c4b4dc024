"""The content of a game's rules and cards pages without the site around it
(``/games/<id>/<page>/fragment``), which the game page's rules drawer shows."""

from __future__ import annotations

import pytest

from donjon.games import games
from tests.server.conftest import Site


def test_every_docs_page_has_its_fragment(site: Site) -> None:
    c = site.client()
    for g in games():
        for page in g.info.docs_pages:
            whole = c.get(f"/games/{g.info.id}/{page}")
            part = c.get(f"/games/{g.info.id}/{page}/fragment")
            assert part.status_code == 200, (g.info.id, page)
            assert part.headers["content-type"].startswith("text/html")
            # the page's own content, without the site around it
            assert "<html" not in part.text and 'id="boot"' not in part.text and "topbar" not in part.text
            body = part.text.strip()
            assert body and body.split("\n", 1)[0] in whole.text, (g.info.id, page)


def test_the_fragment_speaks_the_readers_language(site: Site) -> None:
    c = site.client()
    fr = c.get("/games/unfairchess/rules/fragment", params={"lang": "fr"}).text
    assert '<article lang="fr" >' in fr or '<article lang="fr">' in fr
    assert '<article lang="en" hidden>' in fr
    assert "set-cookie" not in c.get("/games/unfairchess/rules/fragment", params={"lang": "fr"}).headers
    en = c.get("/games/unfairchess/rules/fragment", headers={"accept-language": "en"}).text
    assert '<article lang="fr" hidden>' in en
    for game in ("unfairchess", "castel", "citadel"):
        es = c.get(f"/games/{game}/rules/fragment", params={"lang": "es"}).text
        assert '<article lang="es"' in es and '<article lang="es" hidden' not in es, game
    # the links to the game's other page are absolute: the drawer is on another address
    assert 'href="/games/unfairchess/cards#group-1"' in fr
    assert 'lang="fr"' in c.get("/games/castel/cards/fragment", params={"lang": "fr"}).text


@pytest.mark.parametrize("url", [
    "/games/nochess/rules/fragment",        # no such game
    "/games/citadel/cards/fragment",        # Citadel has no cards page
    "/games/unfairchess/nothing/fragment",  # no such page
    "/games/unfairchess/base/fragment",     # a template of the site, not one of the game's pages
    "/games/connect4/rules/fragment",       # a game without docs pages (tests/fourth_game)
])
def test_unknown_game_or_page_is_404(site: Site, url: str) -> None:
    r = site.client().get(url)
    assert r.status_code == 404
    assert "<html" not in r.text
    assert site.main.get("/healthz").status_code == 200


def _bot_game(site: Site, game: str) -> tuple[object, str]:
    g = site.guest()
    r = g.post("/api/tables", json={"game": game, "opponent": "bot", "bot_level": "easy"})
    assert r.status_code == 200, r.text
    return g, r.json()["table"]["game_id"]


def test_the_game_pages_drawer_has_a_tab_per_docs_page(site: Site) -> None:
    """The game and replay pages offer the drawer with one tab per page the game declares, and
    a game without docs pages (the fourth game) gets neither the button nor the drawer."""
    for game, pages in {"unfairchess": ["rules", "cards"], "castel": ["rules", "cards"], "citadel": ["rules"],
                        "connect4": []}.items():
        g, gid = _bot_game(site, game)
        for url in (f"/g/{gid}", f"/g/{gid}/replay"):
            html = g.get(url).text  # type: ignore[attr-defined]
            tabs = [p for p in ("rules", "cards") if f'data-src="/games/{game}/{p}/fragment"' in html]
            assert tabs == pages, (game, url)
            assert ('id="rules-drawer"' in html) == bool(pages) and ('id="drawer-btn"' in html) == bool(pages)
            assert ("/static/js/drawer.js" in html) == bool(pages)
