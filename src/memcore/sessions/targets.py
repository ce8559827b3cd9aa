"""Which store a target names: a `postgresql://` (or `postgres://`) URL is a PostgreSQL
database, anything else the path of a SQLite file (the embedded default)."""

from __future__ import annotations

from pathlib import Path

from returns.result import Failure, Result

from memcore.sessions.errors import SessionError
from memcore.sessions.sqlite_store import SqliteSessionStore
from memcore.sessions.store import SessionStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def names_postgres(target: str) -> bool:
    """Whether `target` is a PostgreSQL URL rather than a file path."""
    return target.startswith(POSTGRES_SCHEMES)


def open_store(target: str) -> Result[SessionStore, SessionError]:
    """Open the store `target` names; a `storage` error if it cannot be opened (for a
    PostgreSQL URL without the `postgres` extra installed, one that says so)."""
    if not names_postgres(target):
        return SqliteSessionStore.open(Path(target)).map(_as_store)
    try:
        # Imported here: psycopg is an optional extra, and `import memcore` stays light.
        from memcore.sessions.postgres_store import PostgresSessionStore
    except ImportError as error:
        return Failure(
            SessionError(
                "storage",
                "target",
                f"a PostgreSQL store needs the postgres extra "
                f"(pip install 'memcore[postgres]'): {error}",
            )
        )
    return PostgresSessionStore.open(target).map(_as_store)


def close_store(store: SessionStore) -> None:
    """Release what `store` holds (a PostgreSQL store's pool; a SQLite store holds nothing)."""
    close = getattr(store, "close", None)
    if callable(close):
        close()


def _as_store(store: SessionStore) -> SessionStore:
    return store
