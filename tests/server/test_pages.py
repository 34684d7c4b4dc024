"""Pages in English and French, health, OpenAPI, static modules."""

from __future__ import annotations

import json
import re

import pytest

from donjon.server import i18n
from tests.server.conftest import Player, Site


def boot(html: str) -> dict:
    m = re.search(r'<script type="application/json" id="boot">(.*?)</script>', html, re.S)
    assert m
    return json.loads(m.group(1))  # type: ignore[no-any-return]


def test_health_and_openapi(site: Site) -> None:
    r = site.main.get("/healthz")
    assert r.status_code == 200 and r.json()["ok"] is True
    assert 0 <= r.json()["log_commits_on_loop"] <= r.json()["log_commits"]
    spec = site.main.get("/openapi.json").json()
    for path in ("/api/register", "/api/login", "/api/tables", "/api/tables/{table_id}/join",
                 "/api/games/{game_id}/replay", "/api/games/{game_id}/pgn", "/healthz"):
        assert path in spec["paths"], path
    assert site.main.get("/docs").status_code == 200


def test_i18n_complete() -> None:
    assert i18n.check_complete() == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pages_render(site: Site, lang: str) -> None:
    alice = site.user("alice")
    bob = site.user("bobby")
    gid, _ = site.game_pair(alice, bob)
    t = i18n.strings(lang)
    for url in ("/", "/login", "/register", "/watch", f"/g/{gid}", f"/g/{gid}/replay", "/u/alice"):
        r = alice.get(url, params={"lang": lang})
        assert r.status_code == 200, url
        assert f'<html lang="{lang}"' in r.text
        assert t["nav_watch"] in r.text
        assert boot(r.text)["lang"] == lang
    page = boot(alice.get(f"/g/{gid}").text)
    assert page["seat"] in (0, 1) and page["mode"] == "play" and page["game"]["id"] == gid
    spectator = boot(site.client().get(f"/g/{gid}").text)
    assert spectator["seat"] is None and spectator["mode"] == "watch"
    tid = alice.post("/api/tables", json={"opponent": "invite"}).json()["table"]["id"]
    assert alice.get(f"/t/{tid}").status_code == 200
    assert "invite_url" not in json.dumps(boot(bob.get(f"/t/{tid}").text))


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_signing_up_says_the_rules_of_a_username_and_a_password(site: Site, lang: str) -> None:
    """The sign-up form shows what a username and a password must be before either is refused
    (the browser's refusal of the username's pattern alone said "match the requested format");
    logging in does not."""
    t = i18n.strings(lang)
    page = site.client().get("/register", params={"lang": lang}).text
    username = re.search(r'<input name="username"[^>]*>', page)
    password = re.search(r'<input name="password"[^>]*>', page)
    assert username and password
    assert 'aria-describedby="username-hint"' in username.group(0)
    assert f'title="{t["username_hint"]}"' in username.group(0)
    assert 'aria-describedby="password-hint"' in password.group(0) and 'minlength="8"' in password.group(0)
    assert f'<small class="field-hint" id="username-hint">{t["username_hint"]}</small>' in page
    assert f'<small class="field-hint" id="password-hint">{t["password_hint"].replace("{least}", "8")}</small>' in page
    login = site.client().get("/login", params={"lang": lang}).text
    assert "field-hint" not in login and "aria-describedby" not in login
    account = site.user(f"hinted{lang}").get("/account", params={"lang": lang}).text
    assert f'<small class="field-hint" id="new-password-hint">{t["password_hint"].replace("{least}", "8")}</small>' in account
    assert re.search(r'<input name="new"[^>]*minlength="8"[^>]*aria-describedby="new-password-hint"', account)


def test_language_cookie_and_header(site: Site) -> None:
    c = site.client()
    r = c.get("/", params={"lang": "fr"})
    assert "lang=fr" in r.headers["set-cookie"]
    assert '<html lang="fr"' in c.get("/").text  # remembered
    d = site.client()
    assert '<html lang="fr"' in d.get("/", headers={"accept-language": "fr-FR,fr;q=0.9"}).text
    assert '<html lang="en"' in site.client().get("/").text


def test_not_found_and_static(site: Site) -> None:
    r = site.main.get("/g/doesnotexist")
    assert r.status_code == 404 and "404" in r.text
    assert site.main.get("/nowhere").status_code == 404
    for path in ("/static/css/site.css", "/static/js/game.js", "/static/js/socket.js", "/static/js/lobby.js",
                 "/static/js/replay.js", "/static/js/fallback-ui.js", "/static/js/api.js"):
        r = site.main.get(path)
        assert r.status_code == 200, path


def test_rules_and_card_pages_of_every_game(site: Site) -> None:
    c = site.client()
    for game, pages in {"unfairchess": ("rules", "cards"), "castel": ("rules", "cards"), "citadel": ("rules",)}.items():
        for page in pages:
            r = c.get(f"/games/{game}/{page}")
            assert r.status_code == 200, (game, page)
            assert "<html" in r.text
    assert "Règles" in c.get("/games/unfairchess/rules", params={"lang": "fr"}).text
    assert "Les 58 cartes" in c.get("/games/unfairchess/cards", params={"lang": "fr"}).text
    assert c.get("/games/citadel/cards").status_code == 404
    assert c.get("/games/nochess/rules").status_code == 404


def test_the_pages_know_games_from_the_registry(site: Site) -> None:
    from donjon.games import games

    c = site.client()
    home = c.get("/").text
    infos = {g["id"]: g for g in boot(home)["games"]}
    assert list(infos) == [g.id for g in games()]
    for g in games():
        info = g.info
        web = infos[info.id]["web"]
        # its static files are served from its package, its pages listed in the nav
        if web["ui"]:
            assert c.get(web["ui"]).status_code == 200, web["ui"]
        for href in web["stylesheets"]:
            assert c.get(href).headers["content-type"].startswith("text/css"), href
        for page, url in web["pages"].items():
            assert f'href="{url}"' in home, (info.id, page)
        assert f'<option value="{info.id}">{info.name()}</option>' in home
        for o in info.options:  # the lobby form offers its table options
            assert f'data-game="{info.id}" data-option="{o.name}"' in home
    assert c.get("/static/nochess/ui.js").status_code == 404
    # a finished game's replay offers the export formats its game declares
    alice, bob = site.user("alice"), site.user("bobby")
    gid, seats = site.game_pair(alice, bob)
    assert f"/api/games/{gid}/export/pgn" not in alice.get(f"/g/{gid}/replay").text  # still being played
    loser = Player(seats[0], gid)
    loser.hello()
    assert loser.request("resign")["t"] == "ack"
    assert f'href="/api/games/{gid}/export/pgn" download' in alice.get(f"/g/{gid}/replay").text
