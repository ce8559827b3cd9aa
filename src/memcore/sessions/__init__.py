"""Session storage for memories, keyed by tenant, user and session, isolated per user.

`PostgresSessionStore` lives in `memcore.sessions.postgres_store` (extra `postgres`), imported
only when asked for, so that this package needs no database driver."""

from memcore.sessions.errors import ConcurrentUpdate, SessionError
from memcore.sessions.keys import Principal, SessionKey
from memcore.sessions.sqlite_store import SqliteSessionStore
from memcore.sessions.store import SessionStore, StoredSession
from memcore.sessions.targets import close_store, open_store

__all__ = [
    "ConcurrentUpdate",
    "Principal",
    "SessionError",
    "SessionKey",
    "SessionStore",
    "SqliteSessionStore",
    "StoredSession",
    "close_store",
    "open_store",
]
