"""argon2 parameters of the tests' sites: a password hash in microseconds instead of ~150 ms
of CPU (a test run hashes hundreds of passwords). The site's default parameters are tested on
their own (tests/server/test_passwords.py)."""

from __future__ import annotations

from typing import Any

CHEAP_HASHES: dict[str, Any] = {"argon2_time_cost": 1, "argon2_memory_kib": 64, "argon2_parallelism": 1}
"""As :class:`~donjon.server.settings.Settings` fields."""
CHEAP_HASHES_ENV = {f"DONJON_{k.upper()}": str(v) for k, v in CHEAP_HASHES.items()}
"""As ``DONJON_*`` variables, for the tests' server processes."""
