"""Metrics against hand-worked values, and the paired bootstrap."""

from __future__ import annotations

import math

import pytest

from memcore.eval.datasets.questions import Judgement
from memcore.eval.scores.bootstrap import Observation, bootstrap, paired_differences
from memcore.eval.scores.metrics import score_run, stale_outranks_gold
from memcore.search.values import Hit, Ranking

pytest.importorskip("ir_measures")


def _ranking(*ids: str) -> Ranking:
    return Ranking(Hit(doc_id, 1.0) for doc_id in ids)


def test_hand_worked_metrics() -> None:
    judgements = {
        "q1": Judgement("t", ("a", "c"), ("s",)),
        "q2": Judgement("t", ("z",), ()),
        "q3": Judgement("t", ("a",), ("s",)),
    }
    # Equal scores everywhere: the run's own order must be what is evaluated.
    run = {"q1": _ranking("s", "a", "b", "c"), "q2": _ranking("a", "b")}
    scores = score_run(judgements, run)
    first = scores["q1"]
    assert first.values["mrr@10"] == pytest.approx(0.5)
    # DCG@3 = 1/log2(3); ideal = 1 + 1/log2(3).
    ideal = 1 + 1 / math.log2(3)
    assert first.values["ndcg@3"] == pytest.approx((1 / math.log2(3)) / ideal)
    assert first.values["recall@10"] == pytest.approx(1.0)
    assert first.stale_first is True
    assert scores["q2"].values == {
        "mrr@10": 0.0,
        "ndcg@3": 0.0,
        "recall@10": 0.0,
        "recall@100": 0.0,
    }
    assert scores["q2"].stale_first is None
    # q3 is not in the run at all: zeros, and no stale passage outranks an absent gold.
    assert scores["q3"].values["mrr@10"] == 0.0
    assert scores["q3"].stale_first is False


def test_recall_at_ten_counts_only_the_top_ten() -> None:
    ids = [f"n{i}" for i in range(10)] + ["g2"]
    scores = score_run({"q": Judgement("t", ("g1", "g2"), ())}, {"q": _ranking("g1", *ids)})
    assert scores["q"].values["recall@10"] == pytest.approx(0.5)
    assert scores["q"].values["recall@100"] == pytest.approx(1.0)


def test_stale_first_needs_a_stale_passage_before_every_gold() -> None:
    judgement = Judgement("t", ("g",), ("s1", "s2"))
    assert stale_outranks_gold(_ranking("x", "g", "s1"), judgement) is False
    assert stale_outranks_gold(_ranking("x", "s2", "g"), judgement) is True
    assert stale_outranks_gold(_ranking("x"), judgement) is False


def test_bootstrap_point_estimates_and_unweighted_overall() -> None:
    observations = [
        Observation("a", "g1", 1.0),
        Observation("a", "g2", 0.0),
        Observation("b", "g3", 0.5),
        Observation("b", "g3", 0.5),
    ]
    per_set, overall = bootstrap(observations, samples=500, seed=1)
    assert per_set["a"].mean == pytest.approx(0.5)
    assert per_set["b"].mean == pytest.approx(0.5)
    assert overall.mean == pytest.approx(0.5)
    # Set b's values never vary, whatever is drawn.
    assert per_set["b"].low == pytest.approx(0.5)
    assert per_set["b"].high == pytest.approx(0.5)
    assert 0.0 <= per_set["a"].low <= 0.5 <= per_set["a"].high <= 1.0


def test_questions_of_one_group_are_resampled_together() -> None:
    # Two groups whose questions always differ in sign: drawing per question would mix them;
    # drawing per group gives only the means 1, 0 and -1 (both, first twice, second twice).
    observations = [Observation("s", "g1", 1.0)] * 3 + [Observation("s", "g2", -1.0)] * 3
    per_set, _ = bootstrap(observations, samples=400, seed=3)
    assert per_set["s"].low == pytest.approx(-1.0)
    assert per_set["s"].high == pytest.approx(1.0)
    assert not per_set["s"].excludes_zero


def test_paired_differences_are_system_minus_reference() -> None:
    found = paired_differences(
        {"q1": 1.0, "q2": 0.25},
        {"q1": 0.5, "q2": 0.25},
        {"q1": "a", "q2": "a"},
        {"q1": "g", "q2": "h"},
    )
    assert found == (Observation("a", "g", 0.5), Observation("a", "h", 0.0))
