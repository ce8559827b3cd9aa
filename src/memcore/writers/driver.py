"""The conversation driver: each turn read once, one writer call, the replay state carried.

For a history turn the driver asks the writer for the node, parses it with the core parser
(or takes the node the writer built, when it also gave one), drops its instruction-like facts
(`memcore.safety.filter_node`, whichever writer wrote it), repairs the topic against the
corpus when the retriever's passages have titles, appends the node and folds it into the
carried replay state; the conversation is never replayed from scratch. The final turn yields
the node with its query, and the explained ranking of the search pipeline when a retriever
is given. A writer failure is a value and leaves the conversation as it was; the failure
policy says whether to retry and then fall back (by default to the rule writer), or to fail.

A live conversation (`live_turn`) makes one writer call per turn: each turn's node is written
with its query before the answer is known and awaits it; the next turn's call carries that
answer, completes the awaiting node (filtered and topic-repaired as a history node) and
writes the new one. Offline evaluation keeps `history_turn` and `final_turn`.

The two paths are `OfflineDriver` and `LiveDriver` (`memcore.writers.driving`), which take
their fallback from the caller; `Driver` offers both over one writer and supplies the
default fallback (`memcore.writers.fallback.RuleFallback`).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
from returns.result import Result

from memcore.search.pipeline import DEFAULT, Pipeline
from memcore.search.retriever import Retriever

# Re-exported: the names users import from here.
from memcore.writers.driving.calls import CallReport as CallReport
from memcore.writers.driving.calls import TurnFailed as TurnFailed
from memcore.writers.driving.conversation import Conversation as Conversation
from memcore.writers.driving.conversation import LiveConversation as LiveConversation
from memcore.writers.driving.conversation import Turn as Turn
from memcore.writers.driving.live import LiveDriver as LiveDriver
from memcore.writers.driving.live import LiveOutcome as LiveOutcome
from memcore.writers.driving.offline import FinalOutcome as FinalOutcome
from memcore.writers.driving.offline import OfflineDriver as OfflineDriver
from memcore.writers.driving.offline import TurnOutcome as TurnOutcome
from memcore.writers.driving.settings import DriverConfig as DriverConfig
from memcore.writers.driving.settings import FailurePolicy as FailurePolicy
from memcore.writers.fallback import RuleFallback
from memcore.writers.protocol import Writer


@attrs.frozen
class Driver:
    """A writer with its policy, and optionally a retriever for topic repair and search;
    `fallback` (None: the rule writer for the retriever's corpus) writes a turn the writer
    failed under the fall-back policy."""

    writer: Writer
    config: DriverConfig = attrs.field(factory=DriverConfig)
    retriever: Retriever | None = attrs.field(default=None, eq=False)
    pipeline: Pipeline = DEFAULT
    fallback: Writer | None = None

    def _fallback(self) -> Writer:
        if self.fallback is not None:
            return self.fallback
        return RuleFallback(self.retriever.corpus if self.retriever is not None else None)

    @property
    def offline(self) -> OfflineDriver:
        """The offline path over the same writer, settings and fallback."""
        return OfflineDriver(
            self.writer, self.config, self.retriever, self.pipeline, self._fallback()
        )

    @property
    def live(self) -> LiveDriver:
        """The live path over the same writer, settings and fallback."""
        return LiveDriver(self.writer, self.config, self.retriever, self.pipeline, self._fallback())

    def history_turn(
        self, conversation: Conversation, turn: Turn
    ) -> Result[TurnOutcome, TurnFailed]:
        """Write a history turn (question and answer) into the conversation."""
        return self.offline.history_turn(conversation, turn)

    def final_turn(
        self, conversation: Conversation, question: str
    ) -> Result[FinalOutcome, TurnFailed]:
        """Write the final turn (no answer): its node carries the query; with a retriever,
        rank passages with the search pipeline. The conversation itself is not changed."""
        return self.offline.final_turn(conversation, question)

    def run(
        self, history: Iterable[Turn], final_question: str, start: Conversation | None = None
    ) -> Result[tuple[Conversation, FinalOutcome], TurnFailed]:
        """Drive a whole conversation: every history turn once, then the final question."""
        return self.offline.run(history, final_question, start)

    def live_turn(
        self, conversation: LiveConversation, question: str, answer: str | None = None
    ) -> Result[LiveOutcome, TurnFailed]:
        """One live turn, one writer call (`LiveDriver.live_turn`)."""
        return self.live.live_turn(conversation, question, answer)

    def settle(
        self, conversation: LiveConversation, answer: str
    ) -> Result[tuple[Conversation, tuple[CallReport, ...]], TurnFailed]:
        """Complete the awaiting node with its answer when no question follows
        (`LiveDriver.settle`)."""
        return self.live.settle(conversation, answer)
