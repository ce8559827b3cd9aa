"""The embedded default: one SQLite file in WAL mode, one transaction per write.

Each session is one row holding the memory as memcore's versioned JSON document
(`memcore.codec`). Appending a turn reads, extends and rewrites that row inside one
`BEGIN IMMEDIATE` transaction, so a process killed mid-write leaves the last committed
document intact. Every statement filters on tenant and user as well as on the session, so a
call can only ever touch the calling principal's rows, even before the explicit check.
Every node passes the poisoning filter on its way in (spec/poisoning.md): instruction-like
facts are never stored.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import attrs
from returns.result import Failure, Result, Success

from memcore.codec import dump_memory, load_memory
from memcore.node import Memory, Node
from memcore.safety.poisoning import filter_node
from memcore.sessions.errors import SessionError
from memcore.sessions.keys import Principal, SessionKey, authorised, checked_principal

_SCHEMA = """
CREATE TABLE IF NOT EXISTS memories (
    tenant TEXT NOT NULL,
    user TEXT NOT NULL,
    session TEXT NOT NULL,
    turns INTEGER NOT NULL,
    document TEXT NOT NULL,
    PRIMARY KEY (tenant, user, session)
)
"""

T = TypeVar("T")


def _storage_error(error: sqlite3.Error) -> SessionError:
    return SessionError("storage", "database", f"{type(error).__name__}: {error}")


def _bad_text_error(error: UnicodeEncodeError) -> SessionError:
    # Keys are checked up front, so text that cannot be encoded here is node content.
    return SessionError("bad_text", "memory", f"text not encodable as UTF-8: {error.reason}")


def _turn_order_error(memory: Memory) -> SessionError | None:
    for earlier, later in zip(memory.nodes, memory.nodes[1:], strict=False):
        if later.turn <= earlier.turn:
            return SessionError(
                "turn_order",
                "memory.nodes",
                f"turn {later.turn} does not follow turn {earlier.turn}",
            )
    return None


@attrs.frozen
class SqliteSessionStore:
    """A `SessionStore` in one SQLite file. Safe to share across threads and processes: each
    call opens its own connection (WAL lets readers run beside one writer)."""

    path: Path
    busy_timeout_s: float = 30.0

    @classmethod
    def open(cls, path: Path | str) -> Result[SqliteSessionStore, SessionError]:
        """Create or open the store at `path`, switching the file to WAL mode."""
        store = cls(Path(path))
        try:
            with store._connection() as connection:
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute(_SCHEMA)
        except sqlite3.Error as error:
            return Failure(_storage_error(error))
        return Success(store)

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        connection = sqlite3.connect(self.path, timeout=self.busy_timeout_s, isolation_level=None)
        try:
            # FULL: a committed turn survives even an OS crash, not only a killed process.
            connection.execute("PRAGMA synchronous=FULL")
            yield connection
        finally:
            connection.close()

    def _run(
        self, work: Callable[[sqlite3.Connection], Result[T, SessionError]]
    ) -> Result[T, SessionError]:
        try:
            with self._connection() as connection:
                connection.execute("BEGIN IMMEDIATE")
                try:
                    result = work(connection)
                except BaseException:
                    connection.execute("ROLLBACK")
                    raise
                connection.execute("COMMIT" if isinstance(result, Success) else "ROLLBACK")
                return result
        except sqlite3.Error as error:
            return Failure(_storage_error(error))
        except UnicodeEncodeError as error:
            return Failure(_bad_text_error(error))

    @staticmethod
    def _read(connection: sqlite3.Connection, key: SessionKey) -> Result[Memory, SessionError]:
        row = connection.execute(
            "SELECT document FROM memories WHERE tenant = ? AND user = ? AND session = ?",
            (key.tenant, key.user, key.session),
        ).fetchone()
        if row is None:
            return Failure(SessionError("not_found", "key.session", "no such session"))
        loaded = load_memory(row[0])
        if isinstance(loaded, Failure):
            return Failure(SessionError("bad_document", "document", str(loaded.failure())))
        return Success(loaded.unwrap())

    @staticmethod
    def _write(connection: sqlite3.Connection, key: SessionKey, memory: Memory) -> int:
        connection.execute(
            "INSERT INTO memories (tenant, user, session, turns, document) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (tenant, user, session)"
            " DO UPDATE SET turns = excluded.turns, document = excluded.document",
            (key.tenant, key.user, key.session, len(memory), dump_memory(memory)),
        )
        return len(memory)

    def append_turn(
        self, principal: Principal, key: SessionKey, node: Node
    ) -> Result[int, SessionError]:
        """Commit `node` as the session's next turn (creating the session); the turn count."""
        allowed = authorised(principal, key)
        if isinstance(allowed, Failure):
            return Failure(allowed.failure())

        def work(connection: sqlite3.Connection) -> Result[int, SessionError]:
            stored = self._read(connection, key)
            if isinstance(stored, Failure) and stored.failure().code != "not_found":
                return Failure(stored.failure())
            memory = stored.value_or(Memory())
            if memory.nodes and node.turn <= memory.nodes[-1].turn:
                return Failure(
                    SessionError(
                        "turn_order",
                        "node.turn",
                        f"turn {node.turn} does not follow turn {memory.nodes[-1].turn}",
                    )
                )
            return Success(self._write(connection, key, memory.append(filter_node(node))))

        return self._run(work)

    def save(
        self, principal: Principal, key: SessionKey, memory: Memory
    ) -> Result[int, SessionError]:
        """Replace the session's memory with `memory`; the turn count."""
        allowed = authorised(principal, key)
        if isinstance(allowed, Failure):
            return Failure(allowed.failure())
        out_of_order = _turn_order_error(memory)
        if out_of_order is not None:
            return Failure(out_of_order)
        filtered = Memory(tuple(filter_node(node) for node in memory.nodes))
        return self._run(lambda connection: Success(self._write(connection, key, filtered)))

    def load(self, principal: Principal, key: SessionKey) -> Result[Memory, SessionError]:
        """The session's memory; `not_found` if the session does not exist."""
        allowed = authorised(principal, key)
        if isinstance(allowed, Failure):
            return Failure(allowed.failure())
        try:
            with self._connection() as connection:
                return self._read(connection, key)
        except sqlite3.Error as error:
            return Failure(_storage_error(error))

    def sessions(self, principal: Principal) -> Result[tuple[SessionKey, ...], SessionError]:
        """The principal's own sessions, sorted by session name."""
        checked = checked_principal(principal)
        if isinstance(checked, Failure):
            return Failure(checked.failure())
        try:
            with self._connection() as connection:
                rows = connection.execute(
                    "SELECT session FROM memories WHERE tenant = ? AND user = ? ORDER BY session",
                    (principal.tenant, principal.user),
                ).fetchall()
        except sqlite3.Error as error:
            return Failure(_storage_error(error))
        return Success(tuple(SessionKey(principal.tenant, principal.user, row[0]) for row in rows))

    def delete_session(self, principal: Principal, key: SessionKey) -> Result[bool, SessionError]:
        """Delete one session; whether it existed."""
        allowed = authorised(principal, key)
        if isinstance(allowed, Failure):
            return Failure(allowed.failure())
        return self._run(
            lambda connection: Success(
                connection.execute(
                    "DELETE FROM memories WHERE tenant = ? AND user = ? AND session = ?",
                    (key.tenant, key.user, key.session),
                ).rowcount
                > 0
            )
        )

    def delete_user(self, principal: Principal) -> Result[int, SessionError]:
        """Purge every session of the principal; how many were deleted."""
        checked = checked_principal(principal)
        if isinstance(checked, Failure):
            return Failure(checked.failure())
        return self._run(
            lambda connection: Success(
                connection.execute(
                    "DELETE FROM memories WHERE tenant = ? AND user = ?",
                    (principal.tenant, principal.user),
                ).rowcount
            )
        )
