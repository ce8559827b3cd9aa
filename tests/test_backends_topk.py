"""Reading results off a score vector: the k-th largest value and top-k with ties."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from memcore.search.backends.topk import (
    kth_largest,
    positions_of,
    reaching_kth_largest,
    top_k,
    top_k_placed,
    top_positive,
    top_positive_placed,
)
from memcore.search.values import Passage

# Few distinct values, so that ties (also across the k-th place) are common.
scores_arrays = hnp.arrays(
    np.float64,
    st.integers(1, 600),
    elements=st.sampled_from([-1.5, -0.0, 0.0, 0.25, 0.5, 1.0, 2.0, 7.5]),
)


def plain_kth_largest(values: np.ndarray, k: int) -> float:
    return float(np.sort(values)[values.size - k])


@given(scores_arrays, st.integers(1, 600))
def test_the_values_reaching_the_kth_largest_are_those_a_full_pass_finds(
    values: np.ndarray, k: int
) -> None:
    # One pass (the block maxima's bound, then the kept positions filtered) against two.
    k = min(k, values.size)
    kth, reaching = reaching_kth_largest(values, k)
    assert kth == plain_kth_largest(values, k)
    assert np.array_equal(reaching, np.flatnonzero(values >= plain_kth_largest(values, k)))


@given(scores_arrays, st.integers(1, 600))
def test_kth_largest_is_the_kth_value_of_the_sorted_scores(values: np.ndarray, k: int) -> None:
    k = min(k, values.size)
    assert kth_largest(values, k) == plain_kth_largest(values, k)


def test_kth_largest_by_block_maxima_on_a_large_vector() -> None:
    values = np.random.default_rng(5).normal(size=100_003)
    for k in (1, 10, 100, 6_250, 7_000):
        assert kth_largest(values, k) == plain_kth_largest(values, k)


def plain_top_k(
    passages: tuple[Passage, ...], scores: np.ndarray, candidates: np.ndarray, k: int
) -> list[tuple[str, float]]:
    kept = sorted(
        ((passages[i].id, float(scores[i])) for i in candidates), key=lambda h: (-h[1], h[0])
    )
    return kept[:k]


@given(scores_arrays, st.integers(0, 120), st.booleans(), st.randoms(use_true_random=False))
def test_top_k_keeps_the_best_k_with_ties_by_id(
    scores: np.ndarray, k: int, everyone: bool, rng: random.Random
) -> None:
    passages = tuple(Passage(f"p{n:04d}", "text") for n in range(scores.size))
    if everyone:
        candidates = np.arange(scores.size)
    else:
        candidates = np.array(
            sorted(rng.sample(range(scores.size), scores.size // 2)), dtype=np.int64
        )
    found = [(hit.doc_id, hit.score) for hit in top_k(passages, scores, candidates, k).hits]
    assert found == plain_top_k(passages, scores, candidates, k)


@given(scores_arrays, st.integers(0, 700), st.randoms(use_true_random=False))
def test_top_positive_keeps_the_best_k_of_the_passages_scoring_above_zero(
    scores: np.ndarray, k: int, rng: random.Random
) -> None:
    # Ids in shuffled order, so that the tie rule and not the position cuts ties.
    names = [f"p{n:04d}" for n in range(scores.size)]
    rng.shuffle(names)
    passages = tuple(Passage(name, "text") for name in names)
    positive = np.flatnonzero(scores > 0.0)
    found = top_positive(passages, scores, k)
    # What BM25 ranked before: `top_k` over the gathered positive scores, bit for bit.
    assert found == top_k(passages, scores, positive, k)
    assert [(hit.doc_id, hit.score) for hit in found.hits] == plain_top_k(
        passages, scores, positive, k
    )


@given(scores_arrays, st.integers(0, 120), st.booleans(), st.randoms(use_true_random=False))
def test_placed_rankings_are_the_rankings_with_each_hits_position(
    scores: np.ndarray, k: int, positive_only: bool, rng: random.Random
) -> None:
    # Shuffled ids, many ties: each hit's position must be its own, not a tied neighbour's.
    names = [f"p{n:04d}" for n in range(scores.size)]
    rng.shuffle(names)
    passages = tuple(Passage(name, "text") for name in names)
    everyone = np.arange(scores.size)
    placed = (
        top_positive_placed(passages, scores, k)
        if positive_only
        else top_k_placed(passages, scores, everyone, k)
    )
    plain = (
        top_positive(passages, scores, k) if positive_only else top_k(passages, scores, everyone, k)
    )
    assert placed.ranking == plain
    assert [passages[at].id for at in placed.positions] == list(plain.ids())
    assert [float(scores[at]) for at in placed.positions] == [hit.score for hit in plain.hits]


@given(
    st.lists(st.sampled_from(["a", "b", "c", "d", "x", "y"]), max_size=12),
    st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), st.integers(0, 50)),
)
def test_positions_of_reads_each_id_or_names_the_first_unknown(
    doc_ids: list[str], index_of: dict[str, int]
) -> None:
    unknown = [doc_id for doc_id in doc_ids if doc_id not in index_of]
    if unknown:
        with pytest.raises(KeyError, match=f"passage id '{unknown[0]}' is not in the corpus"):
            positions_of(index_of, doc_ids)
    else:
        assert positions_of(index_of, doc_ids) == [index_of[doc_id] for doc_id in doc_ids]
