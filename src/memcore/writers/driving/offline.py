"""The offline path (evaluation, the writers' own `write_history`/`write_final`): each
history turn written once into the carried conversation, then the final turn with its query
and, with a retriever, its ranking."""

from __future__ import annotations

import functools
from collections.abc import Iterable

import attrs
from returns.result import Result, Success

from memcore.node import Node
from memcore.search.explain import ExplainedRanking
from memcore.search.pipeline import search_final_turn
from memcore.search.topic_repair import TopicRepair
from memcore.writer_output import TurnInput
from memcore.writers.driving.calls import CallReport, TurnFailed, Written
from memcore.writers.driving.conversation import Conversation, Turn
from memcore.writers.driving.parts import DriverParts
from memcore.writers.driving.repair import repaired
from memcore.writers.driving.writing import write_turn


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
class OfflineDriver(DriverParts):
    """A writer over whole conversations, with its policy; `fallback` writes a turn the
    writer failed (None: the failure is returned); a retriever repairs history topics and
    ranks the final turn."""

    def history_turn(
        self, conversation: Conversation, turn: Turn
    ) -> Result[TurnOutcome, TurnFailed]:
        """Write a history turn (question and answer) into the conversation."""
        number = conversation.memory.next_turn
        written = write_turn(
            self.writer,
            self.fallback,
            self.config,
            conversation,
            TurnInput(number, turn.question, turn.answer, False),
        )

        def outcome(found: Written[Node]) -> TurnOutcome:
            node, repair = repaired(conversation, found.value, self.retriever)
            return TurnOutcome(
                conversation.with_node(node), node, found.calls, found.fell_back, repair
            )

        return written.map(outcome)

    def final_turn(
        self, conversation: Conversation, question: str
    ) -> Result[FinalOutcome, TurnFailed]:
        """Write the final turn (no answer): its node carries the query; with a retriever,
        rank passages with the search pipeline. The conversation itself is not changed."""
        number = conversation.memory.next_turn
        turn = TurnInput(number, question, "", True)
        written = write_turn(self.writer, self.fallback, self.config, conversation, turn)
        if self.retriever is None:
            return written.map(
                lambda found: FinalOutcome(found.value, found.calls, None, found.fell_back)
            )
        retriever = self.retriever
        return written.bind(
            lambda found: (
                search_final_turn(conversation.memory, found.value, retriever, self.pipeline)
                .map(
                    lambda ranking: FinalOutcome(found.value, found.calls, ranking, found.fell_back)
                )
                .alt(lambda problem: TurnFailed(number, (problem,), found.calls))
            )
        )

    def run(
        self, history: Iterable[Turn], final_question: str, start: Conversation | None = None
    ) -> Result[tuple[Conversation, FinalOutcome], TurnFailed]:
        """Drive a whole conversation: every history turn once, then the final question."""
        opened: Result[Conversation, TurnFailed] = Success(
            start if start is not None else Conversation()
        )
        # After a failed turn nothing more is written: `bind` passes the failure on.
        written = functools.reduce(
            lambda so_far, turn: so_far.bind(
                lambda conversation: self.history_turn(conversation, turn).map(
                    lambda outcome: outcome.conversation
                )
            ),
            history,
            opened,
        )
        return written.bind(
            lambda conversation: self.final_turn(conversation, final_question).map(
                lambda outcome: (conversation, outcome)
            )
        )
