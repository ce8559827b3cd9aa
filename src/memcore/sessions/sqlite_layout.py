"""The SQLite store's tables, and the one-step migration from the one-document layout.

Layout 3 (current) keeps one row per session in `sessions` (its turn count, last turn and
version) and one row per turn in `session_turns`, keyed by tenant, user, session and turn;
each turn row holds the node as memcore's versioned memory document of one node
(`memcore.sessions.rows`), so document migrations apply row by row. Appending a turn inserts
one row and updates one, so its cost does not grow with the session. The version counts the
session's committed writes (`memcore.sessions.store.StoredSession`): a write based on an
older version is refused, so two writers of one session cannot overwrite each other.

Layout 2 had no version column; opening a layout-2 file adds it, every existing session at
version 1 (it exists, so not 0), in the caller's transaction. A memcore that reads only
layout 2 then refuses the file rather than write it without counting versions.

Layout 1 (memcore before this module) kept each session as one row of `memories` holding
the whole memory document, which every append read and rewrote. A layout-1 file is migrated
when a store opens it, inside the caller's transaction: every document is read, its nodes
pass the poisoning filter again and become turn rows, and `memories` is dropped. A document
that does not read back stops the migration; the transaction is rolled back and the file is
left as it was. `PRAGMA user_version` records the layout; a newer one is refused.
"""

from __future__ import annotations

import sqlite3

from returns.result import Failure, Result, Success

from memcore.codec import load_memory
from memcore.node import Memory, Node
from memcore.safety.poisoning import filter_node
from memcore.sessions.errors import SessionError
from memcore.sessions.rows import node_document

LAYOUT = 3

_TABLES = (
    """
    CREATE TABLE IF NOT EXISTS sessions (
        tenant TEXT NOT NULL,
        user TEXT NOT NULL,
        session TEXT NOT NULL,
        turns INTEGER NOT NULL,
        last_turn INTEGER,
        version INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (tenant, user, session)
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS session_turns (
        tenant TEXT NOT NULL,
        user TEXT NOT NULL,
        session TEXT NOT NULL,
        turn INTEGER NOT NULL,
        document TEXT NOT NULL,
        PRIMARY KEY (tenant, user, session, turn)
    )
    """,
)


def insert_turns(
    connection: sqlite3.Connection, tenant: str, user: str, session: str, nodes: tuple[Node, ...]
) -> None:
    """Add `nodes` as turn rows of the session (the caller keeps `sessions` in step)."""
    connection.executemany(
        "INSERT INTO session_turns (tenant, user, session, turn, document) VALUES (?, ?, ?, ?, ?)",
        ((tenant, user, session, node.turn, node_document(node)) for node in nodes),
    )


def set_session(
    connection: sqlite3.Connection, tenant: str, user: str, session: str, memory: Memory
) -> None:
    """Record the session's turn count and last turn, creating its row (at version 1) if
    needed or adding one to its version."""
    last_turn = memory.nodes[-1].turn if memory.nodes else None
    connection.execute(
        "INSERT INTO sessions (tenant, user, session, turns, last_turn, version)"
        " VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (tenant, user, session)"
        " DO UPDATE SET turns = excluded.turns, last_turn = excluded.last_turn,"
        " version = version + 1",
        (tenant, user, session, len(memory), last_turn),
    )


def _has_table(connection: sqlite3.Connection, name: str) -> bool:
    found = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
    ).fetchone()
    return found is not None


def _has_column(connection: sqlite3.Connection, table: str, column: str) -> bool:
    return any(row[1] == column for row in connection.execute(f"PRAGMA table_info({table})"))


def _migrate_documents(connection: sqlite3.Connection) -> Result[int, SessionError]:
    rows = connection.execute("SELECT tenant, user, session, document FROM memories").fetchall()
    for tenant, user, session, document in rows:
        loaded = load_memory(document)
        if isinstance(loaded, Failure):
            return Failure(
                SessionError(
                    "bad_document",
                    "memories",
                    f"session {session!r} of user {user!r} of tenant {tenant!r} does not read "
                    f"back ({loaded.failure()}); the file is left unchanged",
                )
            )
        memory = Memory(tuple(filter_node(node) for node in loaded.unwrap().nodes))
        insert_turns(connection, tenant, user, session, memory.nodes)
        set_session(connection, tenant, user, session, memory)
    connection.execute("DROP TABLE memories")
    return Success(len(rows))


def prepare(connection: sqlite3.Connection) -> Result[int, SessionError]:
    """Create the tables and migrate a layout-1 or layout-2 file, inside the caller's write
    transaction; how many layout-1 sessions were migrated."""
    layout = connection.execute("PRAGMA user_version").fetchone()[0]
    if layout > LAYOUT:
        return Failure(
            SessionError(
                "storage",
                "database",
                f"session layout {layout} is newer than this memcore reads "
                f"(layouts 1 to {LAYOUT}); upgrade memcore",
            )
        )
    for statement in _TABLES:
        connection.execute(statement)
    if not _has_column(connection, "sessions", "version"):
        # Layout 2: every existing session exists, so it starts at version 1.
        connection.execute("ALTER TABLE sessions ADD COLUMN version INTEGER NOT NULL DEFAULT 1")
    migrated: Result[int, SessionError] = Success(0)
    if _has_table(connection, "memories"):
        migrated = _migrate_documents(connection)
    if isinstance(migrated, Success):
        connection.execute(f"PRAGMA user_version = {LAYOUT}")
    return migrated
