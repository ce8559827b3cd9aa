"""Shared test configuration: hypothesis profiles chosen by the HYPOTHESIS_PROFILE variable,
and the session stores every session test runs against."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from memcore.safety import CUES, gate_in_use, use_gate
from memcore.sessions import SessionStore, close_store, open_store
from session_stores import STORE_KINDS, StoreTarget, fresh_postgres_schema, start_postgres

# "dev": the everyday run and README's test command, so no per-example deadline: a newcomer's
# busy machine must not fail a property on time alone (speed lives in bench/). "ci": fewer
# examples and a fixed seed, so a CI failure reproduces exactly.
settings.register_profile(
    "dev",
    max_examples=100,
    deadline=None,
    suppress_health_check=(HealthCheck.too_slow,),
)
settings.register_profile(
    "ci",
    max_examples=30,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=(HealthCheck.too_slow,),
)
# "nightly": the same properties and fuzzers searched much longer, for a scheduled run
# (HYPOTHESIS_PROFILE=nightly python -m pytest), not for every change.
settings.register_profile(
    "nightly",
    max_examples=2_000,
    deadline=None,
    print_blob=True,
    suppress_health_check=(HealthCheck.too_slow,),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked `ray` start a local Ray runtime each; two at once on a small machine starve
    each other's actors ("actor died"), so under pytest-xdist they all go to one worker
    (README's `--dist loadgroup`)."""
    for item in items:
        if item.get_closest_marker("ray") is not None:
            item.add_marker(pytest.mark.xdist_group("ray"))


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server started for this test session (see session_stores).

    Its data live in a folder of their own, not under pytest's temporary root: another pytest
    session starting meanwhile resets that root to owner-only access, which would lock out
    the server's own user when the tests run as root."""
    folder = Path(tempfile.mkdtemp(prefix="memcore-postgres-"))
    try:
        yield from start_postgres(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=STORE_KINDS)
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> StoreTarget:
    """A fresh, empty store of each kind: a SQLite file, or a new PostgreSQL schema."""
    if request.param == "sqlite":
        return StoreTarget("sqlite", str(tmp_path / "sessions.db"))
    server_url: str = request.getfixturevalue("postgres_server")
    return StoreTarget("postgres", fresh_postgres_schema(server_url))


@pytest.fixture
def store(store_target: StoreTarget) -> Iterator[SessionStore]:
    """The store at `store_target`, opened, and closed after the test."""
    opened = open_store(store_target.target).unwrap()
    yield opened
    close_store(opened)


@pytest.fixture(autouse=True)
def _gate_restored() -> Iterator[None]:
    # The command line, the stores and the adapters set the process's gate; each test starts
    # from the cue lists alone and leaves the gate as it found it.
    before = gate_in_use()
    use_gate(CUES)
    yield
    use_gate(before)
