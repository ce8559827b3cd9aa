"""Live sessions keep one history per user however many calls arrive at once: N concurrent
asks for one user store N turns, one after the other, on SQLite and PostgreSQL, from threads
of one process, from several processes, and through the LangChain and LlamaIndex adapters."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import attrs
import pytest
from returns.result import Failure, Result

from memcore.integrations.live_session import LiveSessions
from memcore.node import Memory, Node
from memcore.search.backends.memory import InMemoryBM25
from memcore.sessions import (
    ConcurrentUpdate,
    Principal,
    SessionKey,
    SessionStore,
    SqliteSessionStore,
)
from memcore.writers.driver import Driver
from memcore.writers.rules import RuleWriter
from session_stores import StoreTarget
from test_cli_exits import SOURCE
from test_integrations import CORPUS, ROOT, user


def sessions_over(store: SessionStore) -> LiveSessions:
    driver = Driver(RuleWriter.for_corpus(CORPUS), retriever=InMemoryBM25.build(CORPUS))
    return LiveSessions(driver, store, k=3)


def stored(sessions: LiveSessions, name: str) -> Memory:
    key = sessions.key(name)
    return sessions.store.load(key.owner, key).unwrap()


def assert_one_history(memory: Memory, questions: list[str]) -> None:
    """Every question stored once, as turns 1 to N: each turn completed by the next one's
    call (so each call read the turn before it), and the last awaiting its answer."""
    assert [node.turn for node in memory.nodes] == list(range(1, len(questions) + 1))
    assert sorted(node.question for node in memory.nodes) == sorted(questions)
    awaiting = [node.awaiting_answer for node in memory.nodes]
    assert awaiting == [False] * (len(questions) - 1) + [True]


def ask_from_threads(sessions: LiveSessions, name: str, questions: list[str]) -> None:
    start = threading.Barrier(len(questions))

    def ask(question: str) -> None:
        start.wait()
        sessions.ask(name, question).unwrap()

    threads = [threading.Thread(target=ask, args=(question,)) for question in questions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_concurrent_asks_from_threads_store_every_turn(store: SessionStore) -> None:
    sessions = sessions_over(store)
    questions = [f"tell me about apollo {number}" for number in (11, 12, 13, 14, 15, 16)]
    ask_from_threads(sessions, "alice", questions)
    assert_one_history(stored(sessions, "alice"), questions)


# One process of the process test: its threads each ask one question for the same user.
WORKER = textwrap.dedent(
    """
    import json, sys, threading
    from pathlib import Path
    from returns.result import Failure
    from memcore.integrations.live_session import LiveSessions
    from memcore.search.backends.memory import InMemoryBM25
    from memcore.search.corpus_io import load_corpus
    from memcore.sessions import open_store
    from memcore.writers.driver import Driver
    from memcore.writers.rules import RuleWriter

    target, corpus_path, questions = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    corpus = load_corpus(Path(corpus_path)).unwrap().corpus
    driver = Driver(RuleWriter.for_corpus(corpus), retriever=InMemoryBM25.build(corpus))
    sessions = LiveSessions(driver, open_store(target).unwrap(), k=3)
    failures = []

    def ask(question):
        asked = sessions.ask("alice", question)
        if isinstance(asked, Failure):
            failures.append(str(asked.failure()))

    threads = [threading.Thread(target=ask, args=(q,)) for q in questions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps(failures))
    """
)


def test_concurrent_asks_from_processes_store_every_turn(
    tmp_path: Path, store_target: StoreTarget, store: SessionStore
) -> None:
    """Three processes of three threads each ask for one user at once: nine turns."""
    script = tmp_path / "asker.py"
    script.write_text(WORKER)
    corpus = ROOT / "fixtures" / "apollo-corpus.jsonl"
    batches = [[f"tell me about apollo {11 + p * 3 + t}" for t in range(3)] for p in range(3)]
    processes = [
        subprocess.Popen(
            [sys.executable, str(script), store_target.target, str(corpus), json.dumps(batch)],
            env={**os.environ, "PYTHONPATH": SOURCE},
            stdout=subprocess.PIPE,
            text=True,
        )
        for batch in batches
    ]
    for process in processes:
        out, _ = process.communicate(timeout=300)
        assert process.returncode == 0
        assert json.loads(out) == []
    key = SessionKey("memcore", "alice", "chat")
    assert_one_history(store.load(key.owner, key).unwrap(), [q for b in batches for q in b])


def sqlite_sessions(tmp_path: Path) -> LiveSessions:
    return sessions_over(SqliteSessionStore.open(tmp_path / "sessions.db").unwrap())


def test_langchain_batch_for_one_user_stores_every_question(tmp_path: Path) -> None:
    pytest.importorskip("langchain_core")
    from memcore.integrations.langchain import MemcoreRetriever

    sessions = sqlite_sessions(tmp_path)
    retriever = MemcoreRetriever(sessions=sessions)
    questions = [f"tell me about apollo {number}" for number in range(11, 17)]
    retriever.batch(questions, config=user("alice"))
    assert_one_history(stored(sessions, "alice"), questions)


def test_langchain_concurrent_ainvoke_for_one_user_stores_every_question(
    tmp_path: Path,
) -> None:
    pytest.importorskip("langchain_core")
    from memcore.integrations.langchain import MemcoreRetriever

    sessions = sqlite_sessions(tmp_path)
    retriever = MemcoreRetriever(sessions=sessions)
    questions = [f"tell me about apollo {number}" for number in range(11, 15)]

    async def ask_all() -> None:
        await asyncio.gather(*(retriever.ainvoke(q, config=user("bob")) for q in questions))

    asyncio.run(ask_all())
    assert_one_history(stored(sessions, "bob"), questions)


def test_llamaindex_concurrent_retrieves_for_one_user_store_every_question(
    tmp_path: Path,
) -> None:
    pytest.importorskip("llama_index.core")
    from memcore.integrations.llamaindex import MemcoreRetriever

    sessions = sqlite_sessions(tmp_path)
    retriever = MemcoreRetriever(sessions, user="carol")
    questions = [f"tell me about apollo {number}" for number in range(11, 15)]

    async def ask_all() -> None:
        await asyncio.gather(*(retriever.aretrieve(q) for q in questions))

    asyncio.run(ask_all())
    assert_one_history(stored(sessions, "carol"), questions)


@attrs.define
class OvertakingStore:
    """A SQLite store where another writer commits a turn between each of the first
    `overtakes` reads and the save that follows it (as another process would)."""

    inner: SqliteSessionStore
    overtakes: int
    reads: int = 0

    def load_versioned(self, principal: Principal, key: SessionKey) -> Result[Any, Any]:
        read = self.inner.load_versioned(principal, key)
        self.reads += 1
        if self.reads <= self.overtakes:
            memory = read.unwrap().memory
            elsewhere = Node(memory.next_turn, f"asked elsewhere {self.reads}", "answered")
            self.inner.append_turn(principal, key, elsewhere).unwrap()
        return read

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def overtaken_sessions(tmp_path: Path, overtakes: int, attempts: int) -> LiveSessions:
    inner = SqliteSessionStore.open(tmp_path / "sessions.db").unwrap()
    store: Any = OvertakingStore(inner, overtakes)
    driver = Driver(RuleWriter.for_corpus(CORPUS), retriever=InMemoryBM25.build(CORPUS))
    return LiveSessions(driver, store, k=3, attempts=attempts)


def test_an_overtaken_ask_reads_again_and_applies_itself_after_the_other_turns(
    tmp_path: Path,
) -> None:
    sessions = overtaken_sessions(tmp_path, overtakes=2, attempts=3)
    outcome = sessions.ask("alice", "tell me about apollo 11").unwrap()
    assert outcome.node.turn == 3
    memory = stored(sessions, "alice")
    assert [node.question for node in memory.nodes] == [
        "asked elsewhere 1",
        "asked elsewhere 2",
        "tell me about apollo 11",
    ]


def test_an_ask_overtaken_on_every_attempt_is_a_concurrent_update_after_the_bound(
    tmp_path: Path,
) -> None:
    sessions = overtaken_sessions(tmp_path, overtakes=3, attempts=3)
    failed = sessions.ask("alice", "tell me about apollo 11")
    assert failed == Failure(ConcurrentUpdate(expected=2, found=3))
    assert [node.question for node in stored(sessions, "alice").nodes] == [
        f"asked elsewhere {n}" for n in (1, 2, 3)
    ]
