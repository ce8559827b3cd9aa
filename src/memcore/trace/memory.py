"""One turn of CMT-RAG inference over the trace DAG (Algorithm 1), with any retriever.

For each draft, in order: resolve its [A_k] tokens; gather prior evidence, the paragraphs of
the traces it depends on (transitively) and of the best keyword match among earlier traces;
retrieve fresh paragraphs for the resolved sub-question; rank the union by the retriever's
score for that sub-question; append the completed trace, which stores only the fresh
paragraphs. Answers come from the conversation (the system's answer to that turn); the final
turn's traces have none.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from returns.result import Failure, Result, Success

from memcore.search.hedge import rrf
from memcore.search.retriever import Retriever
from memcore.search.values import Query, Ranking
from memcore.trace.dag import DEFAULT_LOOKUP_LIMIT, DEFAULT_LOOKUP_MIN, TraceDag
from memcore.trace.decomposer import Decomposer
from memcore.trace.errors import TraceError
from memcore.trace.references import resolve_references
from memcore.trace.values import Trace, TraceDraft


@attrs.frozen
class TraceConfig:
    """Retrieval depths and the keyword lookup (CMT-RAG: top 5 paragraphs, one trace at 0.05)."""

    history_depth: int = 5
    lookup_limit: int = DEFAULT_LOOKUP_LIMIT
    lookup_minimum: float = DEFAULT_LOOKUP_MIN


DEFAULT_TRACE_CONFIG = TraceConfig()


@attrs.frozen
class DraftEvidence:
    """What one draft gathered: its trace and its ranked evidence."""

    trace: Trace
    prior_ids: tuple[str, ...]
    ranking: Ranking


@attrs.frozen
class TurnResult:
    """The DAG after the turn, and each new trace's evidence."""

    dag: TraceDag
    drafts: tuple[DraftEvidence, ...]

    def ranking(self, k: int) -> Ranking:
        """The turn's evidence ranking: the single draft's own, or the RRF of several."""
        if len(self.drafts) == 1:
            return Ranking(self.drafts[0].ranking.hits[:k])
        fused = rrf([draft.ranking.ids() for draft in self.drafts])
        return Ranking(fused.hits[:k])


def prior_paragraphs(dag: TraceDag, draft: TraceDraft, config: TraceConfig) -> tuple[str, ...]:
    """Paragraph ids of the draft's dependencies (and theirs) and of its keyword match."""
    matched = dag.lookup(draft.keywords, config.lookup_limit, config.lookup_minimum)
    trace_ids = dag.ancestors((*draft.depends_on, *(trace.id for trace in matched)))
    found: dict[str, None] = {}
    for trace_id in trace_ids:
        trace = dag.get(trace_id)
        if trace is not None:
            for doc_id in trace.paragraph_ids:
                found.setdefault(doc_id, None)
    return tuple(found)


def _evidence(
    retriever: Retriever, sub_question: str, prior: Sequence[str], depth: int
) -> tuple[Ranking, Ranking]:
    query = Query.of(sub_question)
    fresh = retriever.search(query, depth)
    union = list(dict.fromkeys((*fresh.ids(), *prior)))
    scores = retriever.score(query, union)
    return fresh, Ranking.from_scores((doc_id, scores.get(doc_id, 0.0)) for doc_id in union)


def run_turn(
    dag: TraceDag,
    turn: int,
    question: str,
    answer: str,
    decomposer: Decomposer,
    retriever: Retriever,
    depth: int,
    config: TraceConfig = DEFAULT_TRACE_CONFIG,
) -> Result[TurnResult, TraceError]:
    """Decompose the turn, gather evidence for each draft, and append its traces."""
    drafts = decomposer.decompose(question, dag)
    if isinstance(drafts, Failure):
        return Failure(drafts.failure())
    gathered: list[DraftEvidence] = []
    for draft in drafts.unwrap():
        resolved = resolve_references(draft.sub_question, dag)
        if isinstance(resolved, Failure):
            return Failure(resolved.failure())
        sub_question = resolved.unwrap()
        prior = prior_paragraphs(dag, draft, config)
        fresh, ranking = _evidence(retriever, sub_question, prior, depth)
        trace = Trace(
            dag.next_id,
            turn,
            sub_question,
            draft.keywords,
            draft.depends_on,
            fresh.ids(),
            answer,
        )
        appended = dag.append(trace)
        if isinstance(appended, Failure):
            return Failure(appended.failure())
        dag = appended.unwrap()
        gathered.append(DraftEvidence(trace, prior, ranking))
    return Success(TurnResult(dag, tuple(gathered)))
