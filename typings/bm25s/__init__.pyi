# Minimal stub: only the parts of bm25s that memcore uses.
from os import PathLike
from typing import Any

import numpy as np
import numpy.typing as npt

__version__: str

class BM25:
    k1: float
    b: float
    method: str
    scores: dict[str, Any]
    vocab_dict: dict[str, int]
    nonoccurrence_array: npt.NDArray[np.floating[Any]] | None
    def __init__(
        self,
        k1: float = ...,
        b: float = ...,
        delta: float = ...,
        method: str = ...,
        idf_method: str | None = ...,
        dtype: str = ...,
        int_dtype: str = ...,
        corpus: Any = ...,
        backend: str = ...,
        csc_backend: str = ...,
        auto_compile: bool = ...,
    ) -> None: ...
    def build_index_from_ids(
        self,
        unique_token_ids: list[int],
        corpus_token_ids: list[list[int]],
        show_progress: bool = ...,
        leave_progress: bool = ...,
    ) -> dict[str, Any]: ...
    def save(
        self,
        save_dir: str | PathLike[str],
        corpus: Any = ...,
        show_progress: bool = ...,
    ) -> None: ...
    @classmethod
    def load(
        cls,
        save_dir: str | PathLike[str],
        load_corpus: bool = ...,
        mmap: bool = ...,
        show_progress: bool = ...,
    ) -> BM25: ...
