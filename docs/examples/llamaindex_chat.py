"""A LlamaIndex retriever and chat engine with memcore's memory (runnable as is, no model,
no network: a scripted LLM stands in): `pip install "memcore[bm25,llamaindex]"`, then
`python llamaindex_chat.py`."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from llama_index.core.base.llms.types import (
    CompletionResponse,
    CompletionResponseGen,
    LLMMetadata,
)
from llama_index.core.llms import CustomLLM
from llama_index.core.llms.callbacks import llm_completion_callback
from pydantic import Field

from memcore.integrations.live_session import LiveSessions
from memcore.integrations.llamaindex import MemcoreChatEngine, MemcoreRetriever
from memcore.search.backends.open import installed_backend, open_retriever
from memcore.search.corpus_io import default_corpus
from memcore.search.retrieval import Retrieval


def main(folder: Path) -> list[tuple[str, str]]:
    """Two turns of bob's chat; each (question, the top passage's id)."""
    corpus_path = default_corpus()
    assert corpus_path is not None, "the Apollo 11 corpus ships with memcore"
    # bm25s where installed (else the pure-Python BM25), its index cached by content hash.
    opened = open_retriever(corpus_path, Retrieval(installed_backend())).unwrap()
    backend = opened.retriever
    sessions = LiveSessions.sqlite(backend, folder / "sessions.db", k=3).unwrap()
    bob = MemcoreRetriever(sessions, user="bob", similarity_top_k=3)
    seen = []
    for question, answer in (
        ("tell me about apollo 12", "Apollo 12 was the second crewed Moon landing."),
        ("who commanded it?", "Pete Conrad commanded Apollo 12."),
    ):
        nodes = bob.retrieve(question)
        top = nodes[0]
        print(f"User: {question}\nmemcore searched: {top.node.metadata['query']}")
        print(f"Top passage: {top.node.metadata['passage_id']} ({top.score:.2f})")
        print(top.node.metadata["explanation"] + "\n")
        # In a query engine this is str(response): the LLM's answer, kept for the next turn.
        bob.record_answer(answer)
        seen.append((question, str(top.node.metadata["passage_id"])))
    return seen


class ScriptedLLM(CustomLLM):
    """Stands in for your LLM: answers with `answers` in turn, keeps each prompt it got."""

    answers: list[str]
    prompts: list[str] = Field(default_factory=list)

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="scripted")

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        self.prompts.append(prompt)
        return CompletionResponse(text=self.answers.pop(0))

    @llm_completion_callback()
    def stream_complete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponseGen:
        answer = self.complete(prompt).text

        def words() -> CompletionResponseGen:
            shown = ""
            for word in answer.split(" "):
                delta = word if not shown else f" {word}"
                shown += delta
                yield CompletionResponse(text=shown, delta=delta)

        return words()


def chat(folder: Path) -> list[tuple[str, str]]:
    """Two turns of a LlamaIndex chat engine that records its answers; each (question,
    answer). The second question is searched knowing the first answer."""
    corpus_path = default_corpus()
    assert corpus_path is not None, "the Apollo 11 corpus ships with memcore"
    opened = open_retriever(corpus_path, Retrieval(installed_backend())).unwrap()
    sessions = LiveSessions.sqlite(opened.retriever, folder / "chat.db", k=3).unwrap()
    llm = ScriptedLLM(
        answers=[
            "Neil Armstrong and Buzz Aldrin walked on the Moon.",
            "Neil Armstrong grew up in Ohio.",
        ]
    )
    # ContextChatEngine (LlamaIndex's) with memcore's retriever; the wrapper records each answer.
    engine = MemcoreChatEngine.from_defaults(MemcoreRetriever(sessions, user="carol"), llm=llm)
    seen = []
    for question in (
        "who walked on the moon during apollo 11?",
        "where did the first one grow up?",
    ):
        answer = str(engine.chat(question))
        searched = sessions.conversation("carol").unwrap().awaiting
        print(f"User: {question}\nmemcore searched: {searched.query if searched else ''}")
        print(f"Answer: {answer}\n")
        seen.append((question, answer))
    return seen


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        main(Path(folder))
        chat(Path(folder))
