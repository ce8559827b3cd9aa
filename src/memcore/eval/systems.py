"""The systems compared: each ranks passages for one `Dialogue` (turns and final question).

A conversational system sees only the dialogue. The human-rewrite oracle is the one system
that reads an evaluation field, and it gets the rewrite through its own method
(`rank_rewrite`), called explicitly by the runner; it never sees the dialogue.

Systems that need a memory (memrevise, memrevise+demote, template, writer-query, rrf and the
horizons) take a `MemoryBuilder`: it writes one node per history turn and the final node with
its query.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

import attrs
from returns.result import Failure, Result, Success

from memcore.eval.questions import Dialogue
from memcore.node import Memory, Node
from memcore.search.config import PAPER, SearchConfig
from memcore.search.corpus import Corpus
from memcore.search.retriever import Retriever
from memcore.search.values import Hit, Query, Ranking

MemoryBuilder = Callable[[Dialogue], Result[tuple[Memory, Node], str]]
RRF_CONSTANT = 60


@runtime_checkable
class ConversationalSystem(Protocol):
    """Ranks passages from the dialogue alone."""

    @property
    def name(self) -> str: ...

    def rank(self, dialogue: Dialogue, k: int) -> Result[Ranking, str]:
        """The top `k` passages for the dialogue's final question, or why it failed."""
        ...


@runtime_checkable
class RewriteSystem(Protocol):
    """Ranks passages from a standalone rewrite (the oracle)."""

    @property
    def name(self) -> str: ...

    def rank_rewrite(self, rewrite: str | None, k: int) -> Result[Ranking, str]:
        """The top `k` passages for the rewrite, or why it failed (no rewrite)."""
        ...


System = ConversationalSystem | RewriteSystem


def _search(retriever: Retriever, text: str, k: int) -> Result[Ranking, str]:
    if not text.strip():
        return Failure("empty query")
    return Success(retriever.search(Query.of(text), k))


@attrs.frozen
class Original:
    """The final question alone."""

    retriever: Retriever
    name: str = "original"

    def rank(self, dialogue: Dialogue, k: int) -> Result[Ranking, str]:
        """Search with the final question."""
        return _search(self.retriever, dialogue.final, k)


@attrs.frozen
class Concat:
    """Every user question of the conversation, concatenated (answers left out)."""

    retriever: Retriever
    name: str = "concat"

    def rank(self, dialogue: Dialogue, k: int) -> Result[Ranking, str]:
        """Search with all questions joined by spaces."""
        return _search(self.retriever, " ".join(dialogue.questions()), k)


@attrs.frozen
class Oracle:
    """The human standalone rewrite of the question's source turn."""

    retriever: Retriever
    name: str = "oracle"

    def rank_rewrite(self, rewrite: str | None, k: int) -> Result[Ranking, str]:
        """Search with the rewrite; a question without one fails (and falls back)."""
        if rewrite is None:
            return Failure("no human rewrite for this question")
        return _search(self.retriever, rewrite, k)


def reciprocal_rank_fusion(
    rankings: tuple[Ranking, ...], k: int, constant: int = RRF_CONSTANT
) -> Ranking:
    """Fuse rankings by the sum of 1 / (constant + rank); ties by passage id."""
    totals: dict[str, float] = {}
    for ranking in rankings:
        for rank, hit in enumerate(ranking.hits, start=1):
            totals[hit.doc_id] = totals.get(hit.doc_id, 0.0) + 1.0 / (constant + rank)
    return Ranking.from_scores(totals.items(), k)


def _writer_query(final: Node) -> str:
    return final.query if final.query is not None and final.query.strip() else final.question


def demoted_ranking(
    ranking: Ranking, memory: Memory, final: Node, corpus: Corpus
) -> Result[Ranking, str]:
    """`ranking` after the validity layer in demote mode, the memory and the final node being
    the evidence: possibly-outdated passages move below the others, each group in its order.

    The moved passages' scores are lowered by one constant, to just under the lowest kept
    score, so scores still descend with rank (TREC tools order a run by its scores).
    """
    from memcore.validity import ValidityMode, validate_ranking

    validated = validate_ranking(ranking, (*memory.nodes, final), corpus, ValidityMode.DEMOTE)
    if isinstance(validated, Failure):
        return Failure(str(validated.failure()))
    view = validated.unwrap()
    pairs = tuple(zip(view.hits, view.validity, strict=True))
    kept = tuple(hit for hit, validity in pairs if not validity.possibly_outdated)
    moved = tuple(hit for hit, validity in pairs if validity.possibly_outdated)
    if not kept or not moved:
        return Success(Ranking(view.hits))
    shift = max(hit.score for hit in moved) - min(hit.score for hit in kept) + 1.0
    return Success(Ranking((*kept, *(Hit(hit.doc_id, hit.score - shift) for hit in moved))))


@attrs.frozen
class WithMemory:
    """A system that first writes the conversation's memory, then ranks from it.

    `mode` is one of `memrevise` (the full search pipeline), `memrevise+demote` (the same,
    then the validity layer in demote mode), `template` (the template query: current topic,
    weighted, then the final question), `writer-query` (the writer's query alone) and `rrf`
    (reciprocal rank fusion of the writer's query and the final question).
    `search` holds the search rules' constants for `memrevise` (default: the paper's).
    """

    retriever: Retriever
    build_memory: MemoryBuilder
    mode: str
    name: str
    search: SearchConfig = PAPER

    def rank(self, dialogue: Dialogue, k: int) -> Result[Ranking, str]:
        """Write the memory, then rank according to `mode`."""
        built = self.build_memory(dialogue)
        if isinstance(built, Failure):
            return Failure(f"memory: {built.failure()}")
        memory, final = built.unwrap()
        return self._rank(memory, final, k)

    def _rank(self, memory: Memory, final: Node, k: int) -> Result[Ranking, str]:
        if self.mode in ("memrevise", "memrevise+demote"):
            from memcore.search.config import FactsVoteVariant
            from memcore.search.pipeline import paper_pipeline, search_final_turn

            # Each query contributes its top `candidate_depth`; a run deeper than that needs
            # as many candidates, or it would silently stop there.
            search = self.search
            if k > search.candidate_depth:
                search = attrs.evolve(search, candidate_depth=k)
            pipeline = paper_pipeline(FactsVoteVariant.TOPIOCQA, search)
            searched = search_final_turn(memory, final, self.retriever, pipeline)
            if isinstance(searched, Failure):
                return Failure(str(searched.failure()))
            explained = searched.unwrap()
            ranking = Ranking.from_scores(((h.doc_id, h.score) for h in explained.hits), k)
            if self.mode == "memrevise":
                return Success(ranking)
            return demoted_ranking(ranking, memory, final, self.retriever.corpus)
        if self.mode == "template":
            from memcore.search.pipeline import final_topic
            from memcore.search.template import for_retriever, template_query

            query = template_query(final_topic(memory, final), final.question)
            return Success(self.retriever.search(for_retriever(query, self.retriever), k))
        if self.mode == "writer-query":
            return _search(self.retriever, _writer_query(final), k)
        if self.mode == "rrf":
            written = _search(self.retriever, _writer_query(final), k)
            original = _search(self.retriever, final.question, k)
            if isinstance(written, Failure):
                return written
            if isinstance(original, Failure):
                return original
            return Success(reciprocal_rank_fusion((written.unwrap(), original.unwrap()), k))
        return Failure(f"unknown mode {self.mode!r}")


MEMORY_MODES = {
    "memrevise": "memrevise",
    "memrevise+demote": "memrevise+demote",
    "template": "template",
    "writer-query": "writer-query",
    "rrf": "rrf",
}
HORIZON_SYSTEMS = {"memrevise-h1": 1, "memrevise-h2": 2}
SYSTEM_NAMES = (
    "memrevise",
    "memrevise+demote",
    "original",
    "concat",
    "template",
    "writer-query",
    "rrf",
    "oracle",
    *HORIZON_SYSTEMS,
    "cmt-trace",
)


@attrs.frozen
class SystemSetupError:
    """A system that cannot be set up (unknown name, or a writer that is unavailable)."""

    name: str
    message: str

    def __str__(self) -> str:
        return f"system {self.name!r}: {self.message}"


MemoryBuilderFactory = Callable[[int | None], Result[MemoryBuilder, str]]


def known_system(name: str) -> Result[str, SystemSetupError]:
    """`name` if it names a system, else the error that lists the known ones; it builds
    nothing, so a command can check a name before it opens a corpus."""
    if name in SYSTEM_NAMES:
        return Success(name)
    known = ", ".join(SYSTEM_NAMES)
    return Failure(SystemSetupError(name, f"unknown system (known: {known})"))


def make_system(
    name: str,
    retriever: Retriever,
    memory_builders: MemoryBuilderFactory | None,
    horizon: int | None = None,
    search: SearchConfig = PAPER,
) -> Result[System, SystemSetupError]:
    """The system called `name` over `retriever`.

    `memory_builders(horizon)` gives the memory builder for systems that need one; the
    `memrevise-h1` and `memrevise-h2` systems fix the horizon, the others use `horizon`.
    `search` sets the search rules' constants of the memory systems (default: the paper's).
    """
    if name == "original":
        return Success(Original(retriever))
    if name == "concat":
        return Success(Concat(retriever))
    if name == "oracle":
        return Success(Oracle(retriever))
    if name == "cmt-trace":
        # CMT-RAG's trace memory (rule decomposer): the dialogue in, a ranking out.
        from memcore.trace.system import cmt_trace_system

        return Success(cmt_trace_system(retriever))
    checked = known_system(name)
    if isinstance(checked, Failure):
        return Failure(checked.failure())
    mode = MEMORY_MODES.get(name)
    fixed = HORIZON_SYSTEMS.get(name)
    if memory_builders is None:
        return Failure(SystemSetupError(name, "needs a writer, and none is available"))
    built = memory_builders(fixed if fixed is not None else horizon)
    if isinstance(built, Failure):
        return Failure(SystemSetupError(name, built.failure()))
    return Success(WithMemory(retriever, built.unwrap(), mode or "memrevise", name, search))


def describe(system: System) -> Mapping[str, object]:
    """A JSON-ready description of a system for run metadata."""
    if isinstance(system, WithMemory):
        return {"name": system.name, "mode": system.mode}
    return {"name": system.name}
