"""An approximate nearest-neighbour index over passage embeddings (the `ann` extra: hnswlib).

Exact inner-product search reads every embedding for every query; past `EXACT_LIMIT`
passages that costs more than the final turn's budget (docs/bench-hybrid.md), and an HNSW
graph (inner-product space) finds the top k instead. Its recall@100 against exact search is
measured in the bench; the scores it returns are recomputed exactly from the embeddings, so
only which passages are found is approximate, never a found passage's score.

Building a graph over a few hundred thousand rows takes minutes, so a built index can be
saved to a file and opened again. hnswlib is imported when an index is built or opened, not
with this module.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt
from returns.result import Failure, Result, Success

EXACT_LIMIT = 200_000
"""Corpora up to this many passages are searched exactly (docs/bench-hybrid.md)."""

GRAPH_DEGREE = 16
BUILD_BREADTH = 100
SEARCH_BREADTH = 200
SEED = 100


@attrs.frozen
class AnnError:
    """An approximate index could not be built, for the reason in `problem`."""

    problem: str

    def __str__(self) -> str:
        return self.problem


@attrs.frozen
class ApproximateIndex:
    """An HNSW graph over unit-length rows. Make one with `ApproximateIndex.build`."""

    size: int
    _graph: Any = attrs.field(eq=False, repr=False)

    @classmethod
    def build(
        cls,
        embeddings: npt.NDArray[np.float32],
        threads: int = 1,
        search_breadth: int = SEARCH_BREADTH,
    ) -> Result[ApproximateIndex, AnnError]:
        """The graph of `embeddings` (one row per passage, row position = passage position).

        A fixed seed and one thread give the same graph for the same rows; more threads
        build faster but may link rows in another order."""
        try:
            hnswlib = importlib.import_module("hnswlib")
        except ImportError as error:
            return Failure(AnnError(f"the approximate index needs the `ann` extra ({error})"))
        rows = np.ascontiguousarray(embeddings, dtype=np.float32)
        if rows.ndim != 2 or rows.shape[0] == 0:
            return Failure(AnnError(f"embeddings of shape {rows.shape} cannot be indexed"))
        graph = hnswlib.Index(space="ip", dim=int(rows.shape[1]))
        graph.init_index(
            max_elements=int(rows.shape[0]),
            M=GRAPH_DEGREE,
            ef_construction=BUILD_BREADTH,
            random_seed=SEED,
        )
        graph.add_items(rows, np.arange(rows.shape[0]), num_threads=threads)
        graph.set_ef(search_breadth)
        return Success(cls(int(rows.shape[0]), graph))

    def save(self, file: Path) -> Result[Path, AnnError]:
        """Write the graph to `file` (hnswlib's format), to be reopened with `load`."""
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            self._graph.save_index(str(file))
        except (OSError, RuntimeError) as error:
            return Failure(AnnError(f"cannot save the index to {file}: {error}"))
        return Success(file)

    @classmethod
    def load(
        cls, file: Path, dimension: int, search_breadth: int = SEARCH_BREADTH
    ) -> Result[ApproximateIndex, AnnError]:
        """The graph saved by `save` at `file`, over rows of `dimension` values (the caller
        keeps the file with the embeddings it was built from)."""
        try:
            hnswlib = importlib.import_module("hnswlib")
        except ImportError as error:
            return Failure(AnnError(f"the approximate index needs the `ann` extra ({error})"))
        graph = hnswlib.Index(space="ip", dim=dimension)
        try:
            graph.load_index(str(file))
        except (OSError, RuntimeError, ValueError) as error:
            return Failure(AnnError(f"cannot read an index from {file}: {error}"))
        graph.set_ef(search_breadth)
        return Success(cls(int(graph.get_current_count()), graph))

    def nearest(self, vector: npt.NDArray[np.float32], k: int) -> npt.NDArray[np.int64]:
        """The positions of (about) the `k` rows with the largest inner product with
        `vector`, best first; all rows when `k` is at least their number."""
        found: npt.NDArray[np.int64] = self.nearest_many(
            np.asarray(vector, dtype=np.float32)[None, :], k
        )[0]
        return found

    def nearest_many(self, vectors: npt.NDArray[np.float32], k: int) -> npt.NDArray[np.int64]:
        """`nearest` for each row of `vectors` in one hnswlib call (each row is searched on
        its own, so row i's answer is `nearest(vectors[i], k)`): one row of positions each."""
        wanted = min(k, self.size)
        rows = np.ascontiguousarray(vectors, dtype=np.float32)
        if wanted <= 0 or rows.shape[0] == 0:
            return np.zeros((rows.shape[0], 0), dtype=np.int64)
        # The search breadth must be at least k for hnswlib to return k rows.
        self._graph.set_ef(max(wanted, int(self._graph.ef)))
        labels, _ = self._graph.knn_query(rows, wanted)
        return np.asarray(labels, dtype=np.int64)
