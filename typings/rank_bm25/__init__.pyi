# Minimal stub: only the parts of rank-bm25 that memcore uses.
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

class BM25Okapi:
    k1: float
    b: float
    epsilon: float
    corpus_size: int
    avgdl: float
    average_idf: float
    idf: dict[str, float]
    doc_freqs: list[dict[str, int]]
    doc_len: list[int]
    def __init__(
        self,
        corpus: Sequence[Sequence[str]],
        tokenizer: Any = ...,
        k1: float = ...,
        b: float = ...,
        epsilon: float = ...,
    ) -> None: ...
    def get_scores(self, query: Sequence[str]) -> npt.NDArray[np.float64]: ...
    def get_batch_scores(self, query: Sequence[str], doc_ids: Sequence[int]) -> list[float]: ...
