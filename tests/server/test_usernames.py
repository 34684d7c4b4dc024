"""Usernames are exact: 3 to 20 ASCII letters, digits, '_' or '-', nothing else (no final
newline, no invisible or lookalike character); unique and looked up without regard to case
(login ``Victim1`` is the account ``victim1``, shown as registered); and a login spends one
argon2 verification whether or not the account exists."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, Literal, TypeVar
from urllib.parse import quote

import httpx
import pytest
from argon2 import PasswordHasher
from sqlalchemy import func, select

from donjon.server import create_app
from donjon.store import repo
from donjon.store.models import User
from tests.server.conftest import Site, fast_settings

T = TypeVar("T")

# Each of these differs from "victim1" only by a character a reader cannot see or by a
# non-ASCII lookalike of one of its letters.
SPOOFS = [
    "victim1\n", "victim1\r\n", "victim1\r", "victim1\t", "\tvictim1", "vic\ttim1", " victim1", "victim1 ",
    "victim1\x00", "victim1\x0b", "victim1\x0c",
    "vic\u200btim1", "victim1\u200b", "\u200bvictim1",  # zero-width space
    "victim1\u200c", "victim1\u200d", "victim1\u2060", "\ufeffvictim1", "victim1\u00ad",  # ZWNJ, ZWJ, WJ, BOM, SHY
    "victim1\u00a0", "victim1\u3000", "victim1\u0301",  # no-break space, ideographic space, combining acute
    "v\u0456ctim1", "vict\u0456m1", "\u0432ictim1",  # Cyrillic і and в
    "victim\u0661", "victim\uff11", "\uff56ictim1",  # Arabic-Indic one, fullwidth 1 and v
    "v\u0131ctim1", "victi\u217f1",  # dotless ı, Roman numeral ⅿ
]


def run(site: Site, fn: Callable[[], Awaitable[T]]) -> T:
    """``await fn()`` on the app's event loop."""
    assert site.main.portal is not None
    return site.main.portal.call(fn)


def users(site: Site) -> list[str]:
    async def q() -> list[str]:
        async with site.app.state.db.read() as s:
            return list((await s.execute(select(User.username).order_by(User.id))).scalars())

    return run(site, q)


def register(c: Any, name: str, password: str = "correct horse") -> httpx.Response:
    return c.post("/api/register", json={"username": name, "password": password})  # type: ignore[no-any-return]


def login(c: Any, name: str, password: str = "correct horse") -> httpx.Response:
    return c.post("/api/login", json={"username": name, "password": password})  # type: ignore[no-any-return]


@pytest.fixture
def roomy(site_factory: Callable[..., Site]) -> Site:
    return site_factory(register_limit=10_000, login_fail_limit=10_000)


@pytest.fixture(params=["sqlite", "postgres"])
def any_site(request: pytest.FixtureRequest, site_factory: Callable[..., Site], tmp_path: Path) -> Iterator[Site]:
    """A site on SQLite, and on PostgreSQL when DONJON_TEST_POSTGRES_URL is set."""
    if request.param == "sqlite":
        yield site_factory(register_limit=10_000)
        return
    url = request.getfixturevalue("pg_url")  # a database of this test's own; skipped without a server
    from starlette.testclient import TestClient

    app = create_app(fast_settings(tmp_path / "unused.sqlite3", database_url=url, register_limit=10_000))
    with TestClient(app, base_url="http://testserver") as main:
        yield Site(app, main, tmp_path / "unused.sqlite3")


# --------------------------------------------------------------------------- the rule


def test_invisible_and_lookalike_names_are_refused(roomy: Site) -> None:
    c = roomy.client()
    assert register(c, "victim1").status_code == 200
    e = roomy.client()
    for name in SPOOFS:
        r = register(e, name)
        assert r.status_code == 400, (name, r.text)
        assert r.json() == {"error": "a username has 3 to 20 letters, digits, '_' or '-'", "code": "auth"}, name
    assert users(roomy) == ["victim1"]
    assert e.get("/api/me").json()["user"] is None


def test_a_name_alone_is_checked_whole(roomy: Site) -> None:
    c = roomy.client()
    for name in ("abc\n", "ab\n", "a" * 20 + "\n", "Guest\n", "ok_name\n\n"):
        assert register(c, name).status_code == 400, name
    assert register(c, "a" * 20).status_code == 200
    assert register(roomy.client(), "ab-_9").status_code == 200
    assert users(roomy) == ["a" * 20, "ab-_9"]


def test_names_differing_only_by_case_are_one_name(roomy: Site) -> None:
    assert register(roomy.client(), "victim1").status_code == 200
    e = roomy.client()
    for name in ("Victim1", "VICTIM1", "vIcTiM1", "victiM1"):
        r = register(e, name)
        assert r.status_code == 409 and r.json() == {"error": "that username is taken", "code": "auth"}, name
    assert users(roomy) == ["victim1"]


def test_login_ignores_case_and_shows_the_registered_spelling(roomy: Site) -> None:
    assert register(roomy.client(), "Victim_K").status_code == 200
    for name in ("Victim_K", "victim_k", "VICTIM_K"):
        c = roomy.client()
        r = login(c, name)
        assert r.status_code == 200, (name, r.text)
        assert r.json()["user"]["username"] == "Victim_K"
        assert c.get("/api/me").json()["user"]["username"] == "Victim_K"
    assert roomy.client().get("/api/users/victim_k").json()["user"]["username"] == "Victim_K"


def test_login_and_profiles_take_no_lookalike(roomy: Site) -> None:
    # str.lower() folds the Kelvin sign K (U+212A) to an ASCII "k" and "İ" (U+0130) to "i̇":
    # a name that is not ASCII is no spelling of an account.
    assert register(roomy.client(), "kate_i").status_code == 200
    for name in ("\u212aate_i", "kate_\u0130", "kate_i\n", "kate_i\u200b", "\u212aATE_I"):
        r = login(roomy.client(), name)
        assert r.status_code == 401 and r.json()["error"] == "wrong username or password", name
        assert roomy.client().get(f"/api/users/{quote(name)}").status_code == 404, name
        assert roomy.client().get(f"/api/users/{quote(name)}/profile").status_code == 404, name
    assert roomy.client().get("/api/users/KATE_I/profile").status_code == 200


def test_a_guest_registers_under_the_same_rule(roomy: Site) -> None:
    assert register(roomy.client(), "victim1").status_code == 200
    g = roomy.guest()
    before = g.get("/api/me").json()["user"]
    for name, status in (("Victim1", 409), ("VICTIM1", 409), ("victim1\n", 400), ("vic\u200btim1", 400),
                         ("v\u0456ctim1", 400)):
        r = register(g, name)
        assert r.status_code == status, (name, r.text)
        assert g.get("/api/me").json()["user"] == before  # still the same guest, nothing renamed
    assert len(users(roomy)) == 2
    r = register(g, "victim2")
    assert r.status_code == 200 and r.json()["user"]["id"] == before["id"]
    assert users(roomy) == ["victim1", "victim2"]


# --------------------------------------------------------------------------- races


def test_the_unique_key_refuses_a_name_taken_between_check_and_insert(
        any_site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    """A registration whose name was free when checked but taken (in any case) before its
    insert gets the usual 409, for a new account and for a guest's upgrade alike."""
    site = any_site
    assert register(site.client(), "bob_1").status_code == 200
    g = site.guest()
    guest_before = g.get("/api/me").json()["user"]

    async def nobody(_s: Any, _name: str) -> None:  # the check saw the name free
        return None

    monkeypatch.setattr(repo, "user_by_name", nobody)
    for c in (site.client(), g):
        r = register(c, "BOB_1")
        assert r.status_code == 409 and r.json() == {"error": "that username is taken", "code": "auth"}, r.text
    monkeypatch.undo()
    assert g.get("/api/me").json()["user"] == guest_before
    assert sorted(users(site)) == sorted(["bob_1", guest_before["username"]])


def test_two_registrations_of_one_name_at_once(any_site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Bob" and "bob" registered at the same moment: both pass the check before either
    inserts when the database lets them (PostgreSQL); one account results, the other gets 409."""
    site = any_site
    real = repo.user_by_name
    checked: list[str] = []
    both = asyncio.Event()

    async def slow_check(s: Any, name: str) -> User | None:
        found = await real(s, name)
        checked.append(name)
        if len(checked) == 2:
            both.set()
        try:  # on SQLite the writer lock keeps the second out until the first commits
            await asyncio.wait_for(both.wait(), 1.0)
        except TimeoutError:
            pass
        return found

    monkeypatch.setattr(repo, "user_by_name", slow_check)

    async def race() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=site.app, client=("10.1.1.1", 4000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            return list(await asyncio.gather(
                c.post("/api/register", json={"username": "Bob", "password": "correct horse"}),
                c.post("/api/register", json={"username": "bob", "password": "correct horse"})))

    got = run(site, race)
    monkeypatch.undo()
    assert sorted(r.status_code for r in got) == [200, 409], [r.text for r in got]
    loser = next(r for r in got if r.status_code == 409)
    assert loser.json() == {"error": "that username is taken", "code": "auth"}

    async def count() -> int:
        async with site.app.state.db.read() as s:
            return int((await s.execute(select(func.count()).select_from(User)
                                        .where(User.username_key == "bob"))).scalar_one())

    assert run(site, count) == 1


# --------------------------------------------------------------------------- login timing


@pytest.fixture
def verifications(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The hashes the argon2 hasher verifies a password against, in order."""
    calls: list[str] = []
    real = PasswordHasher.verify

    def spy(self: PasswordHasher, hashed: str | bytes, password: str | bytes) -> Literal[True]:
        calls.append(hashed if isinstance(hashed, str) else hashed.decode())
        return real(self, hashed, password)

    monkeypatch.setattr(PasswordHasher, "verify", spy)  # the hasher has __slots__: patch its class
    return calls


def test_every_login_spends_one_argon2_verification(roomy: Site, verifications: list[str]) -> None:
    assert register(roomy.client(), "alice").status_code == 200
    (alice_hash,) = roomy.sql("select password_hash from users where username_key='alice'")[0]
    guest_name = roomy.guest().get("/api/me").json()["user"]["username"]
    assert verifications == []

    cases = [
        ("alice", "correct horse", 200),
        ("alice", "wrong password", 401),
        ("ALICE", "wrong password", 401),
        ("nobody", "correct horse", 401),     # no such account
        ("alice\n", "correct horse", 401),    # not a username at all
        ("\u212alice", "correct horse", 401),
        (guest_name, "correct horse", 401),   # a guest has no password
    ]
    for name, password, status in cases:
        verifications.clear()
        r = login(roomy.client(), name, password)
        assert r.status_code == status, (name, r.text)
        assert len(verifications) == 1, (name, verifications)
        if name.lower() == "alice":
            assert verifications == [alice_hash]
        else:
            assert verifications[0] != alice_hash

    # the stand-in hash is one hash, made with the parameters of real accounts' hashes
    stand_ins = set()
    for name in ("nobody", "someone", guest_name):
        verifications.clear()
        assert login(roomy.client(), name).status_code == 401
        stand_ins.update(verifications)
    assert len(stand_ins) == 1
    (dummy,) = stand_ins
    assert dummy.startswith("$argon2id$") and not roomy.app.state.hasher.check_needs_rehash(dummy)
    assert dummy.split("$")[2:4] == alice_hash.split("$")[2:4]  # version and m, t, p
