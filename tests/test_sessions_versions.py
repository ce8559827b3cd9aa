"""One session, one history: every store counts a session's writes, and a write based on a
read that another write has overtaken is a `ConcurrentUpdate` that writes nothing, on SQLite
and PostgreSQL; two chats resuming one session cannot overwrite each other's turns."""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import psycopg
import pytest
from returns.result import Failure, Success

from cli_support import BM25
from memcore.cli import main
from memcore.node import Memory, Node
from memcore.sessions import (
    ConcurrentUpdate,
    Principal,
    SessionKey,
    SessionStore,
    SqliteSessionStore,
    StoredSession,
    close_store,
    open_store,
)
from session_stores import StoreTarget
from test_cli_exits import PROGRAM, SOURCE

ALICE = Principal("acme", "alice")
KEY = SessionKey("acme", "alice", "moon")
AWAITING = Node(1, "tell me about apollo 11")
FIRST_ANSWER = "Apollo 11 landed on the Moon in July 1969."


def test_a_session_reads_at_version_0_until_written_then_each_write_adds_one(
    store: SessionStore,
) -> None:
    assert store.load_versioned(ALICE, KEY) == Success(StoredSession(Memory(), 0))
    assert store.append_turn(ALICE, KEY, AWAITING, expected_version=0) == Success(1)
    assert store.load_versioned(ALICE, KEY) == Success(StoredSession(Memory((AWAITING,)), 1))
    completed = Memory((Node(1, "tell me about apollo 11", "It landed."),))
    assert store.save(ALICE, KEY, completed, expected_version=1) == Success(1)
    assert store.append_turn(ALICE, KEY, Node(2, "who flew it?")) == Success(2)
    assert store.load_versioned(ALICE, KEY).unwrap().version == 3


def test_a_save_based_on_a_stale_read_is_refused_and_writes_nothing(store: SessionStore) -> None:
    """The reproduced loss, at the store: two writers read turn 1 awaiting its answer, and
    each completes it; the second save must not replace the first's turn."""
    store.append_turn(ALICE, KEY, AWAITING).unwrap()
    first, second = store.load_versioned(ALICE, KEY).unwrap(), store.load_versioned(ALICE, KEY)
    mine = Memory((Node(1, AWAITING.question, "A's answer"), Node(2, "A's next")))
    theirs = Memory((Node(1, AWAITING.question, "B's answer"),))
    assert store.save(ALICE, KEY, mine, expected_version=first.version) == Success(2)
    refused = store.save(ALICE, KEY, theirs, expected_version=second.unwrap().version)
    assert refused == Failure(ConcurrentUpdate(expected=1, found=2))
    assert refused.failure().code == "concurrent_update"
    appended = store.append_turn(ALICE, KEY, Node(3, "B's next"), expected_version=1)
    assert appended == Failure(ConcurrentUpdate(expected=1, found=2))
    assert store.load_versioned(ALICE, KEY) == Success(StoredSession(mine, 2))


def test_a_write_expecting_a_new_session_is_refused_once_it_exists(store: SessionStore) -> None:
    store.append_turn(ALICE, KEY, AWAITING, expected_version=0).unwrap()
    refused = store.append_turn(ALICE, KEY, Node(2, "q2"), expected_version=0)
    assert refused == Failure(ConcurrentUpdate(expected=0, found=1))
    assert store.save(ALICE, KEY, Memory(), expected_version=0).failure().code == (
        "concurrent_update"
    )
    assert store.load(ALICE, KEY) == Success(Memory((AWAITING,)))


def test_concurrent_read_modify_writes_from_threads_store_every_turn(
    store: SessionStore,
) -> None:
    """Eight threads each add one turn by reading the session and writing it back with the
    version read, reading again when overtaken: eight turns, numbered 1 to 8."""

    def add_one(name: str) -> None:
        while True:
            read = store.load_versioned(ALICE, KEY).unwrap()
            memory = read.memory.append(Node(read.memory.next_turn, name))
            saved = store.save(ALICE, KEY, memory, expected_version=read.version)
            if isinstance(saved, Success):
                return
            assert isinstance(saved.failure(), ConcurrentUpdate)

    threads = [threading.Thread(target=add_one, args=(f"q{i}",)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = store.load_versioned(ALICE, KEY).unwrap()
    assert [node.turn for node in stored.memory.nodes] == list(range(1, 9))
    assert sorted(node.question for node in stored.memory.nodes) == [f"q{i}" for i in range(8)]
    assert stored.version == 8


# The layout-2 tables, as memcore created them before sessions had versions.
LAYOUT_2_SQLITE = (
    "CREATE TABLE sessions (tenant TEXT NOT NULL, user TEXT NOT NULL, session TEXT NOT NULL,"
    " turns INTEGER NOT NULL, last_turn INTEGER, PRIMARY KEY (tenant, user, session))",
    "CREATE TABLE session_turns (tenant TEXT NOT NULL, user TEXT NOT NULL,"
    " session TEXT NOT NULL, turn INTEGER NOT NULL, document TEXT NOT NULL,"
    " PRIMARY KEY (tenant, user, session, turn))",
)


def test_a_layout_2_sqlite_file_gets_versions_and_keeps_its_sessions(tmp_path: Path) -> None:
    path = tmp_path / "layout2.db"
    # A session written by today's store, then taken back to layout 2 as it was stored then.
    SqliteSessionStore.open(path).unwrap().append_turn(ALICE, KEY, AWAITING).unwrap()
    with sqlite3.connect(path) as connection:
        document = connection.execute("SELECT document FROM session_turns").fetchone()[0]
    connection.close()
    old = tmp_path / "old.db"
    with sqlite3.connect(old) as connection:
        for statement in LAYOUT_2_SQLITE:
            connection.execute(statement)
        connection.execute("INSERT INTO sessions VALUES ('acme', 'alice', 'moon', 1, 1)")
        connection.execute(
            "INSERT INTO session_turns VALUES ('acme', 'alice', 'moon', 1, ?)", (document,)
        )
        connection.execute("PRAGMA user_version = 2")
    connection.close()
    store = SqliteSessionStore.open(old).unwrap()
    assert store.load_versioned(ALICE, KEY) == Success(StoredSession(Memory((AWAITING,)), 1))
    assert store.append_turn(ALICE, KEY, Node(2, "q2"), expected_version=1) == Success(2)
    with sqlite3.connect(old) as connection:
        assert connection.execute("PRAGMA user_version").fetchone() == (3,)
    connection.close()


def test_a_layout_2_postgres_database_gets_versions_and_keeps_its_sessions(
    store_target: StoreTarget,
) -> None:
    if store_target.kind != "postgres":
        pytest.skip("the PostgreSQL layout")
    opened = open_store(store_target.target).unwrap()
    opened.append_turn(ALICE, KEY, AWAITING).unwrap()
    close_store(opened)
    with psycopg.connect(store_target.target) as connection:
        connection.execute("ALTER TABLE sessions DROP COLUMN version")
        connection.execute("UPDATE session_layout SET layout = 2")
    store = open_store(store_target.target).unwrap()
    assert store.load_versioned(ALICE, KEY) == Success(StoredSession(Memory((AWAITING,)), 1))
    assert store.append_turn(ALICE, KEY, Node(2, "q2"), expected_version=1) == Success(2)
    close_store(store)
    assert store_target.rows("SELECT layout FROM session_layout") == [(3,)]


class Chat:
    """`memcore chat` on the test store's session, in a process of its own, driven line by
    line through its standard input."""

    def __init__(self, store_target: StoreTarget) -> None:
        arguments = ["chat", *BM25, "--writer", "rules", "--store", store_target.target]
        self.process = subprocess.Popen(
            [sys.executable, "-c", PROGRAM, *arguments, "--session", "acme/alice/moon"],
            env={**os.environ, "PYTHONPATH": SOURCE, "PYTHONUNBUFFERED": "1"},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.seen: list[str] = []
        # The store is read before this line is printed.
        self.read_until(lambda line: line.startswith("Memory: "))

    def read_until(self, done: object) -> None:
        assert callable(done) and self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            assert line, f"the chat ended early: {self.seen}"
            self.seen.append(line.rstrip("\n"))
            if done(line):
                return

    def ask(self, question: str, answer: str = "") -> None:
        """Answer the awaiting question (if `answer`), ask, then wait until the turn has been
        stored: `:memory` is read only after."""
        assert self.process.stdin is not None
        answered = f"A: {answer}\n" if answer else ""
        self.process.stdin.write(f"{answered}{question}\n:memory\n")
        self.process.stdin.flush()
        logs = iter(range(2))  # the turn shows the memory, then `:memory` shows it again
        self.read_until(lambda line: line.strip() == "Log:" and next(logs) == 1)

    def end(self) -> int:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        self.seen.extend(self.process.stdout.read().splitlines())
        return self.process.wait(timeout=300)


def test_two_chats_resuming_one_session_cannot_overwrite_each_others_turns(
    store_target: StoreTarget,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Turn 1 is stored awaiting its answer; chats A and B resume the session, and each
    completes turn 1. B's save is refused, in one line, and A's turns 1, 2 and 3 are the
    session (before: B's turn 1 replaced A's, then A's turns 2 and 3 followed it)."""
    arguments = ["chat", *BM25, "--writer", "rules", "--store", store_target.target]
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{AWAITING.question}\n"))
    assert main([*arguments, "--session", "acme/alice/moon"]) == 0
    capsys.readouterr()
    first, second = Chat(store_target), Chat(store_target)
    first.ask("who flew it?", answer=FIRST_ANSWER)
    second.ask("who commanded it?", answer="Apollo 11 was commanded by Neil Armstrong.")
    first.ask("when did it land?")
    assert first.end() == 0
    assert second.end() == 1
    store = open_store(store_target.target).unwrap()
    stored = store.load(ALICE, KEY).unwrap()
    close_store(store)
    questions = [node.question for node in stored.nodes]
    assert questions == [AWAITING.question, "who flew it?", "when did it land?"]
    assert [node.awaiting_answer for node in stored.nodes] == [False, False, True]
    assert stored.nodes[0].answer == FIRST_ANSWER
    refusals = [line for line in second.seen if line.startswith("error:")]
    assert refusals[0] == (
        "error: turn 1 not stored: session acme/alice/moon was changed by another writer "
        "since this chat read it; nothing was overwritten (quit and resume to continue from "
        "what is stored)"
    )
