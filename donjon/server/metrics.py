"""Prometheus metrics at ``/metrics`` (text format), one registry per app.

Counted as they happen: accepted log entries, refused intents, ack latency, limit refusals.
Read at scrape time from the live objects: rooms, active games, open sockets, the group
commit's transactions and rows. Who may scrape: loopback clients, or anyone with
``Authorization: Bearer <DONJON_METRICS_TOKEN>`` when that setting is set (docs/server.md).
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import Iterator
from typing import Any

from fastapi import APIRouter, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric

from donjon.server import gctune

router = APIRouter()
log = logging.getLogger("donjon.rooms")

LOOPBACK = {"127.0.0.1", "::1", "localhost"}

ACK_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    """The app's metrics (``app.state.metrics``)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.actions = Counter("donjon_actions", "Log entries accepted (engine actions and lifecycle steps)",
                               ["game", "kind"], registry=r)
        self.refused = Counter("donjon_intents_refused", "Client messages refused, by error code", ["code"],
                               registry=r)
        self.ack_seconds = Histogram("donjon_ack_seconds",
                                     "From receiving an intent to queueing its ack (includes the commit)",
                                     buckets=ACK_BUCKETS, registry=r)
        self.rate_limited = Counter("donjon_rate_limited", "Messages or requests refused by an abuse limit",
                                    ["scope"], registry=r)
        self.ws_closed_abuse = Counter("donjon_ws_closed_for_abuse",
                                       "Sockets closed for sustained flooding (1008)", registry=r)
        self.app: Any = None
        r.register(_Live(self))

    def on_commit(self, room: Any, kind: str, seat: int | None) -> None:
        """The hub's hook: one accepted log entry."""
        self.actions.labels(room.kind, kind).inc()
        log.debug("entry accepted", extra={"game_id": room.id, "seat": seat, "kind": kind,
                                           "v": room.match.version})

    def bind(self, app: Any) -> None:
        """Read the live gauges from this app's hub, lobby sockets and database."""
        self.app = app


class _Live:
    """Gauges and counters read from the running objects at scrape time."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def describe(self) -> list[Metric]:
        return []  # collected lazily; nothing to check at registration

    def collect(self) -> Iterator[Metric]:
        app = self.metrics.app
        state = getattr(app, "state", None)
        hub = getattr(state, "hub", None)
        if hub is None:
            return
        rooms = list(hub.rooms.values())
        g = GaugeMetricFamily("donjon_rooms", "Games loaded in this process")
        g.add_metric([], len(rooms))
        yield g
        g = GaugeMetricFamily("donjon_games_active", "Games in progress loaded in this process", labels=["game"])
        active: dict[str, int] = {}
        for room in rooms:
            if room.match.active:
                active[room.kind] = active.get(room.kind, 0) + 1
        for kind, n in sorted(active.items()):
            g.add_metric([kind], n)
        yield g
        g = GaugeMetricFamily("donjon_sockets", "Open WebSockets", labels=["endpoint"])
        g.add_metric(["game"], sum(len(r.conns) for r in rooms))
        lobby = getattr(state, "lobby_sockets", None)
        g.add_metric(["lobby"], len(lobby.conns) if lobby is not None else 0)
        yield g
        pauses = gctune.PAUSES
        c = CounterMetricFamily("donjon_gc_collections", "Cyclic garbage collections, by generation",
                                labels=["generation"])
        for gen, n in enumerate(pauses.count):
            c.add_metric([str(gen)], n)
        yield c
        c = CounterMetricFamily("donjon_gc_pause_seconds", "Seconds the process stood still in garbage collections",
                                labels=["generation"])
        for gen, s in enumerate(pauses.seconds):
            c.add_metric([str(gen)], s)
        yield c
        g = GaugeMetricFamily("donjon_gc_pause_max_seconds", "Longest garbage-collection pause so far",
                              labels=["generation"])
        for gen, s in enumerate(pauses.longest):
            g.add_metric([str(gen)], s)
        yield g
        c = CounterMetricFamily("donjon_gc_collected_objects", "Objects the cyclic collector found unreachable "
                                "(garbage that reference counting could not free), by generation",
                                labels=["generation"])
        for gen, n in enumerate(pauses.collected):
            c.add_metric([str(gen)], n)
        yield c
        log = getattr(getattr(state, "db", None), "log", None)
        if log is not None:
            c = CounterMetricFamily("donjon_log_commits", "Group-commit transactions of the action log")
            c.add_metric([], log.batches)
            yield c
            c = CounterMetricFamily("donjon_log_rows", "Action-log entries written by the group commit")
            c.add_metric([], log.rows)
            yield c
            c = CounterMetricFamily("donjon_log_commit_seconds",
                                    "Seconds from taking a group-commit batch to seeing it committed")
            c.add_metric([], log.seconds)
            yield c


def allowed(request: Request) -> bool:
    token = request.app.state.settings.metrics_token
    if token:
        given = request.headers.get("authorization", "")
        if hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
            return True
    client = request.client
    return client is not None and client.host in LOOPBACK


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    if not allowed(request):
        return Response('{"error": "metrics are for loopback clients or a bearer token", "code": "forbidden"}',
                        status_code=403, media_type="application/json")
    m: Metrics = request.app.state.metrics
    return Response(generate_latest(m.registry), media_type=CONTENT_TYPE_LATEST)
