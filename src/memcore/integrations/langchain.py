"""memcore as a LangChain retriever (extra `langchain`: langchain-core).

`MemcoreRetriever.invoke(question)` is one live turn of the user's conversation: one writer
call completes the user's previous turn with its recorded answer and writes this question's
node, memcore's pipeline ranks the passages, and they come back as `Document`s whose metadata
holds the passage id, title, score, rank, the score's explanation, memcore's query and the
turn. `answer_recorder()` is a runnable to end a chain with: it saves the chain's answer for
the user's next turn and passes it on. The user is `config["metadata"]["memcore_user"]` when
a call names one (so one chain serves many users), else the retriever's `user`; each user's
memory is their own session of the store (`memcore.integrations.live_session`).

Calls for one user, however many run at once (`batch`, concurrent `ainvoke`), are stored as
one history, one turn each. A query that is not a string, is blank or is over the question
cap raises `LiveInputRefused` (a `ValueError`) and stores nothing; a store or writer failure
raises `LiveSessionFailed`. Without langchain-core, importing this module raises an
`ImportError` that names the extra.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

try:
    from langchain_core.callbacks import (
        AsyncCallbackManagerForRetrieverRun,
        CallbackManagerForRetrieverRun,
    )
    from langchain_core.documents import Document
    from langchain_core.retrievers import BaseRetriever
    from langchain_core.runnables import Runnable, RunnableConfig, RunnableLambda
    from pydantic import ConfigDict, Field, model_validator
except ImportError as error:
    # One line that says what to install, instead of a bare ModuleNotFoundError.
    raise ImportError(
        "memcore.integrations.langchain needs the langchain extra: "
        f"pip install 'memcore[langchain]' ({error})"
    ) from None
from returns.result import Failure

from memcore.integrations.live_session import LiveSessions, RetrievedPassage, raised

USER_KEY = "memcore_user"


def _document(passage: RetrievedPassage) -> Document:
    return Document(page_content=passage.text, metadata=passage.metadata(), id=passage.passage_id)


def _user(metadata: Mapping[str, Any] | None, default: str) -> str:
    user = (metadata or {}).get(USER_KEY, default)
    if not isinstance(user, str) or not user:
        raise ValueError(f"config metadata {USER_KEY!r} must name a user, got {user!r}")
    return user


class MemcoreRetriever(BaseRetriever):
    """A LangChain retriever over memcore live sessions (one writer call per question).

    How many documents come back is, as for LangChain's own retrievers, `search_kwargs["k"]`
    or `k` (they must agree when both are given), else the sessions' `k`; a call may ask for
    another number (`invoke(question, k=2)`). Other search keywords are refused, not ignored.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    sessions: LiveSessions
    user: str = "default"
    k: int | None = None
    search_kwargs: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _one_k(self) -> MemcoreRetriever:
        unknown = sorted(set(self.search_kwargs) - {"k"})
        if unknown:
            raise ValueError(f"search_kwargs takes only 'k', got {', '.join(map(repr, unknown))}")
        asked = self.search_kwargs.get("k", self.k)
        if self.k is not None and asked != self.k:
            raise ValueError(f"k={self.k} and search_kwargs k={asked} disagree")
        if asked is not None and (not isinstance(asked, int) or asked < 1):
            raise ValueError(f"k must be a whole number of at least 1, got {asked!r}")
        return self

    @property
    def top_k(self) -> int:
        """How many documents a call returns unless it asks for another number."""
        asked = self.search_kwargs.get("k", self.k)
        return self.sessions.k if asked is None else int(asked)

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun, k: int | None = None
    ) -> list[Document]:
        return self._documents(_user(run_manager.metadata, self.user), query, k)

    async def _aget_relevant_documents(
        self,
        query: str,
        *,
        run_manager: AsyncCallbackManagerForRetrieverRun,
        k: int | None = None,
    ) -> list[Document]:
        user = _user(run_manager.metadata, self.user)
        return await asyncio.to_thread(self._documents, user, query, k)

    def _documents(self, user: str, question: str, k: int | None = None) -> list[Document]:
        found = self.sessions.retrieve(user, question, self.top_k if k is None else k)
        if isinstance(found, Failure):
            raise raised(found.failure())
        return [_document(passage) for passage in found.unwrap()]

    def record_answer(self, answer: str, user: str | None = None) -> bool:
        """Save the chain's answer for the user's next turn; False when no question awaits."""
        recorded = self.sessions.record_answer(user or self.user, answer)
        if isinstance(recorded, Failure):
            raise raised(recorded.failure())
        return recorded.unwrap()

    async def arecord_answer(self, answer: str, user: str | None = None) -> bool:
        """`record_answer`, off the event loop."""
        return await asyncio.to_thread(self.record_answer, answer, user)

    def answer_recorder(self) -> Runnable[str, str]:
        """A runnable that records the chain's answer (for the user named in the call's
        metadata, as the retriever reads it) and returns it unchanged."""

        def record(answer: str, config: RunnableConfig) -> str:
            self.record_answer(answer, _user(config.get("metadata"), self.user))
            return answer

        async def arecord(answer: str, config: RunnableConfig) -> str:
            await self.arecord_answer(answer, _user(config.get("metadata"), self.user))
            return answer

        return RunnableLambda(record, afunc=arecord, name="memcore_answer_recorder")
