"""How hard the fuzz tests push: small in `make test`, large in `make fuzz`.

`PRINTKIT_FUZZ=N` scales every fuzz test's example count to N (make fuzz sets 100000);
without it each test runs its own small default, so the suite stays fast. A corpus test (bot
games played, turned and checked one by one) is marked `fuzz` too and plays `corpus(n)` games:
n in `make test`, twenty times n in `make fuzz`.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings


def fuzz_settings(default: int) -> settings:
    n = int(os.environ.get("PRINTKIT_FUZZ", "0")) or default
    return settings(max_examples=n, deadline=None, derandomize=not os.environ.get(
        "PRINTKIT_FUZZ"), suppress_health_check=list(HealthCheck), database=None)


def corpus(default: int) -> int:
    """Games a corpus test plays: `default` in make test, twenty times as many in make fuzz."""
    return default * 20 if os.environ.get("PRINTKIT_FUZZ") else default
