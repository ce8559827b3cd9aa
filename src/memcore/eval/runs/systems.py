"""The systems compared: each ranks passages for one `Dialogue` (turns and final question).

A conversational system sees only the dialogue. The human-rewrite oracle is the one system
that reads an evaluation field, and it gets the rewrite through its own method
(`rank_rewrite`), called explicitly by the runner; it never sees the dialogue.

Systems that need a memory (memrevise, memrevise+demote, template, writer-query, rrf and the
horizons) are a `WithMemory` with a `MemorySearch`: a search pipeline over the memory
(memcore.search.pipeline builds each one), then for memrevise+demote the validity layer. They
take a `MemoryBuilder`: it writes one node per history turn and the final node with its query.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import attrs
from returns.result import Failure, Result, Success

from memcore.eval.datasets.questions import Dialogue
from memcore.eval.errors import EvalError, EvalErrorCode, RankError, RankErrorCode
from memcore.eval.runs.spec import SystemName
from memcore.node import Memory, Node
from memcore.search.config import DEFAULT_SEARCH, SearchConfig
from memcore.search.corpus import Corpus
from memcore.search.memo import MemoRetriever
from memcore.search.pipeline import (
    Pipeline,
    memrevise_pipeline,
    rrf_pipeline,
    search_final_turn,
    template_pipeline,
    writer_query_pipeline,
)
from memcore.search.retriever import Retriever
from memcore.search.values import Hit, Query, Ranking

if TYPE_CHECKING:
    from memcore.trace.system import CmtTraceSystem

MemoryBuilder = Callable[[Dialogue], Result[tuple[Memory, Node], RankError]]


@runtime_checkable
class ConversationalSystem(Protocol):
    """Ranks passages from the dialogue alone."""

    @property
    def name(self) -> str: ...

    def rank(self, dialogue: Dialogue, k: int) -> Result[Ranking, RankError]:
        """The top `k` passages for the dialogue's final question, or why it failed."""
        ...


@runtime_checkable
class RewriteSystem(Protocol):
    """Ranks passages from a standalone rewrite (the oracle)."""

    @property
    def name(self) -> str: ...

    def rank_rewrite(self, rewrite: str | None, k: int) -> Result[Ranking, RankError]:
        """The top `k` passages for the rewrite, or why it failed (no rewrite)."""
        ...


System = ConversationalSystem | RewriteSystem


def _search(retriever: Retriever, text: str, k: int) -> Result[Ranking, RankError]:
    if not text.strip():
        return Failure(RankError(RankErrorCode.EMPTY_QUERY, "empty query"))
    return Success(retriever.search(Query.of(text), k))


@attrs.frozen
class Original:
    """The final question alone."""

    retriever: Retriever
    name: str = "original"

    def rank(self, dialogue: Dialogue, k: int) -> Result[Ranking, RankError]:
        """Search with the final question."""
        return _search(self.retriever, dialogue.final, k)


@attrs.frozen
class Concat:
    """Every user question of the conversation, concatenated (answers left out)."""

    retriever: Retriever
    name: str = "concat"

    def rank(self, dialogue: Dialogue, k: int) -> Result[Ranking, RankError]:
        """Search with all questions joined by spaces."""
        return _search(self.retriever, " ".join(dialogue.questions()), k)


@attrs.frozen
class Oracle:
    """The human standalone rewrite of the question's source turn."""

    retriever: Retriever
    name: str = "oracle"

    def rank_rewrite(self, rewrite: str | None, k: int) -> Result[Ranking, RankError]:
        """Search with the rewrite; a question without one fails (and falls back)."""
        if rewrite is None:
            return Failure(
                RankError(RankErrorCode.NO_REWRITE, "no human rewrite for this question")
            )
        return _search(self.retriever, rewrite, k)


def demoted_ranking(
    ranking: Ranking, memory: Memory, final: Node, corpus: Corpus
) -> Result[Ranking, RankError]:
    """`ranking` after the validity layer in demote mode, the memory and the final node being
    the evidence: possibly-outdated passages move below the others, each group in its order.

    The moved passages' scores are lowered by one constant, to just under the lowest kept
    score, so scores still descend with rank (TREC tools order a run by its scores).
    """
    from memcore.validity import ValidatedRanking, ValidityMode, validate_ranking

    def moved_below(view: ValidatedRanking) -> Ranking:
        pairs = tuple(zip(view.hits, view.validity, strict=True))
        kept = tuple(hit for hit, validity in pairs if not validity.possibly_outdated)
        moved = tuple(hit for hit, validity in pairs if validity.possibly_outdated)
        if not kept or not moved:
            return Ranking(view.hits)
        shift = max(hit.score for hit in moved) - min(hit.score for hit in kept) + 1.0
        return Ranking((*kept, *(Hit(hit.doc_id, hit.score - shift) for hit in moved)))

    return (
        validate_ranking(ranking, (*memory.nodes, final), corpus, ValidityMode.DEMOTE)
        .map(moved_below)
        .alt(lambda problem: RankError(RankErrorCode.VALIDITY, str(problem)))
    )


PipelineFor = Callable[[SearchConfig, int], Pipeline]
"""A memory system's search pipeline for the run's search constants and depth `k`."""


def _template(search: SearchConfig, k: int) -> Pipeline:
    return template_pipeline(search, k)


def _writer_query(_search: SearchConfig, k: int) -> Pipeline:
    return writer_query_pipeline(k)


def _rrf(_search: SearchConfig, k: int) -> Pipeline:
    return rrf_pipeline(k)


@attrs.frozen
class MemorySearch:
    """How a memory system ranks once the memory is written: its search pipeline, then, with
    `demoted`, the validity layer in demote mode. `label` names it in run metadata (`mode`)."""

    label: str
    pipeline: PipelineFor
    demoted: bool = False


MEMREVISE = MemorySearch("memrevise", memrevise_pipeline)
"""The full search pipeline."""
MEMREVISE_DEMOTE = MemorySearch("memrevise+demote", memrevise_pipeline, demoted=True)
"""The full search pipeline, then the validity layer in demote mode."""
TEMPLATE = MemorySearch("template", _template)
"""The template query: current topic, weighted, then the final question."""
WRITER_QUERY = MemorySearch("writer-query", _writer_query)
"""The writer's query alone."""
RRF = MemorySearch("rrf", _rrf)
"""Reciprocal rank fusion of the writer's query and the final question."""


def pipeline_ranking(
    memory: Memory, final: Node, retriever: Retriever, pipeline: Pipeline, k: int
) -> Result[Ranking, RankError]:
    """The top `k` of `pipeline` over the memory: the one route from a run into
    `search_final_turn`."""
    return (
        search_final_turn(memory, final, retriever, pipeline)
        .map(
            lambda explained: Ranking.from_scores(((h.doc_id, h.score) for h in explained.hits), k)
        )
        .alt(lambda problem: RankError(RankErrorCode.SEARCH, str(problem)))
    )


def memory_search(
    memory: Memory, final: Node, retriever: Retriever, search: SearchConfig, k: int
) -> Result[Ranking, RankError]:
    """The top `k` of the paper's search pipeline (TopiOCQA facts vote) with `search`'s
    constants (`memrevise_pipeline`)."""
    return pipeline_ranking(memory, final, retriever, memrevise_pipeline(search, k), k)


@attrs.frozen
class WithMemory:
    """A system that first writes the conversation's memory, then ranks from it as `search`
    says, with the search rules' constants `config` (default: memcore's, `DEFAULT_SEARCH`)."""

    retriever: Retriever
    build_memory: MemoryBuilder
    search: MemorySearch
    name: str
    config: SearchConfig = DEFAULT_SEARCH

    def rank(self, dialogue: Dialogue, k: int) -> Result[Ranking, RankError]:
        """Write the memory, then rank: the search's pipeline, then possibly the demotion."""
        return (
            self.build_memory(dialogue)
            .alt(lambda problem: RankError(RankErrorCode.MEMORY, f"memory: {problem}"))
            .bind(lambda written: self._rank(*written, k))
        )

    def _rank(self, memory: Memory, final: Node, k: int) -> Result[Ranking, RankError]:
        pipeline = self.search.pipeline(self.config, k)
        searched = pipeline_ranking(memory, final, self.retriever, pipeline, k)
        if not self.search.demoted:
            return searched
        corpus = self.retriever.corpus
        return searched.bind(lambda ranking: demoted_ranking(ranking, memory, final, corpus))


@attrs.frozen
class Traced:
    """CMT-RAG's trace memory as a system: its trace errors become rank errors."""

    system: CmtTraceSystem

    @property
    def name(self) -> str:
        return self.system.name

    def rank(self, dialogue: Dialogue, k: int) -> Result[Ranking, RankError]:
        """The trace memory's ranking, or why it failed."""
        return self.system.rank(dialogue, k).alt(
            lambda problem: RankError(RankErrorCode.TRACE, str(problem))
        )


# Each memory system: its search, and the horizon it fixes (None: the run's horizon).
MEMORY_SYSTEMS: Mapping[SystemName, tuple[MemorySearch, int | None]] = {
    SystemName.MEMREVISE: (MEMREVISE, None),
    SystemName.MEMREVISE_DEMOTE: (MEMREVISE_DEMOTE, None),
    SystemName.TEMPLATE: (TEMPLATE, None),
    SystemName.WRITER_QUERY: (WRITER_QUERY, None),
    SystemName.RRF: (RRF, None),
    SystemName.MEMREVISE_H1: (MEMREVISE, 1),
    SystemName.MEMREVISE_H2: (MEMREVISE, 2),
}


MemoryBuilderFactory = Callable[[int | None], Result[MemoryBuilder, EvalError]]


def make_system(
    name: SystemName,
    retriever: Retriever,
    memory_builders: MemoryBuilderFactory | None,
    horizon: int | None = None,
    search: SearchConfig = DEFAULT_SEARCH,
) -> Result[System, EvalError]:
    """The system called `name` over `retriever`.

    `memory_builders(horizon)` gives the memory builder for systems that need one; the
    `memrevise-h1` and `memrevise-h2` systems fix the horizon, the others use `horizon`.
    `search` sets the search rules' constants of the memory systems (default: memcore's,
    `DEFAULT_SEARCH`).
    """
    match name:
        case SystemName.ORIGINAL:
            return Success(Original(retriever))
        case SystemName.CONCAT:
            return Success(Concat(retriever))
        case SystemName.ORACLE:
            return Success(Oracle(retriever))
        case SystemName.CMT_TRACE:
            # CMT-RAG's trace memory (rule decomposer): the dialogue in, a ranking out.
            from memcore.trace.system import cmt_trace_system

            return Success(Traced(cmt_trace_system(retriever)))
    memory_search_of, fixed = MEMORY_SYSTEMS[name]
    if memory_builders is None:
        return Failure(_unavailable(name, "needs a writer, and none is available"))
    # The facts vote and the exclusion step search the same nodes' facts again at every later
    # final turn of a conversation; a search's result depends only on its query and depth, so
    # remembering each depth apart changes no ranking, whatever the retriever
    # (memcore.search.memo).
    remembering = MemoRetriever(retriever, from_deeper=False)
    return (
        memory_builders(fixed if fixed is not None else horizon)
        .map(lambda build: WithMemory(remembering, build, memory_search_of, name.value, search))
        .alt(lambda problem: _unavailable(name, str(problem)))
    )


def _unavailable(name: SystemName, reason: str) -> EvalError:
    return EvalError(EvalErrorCode.WRITER_UNAVAILABLE, f"system {name.value!r}: {reason}")


def describe(system: System) -> Mapping[str, object]:
    """A JSON-ready description of a system for run metadata."""
    if isinstance(system, WithMemory):
        return {"name": system.name, "mode": system.search.label}
    return {"name": system.name}
