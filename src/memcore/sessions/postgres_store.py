"""A session store in a PostgreSQL server, for a service with many users (extra `postgres`).

The same protocol, layout and guarantees as `SqliteSessionStore`: one row per session and one
per turn (`memcore.sessions.postgres_layout`), one transaction per write, every statement
filtered on tenant and user as well as on the session, every node through the poisoning
filter on its way in. Connections come from a `psycopg_pool.ConnectionPool`, checked before
each use, so the store is safe to share across threads; each process opens its own.

Writers of one session take turns on its `sessions` row (`SELECT ... FOR UPDATE`, after the
insert that creates it if absent), so an append reads the last turn that is really last, and
a write given the version its caller read compares it with the version that is really
current: a save based on a stale read is a `ConcurrentUpdate` error and writes nothing. A
load is one statement, so it reads the session row and its turns from one snapshot. A lost
connection is a `storage` error; the server rolls back whatever the transaction had written,
and the pool replaces the connection. (If it is lost during the commit itself, the turn may
or may not be committed, whole either way; a load tells which.)

Importing this module needs psycopg 3 and psycopg_pool; `import memcore.sessions` does not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import psycopg
from psycopg_pool import ConnectionPool
from returns.result import Failure, Result, Success

from memcore.node import Memory, Node
from memcore.results import collected
from memcore.safety.poisoning import filter_node
from memcore.sessions.errors import SessionError
from memcore.sessions.keys import Principal, SessionKey, authorised, checked_principal
from memcore.sessions.postgres_layout import prepare
from memcore.sessions.rows import (
    bad_text_error,
    existing_memory,
    memory_to_save,
    node_document,
    node_from_document,
    stale_write,
    stored_session,
)
from memcore.sessions.store import StoredSession

T = TypeVar("T")
Connection = psycopg.Connection[tuple[Any, ...]]

_KEY = 'tenant = %s AND "user" = %s AND session = %s'

# A session's row, created if absent (at version 0, as if absent: it is committed only with
# the write that follows, which adds one), then locked until the transaction ends.
_CREATE_SESSION = (
    'INSERT INTO sessions (tenant, "user", session, turns, last_turn, version)'
    " VALUES (%s, %s, %s, 0, NULL, 0) ON CONFLICT DO NOTHING"
)
_LOCK_SESSION = f"SELECT turns, last_turn, version FROM sessions WHERE {_KEY} FOR UPDATE"


def _storage_error(error: psycopg.Error) -> SessionError:
    # libpq's messages run over several lines (a hint after a tab): one line is kept readable.
    message = " ".join(str(error).split())
    return SessionError("storage", "database", f"{type(error).__name__}: {message}")


def _documents(nodes: tuple[Node, ...]) -> Result[list[tuple[int, str]], SessionError]:
    """Each node's turn and document, refused before the database is touched if any text has
    no UTF-8 form."""
    documents = [(node.turn, node_document(node)) for node in nodes]
    try:
        for _, document in documents:
            document.encode("utf-8")
    except UnicodeEncodeError as error:
        return Failure(bad_text_error(error))
    return Success(documents)


@attrs.frozen
class PostgresSessionStore:
    """A `SessionStore` in a PostgreSQL database, reached through a connection pool.

    Open it with `open(conninfo)` (a `postgresql://` URL or a libpq key=value string) and
    `close()` it when done (or use it as a context manager)."""

    pool: ConnectionPool[Connection]
    pool_timeout_s: float = 30.0

    @classmethod
    def open(
        cls, conninfo: str, max_connections: int = 10, connect_timeout_s: int = 10
    ) -> Result[PostgresSessionStore, SessionError]:
        """Connect, create the tables if needed (in one transaction), and open a pool of at
        most `max_connections` connections; a `storage` error if the server cannot be
        reached or holds a newer layout."""
        try:
            with psycopg.connect(conninfo, connect_timeout=connect_timeout_s) as connection:
                prepared = prepare(connection)
                if isinstance(prepared, Failure):
                    connection.rollback()
                    return Failure(prepared.failure())
            pool: ConnectionPool[Connection] = ConnectionPool(
                conninfo,
                min_size=1,
                max_size=max_connections,
                kwargs={"connect_timeout": connect_timeout_s},
                check=ConnectionPool.check_connection,
                open=False,
            )
            pool.open(wait=True, timeout=connect_timeout_s)
        except psycopg.Error as error:
            return Failure(_storage_error(error))
        return Success(cls(pool))

    def close(self) -> None:
        """Close every connection of the pool."""
        self.pool.close()

    def __enter__(self) -> PostgresSessionStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _run(
        self, work: Callable[[Connection], Result[T, SessionError]]
    ) -> Result[T, SessionError]:
        """`work` in one transaction: committed on Success, rolled back otherwise."""
        try:
            with self.pool.connection(timeout=self.pool_timeout_s) as connection:
                result = work(connection)
                if isinstance(result, Success):
                    connection.commit()
                else:
                    connection.rollback()
                return result
        except psycopg.Error as error:
            return Failure(_storage_error(error))

    def append_turn(
        self,
        principal: Principal,
        key: SessionKey,
        node: Node,
        expected_version: int | None = None,
    ) -> Result[int, SessionError]:
        """Commit `node` as the session's next turn (creating the session); the turn count.
        With `expected_version`, only if the session is still at that version."""
        names = (key.tenant, key.user, key.session)

        def work(connection: Connection, turn: int, document: str) -> Result[int, SessionError]:
            connection.execute(_CREATE_SESSION, names)
            row = connection.execute(_LOCK_SESSION, names).fetchone()
            count, last_turn, version = (0, None, 0) if row is None else row
            stale = stale_write(expected_version, version)
            if stale is not None:
                return Failure(stale)
            if last_turn is not None and turn <= last_turn:
                return Failure(
                    SessionError(
                        "turn_order", "node.turn", f"turn {turn} does not follow turn {last_turn}"
                    )
                )
            connection.execute(
                'INSERT INTO session_turns (tenant, "user", session, turn, document)'
                " VALUES (%s, %s, %s, %s, %s)",
                (*names, turn, document),
            )
            connection.execute(
                "UPDATE sessions SET turns = turns + 1, last_turn = %s, version = version + 1"
                f" WHERE {_KEY}",
                (turn, *names),
            )
            return Success(count + 1)

        def written(documents: list[tuple[int, str]]) -> Result[int, SessionError]:
            ((turn, document),) = documents
            return self._run(lambda connection: work(connection, turn, document))

        return (
            authorised(principal, key)
            .bind(lambda _: _documents((filter_node(node),)))
            .bind(written)
        )

    def save(
        self,
        principal: Principal,
        key: SessionKey,
        memory: Memory,
        expected_version: int | None = None,
    ) -> Result[int, SessionError]:
        """Replace the session's memory with `memory`; the turn count. With
        `expected_version`, only if the session is still at that version."""
        names = (key.tenant, key.user, key.session)

        def work(connection: Connection, rows: list[tuple[int, str]]) -> Result[int, SessionError]:
            last_turn = rows[-1][0] if rows else None
            # The session's row is locked first, before its turns change.
            connection.execute(_CREATE_SESSION, names)
            row = connection.execute(_LOCK_SESSION, names).fetchone()
            stale = stale_write(expected_version, 0 if row is None else row[2])
            if stale is not None:
                return Failure(stale)
            connection.execute(
                "UPDATE sessions SET turns = %s, last_turn = %s, version = version + 1"
                f" WHERE {_KEY}",
                (len(rows), last_turn, *names),
            )
            connection.execute(f"DELETE FROM session_turns WHERE {_KEY}", names)
            with connection.cursor() as cursor:
                cursor.executemany(
                    'INSERT INTO session_turns (tenant, "user", session, turn, document)'
                    " VALUES (%s, %s, %s, %s, %s)",
                    [(*names, turn, document) for turn, document in rows],
                )
            return Success(len(rows))

        return (
            memory_to_save(principal, key, memory)
            .bind(lambda filtered: _documents(filtered.nodes))
            .bind(lambda rows: self._run(lambda connection: work(connection, rows)))
        )

    def load(self, principal: Principal, key: SessionKey) -> Result[Memory, SessionError]:
        """The session's memory; `not_found` if the session does not exist."""
        return self.load_versioned(principal, key).bind(existing_memory)

    def load_versioned(
        self, principal: Principal, key: SessionKey
    ) -> Result[StoredSession, SessionError]:
        """The session's memory and version (an empty memory at version 0 if the session
        does not exist), to write back with `expected_version`."""

        def work(connection: Connection) -> Result[StoredSession, SessionError]:
            rows = connection.execute(
                "SELECT s.turns, s.version, t.turn, t.document FROM sessions s"
                ' LEFT JOIN session_turns t ON t.tenant = s.tenant AND t."user" = s."user"'
                " AND t.session = s.session"
                ' WHERE s.tenant = %s AND s."user" = %s AND s.session = %s ORDER BY t.turn',
                (key.tenant, key.user, key.session),
            ).fetchall()
            if not rows:
                return Success(StoredSession(Memory(), 0))
            read = collected(
                node_from_document(turn, document)
                for _, _, turn, document in rows
                if turn is not None
            )
            recorded, version = rows[0][0], rows[0][1]
            return read.bind(lambda nodes: stored_session(nodes, recorded, version))

        return authorised(principal, key).bind(lambda _: self._run(work))

    def sessions(self, principal: Principal) -> Result[tuple[SessionKey, ...], SessionError]:
        """The principal's own sessions, sorted by session name (code point order, as in
        SQLite, whatever the database's collation)."""

        def work(connection: Connection) -> Result[tuple[SessionKey, ...], SessionError]:
            rows = connection.execute(
                'SELECT session FROM sessions WHERE tenant = %s AND "user" = %s'
                ' ORDER BY session COLLATE "C"',
                (principal.tenant, principal.user),
            ).fetchall()
            return Success(tuple(SessionKey(principal.tenant, principal.user, r[0]) for r in rows))

        return checked_principal(principal).bind(lambda _: self._run(work))

    def delete_session(self, principal: Principal, key: SessionKey) -> Result[bool, SessionError]:
        """Delete one session (its turns go with it); whether it existed."""

        def work(connection: Connection) -> Result[bool, SessionError]:
            names = (key.tenant, key.user, key.session)
            deleted = connection.execute(f"DELETE FROM sessions WHERE {_KEY}", names).rowcount
            return Success(deleted > 0)

        return authorised(principal, key).bind(lambda _: self._run(work))

    def delete_user(self, principal: Principal) -> Result[int, SessionError]:
        """Purge every session of the principal; how many were deleted."""

        def work(connection: Connection) -> Result[int, SessionError]:
            deleted = connection.execute(
                'DELETE FROM sessions WHERE tenant = %s AND "user" = %s',
                (principal.tenant, principal.user),
            ).rowcount
            return Success(deleted)

        return checked_principal(principal).bind(lambda _: self._run(work))
