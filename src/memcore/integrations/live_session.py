"""Live conversations kept per user in a session store: what every framework adapter shares.

Each user's conversation is one session of the store (tenant, user, session name), so two
users of one retriever never read or write each other's memory: every store call names the
user as its principal, and the store refuses any other. A question is one live turn (one
writer call: the previous turn completed with its recorded answer, the question written and
searched); the memory, its last node awaiting its answer, is saved after it. Recording the
chain's answer saves it on that awaiting node; the next question's call completes the node.
Framework-free: the adapters turn the passages into their own document types.

Two requests of the same user at once both read the stored memory and the later save wins:
serve one user's turns in order, as a chat does.
"""

from __future__ import annotations

from pathlib import Path

import attrs
from returns.result import Failure, Result, Success

from memcore.search.explain import ExplainedHit
from memcore.search.retriever import Retriever
from memcore.sessions.errors import SessionError
from memcore.sessions.keys import SessionKey
from memcore.sessions.sqlite_store import SqliteSessionStore
from memcore.sessions.store import SessionStore
from memcore.writers.driver import Driver, LiveConversation, LiveOutcome, TurnFailed
from memcore.writers.rules import RuleWriter

LiveSessionError = SessionError | TurnFailed


@attrs.frozen
class RetrievedPassage:
    """One passage found for a live turn, with what a chain needs to cite and explain it."""

    passage_id: str
    title: str
    text: str
    score: float
    rank: int
    explanation: str
    query: str
    turn: int

    def metadata(self) -> dict[str, str | float | int]:
        """The passage's metadata for a framework document (everything but the text)."""
        return {
            "passage_id": self.passage_id,
            "title": self.title,
            "score": self.score,
            "rank": self.rank,
            "explanation": self.explanation,
            "query": self.query,
            "turn": self.turn,
        }


@attrs.frozen
class LiveSessions:
    """A driver with a retriever, and a session store holding each user's live conversation.

    `tenant` and `session` name the store key of every user's conversation; `k` passages are
    returned per question.
    """

    driver: Driver
    store: SessionStore
    tenant: str = "memcore"
    session: str = "chat"
    k: int = 5

    def __attrs_post_init__(self) -> None:
        if self.driver.retriever is None:
            raise ValueError("live sessions need a driver with a retriever")
        if self.k < 1:
            raise ValueError(f"k must be at least 1, got {self.k}")

    @classmethod
    def sqlite(
        cls, retriever: Retriever, path: Path | str, k: int = 5
    ) -> Result[LiveSessions, SessionError]:
        """The default: the rule writer over `retriever`'s corpus, sessions in the SQLite file
        at `path` (created when absent)."""
        writer = RuleWriter.for_corpus(retriever.corpus)
        driver = Driver(writer, retriever=retriever)
        return SqliteSessionStore.open(path).map(lambda store: cls(driver, store, k=k))

    def key(self, user: str) -> SessionKey:
        """The store key of `user`'s conversation."""
        return SessionKey(self.tenant, user, self.session)

    def conversation(self, user: str) -> Result[LiveConversation, SessionError]:
        """`user`'s live conversation (empty before their first question)."""
        key = self.key(user)
        loaded = self.store.load(key.owner, key)
        if isinstance(loaded, Failure):
            if loaded.failure().code == "not_found":
                return Success(LiveConversation())
            return Failure(loaded.failure())
        return Success(LiveConversation.of(loaded.unwrap()))

    def ask(self, user: str, question: str) -> Result[LiveOutcome, LiveSessionError]:
        """One live turn of `user`'s conversation, saved: the outcome holds the ranking."""
        found = self.conversation(user)
        if isinstance(found, Failure):
            return Failure(found.failure())
        lived = self.driver.live_turn(found.unwrap(), question)
        if isinstance(lived, Failure):
            return Failure(lived.failure())
        outcome = lived.unwrap()
        key = self.key(user)
        saved = self.store.save(key.owner, key, outcome.conversation.memory)
        if isinstance(saved, Failure):
            return Failure(saved.failure())
        return Success(outcome)

    def retrieve(
        self, user: str, question: str
    ) -> Result[tuple[RetrievedPassage, ...], LiveSessionError]:
        """`ask`, as the top `k` passages with their text, scores and explanations."""
        return self.ask(user, question).map(self.passages)

    def passages(self, outcome: LiveOutcome) -> tuple[RetrievedPassage, ...]:
        """The top `k` passages of a live turn's ranking."""
        if outcome.ranking is None:
            return ()
        return tuple(self._passage(hit, outcome) for hit in outcome.ranking.hits[: self.k])

    def _passage(self, hit: ExplainedHit, outcome: LiveOutcome) -> RetrievedPassage:
        retriever = self.driver.retriever
        text = retriever.corpus.passage(hit.doc_id).text if retriever is not None else ""
        return RetrievedPassage(
            hit.doc_id,
            hit.title,
            text,
            hit.score,
            hit.rank,
            hit.explanation(),
            outcome.query,
            outcome.node.turn,
        )

    def record_answer(self, user: str, answer: str) -> Result[bool, SessionError]:
        """Save the chain's `answer` on `user`'s last question; the next question's call
        completes that turn with it. False (nothing saved) when no question awaits one."""
        found = self.conversation(user)
        if isinstance(found, Failure):
            return Failure(found.failure())
        conversation = found.unwrap()
        if conversation.awaiting is None:
            return Success(False)
        key = self.key(user)
        saved = self.store.save(key.owner, key, conversation.answered(answer).memory)
        return saved.map(lambda _: True)


class LiveSessionFailed(RuntimeError):
    """Raised by the framework adapters (whose interfaces expect exceptions) when a live turn
    or the store failed; `error` is the typed value."""

    def __init__(self, error: LiveSessionError) -> None:
        super().__init__(str(error))
        self.error = error
