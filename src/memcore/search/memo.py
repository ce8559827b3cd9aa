"""A retriever wrapper that remembers search results.

A search's result depends only on the query and the depth, so remembering it changes no
ranking. The facts of a history node are searched by topic repair (top 20) when the turn is
written, and again by the TopiOCQA facts vote at every later final turn; sharing one
`MemoRetriever` across a conversation's turns lets the final turn reuse those searches.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence

import attrs

from memcore.search.corpus import Corpus
from memcore.search.retriever import PlannedSearch, Retriever, prefetch_searches
from memcore.search.values import Query, Ranking


def _positive(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise ValueError(f"{attribute.name} must be at least 1, got {value!r}")


@attrs.frozen
class MemoRetriever:
    """`inner` with its last `capacity` search results remembered (least recently used
    forgotten first). With `from_deeper`, a search for the top k is also answered from a
    remembered deeper search of the same query: exact where the inner retriever's top k is
    the first k of any deeper search (the BM25 backends, the dense one), not for a fused
    retriever asked past its fusion depth, whose candidates grow with k; without it, each
    depth is remembered apart. Scores of given passages are passed through."""

    inner: Retriever
    capacity: int = attrs.field(default=4096, validator=_positive)
    from_deeper: bool = True
    _results: OrderedDict[tuple[Query, int], tuple[int, Ranking]] = attrs.field(
        factory=OrderedDict, eq=False, repr=False, init=False
    )

    @property
    def supports_weights(self) -> bool:
        return self.inner.supports_weights

    @property
    def corpus(self) -> Corpus:
        return self.inner.corpus

    def search(self, query: Query, k: int) -> Ranking:
        """The inner retriever's top `k` for `query`, remembered."""
        key = (query, 0 if self.from_deeper else k)
        known = self._results.get(key)
        if known is not None and known[0] >= k:
            self._results.move_to_end(key)
            depth, ranking = known
            return ranking if depth == k else Ranking(ranking.hits[:k])
        ranking = self.inner.search(query, k)
        self._results[key] = (k, ranking)
        self._results.move_to_end(key)
        if len(self._results) > self.capacity:
            self._results.popitem(last=False)
        return ranking

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        """The inner retriever's scores, not remembered."""
        return self.inner.score(query, doc_ids)

    def prefetch(self, searches: Sequence[PlannedSearch]) -> None:
        """Passed to the inner retriever if it prefetches (results are unchanged by it)."""
        prefetch_searches(self.inner, searches)
