"""The LangChain and LlamaIndex retrievers over memcore live sessions, with the real packages
(extras `langchain` and `llamaindex`; skipped where they are not installed)."""

from __future__ import annotations

import asyncio
import runpy
from pathlib import Path
from typing import Any

import attrs
import pytest
from returns.result import Result

from memcore.integrations.live_session import LiveSessionFailed, LiveSessions
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.corpus_io import load_corpus
from memcore.sessions import SessionError, SqliteSessionStore
from memcore.writers.driver import Driver
from memcore.writers.protocol import WriterError, WriterReply, WriterRequest
from memcore.writers.rules import RuleWriter

ROOT = Path(__file__).resolve().parents[1]
CORPUS = load_corpus(ROOT / "fixtures" / "apollo-corpus.jsonl").unwrap().corpus


@attrs.define
class CountingWriter:
    """The rule writer, counting its calls."""

    inner: RuleWriter
    calls: int = 0

    @property
    def name(self) -> str:
        return self.inner.name

    def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
        self.calls += 1
        return self.inner.write(request)


def live_sessions(tmp_path: Path) -> tuple[LiveSessions, CountingWriter]:
    writer = CountingWriter(RuleWriter.for_corpus(CORPUS))
    driver = Driver(writer, retriever=InMemoryBM25.build(CORPUS))
    store = SqliteSessionStore.open(tmp_path / "sessions.db").unwrap()
    return LiveSessions(driver, store, k=3), writer


def user(name: str) -> Any:
    return {"metadata": {"memcore_user": name}}


def topics(sessions: LiveSessions, name: str) -> set[str]:
    memory = sessions.conversation(name).unwrap().memory
    return {topic for node in memory.nodes for topic in node.mentioned()}


def test_langchain_documents_carry_the_passage_and_its_explanation(tmp_path: Path) -> None:
    pytest.importorskip("langchain_core")
    from memcore.integrations.langchain import MemcoreRetriever

    sessions, writer = live_sessions(tmp_path)
    retriever = MemcoreRetriever(sessions=sessions)
    documents = retriever.invoke("who walked on the moon during apollo 11?")
    assert len(documents) == 3
    top = documents[0]
    assert top.metadata["passage_id"] == top.id
    assert top.metadata["title"] == "Apollo 11"
    assert top.page_content == CORPUS.passage(top.metadata["passage_id"]).text
    assert top.metadata["score"] >= documents[1].metadata["score"]
    assert top.metadata["explanation"].startswith(f"#1 {top.id} (Apollo 11)")
    assert top.metadata["query"] == "who walked on the moon during Apollo 11?"
    assert top.metadata["turn"] == 1
    assert writer.calls == 1


def test_langchain_records_the_answer_for_the_next_turn_in_one_call(tmp_path: Path) -> None:
    pytest.importorskip("langchain_core")
    from memcore.integrations.langchain import MemcoreRetriever

    sessions, writer = live_sessions(tmp_path)
    retriever = MemcoreRetriever(sessions=sessions, user="alice")
    retriever.invoke("who walked on the moon during apollo 11?")
    assert retriever.record_answer("Neil Armstrong and Buzz Aldrin walked on the Moon.")
    documents = retriever.invoke("where did the second one grow up?")
    assert documents[0].metadata["query"] == "where did Buzz Aldrin grow up?"
    assert writer.calls == 2
    memory = sessions.conversation("alice").unwrap().memory
    assert memory.nodes[0].facts == ("Neil Armstrong and Buzz Aldrin walked on the Moon.",)
    assert memory.nodes[1].awaiting_answer


def test_langchain_two_users_interleaved_never_see_each_others_memory(tmp_path: Path) -> None:
    pytest.importorskip("langchain_core")
    from memcore.integrations.langchain import MemcoreRetriever

    sessions, _ = live_sessions(tmp_path)
    retriever = MemcoreRetriever(sessions=sessions)
    retriever.invoke("tell me about apollo 11", config=user("alice"))
    retriever.invoke("tell me about apollo 12", config=user("bob"))
    alice = retriever.invoke("who commanded it?", config=user("alice"))
    bob = retriever.invoke("who commanded it?", config=user("bob"))
    assert alice[0].metadata["query"] == "who commanded Apollo 11?"
    assert bob[0].metadata["query"] == "who commanded Apollo 12?"
    assert topics(sessions, "alice") == {"Apollo 11"}
    assert topics(sessions, "bob") == {"Apollo 12"}
    assert len(sessions.conversation("default").unwrap().memory) == 0


def test_langchain_async_variants(tmp_path: Path) -> None:
    pytest.importorskip("langchain_core")
    from memcore.integrations.langchain import MemcoreRetriever

    sessions, writer = live_sessions(tmp_path)
    retriever = MemcoreRetriever(sessions=sessions)

    async def chat() -> list[str]:
        first = await retriever.ainvoke("tell me about apollo 11", config=user("carol"))
        await retriever.arecord_answer("Apollo 11 landed in July 1969.", "carol")
        second = await retriever.ainvoke("who flew it?", config=user("carol"))
        return [first[0].metadata["query"], second[0].metadata["query"]]

    assert asyncio.run(chat()) == ["tell me about Apollo 11", "who flew Apollo 11?"]
    assert writer.calls == 2
    facts = sessions.conversation("carol").unwrap().memory.nodes[0].facts
    assert facts == ("Apollo 11 landed in July 1969.",)


def test_langchain_a_bad_user_name_is_an_error(tmp_path: Path) -> None:
    pytest.importorskip("langchain_core")
    from memcore.integrations.langchain import MemcoreRetriever

    sessions, _ = live_sessions(tmp_path)
    with pytest.raises(ValueError, match="memcore_user"):
        MemcoreRetriever(sessions=sessions).invoke("q", config={"metadata": {"memcore_user": 3}})


def test_a_store_failure_is_raised_with_its_typed_error(tmp_path: Path) -> None:
    pytest.importorskip("langchain_core")
    from memcore.integrations.langchain import MemcoreRetriever

    sessions, _ = live_sessions(tmp_path)
    # A user name the store refuses (blank): the typed error travels along.
    with pytest.raises(LiveSessionFailed) as raised:
        MemcoreRetriever(sessions=sessions, user="  ").invoke("tell me about apollo 11")
    error = raised.value.error
    assert isinstance(error, SessionError)
    assert error.code == "bad_key"


def test_the_langchain_docs_example_runs_with_the_fake_chat_model(tmp_path: Path) -> None:
    pytest.importorskip("langchain_core")
    example = runpy.run_path(str(ROOT / "docs" / "examples" / "langchain_chat.py"))
    seen = example["main"](tmp_path)
    assert seen == [
        (
            "who walked on the moon during apollo 11?",
            "who walked on the moon during Apollo 11?",
            "Neil Armstrong and Buzz Aldrin walked on the Moon.",
        ),
        (
            "where did the first one grow up?",
            "where did Neil Armstrong grow up?",
            "Neil Armstrong grew up in Wapakoneta, Ohio.",
        ),
    ]


def test_llamaindex_nodes_with_scores_and_per_user_sessions(tmp_path: Path) -> None:
    pytest.importorskip("llama_index.core")
    from llama_index.core.schema import NodeWithScore

    from memcore.integrations.llamaindex import MemcoreRetriever

    sessions, writer = live_sessions(tmp_path)
    alice = MemcoreRetriever(sessions, user="alice")
    bob = alice.for_user("bob")
    alice.retrieve("tell me about apollo 11")
    bob.retrieve("tell me about apollo 12")
    alice.record_answer("Apollo 11 was commanded by Neil Armstrong.")
    found = alice.retrieve("who commanded it?")
    assert all(isinstance(item, NodeWithScore) for item in found)
    top = found[0]
    assert top.node.metadata["query"] == "who commanded Apollo 11?"
    assert top.score == top.node.metadata["score"]
    assert top.node.node_id == top.node.metadata["passage_id"]
    assert str(top.node.metadata["explanation"]).startswith("#1 ")
    assert "Apollo 12" not in topics(sessions, "alice")
    assert topics(sessions, "bob") == {"Apollo 12"}
    assert writer.calls == 3


def test_llamaindex_async_retrieve(tmp_path: Path) -> None:
    pytest.importorskip("llama_index.core")
    from memcore.integrations.llamaindex import MemcoreRetriever

    sessions, _ = live_sessions(tmp_path)
    retriever = MemcoreRetriever(sessions, user="dana")
    found = asyncio.run(retriever.aretrieve("tell me about apollo 13"))
    assert found[0].node.metadata["title"] == "Apollo 13"
    assert asyncio.run(retriever.arecord_answer("Apollo 13 was aborted."))


def test_the_llamaindex_and_plain_loop_docs_examples_run(tmp_path: Path) -> None:
    pytest.importorskip("llama_index.core")
    example = runpy.run_path(str(ROOT / "docs" / "examples" / "llamaindex_chat.py"))
    seen = example["main"](tmp_path)
    assert [question for question, _ in seen] == ["tell me about apollo 12", "who commanded it?"]
    assert all(passage.startswith("apollo-12-") for _, passage in seen)
    loop = runpy.run_path(str(ROOT / "docs" / "examples" / "plain_loop.py"))
    assert loop["main"]() == 3
