"""Reading results off a dense score vector: top-k with the Ranking tie rule, scores by id."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from memcore.search.retriever import Placed
from memcore.search.values import Passage, Ranking


def top_k(
    passages: tuple[Passage, ...],
    scores: npt.NDArray[np.float64],
    candidates: npt.NDArray[np.integer[Any]],
    k: int,
) -> Ranking:
    """The best `k` of `candidates` (distinct indices into `passages`) by `scores`.

    Every candidate tied with the k-th score is kept until the final sort, so ties are cut
    by passage id ascending, as `Ranking` documents, and not by position in the collection.
    """
    if k <= 0 or candidates.size == 0:
        return Ranking()
    return _ranked(passages, scores, _kept(scores, candidates, k), k)


def top_k_placed(
    passages: tuple[Passage, ...],
    scores: npt.NDArray[np.float64],
    candidates: npt.NDArray[np.integer[Any]],
    k: int,
) -> Placed:
    """`top_k`'s ranking with the collection position of each of its hits."""
    if k <= 0 or candidates.size == 0:
        return Placed(Ranking(), ())
    return _placed(passages, scores, _kept(scores, candidates, k), k)


def _kept(
    scores: npt.NDArray[np.float64], candidates: npt.NDArray[np.integer[Any]], k: int
) -> npt.NDArray[np.integer[Any]]:
    # The candidates `top_k` ranks (k >= 1): all of them, or those reaching the k-th score;
    # every candidate tied with the k-th is kept for the tie rule.
    if candidates.size <= k:
        return candidates
    if candidates.size == scores.size:
        # Distinct and as many as the passages: every passage, so no gathered copy.
        return np.flatnonzero(scores >= kth_largest(scores, k))
    candidate_scores = scores[candidates]
    kept: npt.NDArray[np.integer[Any]] = candidates[
        candidate_scores >= kth_largest(candidate_scores, k)
    ]
    return kept


def top_positive(passages: tuple[Passage, ...], scores: npt.NDArray[np.float64], k: int) -> Ranking:
    """`top_k` over the passages scoring above 0 (BM25's matches), without gathering them:
    when at least `k` score above 0, the k-th largest of all scores is theirs too, so the
    passages reaching it are the ones `top_k` keeps; otherwise every positive one is kept."""
    return top_positive_placed(passages, scores, k).ranking


def top_positive_placed(
    passages: tuple[Passage, ...], scores: npt.NDArray[np.float64], k: int
) -> Placed:
    """`top_positive`'s ranking with the collection position of each of its hits."""
    if k <= 0 or scores.size == 0:
        return Placed(Ranking(), ())
    if k < scores.size:
        bound, reaching = reaching_kth_largest(scores, k)
        if bound > 0.0:
            return _placed(passages, scores, reaching, k)
    return _placed(passages, scores, np.flatnonzero(scores > 0.0), k)


def _ranked(
    passages: tuple[Passage, ...],
    scores: npt.NDArray[np.float64],
    candidates: npt.NDArray[np.integer[Any]],
    k: int,
) -> Ranking:
    # `tolist` gives the Python floats that reading element by element gives.
    chosen = candidates.tolist()
    return Ranking.from_scores(
        zip((passages[index].id for index in chosen), scores[candidates].tolist(), strict=True),
        k,
    )


def _placed(
    passages: tuple[Passage, ...],
    scores: npt.NDArray[np.float64],
    candidates: npt.NDArray[np.integer[Any]],
    k: int,
) -> Placed:
    # `_ranked`'s ranking; each hit's position found among the few candidates it came from.
    chosen = candidates.tolist()
    ids = [passages[index].id for index in chosen]
    ranking = Ranking.from_scores(zip(ids, scores[candidates].tolist(), strict=True), k)
    return Placed(ranking, placed_hits(ranking, ids, chosen))


def placed_hits(ranking: Ranking, ids: Sequence[str], positions: Sequence[int]) -> tuple[int, ...]:
    """The position of each of `ranking`'s hits, in rank order, where the hits are among the
    distinct `ids`, at `positions` (a dictionary of a few hundred entries: no lookup in a
    collection-sized one)."""
    where = dict(zip(ids, positions, strict=True))
    return tuple(where[hit.doc_id] for hit in ranking.hits)


_BLOCKS_FROM = 16
"""Selection by block maxima pays once there are this many values per wanted one."""


def kth_largest(values: npt.NDArray[np.float64], k: int) -> float:
    """The `k`-th largest of `values` (1 <= k <= their number), ties counted apart.

    Selecting among a whole collection's scores costs a full partition; but the largest
    value of each of k disjoint blocks makes k values at least as large as the smallest of
    those maxima, so that minimum bounds the k-th largest from below and only the values
    reaching it (typically a few times k) need partitioning. The result is the same value.
    """
    if values.size >= _BLOCKS_FROM * k:
        per_block = values.size // k
        bound = values[: per_block * k].reshape(k, per_block).max(axis=1).min()
        values = values[values >= bound]
    return float(np.partition(values, values.size - k)[values.size - k])


def reaching_kth_largest(
    values: npt.NDArray[np.float64], k: int
) -> tuple[float, npt.NDArray[np.intp]]:
    """`kth_largest(values, k)` and the positions of the values reaching it, ascending (what
    `np.flatnonzero(values >= kth)` gives), with one pass over `values` instead of two: the
    positions reaching the block maxima's bound are kept and filtered again."""
    if values.size >= _BLOCKS_FROM * k:
        per_block = values.size // k
        bound = values[: per_block * k].reshape(k, per_block).max(axis=1).min()
        positions = np.flatnonzero(values >= bound)
    else:
        positions = np.arange(values.size)
    picked = values[positions]
    kth = np.partition(picked, picked.size - k)[picked.size - k]
    return float(kth), positions[picked >= kth]


def scores_by_id(
    index_of: Mapping[str, int],
    doc_ids: Sequence[str],
    scores_of_all: Callable[[], npt.NDArray[np.float64]],
) -> dict[str, float]:
    """The score of each of `doc_ids`, read off the whole-collection vector.

    An unknown id is a KeyError, raised before any scoring work is done.
    """
    positions = positions_of(index_of, doc_ids)
    totals = scores_of_all()
    # One gather and `tolist` give the same Python floats as reading element by element.
    picked = totals[positions].tolist()
    return dict(zip(doc_ids, picked, strict=True))


def positions_of(index_of: Mapping[str, int], doc_ids: Sequence[str]) -> list[int]:
    """The collection position of each of `doc_ids`, in one pass of lookups (a fused search
    asks for a few hundred per query); an unknown id is a KeyError naming the first one."""
    try:
        return list(map(index_of.__getitem__, doc_ids))
    except KeyError as error:
        raise KeyError(f"passage id {error.args[0]!r} is not in the corpus") from None
