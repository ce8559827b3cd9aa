"""The RRF hedge: pure fusion worked by hand, the two-query search, and the pipeline option."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from returns.result import Success

from memcore.node import Memory, Node
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.corpus import Corpus
from memcore.search.hedge import HEDGE_RULE, RrfHedge, hedged_search, rrf
from memcore.search.pipeline import WRITER_ONLY, search_final_turn
from memcore.search.values import Passage, Query

CORPUS = Corpus(
    (
        Passage("a", "apollo armstrong apollo armstrong"),
        Passage("b", "apollo landing"),
        Passage("c", "grow hometown"),
        Passage("d", "grow grow"),
    )
)


def test_rrf_by_hand() -> None:
    fused = rrf([["a", "b", "c"], ["c", "a", "d"]])
    # a: 1/61 + 1/62, c: 1/63 + 1/61, b: 1/62, d: 1/63
    assert fused.ids() == ("a", "c", "b", "d")
    scores = {hit.doc_id: hit.score for hit in fused.hits}
    assert scores["a"] == pytest.approx(1 / 61 + 1 / 62)
    assert scores["c"] == pytest.approx(1 / 63 + 1 / 61)
    assert scores["b"] == pytest.approx(1 / 62)
    assert scores["d"] == pytest.approx(1 / 63)


def test_rrf_ties_break_by_id_and_k_and_weights_apply() -> None:
    # x and y both at rank 1 of one list: 1/(0+1) each, tie broken by id
    assert rrf([["y"], ["x"]], k=0).ids() == ("x", "y")
    weighted = rrf([["y"], ["x"]], k=0, weights=[2.0, 1.0])
    assert [(hit.doc_id, hit.score) for hit in weighted.hits] == [("y", 2.0), ("x", 1.0)]


def test_rrf_counts_a_repeated_id_once_per_list() -> None:
    fused = rrf([["a", "a", "b"]])
    assert fused.ids() == ("a", "b")
    assert [hit.score for hit in fused.hits] == [pytest.approx(1 / 61), pytest.approx(1 / 63)]


def test_rrf_refuses_negative_k_and_mismatched_weights() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        rrf([["a"]], k=-1)
    with pytest.raises(ValueError, match="1 weights for 2 rankings"):
        rrf([["a"], ["b"]], weights=[1.0])


@given(st.lists(st.lists(st.sampled_from("abcdefgh"), unique=True, max_size=8), max_size=4))
def test_property_rrf_single_list_keeps_order_and_union_is_kept(lists: list[list[str]]) -> None:
    fused = rrf(lists)
    assert set(fused.ids()) == {doc_id for ranking in lists for doc_id in ranking}
    if len(lists) == 1:
        assert list(fused.ids()) == lists[0]


def test_hedged_search_interleaves_the_original_message() -> None:
    retriever = InMemoryBM25.build(CORPUS)
    # rewritten ranks a, b; original ranks d (tf 2), c: a and d tie at 1/61, b and c at 1/62
    assert hedged_search(retriever, "apollo armstrong", "where did he grow up", 3).ids() == (
        "a",
        "d",
        "b",
    )
    # the same text twice: the hedge keeps the plain search's order (b, d, c: then by id)
    same = hedged_search(retriever, "grow landing", "grow landing", 10)
    assert same.ids() == retriever.search(Query.of("grow landing"), 10).ids()
    assert len(same) == 3


def test_pipeline_option_fuses_memory_ranking_with_the_original_question() -> None:
    retriever = InMemoryBM25.build(CORPUS)
    final = Node(2, "where did he grow up", query="apollo armstrong")
    history = Memory((Node(1, "who walked on the moon?", "Armstrong"),))
    plain = search_final_turn(history, final, retriever, WRITER_ONLY)
    hedged = search_final_turn(history, final, retriever, WRITER_ONLY >> RrfHedge())
    assert isinstance(plain, Success)
    assert isinstance(hedged, Success)
    assert plain.unwrap().ids() == ("a", "b")
    ranking = hedged.unwrap()
    assert ranking.ids() == ("a", "d", "b", "c")
    first = ranking.hits[0]
    assert first.score == pytest.approx(1 / 61)
    assert [(part.rule, part.source) for part in first.parts] == [(HEDGE_RULE, "memory ranking")]
    assert ranking.hits[1].reached_by == HEDGE_RULE
    assert ranking.trace[-1].rule == HEDGE_RULE
