"""Shared test configuration: hypothesis profiles chosen by the HYPOTHESIS_PROFILE variable."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# "dev": the everyday run. "ci": fewer examples, no per-example deadline (shared machines are
# noisy) and a fixed seed, so a CI failure reproduces exactly.
settings.register_profile("dev", max_examples=100)
settings.register_profile(
    "ci",
    max_examples=30,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=(HealthCheck.too_slow,),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
