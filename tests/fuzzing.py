"""How hard the fuzz tests push: small in `make test`, large in `make fuzz`.

`PRINTKIT_FUZZ=N` scales every fuzz test's example count to N (make fuzz sets 100000);
without it each test runs its own small default, so the suite stays fast.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings


def fuzz_settings(default: int) -> settings:
    n = int(os.environ.get("PRINTKIT_FUZZ", "0")) or default
    return settings(max_examples=n, deadline=None, derandomize=not os.environ.get(
        "PRINTKIT_FUZZ"), suppress_health_check=list(HealthCheck), database=None)
