"""The systems compared: each ranks passages for one `Dialogue` (turns and final question).

A conversational system sees only the dialogue. The human-rewrite oracle is the one system
that reads an evaluation field, and it gets the rewrite through its own method
(`rank_rewrite`), called explicitly by the runner; it never sees the dialogue.

Systems that need a memory (memrevise, memrevise+demote, template, writer-query, rrf and the
horizons) are a `WithMemory` with a `MemoryMode`; they take a `MemoryBuilder`: it writes one
node per history turn and the final node with its query.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol, assert_never, runtime_checkable

import attrs
from returns.result import Failure, Result, Success

from memcore.eval.datasets.questions import Dialogue
from memcore.eval.errors import EvalError, EvalErrorCode, RankError, RankErrorCode
from memcore.eval.runs.spec import SystemName
from memcore.node import Memory, Node
from memcore.search.config import DEFAULT_SEARCH, SearchConfig
from memcore.search.corpus import Corpus
from memcore.search.hedge import rrf
from memcore.search.retriever import Retriever
from memcore.search.values import Hit, Query, Ranking

if TYPE_CHECKING:
    from memcore.trace.system import CmtTraceSystem

MemoryBuilder = Callable[[Dialogue], Result[tuple[Memory, Node], RankError]]
RRF_CONSTANT = 60


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


def _writer_query(final: Node) -> str:
    return final.query if final.query is not None and final.query.strip() else final.question


def demoted_ranking(
    ranking: Ranking, memory: Memory, final: Node, corpus: Corpus
) -> Result[Ranking, RankError]:
    """`ranking` after the validity layer in demote mode, the memory and the final node being
    the evidence: possibly-outdated passages move below the others, each group in its order.

    The moved passages' scores are lowered by one constant, to just under the lowest kept
    score, so scores still descend with rank (TREC tools order a run by its scores).
    """
    from memcore.validity import ValidityMode, validate_ranking

    validated = validate_ranking(ranking, (*memory.nodes, final), corpus, ValidityMode.DEMOTE)
    if isinstance(validated, Failure):
        return Failure(RankError(RankErrorCode.VALIDITY, str(validated.failure())))
    view = validated.unwrap()
    pairs = tuple(zip(view.hits, view.validity, strict=True))
    kept = tuple(hit for hit, validity in pairs if not validity.possibly_outdated)
    moved = tuple(hit for hit, validity in pairs if validity.possibly_outdated)
    if not kept or not moved:
        return Success(Ranking(view.hits))
    shift = max(hit.score for hit in moved) - min(hit.score for hit in kept) + 1.0
    return Success(Ranking((*kept, *(Hit(hit.doc_id, hit.score - shift) for hit in moved))))


class MemoryMode(enum.Enum):
    """How a memory system ranks once the memory is written."""

    # The full search pipeline.
    MEMREVISE = "memrevise"
    # The full search pipeline, then the validity layer in demote mode.
    MEMREVISE_DEMOTE = "memrevise+demote"
    # The template query: current topic, weighted, then the final question.
    TEMPLATE = "template"
    # The writer's query alone.
    WRITER_QUERY = "writer-query"
    # Reciprocal rank fusion of the writer's query and the final question.
    RRF = "rrf"


def memory_search(
    memory: Memory, final: Node, retriever: Retriever, search: SearchConfig, k: int
) -> Result[Ranking, RankError]:
    """The top `k` of the paper's search pipeline (TopiOCQA facts vote) with `search`'s
    constants: the one route from a run into `search_final_turn`."""
    from memcore.search.config import FactsVoteVariant
    from memcore.search.pipeline import paper_pipeline, search_final_turn

    # Each query contributes its top `candidate_depth`; a run deeper than that needs as many
    # candidates, or it would silently stop there.
    if k > search.candidate_depth:
        search = attrs.evolve(search, candidate_depth=k)
    pipeline = paper_pipeline(FactsVoteVariant.TOPIOCQA, search)
    searched = search_final_turn(memory, final, retriever, pipeline)
    if isinstance(searched, Failure):
        return Failure(RankError(RankErrorCode.SEARCH, str(searched.failure())))
    explained = searched.unwrap()
    return Success(Ranking.from_scores(((h.doc_id, h.score) for h in explained.hits), k))


@attrs.frozen
class WithMemory:
    """A system that first writes the conversation's memory, then ranks from it by `mode`.

    `search` holds the search rules' constants for the pipeline modes (default: memcore's,
    `DEFAULT_SEARCH`).
    """

    retriever: Retriever
    build_memory: MemoryBuilder
    mode: MemoryMode
    name: str
    search: SearchConfig = DEFAULT_SEARCH

    def rank(self, dialogue: Dialogue, k: int) -> Result[Ranking, RankError]:
        """Write the memory, then rank according to `mode`."""
        built = self.build_memory(dialogue)
        if isinstance(built, Failure):
            return Failure(RankError(RankErrorCode.MEMORY, f"memory: {built.failure()}"))
        memory, final = built.unwrap()
        return self._rank(memory, final, k)

    def _rank(self, memory: Memory, final: Node, k: int) -> Result[Ranking, RankError]:
        match self.mode:
            case MemoryMode.MEMREVISE:
                return memory_search(memory, final, self.retriever, self.search, k)
            case MemoryMode.MEMREVISE_DEMOTE:
                searched = memory_search(memory, final, self.retriever, self.search, k)
                if isinstance(searched, Failure):
                    return searched
                return demoted_ranking(searched.unwrap(), memory, final, self.retriever.corpus)
            case MemoryMode.TEMPLATE:
                from memcore.search.pipeline import DEFAULT, final_topic
                from memcore.search.template import for_retriever, template_query, template_topic

                # The template query exactly as the pipeline builds it: without page titles a
                # lower-case topic is no name and is not weighted (search-template.unnamed-topic).
                topic = template_topic(
                    final_topic(memory, final), DEFAULT.uses_titles(self.retriever)
                )
                query = template_query(topic, final.question, self.search.topic_weight)
                return Success(self.retriever.search(for_retriever(query, self.retriever), k))
            case MemoryMode.WRITER_QUERY:
                return _search(self.retriever, _writer_query(final), k)
            case MemoryMode.RRF:
                written = _search(self.retriever, _writer_query(final), k)
                original = _search(self.retriever, final.question, k)
                if isinstance(written, Failure):
                    return written
                if isinstance(original, Failure):
                    return original
                fused = rrf((written.unwrap().ids(), original.unwrap().ids()), RRF_CONSTANT)
                return Success(Ranking(fused.hits[:k]))
            case _:
                assert_never(self.mode)


@attrs.frozen
class Traced:
    """CMT-RAG's trace memory as a system: its trace errors become rank errors."""

    system: CmtTraceSystem

    @property
    def name(self) -> str:
        return self.system.name

    def rank(self, dialogue: Dialogue, k: int) -> Result[Ranking, RankError]:
        """The trace memory's ranking, or why it failed."""
        ranked = self.system.rank(dialogue, k)
        if isinstance(ranked, Failure):
            return Failure(RankError(RankErrorCode.TRACE, str(ranked.failure())))
        return Success(ranked.unwrap())


# Each memory system: its mode, and the horizon it fixes (None: the run's horizon).
MEMORY_SYSTEMS: Mapping[SystemName, tuple[MemoryMode, int | None]] = {
    SystemName.MEMREVISE: (MemoryMode.MEMREVISE, None),
    SystemName.MEMREVISE_DEMOTE: (MemoryMode.MEMREVISE_DEMOTE, None),
    SystemName.TEMPLATE: (MemoryMode.TEMPLATE, None),
    SystemName.WRITER_QUERY: (MemoryMode.WRITER_QUERY, None),
    SystemName.RRF: (MemoryMode.RRF, None),
    SystemName.MEMREVISE_H1: (MemoryMode.MEMREVISE, 1),
    SystemName.MEMREVISE_H2: (MemoryMode.MEMREVISE, 2),
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
    mode, fixed = MEMORY_SYSTEMS[name]
    if memory_builders is None:
        return Failure(_unavailable(name, "needs a writer, and none is available"))
    built = memory_builders(fixed if fixed is not None else horizon)
    if isinstance(built, Failure):
        return Failure(_unavailable(name, str(built.failure())))
    return Success(WithMemory(retriever, built.unwrap(), mode, name.value, search))


def _unavailable(name: SystemName, reason: str) -> EvalError:
    return EvalError(EvalErrorCode.WRITER_UNAVAILABLE, f"system {name.value!r}: {reason}")


def describe(system: System) -> Mapping[str, object]:
    """A JSON-ready description of a system for run metadata."""
    if isinstance(system, WithMemory):
        return {"name": system.name, "mode": system.mode.value}
    return {"name": system.name}
