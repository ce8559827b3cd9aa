"""The fused (hybrid) retriever: z-scores of each part summed with weights, as one retriever."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Memory
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.corpus import Corpus
from memcore.search.fused import FusedPart, FusedRetriever, FusionError, best_of, weighted_zsum
from memcore.search.pipeline import search_final_turn
from memcore.search.retriever import Retriever
from memcore.search.standardise import zscores
from memcore.search.values import Passage, Query, QueryPart, Ranking
from search_support import TURN_1, TURN_2, TURN_3, TURN_4, WordOverlap, apollo_corpus

CORPUS = apollo_corpus()
BM25 = InMemoryBM25.build(CORPUS)
OVERLAP = WordOverlap(CORPUS)
QUERY = Query.of("who commanded apollo 12")
WEIGHTED = Query((QueryPart("Apollo 12", 2.0), QueryPart("who commanded it", 1.0)))


def _fused(bm25_weight: float = 1.0, dense_weight: float = 1.0) -> FusedRetriever:
    parts = (FusedPart("bm25", BM25, bm25_weight), FusedPart("dense", OVERLAP, dense_weight))
    return FusedRetriever.of(parts).unwrap()


def test_it_is_a_retriever_over_the_parts_corpus() -> None:
    fused = _fused()
    assert isinstance(fused, Retriever)
    assert fused.corpus == CORPUS
    assert fused.supports_weights


def test_one_part_ranks_as_that_part_does() -> None:
    alone = FusedRetriever.of((FusedPart("bm25", BM25),)).unwrap()
    assert alone.search(QUERY, 10).ids() == BM25.search(QUERY, 10).ids()


def test_the_fused_score_is_the_equal_weight_sum_of_z_scores() -> None:
    fused = _fused()
    candidates = list(
        dict.fromkeys(BM25.search(QUERY, 100).ids() + OVERLAP.search(QUERY, 100).ids())
    )
    bm25 = zscores([BM25.score(QUERY, candidates)[c] for c in candidates])
    dense = zscores([OVERLAP.score(QUERY, candidates)[c] for c in candidates])
    expected = {c: b + d for c, b, d in zip(candidates, bm25, dense, strict=True)}
    assert fused.score(QUERY, candidates) == pytest.approx(expected)
    ranking = fused.search(QUERY, 5)
    assert [hit.score for hit in ranking.hits] == pytest.approx(
        sorted(expected.values(), reverse=True)[:5]
    )


def test_search_scores_are_the_scores_of_score() -> None:
    fused = _fused(1.0, 0.5)
    ranking = fused.search(WEIGHTED, 7)
    assert dict(fused.score(WEIGHTED, ranking.ids())) == pytest.approx(
        {hit.doc_id: hit.score for hit in ranking.hits}
    )


def test_search_and_score_give_exactly_the_weighted_zsum_of_the_parts_scores() -> None:
    # Exact equality: ranking the candidates reuses the raw scores read to set the scales,
    # which must change no value (docs/bench-hybrid.md, latency).
    fused = _fused(1.0, 0.5)
    for query in (QUERY, WEIGHTED):
        plain = Query.of(query.text)
        candidates = list(
            dict.fromkeys(BM25.search(query, 100).ids() + OVERLAP.search(plain, 100).ids())
        )
        tables = [BM25.score(query, candidates), OVERLAP.score(plain, candidates)]
        expected = weighted_zsum(candidates, tables, [1.0, 0.5])
        ranking = fused.search(query, 6)
        best = sorted(expected.items(), key=lambda item: (-item[1], item[0]))[:6]
        assert [(hit.doc_id, hit.score) for hit in ranking.hits] == best
        assert dict(fused.score(query, candidates)) == expected
        assert fused.search(query, 6) == ranking


def test_weighted_queries_reach_the_dense_part_as_plain_text() -> None:
    # WordOverlap asserts it never receives a weighted query; BM25 gets the weights.
    fused = _fused()
    top = fused.search(WEIGHTED, 1).ids()[0]
    bm25, dense = fused.explain(WEIGHTED, top)
    assert bm25.raw == BM25.score(WEIGHTED, [top])[top]
    assert bm25.raw != BM25.score(Query.of(WEIGHTED.text), [top])[top]
    assert dense.raw == OVERLAP.score(Query.of(WEIGHTED.text), [top])[top]


def test_a_zero_weight_leaves_a_part_out_of_the_order() -> None:
    assert _fused(1.0, 0.0).search(QUERY, 10).ids() == BM25.search(QUERY, 10).ids()


def test_explain_shows_each_part_and_sums_to_the_fused_score() -> None:
    fused = _fused(1.0, 2.0)
    for hit in fused.search(QUERY, 5).hits:
        parts = fused.explain(QUERY, hit.doc_id)
        assert [part.name for part in parts] == ["bm25", "dense"]
        assert sum(part.contribution for part in parts) == pytest.approx(hit.score)
        assert "bm25" in str(parts[0])


@given(st.lists(st.sampled_from([p.id for p in CORPUS.passages]), min_size=1, max_size=6))
def test_a_passages_score_does_not_depend_on_the_others_asked(doc_ids: list[str]) -> None:
    fused = _fused()
    whole = fused.score(QUERY, [p.id for p in CORPUS.passages])
    assert fused.score(QUERY, doc_ids) == {doc_id: whole[doc_id] for doc_id in doc_ids}


def test_every_rule_of_the_pipeline_runs_on_it() -> None:
    memory = Memory((TURN_1, TURN_2, TURN_3))
    ranking = search_final_turn(memory, TURN_4, _fused()).unwrap()
    assert len(ranking) > 0
    assert ranking.ids()[0] in CORPUS


def test_the_explained_ranking_shows_what_each_retriever_gave_each_query_sent() -> None:
    memory = Memory((TURN_1, TURN_2, TURN_3))
    fused = _fused(0.4, 0.6)
    ranking = search_final_turn(memory, TURN_4, fused).unwrap()
    labels = [used.label for used in ranking.queries]
    assert labels == ["writer", "template"]
    for hit in ranking.hits[:3]:
        explained = ranking.retriever_parts(hit.doc_id, fused)
        assert [parts.label for parts in explained] == labels
        for used, parts in zip(ranking.queries, explained, strict=True):
            assert [(p.name, p.weight) for p in parts.parts] == [("bm25", 0.4), ("dense", 0.6)]
            summed = sum(part.contribution for part in parts.parts)
            assert summed == pytest.approx(fused.score(used.query, [hit.doc_id])[hit.doc_id])
    report = ranking.report(2, fused)
    assert report.count("      fused score ") == 2 * 2
    assert report.count("\n      bm25 ") == 2 * 2
    assert "fused score" not in ranking.report(2)


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        ((), "a fusion needs at least one retriever"),
        ((FusedPart("x", BM25), FusedPart("x", OVERLAP)), "retriever names repeat: x, x"),
        ((FusedPart("x", BM25, 0.0),), "at least one weight must be above 0"),
        ((FusedPart("x", BM25, float("nan")),), "weights must be finite and >= 0, got [nan]"),
        ((FusedPart("x", BM25, -1.0),), "weights must be finite and >= 0, got [-1.0]"),
    ],
)
def test_unusable_parts_are_refused(parts: tuple[FusedPart, ...], message: str) -> None:
    assert FusedRetriever.of(parts).failure() == FusionError(message)


def test_parts_over_other_passages_are_refused() -> None:
    other = InMemoryBM25.build(apollo_corpus().__class__(CORPUS.passages[:3]))
    failure = FusedRetriever.of((FusedPart("a", BM25), FusedPart("b", other))).failure()
    assert failure == FusionError("b searches other passages than a")


def test_weighted_zsum_scales_outsiders_on_the_candidates() -> None:
    assert weighted_zsum(["a", "b"], [{"a": 3.0, "b": 1.0}], [2.0], ["e"]) == {"e": -4.0}


# Few values, so that ties (also at the k-th place, and 0.0 against -0.0) are common.
FUSED_SCORES = st.lists(st.sampled_from([-1.25, -0.0, 0.0, 0.5, 0.75, 2.0]), max_size=40)


@given(FUSED_SCORES, st.integers(0, 45), st.randoms(use_true_random=False))
def test_the_best_k_read_off_the_reaching_scores_are_the_full_sorts(
    scores: list[float], k: int, rng: random.Random
) -> None:
    ids = [f"p{n:02d}" for n in range(len(scores))]
    rng.shuffle(ids)
    expected = Ranking.from_scores(zip(ids, scores, strict=True), k)
    found = best_of(ids, np.array(scores, dtype=np.float64), k)
    # repr tells 0.0 from -0.0, which == does not.
    assert [(hit.doc_id, repr(hit.score)) for hit in found.hits] == [
        (hit.doc_id, repr(hit.score)) for hit in expected.hits
    ]


WORDS = ("moon", "lander", "crew", "orbit", "dock", "fuel", "launch", "rover")


@st.composite
def small_corpora(draw: st.DrawFn) -> Corpus:
    texts = draw(
        st.lists(
            st.lists(st.sampled_from(WORDS), min_size=1, max_size=6).map(" ".join),
            min_size=1,
            max_size=14,
        )
    )
    return Corpus(Passage(f"d{n:02d}", text) for n, text in enumerate(texts))


@given(
    small_corpora(),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join),
    st.sampled_from([0.0, 0.4, 1.0, 2.5]),
    st.integers(1, 6),
    st.integers(1, 6),
)
def test_a_fused_search_ranks_exactly_by_the_weighted_zsum_of_its_candidates(
    corpus: Corpus, text: str, bm25_weight: float, depth: int, k: int
) -> None:
    # The fused scores of the candidates are summed once, when the scales are set, and read
    # off by every later search of the query: exactly the bytes of `weighted_zsum`.
    bm25, overlap = InMemoryBM25.build(corpus), WordOverlap(corpus)
    parts = (FusedPart("bm25", bm25, bm25_weight), FusedPart("dense", overlap, 0.6))
    fused = FusedRetriever.of(parts, depth).unwrap()
    query = Query.of(text)
    candidates = list(
        dict.fromkeys(bm25.search(query, depth).ids() + overlap.search(query, depth).ids())
    )
    tables = [bm25.score(query, candidates), overlap.score(query, candidates)]
    expected = weighted_zsum(candidates, tables, [bm25_weight, 0.6])
    best = Ranking.from_scores(expected.items(), min(k, depth))
    for _ in range(2):
        found = fused.search(query, min(k, depth))
        assert [(hit.doc_id, repr(hit.score)) for hit in found.hits] == [
            (hit.doc_id, repr(hit.score)) for hit in best.hits
        ]
