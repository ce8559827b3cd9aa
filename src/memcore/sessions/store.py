"""The session-store interface: what an embedded or a server database must provide."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import attrs
from returns.result import Result

from memcore.node import Memory, Node
from memcore.sessions.errors import SessionError
from memcore.sessions.keys import Principal, SessionKey


@attrs.frozen
class StoredSession:
    """A session's memory and version, read in one snapshot.

    Version 0 is a session that does not exist (its memory is empty); every committed write
    adds one, so a write made with `expected_version=v` leaves the session at `v + 1`.
    """

    memory: Memory
    version: int


@runtime_checkable
class SessionStore(Protocol):
    """Memories keyed by tenant, user and session.

    Every call names the calling `Principal` and is refused with an `isolation` error unless
    the principal owns the key. Writes are atomic: a turn is either committed whole or absent.
    Nodes pass `memcore.safety.filter_node` before they are stored.

    One session has one history: a writer that read the session (`load_versioned`) passes
    the version it read as `expected_version`, and the write is committed only if no other
    write came in between; otherwise it is a `ConcurrentUpdate` error and nothing is written
    (compare and swap on the session's version, checked inside the write's transaction).
    """

    def append_turn(
        self,
        principal: Principal,
        key: SessionKey,
        node: Node,
        expected_version: int | None = None,
    ) -> Result[int, SessionError]:
        """Commit `node` as the session's next turn (creating the session); the turn count.
        With `expected_version`, only if the session is still at that version."""
        ...

    def save(
        self,
        principal: Principal,
        key: SessionKey,
        memory: Memory,
        expected_version: int | None = None,
    ) -> Result[int, SessionError]:
        """Replace the session's memory with `memory`; the turn count. With
        `expected_version`, only if the session is still at that version."""
        ...

    def load(self, principal: Principal, key: SessionKey) -> Result[Memory, SessionError]:
        """The session's memory; `not_found` if the session does not exist."""
        ...

    def load_versioned(
        self, principal: Principal, key: SessionKey
    ) -> Result[StoredSession, SessionError]:
        """The session's memory and version (an empty memory at version 0 if the session
        does not exist), to write back with `expected_version`."""
        ...

    def sessions(self, principal: Principal) -> Result[tuple[SessionKey, ...], SessionError]:
        """The principal's own sessions, sorted by session name."""
        ...

    def delete_session(self, principal: Principal, key: SessionKey) -> Result[bool, SessionError]:
        """Delete one session; whether it existed."""
        ...

    def delete_user(self, principal: Principal) -> Result[int, SessionError]:
        """Purge every session of the principal; how many were deleted."""
        ...
