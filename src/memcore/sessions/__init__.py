"""Session storage for memories, keyed by tenant, user and session, isolated per user."""

from memcore.sessions.errors import SessionError
from memcore.sessions.keys import Principal, SessionKey
from memcore.sessions.sqlite_store import SqliteSessionStore
from memcore.sessions.store import SessionStore

__all__ = ["Principal", "SessionError", "SessionKey", "SessionStore", "SqliteSessionStore"]
