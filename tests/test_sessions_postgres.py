"""What only the PostgreSQL store has: a server that can drop the connection, a pool shared by
threads, and a layout recorded in a table."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from returns.result import Failure, Result, Success

from memcore.node import Memory, Node
from memcore.sessions import Principal, SessionError, SessionKey
from memcore.sessions.postgres_store import PostgresSessionStore
from session_stores import fresh_postgres_schema

ALICE = Principal("acme", "alice")
ALICE_1 = SessionKey("acme", "alice", "s1")
BEFORE = Memory((Node(1, "q1", facts=("alice likes tea",)), Node(2, "q2")))
AFTER = Memory(tuple(Node(turn, f"new q{turn}", facts=(f"fact {turn}",)) for turn in (1, 2, 3)))


@pytest.fixture
def url(postgres_server: str) -> str:
    return fresh_postgres_schema(postgres_server)


@pytest.fixture
def store(url: str) -> Iterator[PostgresSessionStore]:
    with PostgresSessionStore.open(url).unwrap() as opened:
        yield opened


def _blocked_backend(admin: psycopg.Connection[tuple[Any, ...]]) -> int:
    """The process id of the backend waiting for the lock the admin connection holds."""
    for _ in range(1200):  # a minute at most: a save that never blocks fails the test
        row = admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
            " AND query LIKE 'DELETE FROM session_turns%%' AND pid <> pg_backend_pid()"
        ).fetchone()
        if row is not None:
            return int(row[0])
        admin.execute("SELECT pg_sleep(0.05)")
    raise AssertionError("the save never waited for the lock")


def test_connection_lost_mid_save_is_a_storage_error_and_writes_nothing(
    store: PostgresSessionStore, url: str
) -> None:
    """The save's backend is terminated after it has locked and rewritten the session row and
    while it waits to replace the turns: a typed error, and the session is as it was."""
    assert store.save(ALICE, ALICE_1, BEFORE) == Success(2)
    results: list[Result[int, SessionError]] = []
    with psycopg.connect(url) as admin, psycopg.connect(url, autocommit=True) as killer:
        admin.execute("LOCK TABLE session_turns IN ACCESS EXCLUSIVE MODE")
        saver = threading.Thread(target=lambda: results.append(store.save(ALICE, ALICE_1, AFTER)))
        saver.start()
        victim = _blocked_backend(killer)
        killer.execute("SELECT pg_terminate_backend(%s)", (victim,))
        saver.join()
        admin.rollback()
    (result,) = results
    assert isinstance(result, Failure)
    assert (result.failure().code, result.failure().field) == ("storage", "database")
    assert store.load(ALICE, ALICE_1) == Success(BEFORE)
    # the pool replaced the lost connection: the store goes on working
    assert store.save(ALICE, ALICE_1, AFTER) == Success(3)
    assert store.load(ALICE, ALICE_1) == Success(AFTER)


def test_every_pooled_connection_lost_while_idle_is_replaced(
    store: PostgresSessionStore, url: str
) -> None:
    store.save(ALICE, ALICE_1, BEFORE).unwrap()
    with psycopg.connect(url, autocommit=True) as killer:
        killer.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    assert store.load(ALICE, ALICE_1) == Success(BEFORE)


def test_concurrent_appends_to_one_session_take_turns(store: PostgresSessionStore) -> None:
    """Eight threads append turns 1 to 40 to one session, each turn offered by two threads:
    every turn is stored once, in order; the losers are told `turn_order`, never a storage
    error."""
    outcomes: list[Result[int, SessionError]] = []
    lock = threading.Lock()

    def offer(first: int) -> None:
        for turn in range(first, 41, 4):
            result = store.append_turn(ALICE, ALICE_1, Node(turn, f"q{turn}"))
            with lock:
                outcomes.append(result)

    threads = [threading.Thread(target=offer, args=(first,)) for first in (1, 2, 3, 4) * 2]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    errors = {result.failure().code for result in outcomes if isinstance(result, Failure)}
    assert errors <= {"turn_order"}
    stored = [node.turn for node in store.load(ALICE, ALICE_1).unwrap().nodes]
    assert stored == sorted(set(stored))
    assert len(stored) == sum(isinstance(result, Success) for result in outcomes)


def test_an_unreachable_server_is_a_storage_error() -> None:
    opened = PostgresSessionStore.open(
        "postgresql://postgres@/postgres?host=/nonexistent-socket-folder", connect_timeout_s=2
    )
    assert isinstance(opened, Failure)
    assert (opened.failure().code, opened.failure().field) == ("storage", "database")


def test_a_newer_layout_is_refused(url: str) -> None:
    PostgresSessionStore.open(url).unwrap().close()
    with psycopg.connect(url) as connection:
        connection.execute("UPDATE session_layout SET layout = 4")
    opened = PostgresSessionStore.open(url)
    assert isinstance(opened, Failure)
    assert opened.failure().code == "storage"
    assert "layout 4 is newer" in opened.failure().message


def test_concurrent_opens_of_a_fresh_database_create_the_tables_once(url: str) -> None:
    opened: list[Result[PostgresSessionStore, SessionError]] = []
    threads = [
        threading.Thread(target=lambda: opened.append(PostgresSessionStore.open(url)))
        for _ in range(6)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(isinstance(result, Success) for result in opened)
    for result in opened:
        result.unwrap().close()
    with psycopg.connect(url) as connection:
        assert connection.execute("SELECT layout FROM session_layout").fetchall() == [(3,)]
