"""The retriever protocol: what the search rules need from any backend."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

import attrs

from memcore.search.corpus import Corpus
from memcore.search.values import Query, Ranking


@runtime_checkable
class Retriever(Protocol):
    """A searchable passage collection.

    `supports_weights` is False for backends that cannot apply per-term weights (dense
    encoders); the pipeline then sends the plain text of weighted queries, as the paper did
    with ANCE.
    """

    @property
    def supports_weights(self) -> bool: ...

    def search(self, query: Query, k: int) -> Ranking:
        """The top `k` passages for `query`, ranked."""
        ...

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        """The score of each of `doc_ids` for `query` (0 for a passage that matches nothing)."""
        ...

    @property
    def corpus(self) -> Corpus:
        """The collection searched, with page titles where it has them."""
        ...


@attrs.frozen
class PlannedSearch:
    """A search the pipeline will send in this turn: the query and the depth it asks for."""

    query: Query
    depth: int


@runtime_checkable
class Prefetches(Protocol):
    """A retriever that answers a turn's planned searches faster together than one by one
    (the dense retriever: the new texts encoded side by side, one matrix product or hnswlib
    call for all; bm25s: the score vectors computed up front, beside the dense part's work in
    a fusion). `prefetch` only warms what the later `search`/`score` calls read: their
    results are the same with or without it."""

    def prefetch(self, searches: Sequence[PlannedSearch]) -> None:
        """Prepare the answers of `searches` (their order does not matter)."""
        ...


def prefetch_searches(retriever: Retriever, searches: Sequence[PlannedSearch]) -> None:
    """Let `retriever` prepare `searches` together if it can; otherwise nothing happens."""
    if searches and isinstance(retriever, Prefetches):
        retriever.prefetch(searches)
