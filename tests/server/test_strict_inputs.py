"""Every JSON body of the API is typed strictly: a number is a JSON integer (not a string,
not a boolean, not a float such as 1.0), a string is a string, a boolean is a boolean. A
wrong-typed field gets 422 ``{"error": "<field>: ...", "code": "invalid"}`` and changes
nothing."""

from __future__ import annotations

from typing import Any

import pytest

from donjon.server.lobby import LobbyError, TableRequest
from tests.server.conftest import Site

NOT_INTEGERS: list[Any] = ["100", "0", " 7 ", True, False, 1.0, 0.0, 1.5, 1e2, [1], {"n": 1}]
NOT_STRINGS: list[Any] = [1, 0, 1.5, True, False, ["x"], {"x": "y"}]
NOT_OBJECTS: list[Any] = [[], ["x"], "x", 1, True]


def snapshot(site: Site) -> dict[str, Any]:
    return {t: site.sql(f"select * from {t} order by 1") for t in ("users", "tables", "ledger", "games")}


def refused(r: Any, field: str | None) -> None:
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["code"] == "invalid" and isinstance(body["error"], str) and body["error"], body
    if field is not None:
        assert body["error"].startswith(f"{field}: "), body


# --------------------------------------------------------------------------- accounts


@pytest.mark.parametrize("path", ["/api/register", "/api/login"])
def test_credentials_are_strings(site_factory: Any, path: str) -> None:
    site = site_factory(register_limit=10_000, login_fail_limit=10_000)
    c = site.user("alice")
    before = snapshot(site)
    for bad in NOT_STRINGS + [None]:
        refused(c.post(path, json={"username": bad, "password": "correct horse"}), "username")
        refused(c.post(path, json={"username": "alice", "password": bad}), "password")
    refused(c.post(path, json={"username": 12345678, "password": 12345678}), None)
    for bad in NOT_OBJECTS:
        refused(c.post(path, json=bad), None)
    assert snapshot(site) == before


# --------------------------------------------------------------------------- tables


INT_FIELDS: dict[str, dict[str, Any]] = {"stake": {"mode": "ranked"}, "seats": {"game": "castel"}, "bots": {"game": "castel", "seats": 3}}
STR_FIELDS: dict[str, dict[str, Any]] = {"game": {}, "mode": {}, "color": {}, "opponent": {}, "bot_level": {"opponent": "bot"},
              "difficulty": {"game": "citadel"}}


@pytest.mark.parametrize("field", sorted(INT_FIELDS))
def test_table_numbers_are_json_integers(site: Site, field: str) -> None:
    alice = site.user("alice")
    before = snapshot(site)
    for bad in NOT_INTEGERS:
        r = alice.post("/api/tables", json={**INT_FIELDS[field], field: bad})
        refused(r, field)
        assert "integer" in r.json()["error"], r.text
    assert snapshot(site) == before
    assert alice.get("/api/me").json()["user"]["balance"] == 500
    # the same numbers as JSON integers are fine
    good = {"stake": 100, "seats": 3, "bots": 1}[field]
    r = alice.post("/api/tables", json={**INT_FIELDS[field], field: good})
    assert r.status_code == 200, r.text
    assert r.json()["table"][field if field != "bots" else "seats"] == (good if field != "bots" else 3)


def test_a_string_stake_opens_nothing_even_for_a_guest(site: Site) -> None:
    c = site.client()
    for bad in ("100", True, 1.0):
        refused(c.post("/api/tables", json={"stake": bad}), "stake")
    assert site.sql("select count(*) from users")[0][0] == 0  # no guest made for a refused body
    assert site.sql("select count(*) from tables")[0][0] == 0


@pytest.mark.parametrize("field", sorted(STR_FIELDS))
def test_table_words_are_strings(site: Site, field: str) -> None:
    alice = site.user("alice")
    before = snapshot(site)
    for bad in NOT_STRINGS:
        refused(alice.post("/api/tables", json={**STR_FIELDS[field], field: bad}), field)
    assert snapshot(site) == before


def test_table_body_is_an_object(site: Site) -> None:
    alice = site.user("alice")
    before = snapshot(site)
    for bad in NOT_OBJECTS:
        refused(alice.post("/api/tables", json=bad), None)
    assert snapshot(site) == before


def test_table_request_parse_is_strict() -> None:
    for field in ("stake", "seats", "bots"):
        for bad in NOT_INTEGERS:
            with pytest.raises(LobbyError, match="whole number"):
                TableRequest.parse({"game": "castel", "seats": 3, field: bad})
    for field in ("game", "mode", "color", "opponent", "bot_level", "difficulty"):
        for bad in NOT_STRINGS:
            with pytest.raises(LobbyError):
                TableRequest.parse({"game": "citadel", **({field: bad} if field != "game" else {"game": bad})})
    assert TableRequest.parse({"game": "castel", "seats": 3, "bots": 1}).bots == 1


def test_join_and_fill_bodies(site: Site) -> None:
    alice, bob = site.user("alice"), site.user("bobby")
    r = alice.post("/api/tables", json={"game": "castel", "seats": 4, "opponent": "invite"})
    assert r.status_code == 200, r.text
    tid, code = r.json()["table"]["id"], r.json()["table"]["invite_code"]
    before = snapshot(site)
    for bad in NOT_STRINGS:
        refused(bob.post(f"/api/tables/{tid}/join", json={"code": bad}), "code")
        refused(alice.post(f"/api/tables/{tid}/fill", json={"bot_level": bad}), "bot_level")
    for bad in NOT_OBJECTS:
        refused(bob.post(f"/api/tables/{tid}/join", json=bad), None)
        refused(alice.post(f"/api/tables/{tid}/fill", json=bad), None)
    assert snapshot(site) == before
    assert bob.post(f"/api/tables/{tid}/join", json={"code": code}).status_code == 200


# --------------------------------------------------------------------------- league


def test_shop_and_hat_bodies(site: Site) -> None:
    alice = site.user("alice")
    assert alice.post("/api/shop/buy", json={"hat": "beret"}).json() == {"balance": 400}
    before = snapshot(site)
    for bad in NOT_STRINGS:
        refused(alice.post("/api/shop/buy", json={"hat": bad}), "hat")
        refused(alice.post("/api/hats/equip", json={"hat": bad}), "hat")
    for bad in NOT_OBJECTS:
        refused(alice.post("/api/shop/buy", json=bad), None)
        refused(alice.post("/api/hats/equip", json=bad), None)
    assert snapshot(site) == before
    assert alice.get("/api/shop").json()["equipped"] is None
    assert alice.post("/api/hats/equip", json={"hat": "beret"}).json() == {"equipped": "beret"}
