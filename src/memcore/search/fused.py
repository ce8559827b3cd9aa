"""Hybrid retrieval: several retrievers fused by standardised scores, as one retriever.

A `FusedRetriever` sends each query to each of its parts (weighted parts to those that
support weights, the plain text to the others, as the pipeline does), z-scores each part's
scores and sums them with a weight per part (spec/search-fused.md). The scale of a part is
fixed by the query alone: its mean and spread over the query's candidates, the union of each
part's top `depth`. So `score` gives a passage the same value whatever other passages are
asked about, and `search` ranks by exactly those values. With equal weights this is the
paper's z-score fusion of BM25 and a dense encoder; the hybrid retriever of the commands
weighs its parts by the tuned weights of `memcore.search.retrieval.Retrieval`.

It satisfies the `Retriever` protocol, so every rule of the search pipeline runs on it
unchanged.
"""

from __future__ import annotations

import enum
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import cast

import attrs
import numpy as np
import numpy.typing as npt
from returns.result import Failure, Result, Success

from memcore.search.corpus import Corpus
from memcore.search.retriever import (
    PlannedSearch,
    Prefetches,
    Retriever,
    ScoresAtPositions,
    ScoresInOrder,
    prefetch_searches,
)
from memcore.search.standardise import Scale, candidate_union
from memcore.search.template import as_sent
from memcore.search.values import Query, Ranking

CANDIDATES_RULE = "search-fused.candidates"
SCALE_RULE = "search-fused.scale"
SUM_RULE = "search-fused.sum"

FUSION_DEPTH = 100
"""Each part's top this many passages set the query's scales (the issue's measured setting)."""

# Scales of this many recent queries are kept: the pipeline scores the queries it searched.
_REMEMBERED_QUERIES = 256


def weighted_zsum(
    candidates: Sequence[str],
    tables: Sequence[Mapping[str, float]],
    weights: Sequence[float],
    doc_ids: Sequence[str] | None = None,
) -> dict[str, float]:
    """The fused score of each of `doc_ids` (default: the candidates): the sum over parts of
    the part's weight times the passage's z-score on the scale of that part's scores over
    `candidates`. `tables` holds each part's raw scores; a passage a table lacks scores 0."""
    wanted = candidates if doc_ids is None else doc_ids
    fused = dict.fromkeys(wanted, 0.0)
    for table, weight in zip(tables, weights, strict=True):
        scale = Scale.of([float(table.get(doc_id, 0.0)) for doc_id in candidates])
        for doc_id in fused:
            fused[doc_id] += weight * scale.z(float(table.get(doc_id, 0.0)))
    return fused


def best_of(ids: Sequence[str], scores: npt.NDArray[np.float64], k: int) -> Ranking:
    """`Ranking.from_scores(zip(ids, scores), k)` (`ids` distinct), sorting only the passages
    that reach the k-th largest score: the others cannot be among the best k, and those tied
    with it are all kept for the tie rule (score descending, then id)."""
    if 0 < k < len(ids) and bool(np.isfinite(scores).all()):
        kth = np.partition(scores, len(ids) - k)[len(ids) - k]
        reaching = np.flatnonzero(scores >= kth).tolist()
        return Ranking.from_scores(((ids[index], float(scores[index])) for index in reaching), k)
    return Ranking.from_scores(zip(ids, scores.tolist(), strict=True), k)


class _ReadScores(enum.Enum):
    """How a fusion reads one part's scores of a list of passages."""

    AT_SHARED_POSITIONS = "positions looked up once for every part reading so"
    IN_ORDER = "scores_in_order"
    BY_DICTIONARY = "score"


def _score_readers(retrievers: Sequence[Retriever]) -> tuple[_ReadScores, ...]:
    """Positions are shared only when every part reads by position over one corpus object
    (same passages, same order); otherwise each part reads on its own, in order if it can."""
    corpus = retrievers[0].corpus if retrievers else None
    if all(
        isinstance(retriever, ScoresAtPositions) and retriever.corpus is corpus
        for retriever in retrievers
    ):
        return tuple(_ReadScores.AT_SHARED_POSITIONS for _retriever in retrievers)
    return tuple(
        _ReadScores.IN_ORDER if isinstance(retriever, ScoresInOrder) else _ReadScores.BY_DICTIONARY
        for retriever in retrievers
    )


@attrs.frozen
class FusedPart:
    """One retriever of a fusion, its name (shown by `explain`) and its weight."""

    name: str
    retriever: Retriever
    weight: float = 1.0


@attrs.frozen
class PartScore:
    """What one part gives a passage for a query: its raw score, the part's scale for the
    query (over the fusion's candidates), the z-score on it, and the weighted z-score that
    enters the sum."""

    name: str
    raw: float
    scale: Scale
    weight: float

    @property
    def z(self) -> float:
        """The raw score's z-score on the part's scale for the query."""
        return self.scale.z(self.raw)

    @property
    def contribution(self) -> float:
        """The weighted z-score."""
        return self.weight * self.z

    def __str__(self) -> str:
        return f"{self.name} {self.raw:.3f} (z {self.z:+.2f} x {self.weight:g})"


@attrs.frozen
class FusionError:
    """The parts cannot be fused, for the reason in `message`."""

    message: str

    def __str__(self) -> str:
        return self.message


@attrs.frozen
class _QueryScales:
    sent: tuple[Query, ...]
    scales: tuple[Scale, ...]
    candidates: tuple[str, ...]
    # The candidates' fused scores, in their order: each part's raw scores of them are read
    # once, to set the scales and, on those scales, to rank them (each `score` call may cost
    # a whole-collection pass).
    candidate_fused: npt.NDArray[np.float64]


@attrs.frozen
class FusedRetriever:
    """The parts' z-scores summed with their weights. Make one with `FusedRetriever.of`."""

    parts: tuple[FusedPart, ...]
    depth: int = FUSION_DEPTH
    _scales: OrderedDict[Query, _QueryScales] = attrs.field(
        factory=OrderedDict, eq=False, repr=False, init=False
    )
    # How each part's scores of a query's candidates are read, decided once: a check against
    # a runtime protocol costs tens of microseconds, and the scores are read a dozen times a
    # turn.
    _readers: tuple[_ReadScores, ...] = attrs.field(eq=False, repr=False, init=False)

    @_readers.default
    def _readers_of_parts(self) -> tuple[_ReadScores, ...]:
        return _score_readers(tuple(part.retriever for part in self.parts))

    @classmethod
    def of(
        cls, parts: Sequence[FusedPart], depth: int = FUSION_DEPTH
    ) -> Result[FusedRetriever, FusionError]:
        """A fusion of `parts`, which must search the same passages (same ids, same order)
        under distinct names, with finite, non-negative weights not all zero."""
        if not parts:
            return Failure(FusionError("a fusion needs at least one retriever"))
        if depth < 1:
            return Failure(FusionError(f"depth must be at least 1, got {depth}"))
        names = [part.name for part in parts]
        if len(set(names)) != len(names):
            return Failure(FusionError(f"retriever names repeat: {', '.join(names)}"))
        weights = [part.weight for part in parts]
        if any(not weight >= 0.0 or weight == float("inf") for weight in weights):
            return Failure(FusionError(f"weights must be finite and >= 0, got {weights}"))
        if not any(weights):
            return Failure(FusionError("at least one weight must be above 0"))
        ids = [passage.id for passage in parts[0].retriever.corpus.passages]
        for part in parts[1:]:
            if [passage.id for passage in part.retriever.corpus.passages] != ids:
                message = f"{part.name} searches other passages than {parts[0].name}"
                return Failure(FusionError(message))
        return Success(cls(tuple(parts), depth))

    @property
    def supports_weights(self) -> bool:
        """Weighted queries reach the parts that support weights as they are."""
        return True

    @property
    def corpus(self) -> Corpus:
        return self.parts[0].retriever.corpus

    def search(self, query: Query, k: int) -> Ranking:
        """The top `k` by fused score among the union of each part's top max(`k`, depth)."""
        scales = self._scales_of(query)
        candidates = scales.candidates
        if k > self.depth:
            deeper = [
                part.retriever.search(sent, k)
                for part, sent in zip(self.parts, scales.sent, strict=True)
            ]
            candidates = candidate_union(deeper)
            return best_of(*self._fused_values(scales, candidates), k)
        # The candidates are distinct: their fused scores are those `_fused_values` gives.
        return best_of(candidates, scales.candidate_fused, k)

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        """The fused score of each of `doc_ids` (KeyError for an id not in the corpus)."""
        return self._fused(self._scales_of(query), doc_ids)

    def prefetch(self, searches: Sequence[PlannedSearch]) -> None:
        """Hand each part the searches `search` will send it for `searches` (each query as the
        part takes it, at least the fusion depth deep), so a dense part scores them in one
        pass; results are the same without it. The parts that prefetch do so side by side,
        each on one thread (the dense part's encoding and the BM25 part's sums release the
        GIL), and all are done when this returns. A query whose scales are remembered is
        not handed on: `search` and `score` answer it without the parts (unless deeper)."""
        unknown = [
            planned
            for planned in searches
            if planned.query not in self._scales or planned.depth > self.depth
        ]
        if not unknown:
            return
        prefetching = [
            (
                part.retriever,
                tuple(
                    PlannedSearch(
                        as_sent(planned.query, part.retriever.supports_weights),
                        max(planned.depth, self.depth),
                    )
                    for planned in unknown
                ),
            )
            for part in self.parts
            if isinstance(part.retriever, Prefetches)
        ]
        if len(prefetching) < 2:
            for retriever, planned_for_part in prefetching:
                prefetch_searches(retriever, planned_for_part)
            return
        (first, first_planned), *others = prefetching
        # A pool per call: nothing is left running, and a forked process has no threads.
        with ThreadPoolExecutor(len(others), thread_name_prefix="memcore-prefetch") as pool:
            started = [
                pool.submit(prefetch_searches, retriever, planned_for_part)
                for retriever, planned_for_part in others
            ]
            prefetch_searches(first, first_planned)
            for running in started:
                running.result()

    def explain(self, query: Query, doc_id: str) -> tuple[PartScore, ...]:
        """Each part's raw score, z-score and weight for `doc_id`; the fused score is the
        sum of their contributions."""
        scales = self._scales_of(query)
        explained = []
        for part, sent, scale in zip(self.parts, scales.sent, scales.scales, strict=True):
            raw = float(part.retriever.score(sent, [doc_id])[doc_id])
            explained.append(PartScore(part.name, raw, scale, part.weight))
        return tuple(explained)

    def _fused(self, scales: _QueryScales, doc_ids: Sequence[str]) -> dict[str, float]:
        ids, fused = self._fused_values(scales, doc_ids)
        return dict(zip(ids, fused.tolist(), strict=True))

    def _fused_values(
        self, scales: _QueryScales, doc_ids: Sequence[str]
    ) -> tuple[tuple[str, ...], npt.NDArray[np.float64]]:
        # The scales were taken over the candidates (search-fused.scale); applied here to
        # any passages, with each part's weight (search-fused.sum).
        # Summed as arrays, element by element: the same float operations, in the same order,
        # as adding each part's `weight * scale.z(raw)` to 0.0 passage by passage.
        ids = tuple(dict.fromkeys(doc_ids))
        fused = np.zeros(len(ids), dtype=np.float64)
        raw = self._raw_scores(scales.sent, ids)
        for part, values, scale in zip(self.parts, raw, scales.scales, strict=True):
            fused += part.weight * scale.z_of(values)
        return ids, fused

    def _raw_scores(
        self,
        sent: Sequence[Query],
        doc_ids: Sequence[str],
        positions: list[int] | None = None,
    ) -> list[npt.NDArray[np.float64]]:
        # Each part's `score(query, doc_ids)` as a float64 array in the order of `doc_ids`
        # (distinct); the ids are looked up once for the parts that read by position, unless
        # their `positions` are given.
        raw = []
        for part, query, read in zip(self.parts, sent, self._readers, strict=True):
            if read is _ReadScores.AT_SHARED_POSITIONS and doc_ids:
                # Decided once by `_score_readers` (a protocol check here would cost what
                # deciding once saves).
                retriever = cast(ScoresAtPositions, part.retriever)
                if positions is None:
                    positions = retriever.positions(doc_ids)
                raw.append(retriever.scores_at(query, positions))
            else:
                raw.append(_raw_scores(part.retriever, query, doc_ids, read))
        return raw

    def _scales_of(self, query: Query) -> _QueryScales:
        known = self._scales.get(query)
        if known is not None:
            self._scales.move_to_end(query)
            return known
        sent = tuple(as_sent(query, part.retriever.supports_weights) for part in self.parts)
        positions: list[int] | None = None
        if self._readers[0] is _ReadScores.AT_SHARED_POSITIONS:
            # Every part reads by position over one corpus: the candidates' positions come
            # with the rankings, in the order of `candidate_union` (an id has one position).
            placed = [
                cast(ScoresAtPositions, part.retriever).search_placed(part_query, self.depth)
                for part, part_query in zip(self.parts, sent, strict=True)
            ]
            rankings = [each.ranking for each in placed]
            positions = list(dict.fromkeys(at for each in placed for at in each.positions))
        else:
            rankings = [
                part.retriever.search(part_query, self.depth)
                for part, part_query in zip(self.parts, sent, strict=True)
            ]
        candidates = candidate_union(rankings)
        scales = []
        # Summed as `_fused_values` sums: each part's weighted z-scores added to zeros in turn.
        fused = np.zeros(len(candidates), dtype=np.float64)
        raw = self._raw_scores(sent, candidates, positions)
        for part, values in zip(self.parts, raw, strict=True):
            # `tolist` gives the Python floats `float(raw[doc_id])` gives.
            scale = Scale.of(values.tolist())
            fused += part.weight * scale.z_of(values)
            scales.append(scale)
        found = _QueryScales(sent, tuple(scales), candidates, fused)
        self._scales[query] = found
        if len(self._scales) > _REMEMBERED_QUERIES:
            self._scales.popitem(last=False)
        return found


def _raw_scores(
    retriever: Retriever, query: Query, doc_ids: Sequence[str], read: _ReadScores
) -> npt.NDArray[np.float64]:
    """`retriever.score(query, doc_ids)` as a float64 array in the order of `doc_ids` (which
    are distinct): read in order where the retriever can, else through its dictionary."""
    if not doc_ids:
        return np.zeros(0, dtype=np.float64)
    if read is not _ReadScores.BY_DICTIONARY:
        return cast(ScoresInOrder, retriever).scores_in_order(query, doc_ids)
    raw = retriever.score(query, doc_ids)
    return np.array(list(map(raw.__getitem__, doc_ids)), dtype=np.float64)
