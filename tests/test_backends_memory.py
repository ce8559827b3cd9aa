"""InMemoryBM25: exact Lucene-formula BM25, scores worked out by hand.

Collection (stopwords none here), N = 3, lengths 3, 2, 4, so avgdl = 3:
  d1 "apple banana apple"          d2 "banana cherry"          d3 "cherry date elderberry fig"
idf(apple)  = ln(1 + (3 - 1 + 0.5) / (1 + 0.5)) = ln(8/3)
idf(banana) = idf(cherry) = ln(1 + (3 - 2 + 0.5) / (2 + 0.5)) = ln(1.6)
Length norm k1 * (1 - b + b * dl / avgdl) with k1 = 0.9, b = 0.4:
  d1 (dl 3): 0.9 * 1 = 0.9;  d2 (dl 2): 0.9 * (0.6 + 0.8/3) = 0.78;
  d3 (dl 4): 0.9 * (0.6 + 1.6/3) = 1.02
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.search.backends.memory import InMemoryBM25
from memcore.search.backends.params import BM25Parameters, lucene_idf
from memcore.search.corpus import Corpus
from memcore.search.retriever import Retriever
from memcore.search.values import Passage, Query, QueryPart, Ranking

LN_8_3 = math.log(8 / 3)
LN_1_6 = math.log(1.6)

CORPUS = Corpus(
    (
        Passage("d1", "apple banana apple"),
        Passage("d2", "banana cherry"),
        Passage("d3", "cherry date elderberry fig"),
    )
)


@pytest.fixture(scope="module")
def index() -> InMemoryBM25:
    return InMemoryBM25.build(CORPUS)


def test_is_a_retriever_that_applies_weights(index: InMemoryBM25) -> None:
    assert isinstance(index, Retriever)
    assert index.supports_weights
    assert index.corpus is CORPUS
    assert index.params == BM25Parameters(0.9, 0.4)


def test_idf_is_lucene(index: InMemoryBM25) -> None:
    assert index.idf("apple") == pytest.approx(LN_8_3)
    assert index.idf("banana") == pytest.approx(LN_1_6)
    assert index.idf("unseen") == pytest.approx(math.log(1 + 3.5 / 0.5))
    assert lucene_idf(10, 10) == pytest.approx(math.log(1 + 0.5 / 10.5))


def test_single_term_with_repeated_occurrence(index: InMemoryBM25) -> None:
    ranking = index.search(Query.of("apple"), 10)
    assert ranking.ids() == ("d1",)
    assert ranking.hits[0].score == pytest.approx(LN_8_3 * 2 / 2.9)


def test_shorter_passage_wins_on_equal_tf(index: InMemoryBM25) -> None:
    ranking = index.search(Query.of("banana"), 10)
    assert ranking.ids() == ("d2", "d1")
    assert [hit.score for hit in ranking.hits] == pytest.approx([LN_1_6 / 1.78, LN_1_6 / 1.9])


def test_stopwords_in_query_change_nothing(index: InMemoryBM25) -> None:
    assert index.search(Query.of("What is the banana?"), 10) == index.search(Query.of("banana"), 10)


def test_weighted_query_multiplies_each_terms_contribution(index: InMemoryBM25) -> None:
    query = Query((QueryPart("banana", 2.0), QueryPart("cherry")))
    ranking = index.search(query, 10)
    assert ranking.ids() == ("d2", "d1", "d3")
    assert [hit.score for hit in ranking.hits] == pytest.approx(
        [3 * LN_1_6 / 1.78, 2 * LN_1_6 / 1.9, LN_1_6 / 2.02]
    )


def test_k_truncates_and_nonmatching_passages_are_left_out(index: InMemoryBM25) -> None:
    assert index.search(Query.of("banana cherry"), 1).ids() == ("d2",)
    assert index.search(Query.of("zebra"), 10) == Ranking()
    assert index.search(Query.of(""), 10) == Ranking()


def test_score_gives_zero_to_passages_without_query_terms(index: InMemoryBM25) -> None:
    scores = index.score(Query.of("apple cherry"), ["d3", "d1", "d2"])
    assert scores == pytest.approx(
        {"d1": LN_8_3 * 2 / 2.9, "d2": LN_1_6 / 1.78, "d3": LN_1_6 / 2.02}
    )
    assert index.score(Query.of("zebra"), ["d1"]) == {"d1": 0.0}


def test_score_unknown_id_is_a_key_error(index: InMemoryBM25) -> None:
    with pytest.raises(KeyError, match="nope"):
        index.score(Query.of("apple"), ["nope"])


def test_settable_k1_and_b() -> None:
    # k1 = 1.2, b = 0.75: d2 norm 1.2 * (0.25 + 0.75 * 2/3) = 0.9; d1 norm 1.2.
    index = InMemoryBM25.build(CORPUS, BM25Parameters(k1=1.2, b=0.75))
    ranking = index.search(Query.of("banana"), 10)
    assert [hit.score for hit in ranking.hits] == pytest.approx([LN_1_6 / 1.9, LN_1_6 / 2.2])


def test_b_zero_ignores_length_and_ties_break_by_id() -> None:
    # With b = 0 both passages score idf * 1 / (1 + k1); the lower id ranks first.
    corpus = Corpus((Passage("z", "alpha beta gamma"), Passage("a", "alpha"), Passage("m", "x")))
    index = InMemoryBM25.build(corpus, BM25Parameters(k1=0.9, b=0.0))
    ranking = index.search(Query.of("alpha"), 10)
    assert ranking.ids() == ("a", "z")
    expected = math.log(1 + 1.5 / 2.5) / 1.9
    assert [hit.score for hit in ranking.hits] == pytest.approx([expected, expected])


def test_titles_are_indexed_unless_switched_off() -> None:
    corpus = Corpus((Passage("p1", "born in Ulm", "Albert Einstein"), Passage("p2", "physics")))
    assert InMemoryBM25.build(corpus).search(Query.of("einstein"), 5).ids() == ("p1",)
    assert InMemoryBM25.build(corpus, include_title=False).search(Query.of("einstein"), 5) == (
        Ranking()
    )


def test_empty_corpus() -> None:
    index = InMemoryBM25.build(Corpus(()))
    assert index.search(Query.of("anything"), 5) == Ranking()
    assert index.score(Query.of("anything"), []) == {}


@pytest.mark.parametrize(("k1", "b"), [(-0.1, 0.4), (0.9, 1.5), (float("nan"), 0.4)])
def test_invalid_parameters_are_refused(k1: float, b: float) -> None:
    with pytest.raises(ValueError, match="BM25"):
        BM25Parameters(k1=k1, b=b)


texts = st.lists(
    st.lists(st.sampled_from(["ant", "bee", "cat", "dog", "eel"]), max_size=6).map(" ".join),
    min_size=1,
    max_size=8,
)


@given(texts, st.lists(st.sampled_from(["ant", "bee", "cat", "fox"]), min_size=1, max_size=4))
def test_search_agrees_with_score_and_the_tie_rule(docs: list[str], words: list[str]) -> None:
    corpus = Corpus(Passage(f"p{i}", text) for i, text in enumerate(docs))
    index = InMemoryBM25.build(corpus)
    query = Query.of(" ".join(words))
    ranking = index.search(query, len(docs))
    scores = index.score(query, [passage.id for passage in corpus.passages])
    positive = {doc_id: score for doc_id, score in scores.items() if score > 0}
    assert ranking == Ranking.from_scores(positive.items())
    assert all(hit.score == pytest.approx(scores[hit.doc_id]) for hit in ranking.hits)
