"""Register, log in, log out, guests; cookie flags; sessions are server-side."""

from __future__ import annotations

from tests.server.conftest import Site


def test_register_login_logout(site: Site) -> None:
    c = site.client()
    r = c.post("/api/register", json={"username": "alice", "password": "correct horse"})
    assert r.status_code == 200
    assert r.json()["user"] == {"id": 1, "username": "alice", "guest": False, "balance": 500}
    cookie = r.headers["set-cookie"].lower()
    assert "donjon_session=" in cookie and "httponly" in cookie and "samesite=lax" in cookie
    assert c.get("/api/me").json()["user"]["username"] == "alice"
    # the password is stored as an argon2 hash, the session as a SHA-256 of the token
    (hashed,) = site.sql("select password_hash from users where username='alice'")[0]
    assert hashed.startswith("$argon2")
    token = c.cookies.get("donjon_session")
    assert token and not site.sql("select 1 from sessions where token_hash=?", token)
    assert c.post("/api/logout").status_code == 200
    assert c.get("/api/me").json()["user"] is None
    assert site.sql("select count(*) from sessions")[0][0] == 0

    d = site.client()
    bad = d.post("/api/login", json={"username": "alice", "password": "wrong password"})
    assert bad.status_code == 401 and bad.json()["error"] == "wrong username or password"
    ok = d.post("/api/login", json={"username": "ALICE", "password": "correct horse"})
    assert ok.status_code == 200 and ok.json()["user"]["balance"] == 500


def test_register_errors(site: Site) -> None:
    c = site.client()
    assert c.post("/api/register", json={"username": "bob", "password": "longenough"}).status_code == 200
    e = site.client()
    r = e.post("/api/register", json={"username": "BOB", "password": "longenough"})
    assert r.status_code == 409 and "taken" in r.json()["error"]
    r = e.post("/api/register", json={"username": "x", "password": "longenough"})
    assert r.status_code == 400 and "3 to 20" in r.json()["error"]
    r = e.post("/api/register", json={"username": "carol", "password": "short"})
    assert r.status_code == 400 and "at least 8" in r.json()["error"]
    r = e.post("/api/register", json={"username": "carol", "password": "longenough", "admin": True})
    assert r.status_code == 422 and "admin" in r.json()["error"]
    r = e.post("/api/register", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert site.sql("select count(*) from users")[0][0] == 1


def test_guest_then_register_keeps_account(site: Site) -> None:
    g = site.guest()
    me = g.get("/api/me").json()["user"]
    assert me["guest"] and me["username"].startswith("Guest-") and me["balance"] == 0
    r = g.post("/api/register", json={"username": "dora", "password": "longenough"})
    assert r.status_code == 200
    after = g.get("/api/me").json()["user"]
    assert after["id"] == me["id"] and not after["guest"] and after["balance"] == 500


def test_cross_site_post_refused(site: Site) -> None:
    c = site.client()
    r = c.post("/api/guest", headers={"origin": "https://evil.example"})
    assert r.status_code == 403
    assert c.post("/api/guest", headers={"origin": "http://testserver"}).status_code == 200
