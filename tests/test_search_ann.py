"""The approximate index (`ann` extra) and the dense retriever searching through it."""

from __future__ import annotations

from pathlib import Path

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

    def encode_one(self, text: str) -> np.ndarray:
        row: np.ndarray = self.encode([text])[0]
        return row

    def encode_each(self, texts: list[str]) -> tuple[np.ndarray, ...]:
        return tuple(self.encode_one(text) for text in texts)


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


def test_a_saved_index_reopens_and_finds_the_same_rows(tmp_path: Path) -> None:
    rows = unit_rows(400)
    built = ApproximateIndex.build(rows).unwrap()
    file = built.save(tmp_path / "graph.bin").unwrap()
    reopened = ApproximateIndex.load(file, 16).unwrap()
    assert reopened.size == 400
    for query in rows[[3, 150, 399]]:
        assert reopened.nearest(query, 20).tolist() == built.nearest(query, 20).tolist()


def test_a_missing_or_foreign_index_file_is_a_failure(tmp_path: Path) -> None:
    assert isinstance(ApproximateIndex.load(tmp_path / "absent.bin", 16), Failure)
    (tmp_path / "junk.bin").write_bytes(b"not an index")
    assert isinstance(ApproximateIndex.load(tmp_path / "junk.bin", 16), Failure)


def test_search_through_an_index_scores_the_found_rows_exactly() -> None:
    rows = unit_rows(300, seed=8)
    corpus = Corpus(tuple(Passage(f"p{n:03d}", f"passage {n}") for n in range(300)))
    encoder: Encoder = RowEncoder(rows)  # type: ignore[assignment]
    index = ApproximateIndex.build(rows).unwrap()
    approximate = DenseRetriever.from_embeddings(
        corpus, encoder, True, rows
    ).with_approximate_index(index)
    for n in (2, 150):
        found = index.nearest(rows[n], 25)
        # The found rows' float32 inner products, widened, ranked by the Ranking tie rule.
        products = (rows[found] @ rows[n]).astype(np.float64)
        expected = sorted(
            ((f"p{int(i):03d}", float(v)) for i, v in zip(found, products, strict=True)),
            key=lambda hit: (-hit[1], hit[0]),
        )
        hits = approximate.search(Query.of(f"row {n}"), 25).hits
        assert [(hit.doc_id, hit.score) for hit in hits] == expected
