"""`memcore chat --store TARGET --session TENANT/USER/NAME`: the chat's session store.

TARGET is a SQLite file (the embedded default) or a `postgresql://` URL
(`memcore.sessions.open_store`). The chat resumes the named session if it exists and appends
every turn it stores, as one committed row.
"""

from __future__ import annotations

from returns.result import Failure, Result, Success

from memcore.node import Memory, Node
from memcore.sessions import (
    SessionKey,
    SessionStore,
    close_store,
    open_store,
)

DEFAULT_SESSION = "local/me/chat"


class ChatStore:
    """An opened store and the session the chat writes to, as its owner."""

    def __init__(self, store: SessionStore, key: SessionKey) -> None:
        self.store = store
        self.key = key

    @classmethod
    def open(cls, target: str, session: str) -> Result[tuple[ChatStore, Memory], str]:
        """The store and the session's memory so far (empty for a new session); a one-line
        reason if the session name is malformed or the store cannot be read."""
        parts = session.split("/")
        if len(parts) != 3 or not all(part.strip() for part in parts):
            return Failure(f"--session must be TENANT/USER/NAME: {session!r}")
        key = SessionKey(*parts)
        opened = open_store(target)
        if isinstance(opened, Failure):
            return Failure(f"cannot open the session store: {opened.failure()}")
        chat = cls(opened.unwrap(), key)
        loaded = chat.store.load(key.owner, key)
        if isinstance(loaded, Success):
            return Success((chat, loaded.unwrap()))
        if loaded.failure().code == "not_found":
            return Success((chat, Memory()))
        chat.close()
        return Failure(f"cannot read session {session!r}: {loaded.failure()}")

    def append(self, node: Node) -> str | None:
        """Commit `node` as the session's next turn; a one-line reason if it was not."""
        appended = self.store.append_turn(self.key.owner, self.key, node)
        if isinstance(appended, Failure):
            return f"cannot store turn {node.turn}: {appended.failure()}"
        return None

    def close(self) -> None:
        """Release the store's connections."""
        close_store(self.store)
