"""`memcore chat --store TARGET --session TENANT/USER/NAME`: the chat's session store.

TARGET is a SQLite file (the embedded default) or a `postgresql://` URL
(`memcore.sessions.open_store`). The chat resumes the named session if it exists and appends
every turn it completes, as one committed row; at the end, the last question's node, awaiting
its answer, as `--save` writes it.

Every write names the session's version this chat last read or wrote, so a chat never writes
over a turn another chat (or any other writer) stored meanwhile: that write is refused whole
(`ConcurrentUpdate`) and the chat says so in one line.
"""

from __future__ import annotations

from returns.result import Failure, Result, Success

from memcore.node import Memory, Node
from memcore.sessions import (
    ConcurrentUpdate,
    SessionError,
    SessionKey,
    SessionStore,
    close_store,
    open_store,
)

DEFAULT_SESSION = "local/me/chat"


class ChatStore:
    """An opened store and the session the chat writes to, as its owner."""

    def __init__(
        self, store: SessionStore, key: SessionKey, last: Node | None = None, version: int = 0
    ) -> None:
        self.store = store
        self.key = key
        # The session's last stored node: the only one a later turn may change (one stored
        # awaiting its answer, which the resumed chat's first call completes).
        self.last = last
        # The session's version as this chat last read or wrote it (0: not stored yet).
        self.version = version

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
        loaded = chat.store.load_versioned(key.owner, key)
        if isinstance(loaded, Success):
            stored = loaded.unwrap()
            memory = stored.memory
            chat.last = memory.nodes[-1] if memory.nodes else None
            chat.version = stored.version
            return Success((chat, memory))
        chat.close()
        return Failure(f"cannot read session {session!r}: {loaded.failure()}")

    def keep(self, memory: Memory) -> str | None:
        """Bring the session up to `memory`, whose earlier turns it holds: each new turn
        appended as one committed row, or, when the last stored turn has changed since, the
        session replaced by `memory` in one commit; a one-line reason if the store refused."""
        last = self.last
        now = None if last is None else _node_at(memory, last.turn)
        if last is not None and now is not None and now != last:
            replaced = self.store.save(self.key.owner, self.key, memory, self.version)
            if isinstance(replaced, Failure):
                return self._refusal(last.turn, replaced.failure())
            self.last = memory.nodes[-1]
            self.version += 1
            return None
        stored_through = 0 if last is None else last.turn
        for node in memory.nodes:
            if node.turn <= stored_through:
                continue
            appended = self.store.append_turn(self.key.owner, self.key, node, self.version)
            if isinstance(appended, Failure):
                return self._refusal(node.turn, appended.failure())
            self.last = node
            self.version += 1
        return None

    def _refusal(self, turn: int, error: SessionError) -> str:
        if isinstance(error, ConcurrentUpdate):
            name = "/".join((self.key.tenant, self.key.user, self.key.session))
            return (
                f"turn {turn} not stored: session {name} was changed by another writer since "
                "this chat read it; nothing was overwritten (quit and resume to continue from "
                "what is stored)"
            )
        return f"cannot store turn {turn}: {error}"

    def close(self) -> None:
        """Release the store's connections."""
        close_store(self.store)


def _node_at(memory: Memory, turn: int) -> Node | None:
    """The node of `turn` in `memory`, if any (searched from the end: it is a recent one)."""
    return next((node for node in reversed(memory.nodes) if node.turn == turn), None)
