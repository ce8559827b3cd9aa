"""The session-store interface: what an embedded or a server database must provide."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from returns.result import Result

from memcore.node import Memory, Node
from memcore.sessions.errors import SessionError
from memcore.sessions.keys import Principal, SessionKey


@runtime_checkable
class SessionStore(Protocol):
    """Memories keyed by tenant, user and session.

    Every call names the calling `Principal` and is refused with an `isolation` error unless
    the principal owns the key. Writes are atomic: a turn is either committed whole or absent.
    Nodes pass `memcore.safety.filter_node` before they are stored.
    """

    def append_turn(
        self, principal: Principal, key: SessionKey, node: Node
    ) -> Result[int, SessionError]:
        """Commit `node` as the session's next turn (creating the session); the turn count."""
        ...

    def save(
        self, principal: Principal, key: SessionKey, memory: Memory
    ) -> Result[int, SessionError]:
        """Replace the session's memory with `memory`; the turn count."""
        ...

    def load(self, principal: Principal, key: SessionKey) -> Result[Memory, SessionError]:
        """The session's memory; `not_found` if the session does not exist."""
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
