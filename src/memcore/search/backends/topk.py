"""Top-k selection over a dense score vector, honouring the Ranking tie rule."""

from __future__ import annotations

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
