"""The RRF hedge: never let retrieval depend on the rewrite alone.

A rewritten query can be wrong. The hedge retrieves with the user's original message as well
and fuses the two rankings by reciprocal rank fusion (RRF, HEDGE-1): a passage at 1-based
rank r of a list gains weight / (k + r) from that list, k = 60 by default; the fused list is
ranked by the sum, ties by passage id ascending (RANK-1). `rrf` is the pure fusion;
`hedged_search` hedges two query texts against one retriever; `RrfHedge` is the pipeline
option, a stage that fuses the ranking built so far with the original question's ranking.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from memcore.search.retriever import PlannedSearch, Retriever
from memcore.search.scored import Candidates, PartKind, ScoredPassage, ScorePart
from memcore.search.stages import Phase, SearchState, TraceEntry
from memcore.search.values import Query, Ranking

HEDGE_RULE = "HEDGE-1"
DEFAULT_RRF_K = 60
DEFAULT_HEDGE_DEPTH = 100


def rrf_contributions(
    rankings: Sequence[Sequence[str]],
    k: int = DEFAULT_RRF_K,
    weights: Sequence[float] | None = None,
) -> dict[str, tuple[tuple[int, float], ...]]:
    """Each passage's contributions as (list index, weight / (k + rank)), in list order.

    A passage repeated within one list counts at its first (best) rank only.
    """
    if k < 0:
        raise ValueError(f"the RRF constant k must be non-negative, got {k}")
    if weights is not None and len(weights) != len(rankings):
        raise ValueError(f"{len(weights)} weights for {len(rankings)} rankings")
    contributions: dict[str, list[tuple[int, float]]] = {}
    for index, ranking in enumerate(rankings):
        weight = 1.0 if weights is None else weights[index]
        seen: set[str] = set()
        for rank, doc_id in enumerate(ranking, start=1):
            if doc_id in seen:
                continue
            seen.add(doc_id)
            contributions.setdefault(doc_id, []).append((index, weight / (k + rank)))
    return {doc_id: tuple(parts) for doc_id, parts in contributions.items()}


def rrf(
    rankings: Sequence[Sequence[str]],
    k: int = DEFAULT_RRF_K,
    weights: Sequence[float] | None = None,
) -> Ranking:
    """Reciprocal rank fusion of ranked id lists: sum of weight / (k + rank), ranked (RANK-1)."""
    contributions = rrf_contributions(rankings, k, weights)
    return Ranking.from_scores(
        (doc_id, sum(amount for _, amount in parts)) for doc_id, parts in contributions.items()
    )


def hedged_search(
    retriever: Retriever,
    rewritten: str,
    original: str,
    k: int,
    depth: int = DEFAULT_HEDGE_DEPTH,
    rrf_k: int = DEFAULT_RRF_K,
) -> Ranking:
    """The top `k` of the RRF of the rewritten query's and the original message's top `depth`.

    When the two texts are the same the hedge is the plain search's order (RRF of a list with
    itself keeps its order).
    """
    first = retriever.search(Query.of(rewritten), depth)
    second = retriever.search(Query.of(original), depth)
    fused = rrf([first.ids(), second.ids()], rrf_k)
    return Ranking(fused.hits[:k])


@attrs.frozen
class RrfHedge:
    """Pipeline option: fuse the candidates so far with the original question's top `depth`.

    The stage goes last (`paper_pipeline() >> RrfHedge()`): the memory's rules build the first
    list, the user's own words the second, and every passage's new score is its RRF sum, kept
    as one part per list so the explanation shows where it came from.
    """

    k: int = DEFAULT_RRF_K
    depth: int = DEFAULT_HEDGE_DEPTH

    @property
    def phase(self) -> Phase:
        return Phase.REFUSE

    @property
    def name(self) -> str:
        return "rrf hedge"

    def planned_searches(self, state: SearchState) -> tuple[PlannedSearch, ...]:
        """The search `run` sends: the final question's top `depth`."""
        return (PlannedSearch(Query.of(state.context.final.question), self.depth),)

    def run(self, state: SearchState) -> SearchState:
        """Replace the candidates by the RRF of their ranking and the original question's."""
        final = state.context.final
        retriever = state.context.retriever
        original = retriever.search(Query.of(final.question), self.depth)
        lists = (state.candidates.ids(), original.ids())
        labels = ("memory ranking", "original question")
        contributions = rrf_contributions(lists, self.k)
        ranks = [
            {doc_id: rank for rank, doc_id in reversed(list(enumerate(ids, 1)))} for ids in lists
        ]
        corpus = retriever.corpus
        previous = {passage.doc_id: passage for passage in state.candidates.passages}
        passages = []
        for doc_id, parts in contributions.items():
            known = previous.get(doc_id)
            title = known.title if known is not None else corpus.title_of(doc_id)
            score_parts = tuple(
                ScorePart(
                    PartKind.BASE,
                    amount,
                    HEDGE_RULE,
                    labels[index],
                    f"turn {final.turn}: rank {ranks[index][doc_id]} of the "
                    f"{labels[index]}, 1/({self.k}+rank)",
                )
                for index, amount in parts
            )
            reached = known.reached_by if known is not None else HEDGE_RULE
            passages.append(ScoredPassage(doc_id, title, score_parts, reached))
        entry = TraceEntry(
            self.name,
            HEDGE_RULE,
            f"fused {len(lists[0])} memory-ranked and {len(lists[1])} original-question "
            f"passages by RRF (k={self.k})",
            final.turn,
        )
        return attrs.evolve(state, candidates=Candidates(passages)).traced(entry)
