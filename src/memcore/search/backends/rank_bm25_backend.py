"""An adapter for rank-bm25's `BM25Okapi` (`bm25` extra), reproducing that library's scores.

rank-bm25 is not Lucene BM25: its idf is ln((N - df + 0.5) / (df + 0.5)), which is negative
for terms in more than half the passages and is then replaced by `epsilon` times the mean
idf of the vocabulary; its term-frequency part keeps the (k1 + 1) factor; and it scores a
query by a Python loop over every passage (about 2 s per query at 450k passages). Use it to
compare with systems built on rank-bm25, not as the default (see docs/backends.md).

Terms are memcore's shared tokens. A plain query is scored by rank-bm25 itself on its token
list; a weighted query sums `weight * get_scores([term])` over its distinct terms.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import numpy as np
import numpy.typing as npt
from rank_bm25 import BM25Okapi

from memcore.search.backends.params import BM25Parameters
from memcore.search.backends.topk import scores_by_id, top_k
from memcore.search.corpus import Corpus
from memcore.search.tokenize import passage_tokens, tokenize, weighted_terms
from memcore.search.values import Query, Ranking

# rank-bm25's own defaults: BM25Okapi(k1=1.5, b=0.75, epsilon=0.25).
RANK_BM25_DEFAULTS = BM25Parameters(k1=1.5, b=0.75)
RANK_BM25_EPSILON = 0.25


def _postings(docs: Sequence[Sequence[str]]) -> dict[str, tuple[int, ...]]:
    grouped: dict[str, list[int]] = {}
    for index, tokens in enumerate(docs):
        for term in dict.fromkeys(tokens):
            grouped.setdefault(term, []).append(index)
    return {term: tuple(indices) for term, indices in grouped.items()}


@attrs.frozen
class RankBm25Retriever:
    """rank-bm25's BM25Okapi over `corpus`. Build with `RankBm25Retriever.build(corpus)`.

    `search` returns the passages holding at least one query term of non-zero weight (their
    score may be zero or negative: rank-bm25's idf can be), best first, ties by id.
    """

    corpus: Corpus
    params: BM25Parameters
    epsilon: float
    include_title: bool
    _engine: BM25Okapi | None = attrs.field(eq=False, repr=False)
    _postings: Mapping[str, tuple[int, ...]] = attrs.field(eq=False, repr=False)
    _index_of: Mapping[str, int] = attrs.field(eq=False, repr=False)

    @classmethod
    def build(
        cls,
        corpus: Corpus,
        params: BM25Parameters = RANK_BM25_DEFAULTS,
        epsilon: float = RANK_BM25_EPSILON,
        include_title: bool = True,
    ) -> RankBm25Retriever:
        """Index `corpus` with BM25Okapi (rank-bm25's defaults unless `params` is given)."""
        docs = [list(passage_tokens(passage, include_title)) for passage in corpus.passages]
        postings = _postings(docs)
        # BM25Okapi divides by the passage count and by the vocabulary size.
        engine = BM25Okapi(docs, k1=params.k1, b=params.b, epsilon=epsilon) if postings else None
        return cls(
            corpus=corpus,
            params=params,
            epsilon=epsilon,
            include_title=include_title,
            engine=engine,
            postings=postings,
            index_of={passage.id: index for index, passage in enumerate(corpus.passages)},
        )

    @property
    def supports_weights(self) -> bool:
        """Per-term query weights are applied (each term's rank-bm25 score times its weight)."""
        return True

    def idf(self, term: str) -> float:
        """rank-bm25's idf for `term` after its epsilon floor (0 for an unknown term)."""
        return self._engine.idf.get(term, 0.0) if self._engine is not None else 0.0

    def scores_of(self, query: Query) -> npt.NDArray[np.float64]:
        """rank-bm25's score of every passage for `query`, in collection order."""
        engine = self._engine
        if engine is None:
            return np.zeros(len(self.corpus), dtype=np.float64)
        if not query.weighted:
            return np.asarray(engine.get_scores(list(tokenize(query.text))), dtype=np.float64)
        totals = np.zeros(len(self.corpus), dtype=np.float64)
        for term, weight in weighted_terms(query).items():
            if weight != 0.0 and term in self._postings:
                totals += weight * engine.get_scores([term])
        return totals

    def _matching(self, query: Query) -> npt.NDArray[np.int64]:
        found: set[int] = set()
        for term, weight in weighted_terms(query).items():
            if weight != 0.0:
                found.update(self._postings.get(term, ()))
        return np.fromiter(sorted(found), dtype=np.int64, count=len(found))

    def search(self, query: Query, k: int) -> Ranking:
        """The top `k` passages that hold a query term, by rank-bm25's score."""
        candidates = self._matching(query)
        if candidates.size == 0:
            return Ranking()
        return top_k(self.corpus.passages, self.scores_of(query), candidates, k)

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        """rank-bm25's score of each of `doc_ids` (KeyError for an id not in the corpus)."""
        return scores_by_id(self._index_of, doc_ids, lambda: self.scores_of(query))
