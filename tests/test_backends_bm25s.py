"""The bm25s backend: the same scores as the exact in-memory BM25, saved and reloaded."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

pytest.importorskip("bm25s")

from memcore.search.backends.bm25s_backend import MANIFEST_NAME, Bm25sRetriever, column_sums
from memcore.search.backends.errors import IndexStoreError
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.backends.params import BM25Parameters
from memcore.search.corpus import Corpus
from memcore.search.corpus_io import load_corpus
from memcore.search.retriever import Retriever
from memcore.search.values import Passage, Query, QueryPart, Ranking

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
LN_1_6 = math.log(1.6)

# The hand-worked collection of test_backends_memory.py (avgdl 3; norms 0.9, 0.78, 1.02).
CORPUS = Corpus(
    (
        Passage("d1", "apple banana apple"),
        Passage("d2", "banana cherry"),
        Passage("d3", "cherry date elderberry fig"),
    )
)


def assert_same_ranking(first: Ranking, second: Ranking, rel: float = 1e-5) -> None:
    """Equal up to float32 rounding: equal scores rank by rank, equal ids where not near-tied."""
    assert [hit.score for hit in first.hits] == pytest.approx(
        [hit.score for hit in second.hits], rel=rel
    )
    scores = [hit.score for hit in first.hits]
    for rank, (left, right) in enumerate(zip(first.hits, second.hits, strict=True)):
        neighbours = scores[max(rank - 1, 0) : rank + 2]
        near_tie = sum(1 for score in neighbours if math.isclose(score, left.score, rel_tol=rel))
        if near_tie == 1:
            assert left.doc_id == right.doc_id


@pytest.fixture(scope="module")
def index() -> Bm25sRetriever:
    return Bm25sRetriever.build(CORPUS)


def test_is_a_weighted_retriever(index: Bm25sRetriever) -> None:
    assert isinstance(index, Retriever)
    assert index.supports_weights
    assert index.params == BM25Parameters(0.9, 0.4)
    assert index.vocabulary_size == 6


def test_hand_worked_weighted_scores(index: Bm25sRetriever) -> None:
    ranking = index.search(Query((QueryPart("banana", 2.0), QueryPart("cherry"))), 10)
    assert ranking.ids() == ("d2", "d1", "d3")
    assert [hit.score for hit in ranking.hits] == pytest.approx(
        [3 * LN_1_6 / 1.78, 2 * LN_1_6 / 1.9, LN_1_6 / 2.02], rel=1e-6
    )


def test_score_and_unknown_ids(index: Bm25sRetriever) -> None:
    scores = index.score(Query.of("banana"), ["d3", "d2"])
    assert scores == pytest.approx({"d3": 0.0, "d2": LN_1_6 / 1.78}, rel=1e-6)
    with pytest.raises(KeyError, match="zz"):
        index.score(Query.of("banana"), ["d1", "zz"])


def test_remembered_scores_are_read_only_and_unchanged() -> None:
    # More queries than are remembered, then the first again: the same values as a fresh index.
    words = ["apple", "banana", "cherry", "date", "elderberry", "fig"]
    queries = [Query((QueryPart(word, float(n)),)) for n in range(1, 4) for word in words]
    asked = Bm25sRetriever.build(CORPUS)
    first = [asked.score(query, ["d1", "d2", "d3"]) for query in queries]
    again = [asked.score(query, ["d3", "d1"]) for query in queries]
    fresh = Bm25sRetriever.build(CORPUS)
    for query, before, after in zip(queries, first, again, strict=True):
        assert after == {doc_id: before[doc_id] for doc_id in ("d3", "d1")}
        assert before == fresh.score(query, ["d1", "d2", "d3"])
    with pytest.raises(ValueError, match="read-only"):
        asked.scores_of(queries[-1])[0] = 1.0


def test_nothing_matches(index: Bm25sRetriever) -> None:
    assert index.search(Query.of("zebra the"), 5) == Ranking()
    assert index.search(Query.of("banana"), 0) == Ranking()


def test_top_k_ties_cut_by_id() -> None:
    corpus = Corpus(Passage(doc_id, "same words here") for doc_id in ("c", "a", "d", "b"))
    index = Bm25sRetriever.build(corpus)
    assert index.search(Query.of("words"), 2).ids() == ("a", "b")


def test_settable_k1_b_match_in_memory() -> None:
    params = BM25Parameters(k1=1.2, b=0.75)
    query = Query.of("banana cherry apple")
    assert_same_ranking(
        Bm25sRetriever.build(CORPUS, params).search(query, 10),
        InMemoryBM25.build(CORPUS, params).search(query, 10),
    )


def test_empty_corpus_and_stopword_only_corpus(tmp_path: Path) -> None:
    for corpus in (Corpus(()), Corpus((Passage("x", "the of and"),))):
        index = Bm25sRetriever.build(corpus)
        assert index.search(Query.of("anything"), 3) == Ranking()
        target = tmp_path / f"empty{len(corpus)}"
        index.save(target).unwrap()
        reopened = Bm25sRetriever.load(target, corpus).unwrap()
        assert reopened.search(Query.of("anything"), 3) == Ranking()


def test_save_and_load_round_trip(index: Bm25sRetriever, tmp_path: Path) -> None:
    target = tmp_path / "idx"
    assert index.save(target, content_hash="abc").unwrap() == target
    query = Query((QueryPart("banana", 2.0), QueryPart("cherry apple")))
    for mmap in (False, True):
        reopened = Bm25sRetriever.load(target, CORPUS, content_hash="abc", mmap=mmap).unwrap()
        assert reopened == index
        assert reopened.search(query, 10) == index.search(query, 10)


def test_saving_again_replaces_the_index(index: Bm25sRetriever, tmp_path: Path) -> None:
    target = tmp_path / "idx"
    index.save(target, content_hash="first").unwrap()
    other = Bm25sRetriever.build(CORPUS, BM25Parameters(k1=1.2, b=0.75))
    other.save(target, content_hash="second").unwrap()
    assert Bm25sRetriever.load(target, CORPUS, "first").failure().problem == (
        "built from different corpus content (content_hash differs)"
    )
    reopened = Bm25sRetriever.load(target, CORPUS, "second").unwrap()
    assert reopened.params == BM25Parameters(k1=1.2, b=0.75)
    assert reopened.search(Query.of("banana"), 5) == other.search(Query.of("banana"), 5)


def test_load_refuses_stale_or_foreign_indexes(index: Bm25sRetriever, tmp_path: Path) -> None:
    target = tmp_path / "idx"
    index.save(target, content_hash="abc").unwrap()

    def problem(corpus: Corpus, content_hash: str | None = "abc") -> str:
        error = Bm25sRetriever.load(target, corpus, content_hash).failure()
        assert isinstance(error, IndexStoreError)
        return error.problem

    assert "content_hash differs" in problem(CORPUS, "other")
    assert "holds 3 passages, the corpus has 1" in problem(Corpus(CORPUS.passages[:1]))
    renamed = Corpus(Passage(f"x{i}", p.text) for i, p in enumerate(CORPUS.passages))
    assert "passage ids differ" in problem(renamed)
    assert "manifest missing" in problem_at(tmp_path / "nowhere")

    manifest = json.loads((target / MANIFEST_NAME).read_text())
    manifest["tokenizer"] = "0"
    (target / MANIFEST_NAME).write_text(json.dumps(manifest))
    assert "tokenizer '0'" in problem(CORPUS)


def problem_at(directory: Path) -> str:
    error = Bm25sRetriever.load(directory, CORPUS).failure()
    assert isinstance(error, IndexStoreError)
    return error.problem


texts = st.lists(
    st.lists(st.sampled_from(["ant", "bee", "cat", "dog", "eel", "the"]), max_size=7).map(" ".join),
    min_size=1,
    max_size=10,
)


@settings(deadline=None)
@given(
    texts,
    st.lists(st.sampled_from(["ant", "bee", "cat", "fox"]), min_size=1, max_size=3),
    st.floats(min_value=0.25, max_value=3.0),
    st.floats(min_value=0.0, max_value=2.0),
    st.floats(min_value=0.0, max_value=1.0),
)
def test_agrees_with_in_memory_bm25(
    docs: list[str], words: list[str], weight: float, k1: float, b: float
) -> None:
    corpus = Corpus(Passage(f"p{i}", text) for i, text in enumerate(docs))
    params = BM25Parameters(k1=k1, b=b)
    query = Query((QueryPart(words[0], weight), QueryPart(" ".join(words[1:]))))
    ids = [passage.id for passage in corpus.passages]
    fast = Bm25sRetriever.build(corpus, params)
    exact = InMemoryBM25.build(corpus, params)
    assert fast.score(query, ids) == pytest.approx(exact.score(query, ids), rel=1e-5)
    assert_same_ranking(fast.search(query, 5), exact.search(query, 5))


@pytest.mark.shared_data
def test_agrees_with_in_memory_bm25_on_real_text() -> None:
    path = DATA / "mtrag" / "corpus_pool.jsonl"
    if not path.exists():
        pytest.skip(f"shared data absent: {path}")
    corpus = load_corpus(path, limit=2000).unwrap().corpus
    fast = Bm25sRetriever.build(corpus)
    exact = InMemoryBM25.build(corpus)
    queries = [
        Query.of("how do I gather worker node data for a support ticket"),
        Query((QueryPart("Kubernetes cluster", 2.0), QueryPart("what is the default timeout?"))),
        Query.of("capital gains tax on stock options"),
    ]
    for query in queries:
        expected = exact.search(query, 20)
        assert len(expected) == 20
        assert_same_ranking(fast.search(query, 20), expected)
        ids = list(expected.ids())
        assert fast.score(query, ids) == pytest.approx(exact.score(query, ids), rel=1e-5)


@st.composite
def score_columns(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """A float32 term-by-passage matrix as bm25s stores it: each column's passages distinct."""
    count = draw(st.integers(1, 40))
    columns = draw(st.lists(st.sets(st.integers(0, count - 1)), min_size=1, max_size=6))
    rows = [sorted(column) for column in columns]
    indptr = np.cumsum([0, *(len(row) for row in rows)]).astype(np.int64)
    indices = np.array([index for row in rows for index in row], dtype=np.int32)
    data = draw(
        hnp.arrays(
            np.float32,
            indices.size,
            elements=st.floats(0.0, 9.0, width=32, allow_subnormal=False),
        )
    )
    return data, indices, indptr, count


WEIGHTS = st.sampled_from([1.0, 2.0, 0.67, 1.0 / 3.0, -0.5, 1e-3])


@given(score_columns(), st.lists(st.tuples(st.integers(0, 5), WEIGHTS), max_size=8))
def test_column_sums_add_as_the_columns_one_by_one(
    matrix: tuple[np.ndarray, np.ndarray, np.ndarray, int],
    wanted: list[tuple[int, float]],
) -> None:
    data, indices, indptr, count = matrix
    terms = [(term, weight) for term, weight in wanted if term < indptr.size - 1]
    # The long way (the code before): each weighted column added into the totals in turn.
    expected = np.zeros(count, dtype=np.float64)
    for term, weight in terms:
        start, end = indptr[term], indptr[term + 1]
        expected[indices[start:end]] += weight * data[start:end].astype(np.float64)
    found = column_sums(data, indices, indptr, terms, count)
    assert found.dtype == np.float64
    assert found.tobytes() == expected.tobytes()
