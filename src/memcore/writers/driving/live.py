"""The live path (chat, sessions): one writer call per turn.

Each turn's node is written with its query before the answer is known and awaits it; the
next turn's call carries that answer, completes the awaiting node (filtered and
topic-repaired as a history node) and writes the new one.
"""

from __future__ import annotations

import attrs
from returns.result import Result, Success

from memcore.node import Node
from memcore.safety.poisoning import filter_node
from memcore.search.explain import ExplainedRanking
from memcore.search.pipeline import search_final_turn
from memcore.search.topic_repair import TopicRepair
from memcore.writer_output import LiveNodes, TurnInput, kept_as_written
from memcore.writers.driving.calls import CallReport, TurnFailed, Written, timed_call, with_retries
from memcore.writers.driving.conversation import Conversation, LiveConversation, Turn
from memcore.writers.driving.offline import OfflineDriver
from memcore.writers.driving.parts import DriverParts
from memcore.writers.driving.repair import repaired
from memcore.writers.driving.replies import live_reader
from memcore.writers.driving.requests import live_request
from memcore.writers.driving.writing import write_turn


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
class LiveDriver(DriverParts):
    """A writer over a live conversation, with its policy; `fallback` writes a turn the
    writer failed (None: the failure is returned); a retriever repairs the completed node's
    topic and ranks each new turn."""

    def live_turn(
        self, conversation: LiveConversation, question: str, answer: str | None = None
    ) -> Result[LiveOutcome, TurnFailed]:
        """One live turn, one writer call: `answer` (the answer to the awaiting node; None:
        the answer recorded on it, if any; ignored at the first turn) completes the previous
        node, and `question`'s node is written with its query, searched when a retriever is
        given, and left awaiting its answer."""
        turn = TurnInput(conversation.next_turn, question, "", True)
        awaiting = conversation.awaiting
        if awaiting is None or self.config.horizon == 0:
            return self._first_live_turn(conversation, turn)
        settled = conversation.settled
        answered = awaiting if answer is None else attrs.evolve(awaiting, answer=answer)
        request = live_request(settled, answered, turn, self.config)
        read = live_reader(request, answered, self.config)
        written = with_retries(
            self.writer,
            self.fallback,
            self.config,
            request,
            lambda chosen, attempt: timed_call(chosen, request, attempt, read),
        )

        def outcome(found: Written[LiveNodes]) -> LiveOutcome:
            nodes = found.value
            completed, repair = repaired(settled, filter_node(nodes.completed), self.retriever)
            node = attrs.evolve(filter_node(nodes.node), awaiting_answer=True)
            return LiveOutcome(
                LiveConversation(settled.with_node(completed), node),
                node,
                completed,
                awaiting,
                found.calls,
                None,
                found.fell_back,
                repair,
                nodes.by_writer,
            )

        return written.map(outcome).bind(self._searched)

    def _first_live_turn(
        self, conversation: LiveConversation, turn: TurnInput
    ) -> Result[LiveOutcome, TurnFailed]:
        """A live turn with no node to complete: the first one (or one whose awaiting node
        the writer cannot see, horizon 0: it is kept as written)."""
        settled = conversation.settled
        if conversation.awaiting is not None:
            settled = settled.with_node(kept_as_written(conversation.awaiting))
        written = write_turn(self.writer, self.fallback, self.config, settled, turn)

        def outcome(found: Written[Node]) -> LiveOutcome:
            node = attrs.evolve(found.value, awaiting_answer=True)
            return LiveOutcome(
                LiveConversation(settled, node),
                node,
                None,
                None,
                found.calls,
                None,
                found.fell_back,
            )

        return written.map(outcome).bind(self._searched)

    def _searched(self, outcome: LiveOutcome) -> Result[LiveOutcome, TurnFailed]:
        if self.retriever is None:
            return Success(outcome)
        memory = outcome.conversation.settled.memory
        return (
            search_final_turn(memory, outcome.node, self.retriever, self.pipeline)
            .map(lambda ranking: attrs.evolve(outcome, ranking=ranking))
            .alt(lambda problem: TurnFailed(outcome.node.turn, (problem,), outcome.calls))
        )

    def settle(
        self, conversation: LiveConversation, answer: str
    ) -> Result[tuple[Conversation, tuple[CallReport, ...]], TurnFailed]:
        """Complete the awaiting node with its answer when no question follows (one history
        call, as offline), and the calls made; no call when no node awaits."""
        awaiting = conversation.awaiting
        if awaiting is None:
            return Success((conversation.settled, ()))
        offline = OfflineDriver(
            self.writer, self.config, self.retriever, self.pipeline, self.fallback
        )
        settled = offline.history_turn(conversation.settled, Turn(awaiting.question, answer))
        return settled.map(lambda outcome: (outcome.conversation, outcome.calls))
