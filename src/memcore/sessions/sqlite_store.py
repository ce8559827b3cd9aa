"""The embedded default: one SQLite file in WAL mode, one transaction per write.

Each session is one row of `sessions` and each of its turns one row of `session_turns`
(`memcore.sessions.sqlite_layout`, which also migrates files of the older layouts).
Appending a turn inserts its row and updates the session's inside one `BEGIN IMMEDIATE`
transaction, so its cost does not grow with the session, and a process killed mid-write
leaves every committed turn intact. Every statement filters on tenant and user as well as on
the session, so a call can only ever touch the calling principal's rows, even before the
explicit check. A write given the version its caller read checks it inside that same
`BEGIN IMMEDIATE` transaction, which no other writer can interleave with, so a save based on
a stale read is a `ConcurrentUpdate` error and writes nothing. Every node passes the
poisoning filter on its way in (spec/poisoning.md): instruction-like facts are never stored.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import attrs
from returns.result import Failure, Result, Success

from memcore.node import Memory, Node
from memcore.results import collected
from memcore.safety.poisoning import filter_node
from memcore.sessions.errors import SessionError
from memcore.sessions.keys import Principal, SessionKey, authorised, checked_principal
from memcore.sessions.rows import (
    bad_text_error,
    existing_memory,
    memory_to_save,
    node_from_document,
    stale_write,
    stored_session,
)
from memcore.sessions.sqlite_layout import insert_turns, prepare, set_session
from memcore.sessions.store import StoredSession

T = TypeVar("T")


@attrs.frozen
class _Stored:
    """A session's row: its turn count, last turn and version."""

    turns: int
    last_turn: int | None
    version: int


def _storage_error(error: sqlite3.Error) -> SessionError:
    return SessionError("storage", "database", f"{type(error).__name__}: {error}")


@attrs.frozen
class SqliteSessionStore:
    """A `SessionStore` in one SQLite file. Safe to share across threads and processes: each
    call opens its own connection (WAL lets readers run beside one writer)."""

    path: Path
    busy_timeout_s: float = 30.0

    @classmethod
    def open(cls, path: Path | str) -> Result[SqliteSessionStore, SessionError]:
        """Create or open the store at `path`, switching the file to WAL mode and migrating a
        file of the older one-document layout (in one transaction)."""
        store = cls(Path(path))
        try:
            with store._connection() as connection:
                connection.execute("PRAGMA journal_mode=WAL")
        except sqlite3.Error as error:
            return Failure(_storage_error(error))
        return store._run(prepare).map(lambda _: store)

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
        self,
        work: Callable[[sqlite3.Connection], Result[T, SessionError]],
        begin: str = "BEGIN IMMEDIATE",
    ) -> Result[T, SessionError]:
        # Reads run in a deferred transaction too: the session row and its turn rows are then
        # read from one snapshot, never across a concurrent append.
        try:
            with self._connection() as connection:
                connection.execute(begin)
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
            return Failure(bad_text_error(error))

    @staticmethod
    def _stored(connection: sqlite3.Connection, key: SessionKey) -> _Stored | None:
        """The session's row; None if it does not exist."""
        row = connection.execute(
            "SELECT turns, last_turn, version FROM sessions"
            " WHERE tenant = ? AND user = ? AND session = ?",
            (key.tenant, key.user, key.session),
        ).fetchone()
        return None if row is None else _Stored(row[0], row[1], row[2])

    @staticmethod
    def _version(stored: _Stored | None) -> int:
        return 0 if stored is None else stored.version

    @classmethod
    def _read(
        cls, connection: sqlite3.Connection, key: SessionKey
    ) -> Result[StoredSession, SessionError]:
        stored = cls._stored(connection, key)
        if stored is None:
            return Success(StoredSession(Memory(), 0))
        rows = connection.execute(
            "SELECT turn, document FROM session_turns"
            " WHERE tenant = ? AND user = ? AND session = ? ORDER BY turn",
            (key.tenant, key.user, key.session),
        ).fetchall()
        read = collected(node_from_document(turn, document) for turn, document in rows)
        return read.bind(lambda nodes: stored_session(nodes, stored.turns, stored.version))

    def append_turn(
        self,
        principal: Principal,
        key: SessionKey,
        node: Node,
        expected_version: int | None = None,
    ) -> Result[int, SessionError]:
        """Commit `node` as the session's next turn (creating the session); the turn count.
        With `expected_version`, only if the session is still at that version."""
        filtered = filter_node(node)

        def work(connection: sqlite3.Connection) -> Result[int, SessionError]:
            stored = self._stored(connection, key)
            stale = stale_write(expected_version, self._version(stored))
            if stale is not None:
                return Failure(stale)
            count, last_turn = (0, None) if stored is None else (stored.turns, stored.last_turn)
            if last_turn is not None and node.turn <= last_turn:
                return Failure(
                    SessionError(
                        "turn_order",
                        "node.turn",
                        f"turn {node.turn} does not follow turn {last_turn}",
                    )
                )
            insert_turns(connection, key.tenant, key.user, key.session, (filtered,))
            connection.execute(
                "INSERT INTO sessions (tenant, user, session, turns, last_turn, version)"
                " VALUES (?, ?, ?, 1, ?, 1) ON CONFLICT (tenant, user, session)"
                " DO UPDATE SET turns = turns + 1, last_turn = excluded.last_turn,"
                " version = version + 1",
                (key.tenant, key.user, key.session, filtered.turn),
            )
            return Success(count + 1)

        return authorised(principal, key).bind(lambda _: self._run(work))

    def save(
        self,
        principal: Principal,
        key: SessionKey,
        memory: Memory,
        expected_version: int | None = None,
    ) -> Result[int, SessionError]:
        """Replace the session's memory with `memory`; the turn count. With
        `expected_version`, only if the session is still at that version."""

        def work(connection: sqlite3.Connection, filtered: Memory) -> Result[int, SessionError]:
            stale = stale_write(expected_version, self._version(self._stored(connection, key)))
            if stale is not None:
                return Failure(stale)
            connection.execute(
                "DELETE FROM session_turns WHERE tenant = ? AND user = ? AND session = ?",
                (key.tenant, key.user, key.session),
            )
            insert_turns(connection, key.tenant, key.user, key.session, filtered.nodes)
            set_session(connection, key.tenant, key.user, key.session, filtered)
            return Success(len(filtered))

        return memory_to_save(principal, key, memory).bind(
            lambda filtered: self._run(lambda connection: work(connection, filtered))
        )

    def load(self, principal: Principal, key: SessionKey) -> Result[Memory, SessionError]:
        """The session's memory; `not_found` if the session does not exist."""
        return self.load_versioned(principal, key).bind(existing_memory)

    def load_versioned(
        self, principal: Principal, key: SessionKey
    ) -> Result[StoredSession, SessionError]:
        """The session's memory and version (an empty memory at version 0 if the session
        does not exist), to write back with `expected_version`."""
        return authorised(principal, key).bind(
            lambda _: self._run(lambda connection: self._read(connection, key), begin="BEGIN")
        )

    def sessions(self, principal: Principal) -> Result[tuple[SessionKey, ...], SessionError]:
        """The principal's own sessions, sorted by session name."""
        return checked_principal(principal).bind(self._sessions)

    def _sessions(self, principal: Principal) -> Result[tuple[SessionKey, ...], SessionError]:
        try:
            with self._connection() as connection:
                rows = connection.execute(
                    "SELECT session FROM sessions WHERE tenant = ? AND user = ? ORDER BY session",
                    (principal.tenant, principal.user),
                ).fetchall()
        except sqlite3.Error as error:
            return Failure(_storage_error(error))
        return Success(tuple(SessionKey(principal.tenant, principal.user, row[0]) for row in rows))

    def delete_session(self, principal: Principal, key: SessionKey) -> Result[bool, SessionError]:
        """Delete one session; whether it existed."""

        def work(connection: sqlite3.Connection) -> Result[bool, SessionError]:
            where = "WHERE tenant = ? AND user = ? AND session = ?"
            values = (key.tenant, key.user, key.session)
            connection.execute(f"DELETE FROM session_turns {where}", values)
            return Success(connection.execute(f"DELETE FROM sessions {where}", values).rowcount > 0)

        return authorised(principal, key).bind(lambda _: self._run(work))

    def delete_user(self, principal: Principal) -> Result[int, SessionError]:
        """Purge every session of the principal; how many were deleted."""

        def work(connection: sqlite3.Connection) -> Result[int, SessionError]:
            values = (principal.tenant, principal.user)
            connection.execute("DELETE FROM session_turns WHERE tenant = ? AND user = ?", values)
            deleted = connection.execute(
                "DELETE FROM sessions WHERE tenant = ? AND user = ?", values
            ).rowcount
            return Success(deleted)

        return checked_principal(principal).bind(lambda _: self._run(work))
