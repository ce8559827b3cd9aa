"""The conversation driver: each turn read once, one writer call, the replay state carried.

For a history turn the driver asks the writer for the node, parses it with the core parser
(or takes the node the writer built, when it also gave one), drops its instruction-like facts
(`memcore.safety.filter_node`, whichever writer wrote it), repairs the topic against the
corpus when the retriever's passages have titles, appends the node and folds it into the
carried replay state; the conversation is never replayed from scratch. The final turn yields
the node with its query, and the explained ranking of the search pipeline when a retriever
is given. A writer failure is a value and leaves the conversation as it was; the failure
policy says whether to retry and then fall back to the rule writer, or to fail.

A live conversation (`live_turn`) makes one writer call per turn: each turn's node is written
with its query before the answer is known and awaits it; the next turn's call carries that
answer, completes the awaiting node (filtered and topic-repaired as a history node) and
writes the new one. Offline evaluation keeps `history_turn` and `final_turn`.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Iterable
from typing import TypeVar

import attrs
from returns.result import Failure, Result, Success

from memcore.caps import DEFAULT_CAPS, Caps
from memcore.node import Memory, Node
from memcore.replay import EMPTY, ReplayState, replay, step
from memcore.safety.poisoning import filter_node
from memcore.search.explain import ExplainedRanking
from memcore.search.pipeline import DEFAULT, Pipeline, SearchError, search_final_turn
from memcore.search.retriever import Retriever
from memcore.search.topic_repair import TopicRepair, repair_topic
from memcore.writer_output import (
    LiveNodes,
    TurnInput,
    kept_as_written,
    parse_live_writer_output,
    parse_writer_output,
)
from memcore.writers.protocol import (
    AttemptError,
    TokenCount,
    Writer,
    WriterError,
    WriterReply,
    WriterRequest,
)
from memcore.writers.rules import RuleWriter

T = TypeVar("T")


class FailurePolicy(enum.Enum):
    """What the driver does when the writer fails after its retries."""

    FALL_BACK = "fall-back"  # write the turn with the rule writer
    FAIL = "fail"  # return the failure; the conversation is unchanged


@attrs.frozen
class DriverConfig:
    """The driver's settings.

    `retries` extra calls follow a failed one; then `policy` applies. `horizon` shows the
    writer only the last `horizon` nodes (None: all). `trust_nodes` takes a node the writer
    built itself (the rule writer) without parsing its text again; the text still parses to it.
    A horizon of 0 shows the writer no memory at all (`Memory.last(0)` is empty).
    """

    policy: FailurePolicy = FailurePolicy.FALL_BACK
    retries: int = 1
    horizon: int | None = None
    caps: Caps = DEFAULT_CAPS
    trust_nodes: bool = True

    def __attrs_post_init__(self) -> None:
        if self.retries < 0:
            raise ValueError(f"retries must be 0 or more, got {self.retries}")
        if self.horizon is not None and self.horizon < 0:
            raise ValueError(f"a memory horizon cannot be negative, got {self.horizon}")


@attrs.frozen
class CallReport:
    """One writer call: who, how long, tokens in and out where known, and its error if any."""

    writer: str
    turn: int
    attempt: int
    latency_s: float
    tokens_in: int | None
    tokens_out: int | None
    counted: TokenCount
    error: str | None = None

    @property
    def ok(self) -> bool:
        """Whether the call gave a node."""
        return self.error is None


@attrs.frozen
class Turn:
    """A user turn: the question, and the answer for a history turn ("" at the final turn)."""

    question: str
    answer: str = ""


@attrs.frozen
class Conversation:
    """The memory so far and its replay state, carried from turn to turn."""

    memory: Memory = attrs.field(factory=Memory)
    state: ReplayState = EMPTY

    @classmethod
    def of(cls, memory: Memory) -> Conversation:
        """A conversation resumed from `memory` (replayed once)."""
        return cls(memory, replay(memory))

    def with_node(self, node: Node) -> Conversation:
        """The conversation after `node`: appended, and folded into the carried state."""
        return Conversation(self.memory.append(node), step(self.state, node))


@attrs.frozen
class TurnOutcome:
    """A written history turn: the new conversation, the node, the calls, and what topic
    repair did (None when it did not run)."""

    conversation: Conversation
    node: Node
    calls: tuple[CallReport, ...]
    fell_back: bool = False
    repair: TopicRepair | None = None


@attrs.frozen
class FinalOutcome:
    """The final turn: its node (with the query), the calls, and the explained ranking when
    a retriever was given."""

    node: Node
    calls: tuple[CallReport, ...]
    ranking: ExplainedRanking | None = None
    fell_back: bool = False

    @property
    def query(self) -> str:
        """The writer's query."""
        return self.node.query or ""


@attrs.frozen
class TurnFailed:
    """Every attempt at a turn failed; the conversation is unchanged."""

    turn: int
    errors: tuple[AttemptError | SearchError, ...]
    calls: tuple[CallReport, ...]

    @property
    def message(self) -> str:
        return f"turn {self.turn} failed: " + "; ".join(str(error) for error in self.errors)

    def __str__(self) -> str:
        return self.message


@attrs.frozen
class LiveConversation:
    """A live conversation: the settled memory (every node completed) and its carried state,
    and the last turn's node awaiting its answer (None before the first turn)."""

    settled: Conversation = Conversation()
    awaiting: Node | None = None

    @classmethod
    def of(cls, memory: Memory) -> LiveConversation:
        """A live conversation resumed from `memory`; its last node may await its answer."""
        last = memory.nodes[-1] if memory.nodes else None
        if last is not None and last.awaiting_answer:
            return cls(Conversation.of(Memory(memory.nodes[:-1])), last)
        return cls(Conversation.of(memory))

    @property
    def memory(self) -> Memory:
        """The memory to save: the settled nodes, then the awaiting node if any."""
        settled = self.settled.memory
        return settled if self.awaiting is None else settled.append(self.awaiting)

    @property
    def next_turn(self) -> int:
        """The turn number the next question gets."""
        return self.memory.next_turn

    def answered(self, answer: str) -> LiveConversation:
        """The conversation with `answer` recorded on the awaiting node (kept until the next
        turn's call completes it); unchanged when no node awaits."""
        if self.awaiting is None:
            return self
        return LiveConversation(self.settled, attrs.evolve(self.awaiting, answer=answer))


@attrs.frozen
class LiveOutcome:
    """One live turn: the conversation after it, the new node (awaiting its answer, with the
    query), the previous node as completed by the same call (None at the first turn) and as
    it was before, the calls, the explained ranking, and what topic repair did."""

    conversation: LiveConversation
    node: Node
    completed: Node | None
    before: Node | None
    calls: tuple[CallReport, ...]
    ranking: ExplainedRanking | None = None
    fell_back: bool = False
    repair: TopicRepair | None = None
    by_writer: bool = True

    @property
    def query(self) -> str:
        """The writer's query for the new turn."""
        return self.node.query or ""

    @property
    def added_facts(self) -> tuple[str, ...]:
        """The facts the answer added to the previous node."""
        if self.completed is None:
            return ()
        known = set(self.before.facts) if self.before is not None else set()
        return tuple(fact for fact in self.completed.facts if fact not in known)


@attrs.frozen
class Driver:
    """A writer with its policy, and optionally a retriever for topic repair and search."""

    writer: Writer
    config: DriverConfig = DriverConfig()
    retriever: Retriever | None = attrs.field(default=None, eq=False)
    pipeline: Pipeline = DEFAULT
    fallback: Writer | None = None

    def _fallback(self) -> Writer:
        if self.fallback is not None:
            return self.fallback
        if self.retriever is not None:
            return RuleWriter.for_corpus(self.retriever.corpus)
        return RuleWriter()

    def _request(self, conversation: Conversation, turn: TurnInput) -> WriterRequest:
        horizon = self.config.horizon
        if horizon is None or len(conversation.memory) <= horizon:
            return WriterRequest(conversation.memory, conversation.state, turn, self.config.caps)
        window = conversation.memory.last(horizon)
        return WriterRequest(window, replay(window), turn, self.config.caps)

    def _node(
        self, writer: Writer, conversation: Conversation, request: WriterRequest, attempt: int
    ) -> tuple[Result[Node, AttemptError], CallReport]:
        def read(reply: WriterReply) -> Result[Node, AttemptError]:
            if reply.node is not None and self.config.trust_nodes:
                return Success(reply.node)
            return parse_writer_output(
                reply.text, conversation.memory, request.turn, self.config.caps, conversation.state
            )

        return self._call(writer, request, attempt, read)

    def _call(
        self,
        writer: Writer,
        request: WriterRequest,
        attempt: int,
        read: Callable[[WriterReply], Result[T, AttemptError]],
    ) -> tuple[Result[T, AttemptError], CallReport]:
        started = time.perf_counter()
        written: Result[WriterReply, WriterError] = writer.write(request)
        latency = time.perf_counter() - started
        turn = request.turn
        if isinstance(written, Failure):
            error = written.failure()
            report = CallReport(
                writer.name, turn.turn, attempt, latency, None, None, TokenCount.NONE, str(error)
            )
            return Failure(error), report
        reply = written.unwrap()
        parsed = read(reply)
        error_text = None if isinstance(parsed, Success) else str(parsed.failure())
        report = CallReport(
            writer.name,
            turn.turn,
            attempt,
            latency,
            reply.tokens_in,
            reply.tokens_out,
            reply.counted,
            error_text,
        )
        return parsed, report

    def _write(
        self, conversation: Conversation, turn: TurnInput
    ) -> Result[tuple[Node, tuple[CallReport, ...], bool], TurnFailed]:
        """The turn's node from the writer (or the fallback), its instruction-like facts
        dropped: no writer can put an order into the memory or the final search."""
        request = self._request(conversation, turn)
        written = self._attempts(
            request, lambda writer, attempt: self._node(writer, conversation, request, attempt)
        )
        return written.map(lambda found: (filter_node(found[0]), found[1], found[2]))

    def _attempts(
        self,
        request: WriterRequest,
        attempt_with: Callable[[Writer, int], tuple[Result[T, AttemptError], CallReport]],
    ) -> Result[tuple[T, tuple[CallReport, ...], bool], TurnFailed]:
        """The writer's retries, then the failure policy's fallback."""
        calls: list[CallReport] = []
        errors: list[AttemptError | SearchError] = []
        for attempt in range(1, self.config.retries + 2):
            result, report = attempt_with(self.writer, attempt)
            calls.append(report)
            if isinstance(result, Success):
                return Success((result.unwrap(), tuple(calls), False))
            errors.append(result.failure())
        if self.config.policy is FailurePolicy.FALL_BACK:
            result, report = attempt_with(self._fallback(), len(calls) + 1)
            calls.append(report)
            if isinstance(result, Success):
                return Success((result.unwrap(), tuple(calls), True))
            errors.append(result.failure())
        return Failure(TurnFailed(request.turn.turn, tuple(errors), tuple(calls)))

    def _live_request(
        self, settled: Conversation, answered: Node, turn: TurnInput
    ) -> WriterRequest:
        memory = settled.memory.append(answered)
        state = step(settled.state, answered)
        horizon = self.config.horizon
        if horizon is None or len(memory) <= horizon:
            return WriterRequest(memory, state, turn, self.config.caps, settled.state)
        window = memory.last(horizon)
        before = Memory(window.nodes[:-1])
        return WriterRequest(window, replay(window), turn, self.config.caps, replay(before))

    def _live_nodes(
        self, writer: Writer, request: WriterRequest, answered: Node, attempt: int
    ) -> tuple[Result[LiveNodes, AttemptError], CallReport]:
        def read(reply: WriterReply) -> Result[LiveNodes, AttemptError]:
            if reply.node is not None and reply.completed is not None and self.config.trust_nodes:
                return Success(LiveNodes(reply.completed, reply.node))
            before = request.completion_request()
            return parse_live_writer_output(
                reply.text, before.memory, answered, request.turn, self.config.caps, before.state
            )

        return self._call(writer, request, attempt, read)

    def live_turn(
        self, conversation: LiveConversation, question: str, answer: str | None = None
    ) -> Result[LiveOutcome, TurnFailed]:
        """One live turn, one writer call: `answer` (the answer to the awaiting node; None:
        the answer recorded on it, if any; ignored at the first turn) completes the previous
        node, and `question`'s node is written with its query, searched when a retriever is
        given, and left awaiting its answer."""
        number = conversation.next_turn
        turn = TurnInput(number, question, "", True)
        awaiting = conversation.awaiting
        settled = conversation.settled
        if awaiting is None or self.config.horizon == 0:
            return self._first_live_turn(conversation, turn)
        answered = awaiting if answer is None else attrs.evolve(awaiting, answer=answer)
        request = self._live_request(settled, answered, turn)
        written = self._attempts(
            request, lambda writer, attempt: self._live_nodes(writer, request, answered, attempt)
        )
        if isinstance(written, Failure):
            return Failure(written.failure())
        nodes, calls, fell_back = written.unwrap()
        completed = filter_node(nodes.completed)
        repair = None
        if self.retriever is not None and self.retriever.corpus.has_titles:
            repair = repair_topic(settled.memory, completed, self.retriever, state=settled.state)
            completed = repair.node
        settled = settled.with_node(completed)
        node = attrs.evolve(filter_node(nodes.node), awaiting_answer=True)
        return self._searched(
            LiveOutcome(
                LiveConversation(settled, node),
                node,
                completed,
                awaiting,
                calls,
                None,
                fell_back,
                repair,
                nodes.by_writer,
            )
        )

    def _first_live_turn(
        self, conversation: LiveConversation, turn: TurnInput
    ) -> Result[LiveOutcome, TurnFailed]:
        """A live turn with no node to complete: the first one (or one whose awaiting node
        the writer cannot see, horizon 0: it is kept as written)."""
        settled = conversation.settled
        if conversation.awaiting is not None:
            settled = settled.with_node(kept_as_written(conversation.awaiting))
        written = self._write(settled, turn)
        if isinstance(written, Failure):
            return Failure(written.failure())
        found, calls, fell_back = written.unwrap()
        node = attrs.evolve(found, awaiting_answer=True)
        return self._searched(
            LiveOutcome(LiveConversation(settled, node), node, None, None, calls, None, fell_back)
        )

    def _searched(self, outcome: LiveOutcome) -> Result[LiveOutcome, TurnFailed]:
        if self.retriever is None:
            return Success(outcome)
        memory = outcome.conversation.settled.memory
        searched = search_final_turn(memory, outcome.node, self.retriever, self.pipeline)
        if isinstance(searched, Failure):
            return Failure(TurnFailed(outcome.node.turn, (searched.failure(),), outcome.calls))
        return Success(attrs.evolve(outcome, ranking=searched.unwrap()))

    def settle(
        self, conversation: LiveConversation, answer: str
    ) -> Result[tuple[Conversation, tuple[CallReport, ...]], TurnFailed]:
        """Complete the awaiting node with its answer when no question follows (one history
        call, as offline), and the calls made; no call when no node awaits."""
        awaiting = conversation.awaiting
        if awaiting is None:
            return Success((conversation.settled, ()))
        settled = self.history_turn(conversation.settled, Turn(awaiting.question, answer))
        return settled.map(lambda outcome: (outcome.conversation, outcome.calls))

    def history_turn(
        self, conversation: Conversation, turn: Turn
    ) -> Result[TurnOutcome, TurnFailed]:
        """Write a history turn (question and answer) into the conversation."""
        number = conversation.memory.next_turn
        written = self._write(conversation, TurnInput(number, turn.question, turn.answer, False))
        if isinstance(written, Failure):
            return Failure(written.failure())
        node, calls, fell_back = written.unwrap()
        repair = None
        if self.retriever is not None and self.retriever.corpus.has_titles:
            repair = repair_topic(
                conversation.memory, node, self.retriever, state=conversation.state
            )
            node = repair.node
        return Success(TurnOutcome(conversation.with_node(node), node, calls, fell_back, repair))

    def final_turn(
        self, conversation: Conversation, question: str
    ) -> Result[FinalOutcome, TurnFailed]:
        """Write the final turn (no answer): its node carries the query; with a retriever,
        rank passages with the search pipeline. The conversation itself is not changed."""
        number = conversation.memory.next_turn
        written = self._write(conversation, TurnInput(number, question, "", True))
        if isinstance(written, Failure):
            return Failure(written.failure())
        node, calls, fell_back = written.unwrap()
        if self.retriever is None:
            return Success(FinalOutcome(node, calls, None, fell_back))
        searched = search_final_turn(conversation.memory, node, self.retriever, self.pipeline)
        if isinstance(searched, Failure):
            return Failure(TurnFailed(number, (searched.failure(),), calls))
        return Success(FinalOutcome(node, calls, searched.unwrap(), fell_back))

    def run(
        self, history: Iterable[Turn], final_question: str, start: Conversation | None = None
    ) -> Result[tuple[Conversation, FinalOutcome], TurnFailed]:
        """Drive a whole conversation: every history turn once, then the final question."""
        conversation = start if start is not None else Conversation()
        for turn in history:
            outcome = self.history_turn(conversation, turn)
            if isinstance(outcome, Failure):
                return Failure(outcome.failure())
            conversation = outcome.unwrap().conversation
        final = self.final_turn(conversation, final_question)
        if isinstance(final, Failure):
            return Failure(final.failure())
        return Success((conversation, final.unwrap()))
