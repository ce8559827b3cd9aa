"""CMT-RAG's trace memory as a competitor system (`cmt-trace`): conversation in, ranking out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs
from returns.result import Failure, Result, Success

from memcore.caps import cut_answer
from memcore.search.retriever import Retriever
from memcore.search.values import Ranking
from memcore.trace.dag import TraceDag
from memcore.trace.decomposer import Decomposer, RuleDecomposer
from memcore.trace.errors import TraceError
from memcore.trace.memory import DEFAULT_TRACE_CONFIG, TraceConfig, run_turn

SYSTEM_NAME = "cmt-trace"


class TurnLike(Protocol):
    """An earlier turn: the user's question and the system's answer."""

    @property
    def question(self) -> str: ...

    @property
    def answer(self) -> str: ...


class DialogueLike(Protocol):
    """The earlier turns and the final question (memcore.eval's `Dialogue` is one)."""

    @property
    def turns(self) -> Sequence[TurnLike]: ...

    @property
    def final(self) -> str: ...


def build_dag(
    turns: Sequence[TurnLike],
    retriever: Retriever,
    decomposer: Decomposer,
    config: TraceConfig = DEFAULT_TRACE_CONFIG,
) -> Result[TraceDag, TraceError]:
    """The trace DAG after the history turns (each answer cut as for every method)."""
    dag = TraceDag()
    for turn_number, turn in enumerate(turns, start=1):
        result = run_turn(
            dag,
            turn_number,
            turn.question,
            cut_answer(turn.answer),
            decomposer,
            retriever,
            config.history_depth,
            config,
        )
        if isinstance(result, Failure):
            return Failure(result.failure())
        dag = result.unwrap().dag
    return Success(dag)


def trace_ranking(
    dialogue: DialogueLike,
    retriever: Retriever,
    k: int,
    decomposer: Decomposer | None = None,
    config: TraceConfig = DEFAULT_TRACE_CONFIG,
) -> Result[Ranking, TraceError]:
    """The top `k` passages for the dialogue's final question through the trace memory."""
    chosen = decomposer if decomposer is not None else RuleDecomposer()
    built = build_dag(dialogue.turns, retriever, chosen, config)
    if isinstance(built, Failure):
        return Failure(built.failure())
    final = run_turn(
        built.unwrap(),
        len(dialogue.turns) + 1,
        dialogue.final,
        "",
        chosen,
        retriever,
        k,
        config,
    )
    return final.map(lambda result: result.ranking(k))


@attrs.frozen
class CmtTraceSystem:
    """The `cmt-trace` competitor: a conversational system (`rank(dialogue, k)`)."""

    retriever: Retriever
    decomposer: Decomposer = attrs.field(factory=RuleDecomposer)
    config: TraceConfig = DEFAULT_TRACE_CONFIG
    name: str = SYSTEM_NAME

    def rank(self, dialogue: DialogueLike, k: int) -> Result[Ranking, TraceError]:
        """The top `k` passages for the final question, or why the trace memory failed."""
        return trace_ranking(dialogue, self.retriever, k, self.decomposer, self.config)


def cmt_trace_system(
    retriever: Retriever,
    decomposer: Decomposer | None = None,
    config: TraceConfig = DEFAULT_TRACE_CONFIG,
) -> CmtTraceSystem:
    """The `cmt-trace` system over `retriever` (rule decomposer unless one is given)."""
    return CmtTraceSystem(
        retriever, decomposer if decomposer is not None else RuleDecomposer(), config
    )
