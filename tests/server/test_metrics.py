"""``/metrics``: Prometheus text that reflects sockets, moves, refusals and acks; who may read it."""

from __future__ import annotations

import warnings
from collections.abc import Callable

from prometheus_client.parser import text_string_to_metric_families

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tests.server.conftest import Player, Site, recv


def scrape(site: Site, ip: str = "127.0.0.1", headers: dict[str, str] | None = None) -> dict[tuple[str, tuple[
        tuple[str, str], ...]], float]:
    c = TestClient(site.app, base_url="http://testserver", client=(ip, 50000))
    c.portal = site.main.portal
    r = c.get("/metrics", headers=headers or {})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain")
    out = {}
    for fam in text_string_to_metric_families(r.text):
        for s in fam.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def test_metrics_reflect_sockets_and_a_move(site: Site) -> None:
    m = scrape(site)
    assert m[("donjon_sockets", (("endpoint", "game"),))] == 0
    assert m[("donjon_rooms", ())] == 0
    gid, by_seat = site.game_pair(site.user("alice"), site.user("bob"))
    white, black = Player(by_seat[0], gid), Player(by_seat[1], gid)
    white.hello()
    black.hello()
    with site.client().websocket_connect("/ws/lobby") as lobby:
        assert recv(lobby)["t"] == "tables"
        m = scrape(site)
        assert m[("donjon_sockets", (("endpoint", "game"),))] == 2
        assert m[("donjon_sockets", (("endpoint", "lobby"),))] == 1
    assert m[("donjon_games_active", (("game", "unfairchess"),))] == 1
    assert ("donjon_actions_total", (("game", "unfairchess"), ("kind", "play"))) not in m
    rows_before = m[("donjon_log_rows_total", ())]

    assert white.act({"type": "move", "uci": "e2e4"})["t"] == "ack"
    err = white.act({"type": "move", "uci": "e7e5"})
    assert err["code"] == "not_your_turn"
    white.ws.send_text("not json")
    assert white.recv()["code"] == "bad_request"

    m = scrape(site)
    assert m[("donjon_actions_total", (("game", "unfairchess"), ("kind", "play")))] == 1
    assert m[("donjon_ack_seconds_count", ())] == 1
    assert m[("donjon_ack_seconds_sum", ())] > 0
    assert m[("donjon_ack_seconds_bucket", (("le", "+Inf"),))] == 1
    assert m[("donjon_intents_refused_total", (("code", "not_your_turn"),))] == 1
    assert m[("donjon_intents_refused_total", (("code", "bad_request"),))] == 1
    assert m[("donjon_log_rows_total", ())] == rows_before + 1
    assert m[("donjon_log_commits_total", ())] >= 1
    black.close()
    m = scrape(site)
    assert m[("donjon_sockets", (("endpoint", "game"),))] == 1


def test_metrics_access(site_factory: Callable[..., Site]) -> None:
    site = site_factory(metrics_token="s3cret-token")
    c = TestClient(site.app, base_url="http://testserver", client=("203.0.113.9", 50000))
    c.portal = site.main.portal
    r = c.get("/metrics")
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    assert c.get("/metrics", headers={"authorization": "Bearer wrong"}).status_code == 403
    assert scrape(site, "203.0.113.9", {"authorization": "Bearer s3cret-token"})[("donjon_rooms", ())] == 0
    assert scrape(site, "::1")[("donjon_rooms", ())] == 0  # loopback needs no token


def test_each_app_has_its_own_registry(site_factory: Callable[..., Site]) -> None:
    a, b = site_factory(), site_factory()
    assert a.app.state.metrics.registry is not b.app.state.metrics.registry
    a.app.state.metrics.refused.labels("illegal").inc()
    assert scrape(a)[("donjon_intents_refused_total", (("code", "illegal"),))] == 1
    assert ("donjon_intents_refused_total", (("code", "illegal"),)) not in scrape(b)
