"""The Lucene reference backend (pyserini's Anserini jar, Java 21): Lucene's own BM25.

Skipped where pyserini or Java is missing (they are not in any memcore extra).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

pytest.importorskip("pyserini")
pytest.importorskip("jnius_config")

from returns.result import Failure

from memcore.search.backends.bm25s_backend import Bm25sRetriever
from memcore.search.backends.errors import IndexStoreError
from memcore.search.backends.lucene import LuceneRetriever, open_java
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


@pytest.fixture(scope="module")
def lucene(tmp_path_factory: pytest.TempPathFactory) -> LuceneRetriever:
    if isinstance(open_java(), Failure):
        pytest.skip(f"Java unavailable: {open_java().failure()}")
    return LuceneRetriever.build(CORPUS, tmp_path_factory.mktemp("lucene") / "idx").unwrap()


def test_is_a_weighted_retriever(lucene: LuceneRetriever) -> None:
    assert isinstance(lucene, Retriever)
    assert lucene.supports_weights


def test_lucene_scores_equal_the_hand_worked_ones(lucene: LuceneRetriever) -> None:
    query = Query((QueryPart("banana", 2.0), QueryPart("cherry")))
    ranking = lucene.search(query, 10)
    assert ranking.ids() == ("d2", "d1", "d3")
    # Lengths 2 to 4 are stored exactly in Lucene's one-byte norms, so only float32 rounding.
    assert [hit.score for hit in ranking.hits] == pytest.approx(
        [3 * LN_1_6 / 1.78, 2 * LN_1_6 / 1.9, LN_1_6 / 2.02], rel=1e-6
    )
    assert lucene.score(query, ["d3", "d1"]) == pytest.approx(
        {"d3": LN_1_6 / 2.02, "d1": 2 * LN_1_6 / 1.9}, rel=1e-6
    )


def test_no_match_and_unknown_ids(lucene: LuceneRetriever) -> None:
    assert lucene.search(Query.of("zebra"), 5) == Ranking()
    assert lucene.search(Query.of("the of"), 5) == Ranking()
    assert lucene.score(Query.of("apple"), ["d2"]) == {"d2": 0.0}
    with pytest.raises(KeyError, match="nope"):
        lucene.score(Query.of("apple"), ["nope"])


def test_reopens_with_other_parameters_and_refuses_stale(
    lucene: LuceneRetriever,
) -> None:
    params = BM25Parameters(k1=1.2, b=0.75)
    reopened = LuceneRetriever.load(lucene.directory, CORPUS, params).unwrap()
    query = Query.of("banana")
    exact = InMemoryBM25.build(CORPUS, params).search(query, 5)
    assert reopened.search(query, 5).ids() == exact.ids()
    assert [h.score for h in reopened.search(query, 5).hits] == pytest.approx(
        [h.score for h in exact.hits], rel=1e-6
    )
    error = LuceneRetriever.load(lucene.directory, Corpus(CORPUS.passages[:2])).failure()
    assert isinstance(error, IndexStoreError)
    assert error.problem == "passage ids differ from the corpus"


@pytest.mark.shared_data
def test_close_to_exact_bm25_on_real_text(tmp_path: Path) -> None:
    """2,000 MTRAG passages: Lucene's lossy length byte against exact lengths.

    Measured: bm25s's top 10 all found by Lucene for each of the three queries; the largest
    relative score gap in those top 10s is 1.0%.
    """
    path = DATA / "mtrag" / "corpus_pool.jsonl"
    if not path.exists():
        pytest.skip(f"shared data absent: {path}")
    if isinstance(open_java(), Failure):
        pytest.skip("Java unavailable")
    corpus = load_corpus(path, limit=2000).unwrap().corpus
    lucene = LuceneRetriever.build(corpus, tmp_path / "idx").unwrap()
    exact = Bm25sRetriever.build(corpus)
    queries = [
        Query.of("how do I gather worker node data for a support ticket"),
        Query((QueryPart("Kubernetes cluster", 2.0), QueryPart("what is the default timeout?"))),
        Query.of("capital gains tax on stock options"),
    ]
    worst = 0.0
    for query in queries:
        reference = exact.search(query, 10)
        assert len(set(reference.ids()) & set(lucene.search(query, 10).ids())) >= 9
        ids = list(reference.ids())
        exact_scores, lucene_scores = exact.score(query, ids), lucene.score(query, ids)
        worst = max(worst, *(abs(lucene_scores[i] / exact_scores[i] - 1) for i in ids))
    print(f"largest relative score gap in the top 10: {worst:.4f}")
    assert 0.0 < worst < 0.02
