"""The approximate index (`ann` extra) and the dense retriever searching through it."""

from __future__ import annotations

import numpy as np
import pytest
from returns.result import Failure

from memcore.search.backends.ann import ApproximateIndex
from memcore.search.backends.dense import DenseRetriever, Encoder, normalise_rows
from memcore.search.corpus import Corpus
from memcore.search.values import Passage, Query

pytest.importorskip("hnswlib")


def unit_rows(count: int, dimension: int = 16, seed: int = 3) -> np.ndarray:
    return normalise_rows(np.random.default_rng(seed).normal(size=(count, dimension)))


def test_nearest_finds_the_exact_top_ten_on_a_small_set() -> None:
    rows = unit_rows(500)
    index = ApproximateIndex.build(rows).unwrap()
    query = rows[7]
    exact = np.argsort(-(rows @ query), kind="stable")[:10]
    assert index.nearest(query, 10).tolist() == exact.tolist()
    assert index.nearest(query, 0).size == 0
    assert sorted(index.nearest(query, 900).tolist()) == list(range(500))


def test_empty_embeddings_are_a_failure() -> None:
    assert isinstance(ApproximateIndex.build(np.zeros((0, 16), dtype=np.float32)), Failure)


class RowEncoder:
    """Stands in for a model: the text "row N" encodes to row N of the embeddings."""

    def __init__(self, rows: np.ndarray):
        self.rows = rows

    def encode(self, texts: list[str]) -> np.ndarray:
        return self.rows[[int(text.split()[1]) for text in texts]]


def test_dense_retriever_through_an_index_ranks_as_exact_search() -> None:
    rows = unit_rows(300)
    corpus = Corpus(tuple(Passage(f"p{n:03d}", f"passage {n}") for n in range(300)))
    encoder: Encoder = RowEncoder(rows)  # type: ignore[assignment]
    exact = DenseRetriever.from_embeddings(corpus, encoder, True, rows)
    approximate = exact.with_approximate_index(ApproximateIndex.build(rows).unwrap())
    for n in (0, 41, 299):
        query = Query.of(f"row {n}")
        found, expected = approximate.search(query, 10), exact.search(query, 10)
        assert found.ids() == expected.ids()
        # Both are exact inner products; only float32 summation order may differ.
        assert [hit.score for hit in found.hits] == pytest.approx(
            [hit.score for hit in expected.hits]
        )
        ids = ["p005", "p100", f"p{n:03d}"]
        assert approximate.score(query, ids) == pytest.approx(exact.score(query, ids))
