"""Memory builders for the evaluated systems: a writer driven over a dialogue's turns.

The driver reads every history turn once (with topic repair against the corpus when its
passages have titles), then writes the final node with its query; the system then searches.
With a horizon, the writer sees only the last `horizon` nodes, and the search gets the same
truncated memory (the paper's memory-horizon ablation).

Writing is deterministic, so a builder keeps what it has written: the conversation after
every history prefix (the natural sets ask about every turn of a conversation, each with the
same opening) and the result for every dialogue (several systems share one memory). Reusing
a prefix gives exactly the memory that writing it again would.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from returns.result import Failure, Result, Success

from memcore.eval.datasets.questions import Dialogue, Turn
from memcore.eval.errors import EvalError, EvalErrorCode, RankError, RankErrorCode
from memcore.eval.runs.systems import MemoryBuilder, MemoryBuilderFactory
from memcore.node import Memory, Node
from memcore.search.memo import MemoRetriever
from memcore.search.retriever import Retriever
from memcore.writers.factory import WriterChoice

if TYPE_CHECKING:
    from memcore.writers.driving.offline import OfflineDriver


def memory_builders(writer: WriterChoice, retriever: Retriever) -> MemoryBuilderFactory:
    """The factory of memory builders (one per horizon, each made once) for `writer`."""
    made: dict[int | None, Result[MemoryBuilder, EvalError]] = {}

    def factory(horizon: int | None) -> Result[MemoryBuilder, EvalError]:
        if horizon not in made:
            made[horizon] = _builder(writer, retriever, horizon)
        return made[horizon]

    return factory


def _builder(
    writer: WriterChoice, retriever: Retriever, horizon: int | None
) -> Result[MemoryBuilder, EvalError]:
    from memcore.writers.driving.offline import OfflineDriver
    from memcore.writers.driving.settings import DriverConfig
    from memcore.writers.factory import build_writer
    from memcore.writers.rules import RuleWriter

    corpus = retriever.corpus
    # A model writer that fails twice on a turn falls back to the rule writer (driver policy).
    rules = RuleWriter.for_corpus(corpus)
    config = DriverConfig(horizon=horizon)
    # Topic repair searches a history turn's text and facts; conversations that open alike
    # search them again, and a result remembered for its query and depth is the same ranking,
    # whatever the retriever (memcore.search.memo).
    remembering = MemoRetriever(retriever, from_deeper=False)
    return (
        build_writer(writer, corpus)
        .alt(
            lambda problem: EvalError(
                EvalErrorCode.WRITER_UNAVAILABLE,
                f"writer {str(writer)!r} is not available: {problem}",
            )
        )
        .map(
            lambda chosen: _cached_builder(
                OfflineDriver(chosen, config, remembering, fallback=rules),
                OfflineDriver(chosen, config, fallback=rules),
                horizon,
            )
        )
    )


def _cached_builder(
    history_driver: OfflineDriver, final_driver: OfflineDriver, horizon: int | None
) -> MemoryBuilder:
    """The memory builder that writes history turns with `history_driver` and the final turn
    with `final_driver`, keeping every prefix and every dialogue it has written."""
    from memcore.writers.driving.conversation import Conversation

    prefixes: dict[tuple[Turn, ...], Conversation] = {(): Conversation()}
    results: dict[Dialogue, Result[tuple[Memory, Node], RankError]] = {}

    def conversation_after(turns: tuple[Turn, ...]) -> Result[Conversation, RankError]:
        known = len(turns)
        while turns[:known] not in prefixes:
            known -= 1
        conversation = prefixes[turns[:known]]
        for position in range(known, len(turns)):
            turn = turns[position]
            outcome = history_driver.history_turn(conversation, turn)
            if isinstance(outcome, Failure):
                return Failure(RankError(RankErrorCode.MEMORY, str(outcome.failure())))
            conversation = outcome.unwrap().conversation
            prefixes[turns[: position + 1]] = conversation
        return Success(conversation)

    def write(dialogue: Dialogue) -> Result[tuple[Memory, Node], RankError]:
        return conversation_after(dialogue.turns).bind(
            lambda conversation: (
                final_driver.final_turn(conversation, dialogue.final)
                .map(lambda final: (conversation.memory.last(horizon), final.node))
                .alt(lambda problem: RankError(RankErrorCode.MEMORY, str(problem)))
            )
        )

    def build(dialogue: Dialogue) -> Result[tuple[Memory, Node], RankError]:
        if dialogue not in results:
            results[dialogue] = write(dialogue)
        return results[dialogue]

    return build
