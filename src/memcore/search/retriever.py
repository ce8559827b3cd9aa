"""The retriever protocol: what the search rules need from any backend."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

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
