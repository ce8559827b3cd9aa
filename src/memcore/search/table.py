"""A retriever over precomputed scores, and a final-turn search that uses it.

`ScoreTable` answers each query from a table of scores keyed by the query's text: use it to
replay scores computed elsewhere (a run of a retriever that cannot run here), or to work
the search rules out by hand. A passage the table lacks for a query scores 0 for it; a
query the table lacks matches nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs
from returns.result import Result

from memcore.node import Memory, Node
from memcore.search.config import (
    PAPER,
    ExclusionSource,
    FactsVoteFallback,
    FactsVoteVariant,
    RejectedPage,
    TitleUse,
)
from memcore.search.corpus import Corpus
from memcore.search.explain import ExplainedRanking
from memcore.search.pipeline import (
    SearchError,
    paper_pipeline,
    rrf_pipeline,
    search_final_turn,
    template_pipeline,
    writer_query_pipeline,
)
from memcore.search.plain import SearchedQuery
from memcore.search.values import Passage, Query, Ranking


def _table(
    values: Mapping[str, Mapping[str, float]],
) -> Mapping[str, Mapping[str, float]]:
    return {query: dict(row) for query, row in values.items()}


@attrs.frozen
class ScoreTable:
    """A retriever whose score for (query, passage) is read from `scores[query.text][id]`.

    Query weights cannot be applied to a table, so by default `supports_weights` is False and
    weighted queries arrive as their plain text; set it True to look them up by text anyway.
    """

    corpus: Corpus
    scores: Mapping[str, Mapping[str, float]] = attrs.field(converter=_table)
    supports_weights: bool = False

    def search(self, query: Query, k: int) -> Ranking:
        """The top `k` passages with a positive score for `query`'s text."""
        row = self.scores.get(query.text, {})
        return Ranking.from_scores(
            ((d, s) for d, s in row.items() if s > 0 and d in self.corpus), k
        )

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        """Each passage's score for `query`'s text (0 where the table has none)."""
        row = self.scores.get(query.text, {})
        return {doc_id: float(row.get(doc_id, 0.0)) for doc_id in doc_ids}


def search_with_table(
    passages: Iterable[Passage],
    scores: Mapping[str, Mapping[str, float]],
    memory: Memory,
    final: Node,
    variant: FactsVoteVariant = FactsVoteVariant.TOPIOCQA,
    titles: TitleUse = TitleUse.AUTO,
    without: Sequence[str] = (),
    exclusion_source: ExclusionSource = PAPER.exclusion_source,
    facts_vote_fallback: FactsVoteFallback = PAPER.facts_vote_fallback,
    rejected_page: RejectedPage = PAPER.rejected_page,
    template_weight: float = PAPER.template_weight,
    referent_margin: float | None = PAPER.referent_margin,
    description_words: int | None = PAPER.description_words,
) -> Result[ExplainedRanking, SearchError]:
    """The paper's search for `final` over `passages`, scored from `scores` (see `ScoreTable`),
    leaving out the stages named in `without` ("candidate expansion", "title prior", ...);
    `exclusion_source` picks the facts that find the exclusion step's rejected page and
    `facts_vote_fallback` the nodes the TopiOCQA facts vote searches when none is about the
    final topic; `rejected_page` whether a page rejected by name is lowered;
    `template_weight` how many times the template's z-scores count; `referent_margin` switches
    the referent by fit on with its margin, `description_words` the referent by description
    with its least number of quoted words (default: the paper's rules throughout).

    Queries are looked up by their plain text: the template query is "<topic> <question>".
    """
    retriever = ScoreTable(Corpus(passages), scores)
    config = attrs.evolve(
        PAPER,
        exclusion_source=exclusion_source,
        facts_vote_fallback=facts_vote_fallback,
        rejected_page=rejected_page,
        template_weight=template_weight,
        referent_margin=referent_margin,
        description_words=description_words,
    )
    pipeline = attrs.evolve(paper_pipeline(variant, config), titles=titles).without_named(*without)
    return search_final_turn(memory, final, retriever, pipeline)


def plain_search_with_table(
    passages: Iterable[Passage],
    scores: Mapping[str, Mapping[str, float]],
    memory: Memory,
    final: Node,
    query: SearchedQuery = SearchedQuery.WRITER,
    hedged: bool = False,
    depth: int = 100,
) -> Result[ExplainedRanking, SearchError]:
    """The one-query search of the `template` or `writer-query` system (`query`) over
    `passages`, scored from `scores`; with `hedged`, the writer's query fused with the final
    question by RRF (the `rrf` system). Queries are looked up by their plain text."""
    retriever = ScoreTable(Corpus(passages), scores)
    if hedged:
        pipeline = rrf_pipeline(depth)
    elif query is SearchedQuery.TEMPLATE:
        pipeline = template_pipeline(PAPER, depth)
    else:
        pipeline = writer_query_pipeline(depth)
    return search_final_turn(memory, final, retriever, pipeline)
