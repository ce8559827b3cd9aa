"""The retriever protocol: what the search rules need from any backend."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

import attrs
import numpy as np
import numpy.typing as npt

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


@runtime_checkable
class ScoresInOrder(Protocol):
    """A retriever that also gives `score`'s values as an array in the order of the ids asked
    for, without building a dictionary: the fused retriever reads its parts' scores of a
    query's candidates this way, a dozen times a turn."""

    def scores_in_order(self, query: Query, doc_ids: Sequence[str]) -> npt.NDArray[np.float64]:
        """`score(query, doc_ids)[doc_id]` for each of `doc_ids`, in order, as float64 (the
        same values; KeyError for an id not in the corpus)."""
        ...


@runtime_checkable
class ScoresAtPositions(Protocol):
    """A retriever that reads scores by collection position: `positions` looks each id up
    once, and `scores_at` gives `scores_in_order`'s values at those positions. A fusion whose
    parts search the same passages in the same order looks a query's candidates up once for
    all of its parts (a lookup in a collection-sized dictionary misses the caches: about half
    a microsecond an id at 450k passages)."""

    def positions(self, doc_ids: Sequence[str]) -> list[int]:
        """The collection position of each of `doc_ids` (KeyError for an id not in the
        corpus)."""
        ...

    def scores_at(self, query: Query, positions: Sequence[int]) -> npt.NDArray[np.float64]:
        """`scores_in_order(query, doc_ids)` where `positions` are the positions of `doc_ids`:
        the same float64 values, in the order of `positions`."""
        ...

    def search_placed(self, query: Query, k: int) -> Placed:
        """`search(query, k)` with the collection position of each of its hits."""
        ...


@attrs.frozen
class Placed:
    """A ranking and the collection position of each of its hits, in rank order: a fusion
    reads its parts' scores of the candidates at these positions instead of looking their ids
    up (`FusedRetriever`)."""

    ranking: Ranking
    positions: tuple[int, ...]


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
