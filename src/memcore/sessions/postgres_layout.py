"""The PostgreSQL store's tables: the SQLite store's layout 3, with the database's own
guarantees added.

`sessions` holds one row per session (its turn count, last turn and version: the count of
its committed writes, which a write based on an older read is refused against) and
`session_turns` one
row per turn, keyed by tenant, user, session and turn and holding the node's one-node memory
document (`memcore.sessions.rows`), as in `memcore.sessions.sqlite_layout`; the columns have
the same names (`"user"` is quoted: it is a reserved word here). A foreign key with
`ON DELETE CASCADE` ties every turn to its session, so deleting a session row deletes its
turns in the same statement and no turn can outlive its session, whatever runs beside it.
`session_layout` records the layout; a newer one is refused. PostgreSQL sessions began with
layout 2, which had no version column: opening a layout-2 database adds it (every existing
session at version 1) in the same transaction that records layout 3, so a memcore that reads
only layout 2 then refuses the database rather than write it without counting versions.
"""

from __future__ import annotations

import psycopg
from returns.result import Failure, Result, Success

from memcore.sessions.errors import SessionError

LAYOUT = 3

# Any fixed key: concurrent openers of a fresh database take turns creating the tables
# (CREATE TABLE IF NOT EXISTS alone can fail when two run at once).
_PREPARE_LOCK = 0x6D656D636F7265

_TABLES = (
    """
    CREATE TABLE IF NOT EXISTS session_layout (
        layout INTEGER NOT NULL
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS sessions (
        tenant TEXT NOT NULL,
        "user" TEXT NOT NULL,
        session TEXT NOT NULL,
        turns INTEGER NOT NULL,
        last_turn INTEGER,
        version BIGINT NOT NULL DEFAULT 1,
        PRIMARY KEY (tenant, "user", session)
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS session_turns (
        tenant TEXT NOT NULL,
        "user" TEXT NOT NULL,
        session TEXT NOT NULL,
        turn INTEGER NOT NULL,
        document TEXT NOT NULL,
        PRIMARY KEY (tenant, "user", session, turn),
        FOREIGN KEY (tenant, "user", session)
            REFERENCES sessions (tenant, "user", session) ON DELETE CASCADE
    )
    """,
)


def prepare(connection: psycopg.Connection[tuple[object, ...]]) -> Result[int, SessionError]:
    """Create the tables inside the caller's transaction, or check the recorded layout and
    bring a layout-2 database to layout 3; the layout."""
    connection.execute("SELECT pg_advisory_xact_lock(%s)", (_PREPARE_LOCK,))
    for statement in _TABLES:
        connection.execute(statement)
    row = connection.execute("SELECT max(layout) FROM session_layout").fetchone()
    recorded = None if row is None else row[0]
    if recorded is None:
        connection.execute("INSERT INTO session_layout (layout) VALUES (%s)", (LAYOUT,))
        return Success(LAYOUT)
    if not isinstance(recorded, int) or recorded > LAYOUT:
        return Failure(
            SessionError(
                "storage",
                "database",
                f"session layout {recorded} is newer than this memcore reads "
                f"(layouts 2 to {LAYOUT}); upgrade memcore",
            )
        )
    if recorded < LAYOUT:
        # Layout 2: every existing session exists, so it starts at version 1.
        connection.execute(
            "ALTER TABLE sessions ADD COLUMN IF NOT EXISTS version BIGINT NOT NULL DEFAULT 1"
        )
        connection.execute("UPDATE session_layout SET layout = %s", (LAYOUT,))
    return Success(LAYOUT)
