"""Password hashes: argon2id with the site's parameters (``argon2_*`` settings), RFC 9106's
low-memory profile by default; a hash made with other parameters verifies and is made again
with the site's at its owner's next login (docs/server.md, "Password hashes")."""

from __future__ import annotations

import warnings
from collections.abc import Callable

import pytest

from donjon.server import Settings, create_app
from tests.server.conftest import Site, fast_settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def params(hashed: str) -> str:
    """``m=…,t=…,p=…`` of an encoded argon2 hash."""
    return hashed.split("$")[3]


def stored_hash(site: Site, name: str) -> str:
    (h,) = site.sql("select password_hash from users where username_key = ?", name)[0]
    return str(h)


def login(c: TestClient, name: str, password: str = "correct horse") -> int:
    return c.post("/api/login", json={"username": name, "password": password}).status_code


def test_the_default_parameters_are_rfc_9106_low_memory(site_factory: Callable[..., Site]) -> None:
    s = Settings()
    assert (s.argon2_time_cost, s.argon2_memory_kib, s.argon2_parallelism) == (3, 65_536, 4)
    site = site_factory(argon2_time_cost=3, argon2_memory_kib=65_536, argon2_parallelism=4)
    site.user("alice")
    h = stored_hash(site, "alice")
    assert h.startswith("$argon2id$v=19$") and params(h) == "m=65536,t=3,p=4"
    assert login(site.client(), "alice") == 200 and stored_hash(site, "alice") == h


def test_a_hash_of_other_parameters_is_made_again_at_the_next_login(site_factory: Callable[..., Site]) -> None:
    site = site_factory()  # the tests' cheap parameters
    site.user("alice")
    site.user("bobby")
    old = stored_hash(site, "alice")
    assert params(old) == "m=64,t=1,p=1"

    # the operator raises the cost: the same database under new settings
    app = create_app(fast_settings(site.db, argon2_time_cost=2, argon2_memory_kib=128, argon2_parallelism=2))
    with TestClient(app, base_url="http://testserver") as c:
        assert login(c, "alice", "wrong password") == 401
        assert stored_hash(site, "alice") == old  # a failed login changes nothing
        assert login(c, "alice") == 200
        new = stored_hash(site, "alice")
        assert params(new) == "m=128,t=2,p=2"
        assert login(c, "alice") == 200 and stored_hash(site, "alice") == new  # made once
        assert params(stored_hash(site, "bobby")) == "m=64,t=1,p=1"  # who has not logged in keeps theirs
    # the old site verifies the new hash too (the parameters are in the hash)
    assert login(site.client(), "alice") == 200


def test_parameters_out_of_argon2_bounds_are_refused_at_start() -> None:
    for env, word in (({"DONJON_ARGON2_TIME_COST": "0"}, "TIME_COST"),
                      ({"DONJON_ARGON2_PARALLELISM": "0"}, "PARALLELISM"),
                      ({"DONJON_ARGON2_MEMORY_KIB": "31", "DONJON_ARGON2_PARALLELISM": "4"}, "MEMORY_KIB"),
                      ({"DONJON_ARGON2_MEMORY_KIB": "lots"}, "MEMORY_KIB")):
        with pytest.raises(ValueError, match=word):
            Settings.from_env(env)
    assert Settings.from_env({"DONJON_ARGON2_MEMORY_KIB": "32", "DONJON_ARGON2_PARALLELISM": "4"}).argon2_memory_kib == 32
