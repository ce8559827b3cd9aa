"""Standardised scores: the unit in which the paper's search constants are stated.

The paper gives no formula; memcore fixes one (spec/search-standardise.md): the candidates
are the union of each query's top `depth` passages, every candidate is scored for every query,
each query's scores are z-scored over that union with the population standard deviation (all
zeros when the scores do not spread), and the fused score is the equal-weight sum.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import attrs
import numpy as np
import numpy.typing as npt

from memcore.search.retriever import Retriever
from memcore.search.values import Query, Ranking

UNION_RULE = "search-standardise.union"
SCORE_ALL_RULE = "search-standardise.score-all"
ZSCORE_RULE = "search-standardise.zscore"
FUSION_RULE = "search-standardise.fusion"


@attrs.frozen
class Scale:
    """The mean and population standard deviation of one query's scores over the candidates.

    `spread` is 0 when every candidate scored the same; every z-score is then 0.
    """

    mean: float
    spread: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Scale:
        """The scale of `values` (0 and 0 for no values or values that are all equal)."""
        if not values or min(values) == max(values):
            return cls(values[0] if values else 0.0, 0.0)
        mean = math.fsum(values) / len(values)
        variance = math.fsum((value - mean) ** 2 for value in values) / len(values)
        return cls(mean, math.sqrt(variance))

    def z(self, value: float) -> float:
        """The z-score of `value` on this scale (0 where the scale has no spread)."""
        if self.spread == 0.0:
            return 0.0
        return (value - self.mean) / self.spread

    def z_of(self, values: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """`z` of each of `values`, as an array: the same operations on each element."""
        if self.spread == 0.0:
            return np.zeros(values.shape, dtype=np.float64)
        scaled: npt.NDArray[np.float64] = (values - self.mean) / self.spread
        return scaled


def zscores(values: Sequence[float]) -> tuple[float, ...]:
    """Each value's z-score over `values`: population deviation; zero spread gives 0."""
    scale = Scale.of(values)
    return tuple(scale.z(value) for value in values)


def standardise_on(reference: Sequence[float], values: Sequence[float]) -> tuple[float, ...]:
    """The z-scores of `values` on the scale of `reference` (how expanded passages are scored:
    on the scale of the retrieved candidates, which it leaves unchanged)."""
    scale = Scale.of(reference)
    return tuple(scale.z(value) for value in values)


def candidate_union(rankings: Sequence[Ranking]) -> tuple[str, ...]:
    """The union of the rankings' passages, in order of first appearance (query order, then
    rank)."""
    return tuple(dict.fromkeys(hit.doc_id for ranking in rankings for hit in ranking.hits))


def fuse_scores(
    candidates: Sequence[str], tables: Sequence[Mapping[str, float]]
) -> dict[str, float]:
    """The fused score of each candidate: the sum, query by query, of its z-score over the
    candidates. `tables` holds each query's raw scores; a candidate a table lacks scores 0."""
    fused = dict.fromkeys(candidates, 0.0)
    for table in tables:
        values = [float(table.get(doc_id, 0.0)) for doc_id in candidates]
        scale = Scale.of(values)
        for doc_id, value in zip(candidates, values, strict=True):
            fused[doc_id] += scale.z(value)
    return fused


@attrs.frozen
class QueryScores:
    """One fused query: its label, the query sent, its scale, and each candidate's z-score."""

    label: str
    query: Query
    scale: Scale
    z: Mapping[str, float] = attrs.field(eq=False, repr=False)


@attrs.frozen
class Fused:
    """The fused candidate set: the candidates (in first-retrieved order) and each query's
    z-scores over them; the fused score of a candidate is the sum over queries."""

    candidates: tuple[str, ...]
    queries: tuple[QueryScores, ...]

    def fused(self, doc_id: str) -> float:
        """The equal-weight sum of `doc_id`'s z-scores, added in query order."""
        total = 0.0
        for scores in self.queries:
            total += scores.z[doc_id]
        return total


def fuse(retriever: Retriever, queries: Sequence[tuple[str, Query]], depth: int) -> Fused:
    """Retrieve each labelled query's top `depth`, score the union for every query, z-score.

    Candidate order is the order of first retrieval (query order, then rank); the final order
    is always set by the ranking rule, so this order only makes runs reproducible.
    """
    candidates = candidate_union([retriever.search(query, depth) for _label, query in queries])
    scored = []
    for label, query in queries:
        raw = retriever.score(query, candidates) if candidates else {}
        values = [float(raw.get(doc_id, 0.0)) for doc_id in candidates]
        scale = Scale.of(values)
        z = {doc_id: scale.z(value) for doc_id, value in zip(candidates, values, strict=True)}
        scored.append(QueryScores(label, query, scale, z))
    return Fused(candidates, tuple(scored))
