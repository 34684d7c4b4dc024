"""Logging for ``donjon serve``: readable text lines (default) or one JSON object per line
(``DONJON_LOG_FORMAT=json``) for a log collector.

A JSON line has ``ts`` (UTC, ISO 8601 with milliseconds), ``level``, ``logger``, ``msg``,
``node``, and the context fields a call passes in ``extra`` (``game_id``, ``seat``, ``user``,
``code``, ``kind``, ...), plus ``exc`` with the traceback of an error::

    log.debug("intent refused", extra={"game_id": gid, "seat": 0, "code": "illegal"})

Levels: accepted and refused actions at debug, lifecycle (start, stop, drain) at info,
failures at error. Uvicorn's own loggers go through the same handler.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

# Attributes every LogRecord has; anything else on a record came from ``extra``.
# (uvicorn adds ``color_message``, the same text with terminal colours.)
_STANDARD = set(vars(logging.LogRecord("x", logging.INFO, "x", 0, "x", None, None))) | {
    "message", "asctime", "taskName", "color_message"}


class JsonFormatter(logging.Formatter):
    def __init__(self, node: str = "") -> None:
        super().__init__()
        self.node = node

    def format(self, record: logging.LogRecord) -> str:
        ts = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z"
        out: dict[str, Any] = {"ts": ts, "level": record.levelname.lower(), "logger": record.name,
                               "msg": record.getMessage()}
        if self.node:
            out["node"] = self.node
        for k, v in vars(record).items():
            if k not in _STANDARD and not k.startswith("_") and k not in out:
                out[k] = v
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    """``2026-11-30 05:20:01,123 INFO donjon.rooms: msg  game_id=... seat=...``"""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        extra = [f"{k}={v}" for k, v in vars(record).items() if k not in _STANDARD and not k.startswith("_")]
        if extra:
            first, nl, rest = line.partition("\n")
            line = first + "  " + " ".join(extra) + nl + rest
        return line


def configure(fmt: str = "text", level: str = "info", node: str = "") -> None:
    """Send the root logger (and uvicorn's) to stderr in ``fmt`` (``text`` or ``json``)."""
    if fmt not in ("text", "json"):
        raise ValueError(f"DONJON_LOG_FORMAT={fmt!r}: expected 'text' or 'json'")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter(node) if fmt == "json" else TextFormatter())
    root = logging.getLogger()
    for h in list(root.handlers):
        root.removeHandler(h)
    root.addHandler(handler)
    root.setLevel(level.upper())
    for name in ("aiosqlite", "asyncio", "websockets"):  # their debug lines are per query / frame
        logging.getLogger(name).setLevel(max(logging.INFO, root.level))
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        lg = logging.getLogger(name)
        lg.handlers.clear()
        lg.propagate = True
