"""One pass for all query texts of a turn: the pipeline plans its searches, the dense retriever
scores them together, and nothing it returns changes (issue 29, item 4)."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import memcore.search.backends.dense as dense_module
from memcore.node import Memory
from memcore.search.backends.dense import (
    QUERY_VECTORS_KEPT,
    SCORE_BLOCK,
    DenseRetriever,
    Encoder,
    normalise_rows,
    similarities,
)
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.backends.vector_memo import VectorMemo
from memcore.search.corpus import Corpus
from memcore.search.fused import FusedPart, FusedRetriever
from memcore.search.memo import MemoRetriever
from memcore.search.pipeline import DEFAULT, search_final_turn
from memcore.search.referent import ReferentByFit, candidate_topics
from memcore.search.retriever import PlannedSearch, Retriever
from memcore.search.stages import SearchContext, SearchState
from memcore.search.values import Query
from retriever_support import ProtocolOnly
from search_support import TURN_1, TURN_2, TURN_3, TURN_4, apollo_corpus

DIMENSION = 16


def text_vector(text: str) -> np.ndarray:
    seed = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "little")
    row = np.random.default_rng(seed).normal(size=(1, DIMENSION))
    vector: np.ndarray = normalise_rows(row)[0]
    return vector


@attrs.define
class HashEncoder:
    """Stands in for a model: a text's vector is drawn from a generator seeded by its hash.
    `encoded` records every text encoded, to show each is encoded once and on its own."""

    encoded: list[tuple[str, ...]] = attrs.field(factory=list)
    remembered: VectorMemo = attrs.field(factory=lambda: VectorMemo(QUERY_VECTORS_KEPT))

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.encoded.append(tuple(texts))
        return np.stack([text_vector(text) for text in texts])

    def encode_one(self, text: str) -> np.ndarray:
        # As the model's encoder: each text alone, remembered (`Encoder.encode_one`).
        vector: np.ndarray = self.remembered.vector(text, lambda one: self.encode([one])[0])
        return vector

    def encode_each(self, texts: Sequence[str]) -> tuple[np.ndarray, ...]:
        # As the model's encoder: the texts not remembered, each alone.
        return self.remembered.vectors(
            texts, lambda missing: [self.encode([t])[0] for t in missing]
        )


def hashed_dense(corpus: Corpus) -> tuple[DenseRetriever, HashEncoder]:
    encoder = HashEncoder()
    rows = np.stack([text_vector(f"{p.title}\n{p.text}") for p in corpus.passages])
    as_encoder: Encoder = encoder  # type: ignore[assignment]
    return DenseRetriever.from_embeddings(corpus, as_encoder, True, rows), encoder


@settings(max_examples=40)
@given(
    passages=st.integers(1, 40),
    texts=st.integers(1, 2 * SCORE_BLOCK + 3),
    seed=st.integers(0, 2**32 - 1),
)
def test_scores_of_a_text_do_not_depend_on_its_companions(
    passages: int, texts: int, seed: int
) -> None:
    rng = np.random.default_rng(seed)
    embeddings = normalise_rows(rng.normal(size=(passages, DIMENSION)))
    vectors = normalise_rows(rng.normal(size=(texts, DIMENSION)))
    together = similarities(vectors, embeddings)
    shuffled = rng.permutation(texts)
    reordered = similarities(vectors[shuffled], embeddings)
    for position in range(texts):
        alone = similarities(vectors[position : position + 1], embeddings)[0]
        # Bit for bit, in one process: same vector, same arithmetic.
        assert together[position].tobytes() == alone.tobytes()
        assert reordered[list(shuffled).index(position)].tobytes() == alone.tobytes()
        cut = seed % (passages + 1)
        split = [
            similarities(vectors[position : position + 1], part)[0]
            for part in (embeddings[:cut], embeddings[cut:])
        ]
        # A passage's score does not depend on the passages that share its matrix (shards).
        assert np.concatenate(split).tobytes() == alone.tobytes()
        expected = embeddings.astype(np.float64) @ vectors[position].astype(np.float64)
        assert together[position] == pytest.approx(expected, abs=1e-5)


def test_prefetch_scores_all_texts_in_one_pass_and_changes_no_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    corpus = apollo_corpus()
    prefetched, encoder = hashed_dense(corpus)
    alone, _ = hashed_dense(corpus)
    passes: list[int] = []
    original = dense_module.similarities

    def counted(vectors: Any, embeddings: Any) -> Any:
        passes.append(len(vectors))
        return original(vectors, embeddings)

    monkeypatch.setattr(dense_module, "similarities", counted)
    texts = [f"apollo question {n}" for n in range(5)]
    prefetched.prefetch([PlannedSearch(Query.of(text), 100) for text in texts])
    assert passes == [5]
    assert sorted(encoder.encoded) == sorted((text,) for text in texts)
    ids = [passage.id for passage in corpus.passages[:7]]
    # The rankings at the planned depth were computed in the prefetch: `search` hands them on.
    assert tuple(prefetched._rankings) == tuple((text, 100) for text in texts)
    for text in texts:
        query = Query.of(text)
        assert prefetched.search(query, 100) is prefetched._rankings[(text, 100)].ranking
        assert prefetched.search(query, 100) == alone.search(query, 100)
        assert prefetched.search(query, 10) == alone.search(query, 10)
        assert prefetched.score(query, ids) == alone.score(query, ids)
    # The prefetching retriever answered from its one pass; the other made one per text.
    assert passes == [5, *[1] * len(texts)]


def test_prefetch_through_an_index_finds_what_single_searches_find() -> None:
    pytest.importorskip("hnswlib")
    from memcore.search.backends.ann import ApproximateIndex

    corpus = apollo_corpus()
    exact, _ = hashed_dense(corpus)
    index = ApproximateIndex.build(exact.embeddings).unwrap()
    prefetched = exact.with_approximate_index(index)
    alone = exact.with_approximate_index(index)
    texts = [f"who flew apollo {n}" for n in range(4)]
    prefetched.prefetch([PlannedSearch(Query.of(text), 20) for text in texts])
    vectors = np.stack([text_vector(text) for text in texts])
    assert index.nearest_many(vectors, 20).tolist() == [
        index.nearest(vector, 20).tolist() for vector in vectors
    ]
    assert tuple(prefetched._rankings) == tuple((text, 20) for text in texts)
    for text in texts:
        query = Query.of(text)
        assert prefetched.search(query, 20) is prefetched._rankings[(text, 20)].ranking
        assert prefetched.search(query, 20) == alone.search(query, 20)
        assert prefetched.search(query, 5) == alone.search(query, 5)


def hybrid(dense: DenseRetriever) -> FusedRetriever:
    parts = (
        FusedPart("bm25", InMemoryBM25.build(dense.corpus), 0.4),
        FusedPart("dense", dense, 0.6),
    )
    return FusedRetriever.of(parts).unwrap()


def test_a_final_turn_plans_every_dense_search_and_ranks_as_without_prefetch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    corpus = apollo_corpus()
    history = Memory((TURN_1, TURN_2, TURN_3))
    with_prefetch, encoder = hashed_dense(corpus)
    without, _ = hashed_dense(corpus)
    passes: list[int] = []
    original = dense_module.similarities

    def counted(vectors: Any, embeddings: Any) -> Any:
        passes.append(len(vectors))
        return original(vectors, embeddings)

    monkeypatch.setattr(dense_module, "similarities", counted)
    context = SearchContext(history, TURN_4, hybrid(with_prefetch), True)
    planned = DEFAULT.planned(SearchState(context, "Neil Armstrong", TURN_4.query or ""))
    # The fusion's writer and template queries, then one facts search per earlier node.
    assert len(planned) >= 3
    got = search_final_turn(history, TURN_4, MemoRetriever(hybrid(with_prefetch))).unwrap()
    # The referent by fit (a rewrite stage) first scores its candidates' template queries,
    # their names and the question in one pass of its own; then every query text of the turn
    # was scored in the one pass the plan asked for.
    before = SearchState(context, TURN_4.topic, "")
    referent = ReferentByFit()
    candidates = candidate_topics(before)
    fitted = {referent.template_for(before, topic).text for topic in candidates}
    fitted |= {*candidates, TURN_4.question}
    referent_texts = len(fitted)
    # A text the referent's pass encoded is remembered, not encoded again.
    later = {search.query.text for search in planned} - fitted
    assert passes == [referent_texts, len(later)]
    assert all(len(texts) == 1 for texts in encoder.encoded)
    passes.clear()
    expected = search_final_turn(history, TURN_4, ProtocolOnly(hybrid(without))).unwrap()
    # Without the plan, each text has its own pass.
    assert passes == [1] * (referent_texts + len(later))
    assert got == expected
    assert got.ids() == expected.ids()


def test_a_fusion_prefetches_its_parts_side_by_side_and_ranks_as_without_prefetch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bm25s_backend = pytest.importorskip("memcore.search.backends.bm25s_backend")
    corpus = apollo_corpus()
    history = Memory((TURN_1, TURN_2, TURN_3))
    lexical = bm25s_backend.Bm25sRetriever.build(corpus)
    threads: dict[str, set[int]] = {"bm25": set(), "dense": set()}
    for name, kind in (("bm25", bm25s_backend.Bm25sRetriever), ("dense", DenseRetriever)):
        original = kind.prefetch

        def recorded(self: Any, searches: Any, name: str = name, original: Any = original) -> None:
            threads[name].add(threading.get_ident())
            original(self, searches)

        monkeypatch.setattr(kind, "prefetch", recorded)

    def fused(lexical_part: Retriever, dense_part: Retriever) -> FusedRetriever:
        parts = (FusedPart("bm25", lexical_part, 0.4), FusedPart("dense", dense_part, 0.6))
        return FusedRetriever.of(parts).unwrap()

    with_prefetch, _ = hashed_dense(corpus)
    got = search_final_turn(history, TURN_4, fused(attrs.evolve(lexical), with_prefetch)).unwrap()
    # Both parts prepared the turn, each on a thread of its own.
    assert threads["bm25"] and threads["dense"]
    assert threads["bm25"].isdisjoint(threads["dense"])
    without, _ = hashed_dense(corpus)
    plain = fused(ProtocolOnly(attrs.evolve(lexical)), ProtocolOnly(without))
    expected = search_final_turn(history, TURN_4, plain).unwrap()
    assert got == expected
    assert got.ids() == expected.ids()


def test_bm25s_prefetch_remembers_the_score_vectors_searches_compute() -> None:
    bm25s_backend = pytest.importorskip("memcore.search.backends.bm25s_backend")
    corpus = apollo_corpus()
    queries = (Query.of("Neil Armstrong moon"), Query.of("Apollo 11 crew"), Query.of("lunar"))
    prefetched = bm25s_backend.Bm25sRetriever.build(corpus)
    alone = attrs.evolve(prefetched)
    prefetched.prefetch([PlannedSearch(query, 100) for query in (*queries, queries[0])])
    # Each query's vector computed in the prefetch, once, before any search ...
    assert tuple(prefetched._recent) == queries
    for query in queries:
        # ... and the bytes computing it afresh gives, the searches unchanged.
        assert prefetched.scores_of(query).tobytes() == alone.scores_of(query).tobytes()
        assert prefetched.search(query, 10) == alone.search(query, 10)
    # The rankings at the planned depth too, each once, handed to `search` as computed.
    assert tuple(prefetched._rankings) == tuple((query, 100) for query in queries)
    for query in queries:
        assert prefetched.search(query, 100) is prefetched._rankings[(query, 100)].ranking
        assert prefetched.search(query, 100) == alone.search(query, 100)
