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
            "who walked on the moon during apollo 11?",
            "Neil Armstrong and Buzz Aldrin walked on the Moon.",
        ),
        (
            "where did the first one grow up?",
            # The default writer puts the first name of the recorded answer in place of "the
            # first one" (spec writer-cues-positions).
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
    chatted = example["chat"](tmp_path)
    assert chatted[1] == ("where did the first one grow up?", "Neil Armstrong grew up in Ohio.")
    loop = runpy.run_path(str(ROOT / "docs" / "examples" / "plain_loop.py"))
    assert loop["main"]() == 3


def test_langchain_returns_the_k_it_is_given(tmp_path: Path) -> None:
    """`k` and `search_kwargs={"k": ...}` set how many documents come back, as for
    LangChain's own retrievers; a call may ask for another number."""
    pytest.importorskip("langchain_core")
    from memcore.integrations.langchain import MemcoreRetriever

    sessions, _ = live_sessions(tmp_path)
    assert sessions.k == 3
    both = MemcoreRetriever(sessions=sessions, k=8, search_kwargs={"k": 8})
    assert len(both.invoke("tell me about apollo 11")) == 8
    only_kwargs = MemcoreRetriever(sessions=sessions, user="b", search_kwargs={"k": 2})
    assert len(only_kwargs.invoke("tell me about apollo 12")) == 2
    assert len(MemcoreRetriever(sessions=sessions, user="c", k=5).invoke("apollo 13")) == 5
    assert len(MemcoreRetriever(sessions=sessions, user="d").invoke("apollo 13", k=4)) == 4
    assert len(MemcoreRetriever(sessions=sessions, user="e").invoke("apollo 13")) == 3
    with pytest.raises(ValueError, match="disagree"):
        MemcoreRetriever(sessions=sessions, k=8, search_kwargs={"k": 3})
    with pytest.raises(ValueError, match="takes only 'k'"):
        MemcoreRetriever(sessions=sessions, search_kwargs={"k": 3, "filter": {}})
    with pytest.raises(ValueError, match="at least 1"):
        MemcoreRetriever(sessions=sessions, k=0)


def test_live_sessions_build_the_driver_and_retriever_the_commands_build(tmp_path: Path) -> None:
    """`LiveSessions.sqlite` and `.open` use the commands' default writer (with the rule
    writer as fallback) and `.open` their default retriever, as `memcore chat` builds them."""
    import argparse

    from memcore.cli.session_view import live_driver
    from memcore.search.corpus_io import default_corpus
    from memcore.search.fused import FusedRetriever
    from memcore.writers.factory import default_writer

    corpus_path = default_corpus()
    assert corpus_path is not None
    asked = argparse.Namespace(retriever=None, fusion_weights=None, writer=None)
    built = live_driver("chat", corpus_path, asked)
    assert built is not None
    cli_driver = built[0]
    sessions = LiveSessions.open(corpus_path, tmp_path / "s.db").unwrap()
    driver = sessions.driver
    assert type(driver.writer) is type(cli_driver.writer)
    assert driver.writer.name == cli_driver.writer.name == str(default_writer())
    assert type(driver.fallback) is type(cli_driver.fallback) is RuleWriter
    assert type(driver.retriever) is type(cli_driver.retriever)
    if isinstance(driver.retriever, FusedRetriever):
        assert isinstance(cli_driver.retriever, FusedRetriever)
        shape = [(part.name, part.weight) for part in driver.retriever.parts]
        assert shape == [(part.name, part.weight) for part in cli_driver.retriever.parts]
    over_bm25 = LiveSessions.sqlite(InMemoryBM25.build(CORPUS), tmp_path / "b.db").unwrap()
    assert over_bm25.driver.writer.name == str(default_writer())
    rules = LiveSessions.sqlite(InMemoryBM25.build(CORPUS), tmp_path / "r.db", writer="rules")
    assert rules.unwrap().driver.writer.name == RuleWriter().name


def _scripted_llm(answers: list[str]) -> Any:
    """The docs example's scripted LLM (answers in turn, prompts kept)."""
    example = runpy.run_path(str(ROOT / "docs" / "examples" / "llamaindex_chat.py"))
    return example["ScriptedLLM"](answers=answers)


def test_llamaindex_keeps_debugging_metadata_out_of_the_llm_prompt(tmp_path: Path) -> None:
    """The LLM reads the passage with its title and id; the explanation, score, rank, query
    and turn stay in the metadata for the program, not in the prompt."""
    pytest.importorskip("llama_index.core")
    from llama_index.core.schema import MetadataMode

    from memcore.integrations.llamaindex import MemcoreRetriever

    sessions, _ = live_sessions(tmp_path)
    found = MemcoreRetriever(sessions, similarity_top_k=6).retrieve("tell me about apollo 11")
    assert len(found) == 6
    node = found[0].node
    prompt_text = node.get_content(metadata_mode=MetadataMode.LLM)
    assert node.get_content() in prompt_text
    assert "title: Apollo 11" in prompt_text
    assert str(node.metadata["explanation"]) not in prompt_text
    assert "search-standardise" not in prompt_text and "explanation" not in prompt_text
    assert str(node.metadata["explanation"]).startswith("#1 ")


def test_a_llamaindex_chat_engine_records_its_answers(tmp_path: Path) -> None:
    """A `MemcoreChatEngine` over LlamaIndex's `ContextChatEngine` records each answer, so
    the next question resolves against it; the LLM's prompt holds no explanation."""
    pytest.importorskip("llama_index.core")
    from memcore.integrations.llamaindex import MemcoreChatEngine, MemcoreRetriever

    sessions, _ = live_sessions(tmp_path)
    llm = _scripted_llm(
        [
            "Neil Armstrong and Buzz Aldrin walked on the Moon.",
            "Neil Armstrong grew up in Wapakoneta, Ohio.",
        ]
    )
    engine = MemcoreChatEngine.from_defaults(MemcoreRetriever(sessions, user="eve"), llm=llm)
    engine.chat("who walked on the moon during apollo 11?")
    memory = sessions.conversation("eve").unwrap().memory
    assert memory.nodes[-1].answer == "Neil Armstrong and Buzz Aldrin walked on the Moon."
    answer = engine.chat("where did the first one grow up?")
    assert str(answer) == "Neil Armstrong grew up in Wapakoneta, Ohio."
    awaiting = sessions.conversation("eve").unwrap().awaiting
    assert awaiting is not None and awaiting.query == "where did Neil Armstrong grow up?"
    assert len(engine.chat_history) == 4
    assert llm.prompts and all("search-standardise" not in p for p in llm.prompts)


def test_a_streamed_llamaindex_answer_is_recorded_once_read(tmp_path: Path) -> None:
    """A streamed answer is recorded at the start of the next call, once read."""
    pytest.importorskip("llama_index.core")
    from memcore.integrations.llamaindex import MemcoreChatEngine, MemcoreRetriever

    sessions, _ = live_sessions(tmp_path)
    llm = _scripted_llm(["Neil Armstrong and Buzz Aldrin walked on the Moon.", "Ohio."])
    engine = MemcoreChatEngine.from_defaults(MemcoreRetriever(sessions, user="fay"), llm=llm)
    streamed = engine.stream_chat("who walked on the moon during apollo 11?")
    assert "".join(streamed.response_gen) == "Neil Armstrong and Buzz Aldrin walked on the Moon."
    engine.stream_chat("where did the first one grow up?")
    nodes = sessions.conversation("fay").unwrap().memory.nodes
    assert nodes[0].answer == "Neil Armstrong and Buzz Aldrin walked on the Moon."
    assert nodes[-1].query == "where did Neil Armstrong grow up?"
