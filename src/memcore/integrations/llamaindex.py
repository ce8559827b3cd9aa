"""memcore as a LlamaIndex retriever (extra `llamaindex`: llama-index-core).

`MemcoreRetriever.retrieve(question)` is one live turn of the user's conversation: one writer
call completes the user's previous turn with its recorded answer and writes this question's
node, memcore's pipeline ranks the passages, and they come back as `NodeWithScore`s whose
node metadata holds the passage id, title, score, rank, the score's explanation, memcore's
query and the turn. `record_answer(str(response))` saves the answer for the next turn. A
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

try:
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


def _node(passage: RetrievedPassage) -> NodeWithScore:
    node = TextNode(id_=passage.passage_id, text=passage.text, metadata=passage.metadata())
    return NodeWithScore(node=node, score=passage.score)


class MemcoreRetriever(BaseRetriever):
    """A LlamaIndex retriever over one user's memcore live session."""

    def __init__(self, sessions: LiveSessions, user: str = "default") -> None:
        super().__init__()
        if not user:
            raise ValueError("a retriever needs a user name")
        self.sessions = sessions
        self.user = user

    def for_user(self, user: str) -> MemcoreRetriever:
        """The retriever of another user over the same sessions."""
        return MemcoreRetriever(self.sessions, user)

    def retrieve(self, str_or_query_bundle: QueryType) -> list[NodeWithScore]:
        """One live turn for `str_or_query_bundle` (a question, or a `QueryBundle`)."""
        _checked_query(str_or_query_bundle)
        return super().retrieve(str_or_query_bundle)

    async def aretrieve(self, str_or_query_bundle: QueryType) -> list[NodeWithScore]:
        """`retrieve`, off the event loop."""
        _checked_query(str_or_query_bundle)
        return await super().aretrieve(str_or_query_bundle)

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        found = self.sessions.retrieve(self.user, query_bundle.query_str)
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
