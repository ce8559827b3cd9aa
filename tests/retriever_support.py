"""A retriever seen only through the `Retriever` protocol, for tests that check what a
retriever's optional extras (`prefetch`, `scores_in_order`) change: wrapped, the same
retriever answers every search and score by itself, without them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from memcore.search.corpus import Corpus
from memcore.search.retriever import Retriever
from memcore.search.values import Query, Ranking


@attrs.frozen
class ProtocolOnly:
    """`inner` without its extras: search and score pass through, nothing else does."""

    inner: Retriever

    @property
    def supports_weights(self) -> bool:
        return self.inner.supports_weights

    @property
    def corpus(self) -> Corpus:
        return self.inner.corpus

    def search(self, query: Query, k: int) -> Ranking:
        return self.inner.search(query, k)

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        return self.inner.score(query, doc_ids)
