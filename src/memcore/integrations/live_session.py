"""Live conversations kept per user in a session store: what every framework adapter shares.

Each user's conversation is one session of the store (tenant, user, session name), so two
users of one retriever never read or write each other's memory: every store call names the
user as its principal, and the store refuses any other. A question is one live turn (one
writer call: the previous turn completed with its recorded answer, the question written and
searched); the memory, its last node awaiting its answer, is saved after it. Recording the
chain's answer saves it on that awaiting node; the next question's call completes the node.
Framework-free: the adapters turn the passages into their own document types.

One user's calls make one history, however many arrive at once. Within a process they take
turns on a lock of their own session. Across processes (several workers over one store) each
call saves with the version of the session it read (compare and swap, `SessionStore`); a save
that another process overtook is a `ConcurrentUpdate`, and the call reads the session again
and re-applies itself (one more writer call), at most `attempts` times. Every failed attempt
means another call committed meanwhile, so when at most N calls of one user run at once, N
attempts are enough.

Questions and answers are checked before anything is read or written: a question must be a
non-blank string of at most `memcore.caps.QUESTION_CHARS` characters and an answer a string
of at most `ANSWER_CHARS`, the caps the command line applies to questions files. Anything
else is an `InputRefused` value (raised by the adapters as `LiveInputRefused`, a
`ValueError`) and nothing is stored.
"""

from __future__ import annotations

import random
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import attrs
from returns.result import Failure, Result, Success

from memcore.caps import ANSWER_CHARS, QUESTION_CHARS
from memcore.node import Memory
from memcore.search.backends.open import default_retrieval, open_retriever
from memcore.search.explain import ExplainedHit
from memcore.search.retrieval import RetrievalError
from memcore.search.retriever import Retriever
from memcore.sessions.errors import ConcurrentUpdate, SessionError
from memcore.sessions.keys import SessionKey
from memcore.sessions.sqlite_store import SqliteSessionStore
from memcore.sessions.store import SessionStore
from memcore.writers.driver import Driver, LiveConversation, LiveOutcome, TurnFailed
from memcore.writers.factory import default_writer_name, writer_from_spec
from memcore.writers.protocol import WriterError
from memcore.writers.rules import RuleWriter

T = TypeVar("T")

# When no call is in a hurry, a session gets this many tries at a write another process
# overtook (see the module's docstring for why N suffice for N concurrent calls).
DEFAULT_ATTEMPTS = 16


@attrs.frozen
class InputRefused:
    """A question or answer memcore does not take (`field` names which): not a string, a
    blank question, or longer than its cap. Nothing was read or stored."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"memcore refused the {self.field}: {self.message}"


LiveSessionError = SessionError | TurnFailed | InputRefused


def _checked_text(field: str, value: object, cap: int, blank_allowed: bool) -> InputRefused | None:
    if not isinstance(value, str):
        return InputRefused(field, f"must be a string, got {type(value).__name__}")
    if not blank_allowed and not value.strip():
        return InputRefused(field, "must not be empty")
    if len(value) > cap:
        return InputRefused(field, f"has {len(value):,} characters; the cap is {cap:,}")
    return None


def checked_question(question: object) -> InputRefused | None:
    """Why `question` cannot be a live turn's question; None when it can."""
    return _checked_text("question", question, QUESTION_CHARS, blank_allowed=False)


def checked_answer(answer: object) -> InputRefused | None:
    """Why `answer` cannot be recorded; None when it can (an empty answer can)."""
    return _checked_text("answer", answer, ANSWER_CHARS, blank_allowed=True)


class _SessionLock:
    """The lock of one session; weakly referenced by `_SessionLocks`, so it lives exactly as
    long as some call holds or waits for it."""

    __slots__ = ("__weakref__", "held")

    def __init__(self) -> None:
        self.held = threading.Lock()


class _SessionLocks:
    """One lock per session key, shared by this process's threads (and the event loop's
    worker threads): calls of one user take turns, calls of different users do not wait."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: weakref.WeakValueDictionary[SessionKey, _SessionLock] = (
            weakref.WeakValueDictionary()
        )

    def of(self, key: SessionKey) -> _SessionLock:
        with self._guard:
            lock = self._locks.get(key)
            if lock is None:
                lock = _SessionLock()
                self._locks[key] = lock
            return lock


def _pause_before_retry(attempt: int) -> None:
    # A random pause, growing with the attempt, so that processes that collided once do not
    # collide again in step; correctness does not depend on it.
    time.sleep(random.uniform(0.0, 0.005 * (attempt + 1)))


def default_driver(retriever: Retriever, writer: str | None = None) -> Result[Driver, WriterError]:
    """The driver `memcore chat` and `memcore demo` build: the writer `writer` names (None:
    the commands' default, `default_writer`: `learned-minilm` where the dense encoder is
    installed, else `learned`) over `retriever`'s corpus, the rule writer taking over a turn
    where it fails."""
    corpus = retriever.corpus
    fallback = RuleWriter.for_corpus(corpus)
    return writer_from_spec(default_writer_name(writer), corpus).map(
        lambda chosen: Driver(chosen, retriever=retriever, fallback=fallback)
    )


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
    returned per question; `attempts` bounds the tries of a call that other processes'
    calls for the same user keep overtaking.
    """

    driver: Driver
    store: SessionStore
    tenant: str = "memcore"
    session: str = "chat"
    k: int = 5
    attempts: int = DEFAULT_ATTEMPTS
    _locks: _SessionLocks = attrs.field(factory=_SessionLocks, init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if self.driver.retriever is None:
            raise ValueError("live sessions need a driver with a retriever")
        if self.k < 1:
            raise ValueError(f"k must be at least 1, got {self.k}")
        if self.attempts < 1:
            raise ValueError(f"attempts must be at least 1, got {self.attempts}")

    @classmethod
    def sqlite(
        cls, retriever: Retriever, path: Path | str, k: int = 5, writer: str | None = None
    ) -> Result[LiveSessions, SessionError | WriterError]:
        """Sessions in the SQLite file at `path` (created when absent) over `retriever`, with
        the commands' driver (`default_driver`: the default writer unless `writer` names
        another, e.g. "rules"), returning `k` passages per question."""
        driven = default_driver(retriever, writer)
        if isinstance(driven, Failure):
            return Failure(driven.failure())
        driver = driven.unwrap()
        return SqliteSessionStore.open(path).map(lambda store: cls(driver, store, k=k))

    @classmethod
    def open(
        cls, corpus: Path, path: Path | str, k: int = 5, writer: str | None = None
    ) -> Result[LiveSessions, RetrievalError | SessionError | WriterError]:
        """`sqlite` over the corpus file at `corpus` (BEIR JSONL), searched by the retriever
        the commands use by default (`default_retrieval`: hybrid where the dense encoder is
        installed, else BM25; index and embeddings from the cache when it holds them)."""
        opened = open_retriever(corpus, default_retrieval())
        if isinstance(opened, Failure):
            return Failure(opened.failure())
        return cls.sqlite(opened.unwrap().retriever, path, k, writer)

    def key(self, user: str) -> SessionKey:
        """The store key of `user`'s conversation."""
        return SessionKey(self.tenant, user, self.session)

    def conversation(self, user: str) -> Result[LiveConversation, SessionError]:
        """`user`'s live conversation (empty before their first question)."""
        key = self.key(user)
        return self.store.load_versioned(key.owner, key).map(
            lambda stored: LiveConversation.of(stored.memory)
        )

    def _update(
        self,
        user: str,
        change: Callable[[LiveConversation], Result[tuple[Memory | None, T], LiveSessionError]],
    ) -> Result[T, LiveSessionError]:
        """Apply `change` to `user`'s conversation and save the memory it gives (None: nothing
        to save), holding the session's lock; when another process saved the session since
        it was read, read it again and re-apply, at most `attempts` times in all."""
        key = self.key(user)
        lock = self._locks.of(key)
        overtaken: ConcurrentUpdate | None = None
        with lock.held:
            for attempt in range(self.attempts):
                if attempt:
                    _pause_before_retry(attempt)
                read = self.store.load_versioned(key.owner, key)
                if isinstance(read, Failure):
                    return Failure(read.failure())
                stored = read.unwrap()
                changed = change(LiveConversation.of(stored.memory))
                if isinstance(changed, Failure):
                    return Failure(changed.failure())
                memory, value = changed.unwrap()
                if memory is None:
                    return Success(value)
                saved = self.store.save(key.owner, key, memory, expected_version=stored.version)
                if isinstance(saved, Success):
                    return Success(value)
                error = saved.failure()
                if not isinstance(error, ConcurrentUpdate):
                    return Failure(error)
                overtaken = error
        assert overtaken is not None  # at least one attempt ran, and each one returns or is this
        return Failure(overtaken)

    def ask(self, user: str, question: str) -> Result[LiveOutcome, LiveSessionError]:
        """One live turn of `user`'s conversation, saved: the outcome holds the ranking."""
        refused = checked_question(question)
        if refused is not None:
            return Failure(refused)

        def turn(
            conversation: LiveConversation,
        ) -> Result[tuple[Memory | None, LiveOutcome], LiveSessionError]:
            return self.driver.live_turn(conversation, question).map(
                lambda outcome: (outcome.conversation.memory, outcome)
            )

        return self._update(user, turn)

    def retrieve(
        self, user: str, question: str, k: int | None = None
    ) -> Result[tuple[RetrievedPassage, ...], LiveSessionError]:
        """`ask`, as the top `k` passages (default: the sessions' `k`) with their text,
        scores and explanations."""
        if k is not None and k < 1:
            raise ValueError(f"k must be at least 1, got {k}")
        return self.ask(user, question).map(lambda outcome: self.passages(outcome, k))

    def passages(self, outcome: LiveOutcome, k: int | None = None) -> tuple[RetrievedPassage, ...]:
        """The top `k` passages (default: the sessions' `k`) of a live turn's ranking."""
        if outcome.ranking is None:
            return ()
        top = self.k if k is None else k
        return tuple(self._passage(hit, outcome) for hit in outcome.ranking.hits[:top])

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

    def record_answer(self, user: str, answer: str) -> Result[bool, LiveSessionError]:
        """Save the chain's `answer` on `user`'s last question; the next question's call
        completes that turn with it. False (nothing saved) when no question awaits one."""
        refused = checked_answer(answer)
        if refused is not None:
            return Failure(refused)

        def record(
            conversation: LiveConversation,
        ) -> Result[tuple[Memory | None, bool], LiveSessionError]:
            if conversation.awaiting is None:
                return Success((None, False))
            return Success((conversation.answered(answer).memory, True))

        return self._update(user, record)


class LiveSessionFailed(RuntimeError):
    """Raised by the framework adapters (whose interfaces expect exceptions) when a live turn
    or the store failed; `error` is the typed value."""

    def __init__(self, error: LiveSessionError) -> None:
        super().__init__(str(error))
        self.error = error


class LiveInputRefused(ValueError):
    """Raised by the framework adapters for a question or answer memcore does not take (a
    `ValueError`, as the frameworks raise for bad input); `error` is the typed value."""

    def __init__(self, error: InputRefused) -> None:
        super().__init__(str(error))
        self.error = error


def raised(error: LiveSessionError) -> LiveSessionFailed | LiveInputRefused:
    """The exception an adapter raises for `error`."""
    if isinstance(error, InputRefused):
        return LiveInputRefused(error)
    return LiveSessionFailed(error)
