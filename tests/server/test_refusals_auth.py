"""A refusal's sentence is in the reader's language: ``?lang=``, the ``lang`` cookie (what a
page's ``?lang=`` sets, so every request of that page's scripts carries it), then
Accept-Language, as for the pages themselves. Its code and status are the same in every
language (donjon/server/refusals/auth.py; docs/protocol.md, "Errors")."""

from __future__ import annotations

from collections.abc import Callable

from tests.server.conftest import Site


def test_sign_up_and_log_in_refusals_follow_the_page_language(site: Site) -> None:
    c = site.client()
    r = c.post("/api/register", json={"username": "ab", "password": "correct horse"})
    assert (r.status_code, r.json()) == (400, {"error": "a username has 3 to 20 letters, digits, '_' or '-'",
                                               "code": "auth"})
    c.cookies.set("lang", "fr")
    r = c.post("/api/register", json={"username": "ab", "password": "correct horse"})
    assert (r.status_code, r.json()) == (400, {"error": "un nom d'utilisateur a de 3 à 20 lettres, chiffres, « _ » ou « - »",
                                               "code": "auth"})
    r = c.post("/api/register", json={"username": "alice", "password": "short"})
    assert r.json()["error"] == "un mot de passe a au moins 8 caractères"
    r = c.post("/api/login?lang=es", json={"username": "nobody", "password": "correct horse"})
    assert (r.status_code, r.json()) == (401, {"error": "nombre de usuario o contraseña incorrectos", "code": "auth"})

    site.user("alice")
    es = site.client()
    r = es.post("/api/register", json={"username": "Alice", "password": "correct horse"},
                headers={"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"})
    assert (r.status_code, r.json()["error"]) == (409, "ese nombre de usuario ya está ocupado")
    # a language the site does not speak reads English
    r = es.post("/api/register", json={"username": "Alice", "password": "correct horse"},
                headers={"Accept-Language": "de"})
    assert r.json()["error"] == "that username is taken"


def test_account_refusals_follow_the_page_language(site: Site) -> None:
    anon = site.client()
    anon.cookies.set("lang", "es")
    r = anon.post("/api/follows", json={"username": "alice"})
    assert (r.status_code, r.json()) == (401, {"error": "inicia sesión o juega antes como invitado",
                                               "code": "login_required"})
    bob = site.user("bobby")
    bob.cookies.set("lang", "fr")
    r = bob.post("/api/account/password", json={"current": "wrong horse!", "new": "another horse"})
    assert (r.status_code, r.json()) == (401, {"error": "ce n'est pas ton mot de passe actuel",
                                               "code": "wrong_password"})
    guest = site.guest()
    r = guest.post("/api/account/password?lang=es", json={"current": "x" * 8, "new": "another horse"})
    assert r.status_code == 403 and r.json()["code"] == "guest"
    assert r.json()["error"].startswith("una cuenta de invitado no tiene contraseña")


def test_too_many_failed_logins_in_french(site_factory: Callable[..., Site]) -> None:
    site = site_factory(login_fail_limit=2)
    site.user("alice")
    c = site.client()
    c.cookies.set("lang", "fr")
    for _ in range(2):
        assert c.post("/api/login", json={"username": "alice", "password": "wrong horse"}).status_code == 401
    r = c.post("/api/login", json={"username": "alice", "password": "wrong horse"})
    assert r.status_code == 429 and r.json()["code"] == "rate_limited"
    assert r.json()["error"].startswith("trop de connexions échouées ; réessaie dans ")
