"""memcore as a LlamaIndex retriever (extra `llamaindex`: llama-index-core).

`MemcoreRetriever.retrieve(question)` is one live turn of the user's conversation: one writer
call completes the user's previous turn with its recorded answer and writes this question's
node, memcore's pipeline ranks the passages, and they come back as `NodeWithScore`s whose
node metadata holds the passage id, title, score, rank, the score's explanation, memcore's
query and the turn; all but the passage id and title are kept out of the LLM's prompt
(`excluded_llm_metadata_keys`). `record_answer(str(response))` saves the answer for the next
turn, or `MemcoreChatEngine` wraps a chat engine and records every answer it gives. A
retriever serves one user; `for_user` gives another user's retriever over the same sessions,
and each user's memory is their own session of the store
(`memcore.integrations.live_session`).

Calls for one user, however many run at once, are stored as one history, one turn each. A
query that is not a string (or a `QueryBundle` holding one), is blank or is over the
question cap raises `LiveInputRefused` (a `ValueError`) and stores nothing; a store or
writer failure raises `LiveSessionFailed`. Without llama-index-core, importing this module
raises an `ImportError` that names the extra.
"""

from __future__ import annotations

import asyncio
from typing import Any

try:
    from llama_index.core.base.llms.types import ChatMessage
    from llama_index.core.chat_engine import ContextChatEngine
    from llama_index.core.chat_engine.types import (
        AGENT_CHAT_RESPONSE_TYPE,
        BaseChatEngine,
        StreamingAgentChatResponse,
    )
    from llama_index.core.retrievers import BaseRetriever
    from llama_index.core.schema import NodeWithScore, QueryBundle, QueryType, TextNode
except ImportError as error:
    # One line that says what to install, instead of a bare ModuleNotFoundError.
    raise ImportError(
        "memcore.integrations.llamaindex needs the llamaindex extra: "
        f"pip install 'memcore[llamaindex]' ({error})"
    ) from None
from returns.result import Failure

from memcore.integrations.live_session import (
    LiveInputRefused,
    LiveSessions,
    RetrievedPassage,
    checked_question,
    raised,
)


def _checked_query(query: object) -> None:
    """Raise `LiveInputRefused` for a query that is neither a string nor a `QueryBundle`:
    LlamaIndex would fail on it inside its own code, with no word about the query."""
    if not isinstance(query, QueryBundle):
        refused = checked_question(query)
        if refused is not None:
            raise LiveInputRefused(refused)


# What a node's metadata holds for debugging, not for the answer: kept out of the text the
# LLM reads and out of what an embedding model would embed (the title and the passage id,
# which an answer may cite, stay).
DEBUG_METADATA = ("score", "rank", "explanation", "query", "turn")


def _node(passage: RetrievedPassage) -> NodeWithScore:
    node = TextNode(
        id_=passage.passage_id,
        text=passage.text,
        metadata=passage.metadata(),
        excluded_llm_metadata_keys=list(DEBUG_METADATA),
        excluded_embed_metadata_keys=list(DEBUG_METADATA),
    )
    return NodeWithScore(node=node, score=passage.score)


class MemcoreRetriever(BaseRetriever):
    """A LlamaIndex retriever over one user's memcore live session; `similarity_top_k`
    passages per question (default: the sessions' `k`), as LlamaIndex's own retrievers."""

    def __init__(
        self, sessions: LiveSessions, user: str = "default", similarity_top_k: int | None = None
    ) -> None:
        super().__init__()
        if not user:
            raise ValueError("a retriever needs a user name")
        if similarity_top_k is not None and similarity_top_k < 1:
            raise ValueError(f"similarity_top_k must be at least 1, got {similarity_top_k}")
        self.sessions = sessions
        self.user = user
        self.similarity_top_k = sessions.k if similarity_top_k is None else similarity_top_k

    def for_user(self, user: str) -> MemcoreRetriever:
        """The retriever of another user over the same sessions."""
        return MemcoreRetriever(self.sessions, user, self.similarity_top_k)

    def retrieve(self, str_or_query_bundle: QueryType) -> list[NodeWithScore]:
        """One live turn for `str_or_query_bundle` (a question, or a `QueryBundle`)."""
        _checked_query(str_or_query_bundle)
        return super().retrieve(str_or_query_bundle)

    async def aretrieve(self, str_or_query_bundle: QueryType) -> list[NodeWithScore]:
        """`retrieve`, off the event loop."""
        _checked_query(str_or_query_bundle)
        return await super().aretrieve(str_or_query_bundle)

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        found = self.sessions.retrieve(self.user, query_bundle.query_str, self.similarity_top_k)
        if isinstance(found, Failure):
            raise raised(found.failure())
        return [_node(passage) for passage in found.unwrap()]

    async def _aretrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return await asyncio.to_thread(self._retrieve, query_bundle)

    def record_answer(self, answer: str) -> bool:
        """Save the answer for this user's next turn; False when no question awaits one."""
        recorded = self.sessions.record_answer(self.user, answer)
        if isinstance(recorded, Failure):
            raise raised(recorded.failure())
        return recorded.unwrap()

    async def arecord_answer(self, answer: str) -> bool:
        """`record_answer`, off the event loop."""
        return await asyncio.to_thread(self.record_answer, answer)


class MemcoreChatEngine(BaseChatEngine):
    """A LlamaIndex chat engine that records each of its answers in memcore's memory, so the
    next question is written knowing it ("where did the first one grow up?" after an answer
    that named Neil Armstrong). It wraps a chat engine whose retriever is `retriever`
    (`from_defaults` builds LlamaIndex's `ContextChatEngine`, which sends each message to
    the retriever as typed) and behaves as that engine.

    `chat` and `achat` record the answer when it returns. A streamed answer is recorded once
    the stream was read: at the start of the next call, or by `record_streamed()`.
    """

    def __init__(self, engine: BaseChatEngine, retriever: MemcoreRetriever) -> None:
        super().__init__()
        self.engine = engine
        self.retriever = retriever
        self._streamed: StreamingAgentChatResponse | None = None

    @classmethod
    def from_defaults(cls, retriever: MemcoreRetriever, **kwargs: Any) -> MemcoreChatEngine:
        """A `ContextChatEngine.from_defaults(retriever=retriever, **kwargs)` that records."""
        return cls(ContextChatEngine.from_defaults(retriever=retriever, **kwargs), retriever)

    def record_streamed(self) -> bool:
        """Record the last streamed answer if it was read to its end and is not recorded
        yet; whether one was recorded."""
        streamed, self._streamed = self._streamed, None
        if streamed is None or not streamed.is_done or not streamed.response:
            return False
        return self.retriever.record_answer(streamed.response)

    def reset(self) -> None:
        """Reset the wrapped engine's chat history (memcore's memory is kept)."""
        self.record_streamed()
        self.engine.reset()

    def chat(
        self, message: str, chat_history: list[ChatMessage] | None = None
    ) -> AGENT_CHAT_RESPONSE_TYPE:
        """The wrapped engine's answer, recorded for the next question."""
        self.record_streamed()
        response = self.engine.chat(message, chat_history)
        self.retriever.record_answer(str(response))
        return response

    async def achat(
        self, message: str, chat_history: list[ChatMessage] | None = None
    ) -> AGENT_CHAT_RESPONSE_TYPE:
        """`chat`, asynchronously."""
        self.record_streamed()
        response = await self.engine.achat(message, chat_history)
        await self.retriever.arecord_answer(str(response))
        return response

    def stream_chat(
        self, message: str, chat_history: list[ChatMessage] | None = None
    ) -> StreamingAgentChatResponse:
        """The wrapped engine's stream; its answer is recorded once read (see the class)."""
        self.record_streamed()
        self._streamed = self.engine.stream_chat(message, chat_history)
        return self._streamed

    async def astream_chat(
        self, message: str, chat_history: list[ChatMessage] | None = None
    ) -> StreamingAgentChatResponse:
        """`stream_chat`, asynchronously."""
        self.record_streamed()
        self._streamed = await self.engine.astream_chat(message, chat_history)
        return self._streamed

    @property
    def chat_history(self) -> list[ChatMessage]:
        """The wrapped engine's chat history."""
        return self.engine.chat_history
