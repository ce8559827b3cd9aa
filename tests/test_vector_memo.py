"""The bounded memo of vectors by text behind `Encoder.encode_one` (issue 29: a final turn's
query texts that earlier turns encoded are not encoded again)."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.search.backends.vector_memo import Vector, VectorMemo


def seeded_vector(text: str) -> Vector:
    seed = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "little")
    vector: Vector = np.random.default_rng(seed).normal(size=8).astype(np.float32)
    return vector


@given(
    capacity=st.integers(0, 6),
    asked=st.lists(st.sampled_from(["a", "b", "c", "d", "e", "f", "g", "h"]), max_size=40),
)
def test_a_memo_returns_the_computed_vectors_and_keeps_the_last_texts_used(
    capacity: int, asked: list[str]
) -> None:
    memo = VectorMemo(capacity)
    computed: list[str] = []

    def compute(text: str) -> Vector:
        computed.append(text)
        return seeded_vector(text)

    recent: list[str] = []  # the model: texts least recently used first
    for text in asked:
        known = text in recent
        before = len(computed)
        vector = memo.vector(text, compute)
        # The same bytes as computing it again, and nobody can change them.
        assert vector.tobytes() == seeded_vector(text).tobytes()
        assert not vector.flags.writeable
        # A remembered text is not computed again; any other text is, once.
        assert computed[before:] == ([] if known else [text])
        if known:
            recent.remove(text)
        recent.append(text)
        del recent[: max(0, len(recent) - capacity)]
        assert memo.texts == tuple(recent)
        assert len(memo.texts) <= capacity


def test_a_remembered_vector_is_not_computed_again_until_it_is_forgotten() -> None:
    memo = VectorMemo(2)
    computed: list[str] = []

    def compute(text: str) -> Vector:
        computed.append(text)
        return seeded_vector(text)

    for text in ("a", "b", "a", "c", "a", "b"):
        memo.vector(text, compute)
    # "b" was forgotten when "c" came (capacity 2, "a" used more recently).
    assert computed == ["a", "b", "c", "b"]
    assert memo.texts == ("a", "b")
    memo.clear()
    assert len(memo.texts) == 0
    memo.vector("a", compute)
    assert computed[-1] == "a"


def test_a_memo_of_no_capacity_remembers_nothing_and_a_negative_one_is_refused() -> None:
    memo = VectorMemo(0)
    memo.vector("a", seeded_vector)
    assert memo.texts == ()
    with pytest.raises(ValueError):
        VectorMemo(-1)


def test_threads_sharing_a_memo_get_the_computed_vectors_and_its_bound_holds() -> None:
    memo = VectorMemo(5)
    texts = [f"text {n % 12}" for n in range(600)]
    problems: list[str] = []

    def ask(offset: int) -> None:
        for text in texts[offset:] + texts[:offset]:
            if memo.vector(text, seeded_vector).tobytes() != seeded_vector(text).tobytes():
                problems.append(text)

    threads = [threading.Thread(target=ask, args=(offset,)) for offset in (0, 7, 131, 299)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert problems == []
    assert len(memo.texts) == 5


@given(
    capacity=st.integers(0, 6),
    before=st.lists(st.sampled_from(["a", "b", "c", "d", "e", "f", "g", "h"]), max_size=12),
    asked=st.lists(st.sampled_from(["a", "b", "c", "d", "e", "f", "g", "h"]), max_size=20),
)
def test_vectors_of_several_texts_are_those_asked_one_by_one(
    capacity: int, before: list[str], asked: list[str]
) -> None:
    together, one_by_one = VectorMemo(capacity), VectorMemo(capacity)
    for text in before:
        together.vector(text, seeded_vector)
        one_by_one.vector(text, seeded_vector)
    remembered = set(together.texts)
    calls: list[tuple[str, ...]] = []

    def compute_each(texts: Sequence[str]) -> list[Vector]:
        calls.append(tuple(texts))
        return [seeded_vector(text) for text in texts]

    vectors = together.vectors(asked, compute_each)
    expected = [one_by_one.vector(text, seeded_vector) for text in asked]
    # The same bytes, in order, read-only, as asking for each text in turn ...
    assert [vector.tobytes() for vector in vectors] == [vector.tobytes() for vector in expected]
    assert all(not vector.flags.writeable for vector in vectors)
    # ... the texts not remembered computed in one call, each once, in order of first asking ...
    missing = tuple(text for text in dict.fromkeys(asked) if text not in remembered)
    assert calls == ([missing] if missing else [])
    # ... and the memo left as asking one by one leaves it, within its bound.
    assert together.texts == one_by_one.texts
    assert len(together.texts) <= capacity
