"""Standardised scores and fusion, worked by hand.

Two queries over passages a, b, c, d (top 2 each):
  q1 raw: a 3, b 2, c 1      -> top 2: a, b
  q2 raw: d 4, a 2           -> top 2: d, a
Candidates: the union (a, b, d); c is not retrieved by either query.
q1 over (a, b, d) = 3, 2, 0: mean 5/3, variance (16 + 1 + 25) / 27 = 14/9, spread sqrt(14)/3,
  z = 4/sqrt(14), 1/sqrt(14), -5/sqrt(14).
q2 over (a, b, d) = 2, 0, 4: mean 2, variance 8/3, z = 0, -sqrt(3/2), +sqrt(3/2).
Fused: a 4/sqrt(14) = 1.0690, b 1/sqrt(14) - sqrt(1.5) = -0.9574,
  d -5/sqrt(14) + sqrt(1.5) = -0.1116.
"""

from __future__ import annotations

import math

import pytest

from memcore.search.corpus import Corpus
from memcore.search.scored import Candidates, PartKind, ScoredPassage, ScorePart, rank_order
from memcore.search.standardise import (
    Scale,
    candidate_union,
    fuse,
    fuse_scores,
    standardise_on,
    zscores,
)
from memcore.search.values import Passage, Query, Ranking
from search_support import TableRetriever

SQRT14 = math.sqrt(14)
SQRT15 = math.sqrt(1.5)

CORPUS = Corpus(Passage(doc_id, f"text {doc_id}") for doc_id in "abcd")
TABLE = {"q1": {"a": 3.0, "b": 2.0, "c": 1.0}, "q2": {"d": 4.0, "a": 2.0}}


def test_zscores_use_the_population_spread() -> None:
    assert zscores([1.0, 2.0, 3.0]) == pytest.approx((-math.sqrt(1.5), 0.0, math.sqrt(1.5)))


def test_zero_spread_gives_zero() -> None:
    assert zscores([2.5, 2.5, 2.5]) == (0.0, 0.0, 0.0)
    assert zscores([]) == ()
    assert Scale.of([7.0]) == Scale(7.0, 0.0)


def test_candidates_are_the_union_in_first_retrieved_order() -> None:
    first = Ranking.from_scores([("a", 3.0), ("b", 2.0)])
    second = Ranking.from_scores([("d", 4.0), ("a", 2.0)])
    assert candidate_union([first, second]) == ("a", "b", "d")


def test_fuse_scores_every_candidate_for_every_query() -> None:
    fused = fuse_scores(("a", "b", "d"), [TABLE["q1"], TABLE["q2"]])
    assert fused == pytest.approx(
        {"a": 4 / SQRT14, "b": 1 / SQRT14 - SQRT15, "d": -5 / SQRT14 + SQRT15}
    )


def test_fuse_with_a_retriever() -> None:
    retriever = TableRetriever(CORPUS, TABLE)
    fused = fuse(retriever, [("one", Query.of("q1")), ("two", Query.of("q2"))], depth=2)
    assert fused.candidates == ("a", "b", "d")
    assert [scores.label for scores in fused.queries] == ["one", "two"]
    assert fused.queries[0].scale.mean == pytest.approx(5 / 3)
    assert fused.queries[0].scale.spread == pytest.approx(SQRT14 / 3)
    assert fused.queries[1].z == pytest.approx({"a": 0.0, "b": -SQRT15, "d": SQRT15})
    assert fused.fused("a") == pytest.approx(4 / SQRT14)
    assert fused.fused("d") == pytest.approx(-5 / SQRT14 + SQRT15)


def test_a_deeper_search_widens_the_union() -> None:
    retriever = TableRetriever(CORPUS, TABLE)
    fused = fuse(retriever, [("one", Query.of("q1")), ("two", Query.of("q2"))], depth=3)
    assert fused.candidates == ("a", "b", "c", "d")


def test_expanded_passages_are_scored_on_the_existing_scale() -> None:
    # Reference 3, 2, 0 (mean 5/3, spread sqrt(14)/3); a new raw score of 1 -> -2/sqrt(14).
    assert standardise_on([3.0, 2.0, 0.0], [1.0, 5.0 / 3.0]) == pytest.approx((-2 / SQRT14, 0.0))
    assert standardise_on([1.0, 1.0], [4.0]) == (0.0,)


def _passage(doc_id: str, score: float) -> ScoredPassage:
    return ScoredPassage(doc_id, "", (ScorePart(PartKind.BASE, score, "r", "q", "c"),))


def test_ties_break_by_passage_id() -> None:
    assert rank_order({"b": 1.0, "a": 1.0, "c": 2.0}) == ("c", "a", "b")
    ranked = Candidates([_passage("b", 1.0), _passage("c", 2.0), _passage("a", 1.0)])
    assert ranked.ids() == ("c", "a", "b")


def test_candidates_refuse_duplicates_and_non_finite_scores() -> None:
    with pytest.raises(ValueError, match="twice"):
        Candidates([_passage("a", 1.0), _passage("a", 2.0)])
    with pytest.raises(ValueError, match="finite"):
        Candidates([_passage("a", math.inf)])
