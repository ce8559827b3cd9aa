"""Reading results off a dense score vector: top-k with the Ranking tie rule, scores by id."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from memcore.search.values import Passage, Ranking


def top_k(
    passages: tuple[Passage, ...],
    scores: npt.NDArray[np.float64],
    candidates: npt.NDArray[np.integer[Any]],
    k: int,
) -> Ranking:
    """The best `k` of `candidates` (indices into `passages`) by `scores`.

    Every candidate tied with the k-th score is kept until the final sort, so ties are cut
    by passage id ascending, as `Ranking` documents, and not by position in the collection.
    """
    if k <= 0 or candidates.size == 0:
        return Ranking()
    if candidates.size > k:
        candidate_scores = scores[candidates]
        kth = np.partition(candidate_scores, candidates.size - k)[candidates.size - k]
        candidates = candidates[candidate_scores >= kth]
    return Ranking.from_scores(
        ((passages[int(index)].id, float(scores[index])) for index in candidates), k
    )


def scores_by_id(
    index_of: Mapping[str, int],
    doc_ids: Sequence[str],
    scores_of_all: Callable[[], npt.NDArray[np.float64]],
) -> dict[str, float]:
    """The score of each of `doc_ids`, read off the whole-collection vector.

    An unknown id is a KeyError, raised before any scoring work is done.
    """
    missing = [doc_id for doc_id in doc_ids if doc_id not in index_of]
    if missing:
        raise KeyError(f"passage id {missing[0]!r} is not in the corpus")
    totals = scores_of_all()
    # One gather and `tolist` give the same Python floats as reading element by element.
    picked = totals[[index_of[doc_id] for doc_id in doc_ids]].tolist()
    return dict(zip(doc_ids, picked, strict=True))
