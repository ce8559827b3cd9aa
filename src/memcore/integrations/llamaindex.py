"""memcore as a LlamaIndex retriever (extra `llamaindex`: llama-index-core).

`MemcoreRetriever.retrieve(question)` is one live turn of the user's conversation: one writer
call completes the user's previous turn with its recorded answer and writes this question's
node, memcore's pipeline ranks the passages, and they come back as `NodeWithScore`s whose
node metadata holds the passage id, title, score, rank, the score's explanation, memcore's
query and the turn. `record_answer(str(response))` saves the answer for the next turn. A
retriever serves one user; `for_user` gives another user's retriever over the same sessions,
and each user's memory is their own session of the store
(`memcore.integrations.live_session`).
"""

from __future__ import annotations

import asyncio

from llama_index.core.retrievers import BaseRetriever
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode
from returns.result import Failure

from memcore.integrations.live_session import LiveSessionFailed, LiveSessions, RetrievedPassage


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

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        found = self.sessions.retrieve(self.user, query_bundle.query_str)
        if isinstance(found, Failure):
            raise LiveSessionFailed(found.failure())
        return [_node(passage) for passage in found.unwrap()]

    async def _aretrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return await asyncio.to_thread(self._retrieve, query_bundle)

    def record_answer(self, answer: str) -> bool:
        """Save the answer for this user's next turn; False when no question awaits one."""
        recorded = self.sessions.record_answer(self.user, answer)
        if isinstance(recorded, Failure):
            raise LiveSessionFailed(recorded.failure())
        return recorded.unwrap()

    async def arecord_answer(self, answer: str) -> bool:
        """`record_answer`, off the event loop."""
        return await asyncio.to_thread(self.record_answer, answer)
