"""`scores_in_order`: a part's scores as an array in the order asked, read by the fused
retriever instead of `score`'s dictionary, with the same values bit for bit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hash_encoder_support import HashEncoder, text_vector
from memcore.search.backends.ann import ApproximateIndex
from memcore.search.backends.bm25s_backend import Bm25sRetriever
from memcore.search.backends.dense import DenseRetriever, Encoder
from memcore.search.corpus import Corpus
from memcore.search.fused import FusedPart, FusedRetriever
from memcore.search.retriever import Placed, Retriever, ScoresAtPositions, ScoresInOrder
from memcore.search.values import Query, QueryPart, Ranking
from retriever_support import ProtocolOnly
from search_support import apollo_corpus

CORPUS = apollo_corpus()
IDS = [passage.id for passage in CORPUS.passages]
BM25 = Bm25sRetriever.build(CORPUS)
_ENCODER: Encoder = HashEncoder()  # type: ignore[assignment]
_ROWS = np.stack([text_vector(f"{p.title}\n{p.text}") for p in CORPUS.passages]).astype(np.float32)
EXACT = DenseRetriever.from_embeddings(CORPUS, _ENCODER, True, _ROWS)
QUERIES = (
    Query.of("who commanded apollo 12"),
    Query.of("moon landing crew"),
    Query((QueryPart("Apollo 11", 2.0), QueryPart("who walked on the moon", 1.0))),
    Query.of("nothing in here matches zebra"),
)


def _retrievers() -> list[ScoresInOrder]:
    found: list[ScoresInOrder] = [BM25, EXACT]
    if ApproximateIndex.build(_ROWS).value_or(None) is not None:
        found.append(EXACT.with_approximate_index(ApproximateIndex.build(_ROWS).unwrap()))
    return found


RETRIEVERS = _retrievers()


def _bytes(values: Sequence[float]) -> bytes:
    return np.asarray(values, dtype=np.float64).tobytes()


@given(
    st.sampled_from(range(len(RETRIEVERS))),
    st.sampled_from(QUERIES),
    st.lists(st.sampled_from(IDS), unique=True, max_size=12),
)
def test_scores_in_order_are_the_scores_of_score(
    which: int, query: Query, doc_ids: list[str]
) -> None:
    retriever = RETRIEVERS[which]
    assert isinstance(retriever, Retriever)
    from_score = retriever.score(query, doc_ids)
    in_order = retriever.scores_in_order(query, doc_ids)
    assert in_order.dtype == np.float64
    assert in_order.shape == (len(doc_ids),)
    assert in_order.tobytes() == _bytes([from_score[doc_id] for doc_id in doc_ids])


@pytest.mark.parametrize("which", range(len(RETRIEVERS)))
def test_an_unknown_id_is_a_key_error(which: int) -> None:
    with pytest.raises(KeyError, match="not-a-passage"):
        RETRIEVERS[which].scores_in_order(QUERIES[0], [IDS[0], "not-a-passage"])


def _fused(dense: DenseRetriever, wrap: bool) -> FusedRetriever:
    bm25 = attrs.evolve(BM25)
    fresh = attrs.evolve(dense)
    parts: tuple[Retriever, Retriever] = (
        (ProtocolOnly(bm25), ProtocolOnly(fresh)) if wrap else (bm25, fresh)
    )
    return FusedRetriever.of(
        (FusedPart("bm25", parts[0], 0.4), FusedPart("dense", parts[1], 0.6)), depth=20
    ).unwrap()


@given(
    st.sampled_from(range(1, len(RETRIEVERS))),
    st.sampled_from(QUERIES),
    st.integers(1, 40),
    st.lists(st.sampled_from(IDS), max_size=12),
)
def test_a_fusion_reading_scores_in_order_ranks_and_scores_as_through_dictionaries(
    which: int, query: Query, k: int, doc_ids: list[str]
) -> None:
    dense = RETRIEVERS[which]
    assert isinstance(dense, DenseRetriever)
    in_order, by_dictionary = _fused(dense, False), _fused(dense, True)
    assert not isinstance(by_dictionary.parts[0].retriever, ScoresInOrder)
    assert isinstance(in_order.parts[0].retriever, ScoresInOrder)
    ranked, expected = in_order.search(query, k), by_dictionary.search(query, k)
    assert ranked.ids() == expected.ids()
    assert _bytes([hit.score for hit in ranked.hits]) == _bytes([h.score for h in expected.hits])
    scored, scored_expected = in_order.score(query, doc_ids), by_dictionary.score(query, doc_ids)
    assert list(scored) == list(scored_expected)
    assert _bytes(list(scored.values())) == _bytes(list(scored_expected.values()))


@given(
    st.sampled_from(range(len(RETRIEVERS))),
    st.sampled_from(QUERIES),
    st.lists(st.sampled_from(IDS), unique=True, max_size=12),
)
def test_scores_at_the_positions_of_ids_are_their_scores_in_order(
    which: int, query: Query, doc_ids: list[str]
) -> None:
    retriever = RETRIEVERS[which]
    assert isinstance(retriever, ScoresAtPositions)
    positions = retriever.positions(doc_ids)
    assert [CORPUS.passages[at].id for at in positions] == doc_ids
    at_positions = retriever.scores_at(query, positions)
    assert at_positions.dtype == np.float64
    assert at_positions.tobytes() == retriever.scores_in_order(query, doc_ids).tobytes()


@pytest.mark.parametrize("which", range(len(RETRIEVERS)))
def test_positions_of_an_unknown_id_are_a_key_error(which: int) -> None:
    retriever = RETRIEVERS[which]
    assert isinstance(retriever, ScoresAtPositions)
    with pytest.raises(KeyError, match="no-such-passage"):
        retriever.positions([IDS[1], "no-such-passage"])


@attrs.define
class _CountedLookups:
    """A retriever reading by position that counts the ids it is asked to look up."""

    inner: Bm25sRetriever | DenseRetriever
    looked_up: list[int] = attrs.field(factory=list)

    @property
    def supports_weights(self) -> bool:
        return self.inner.supports_weights

    @property
    def corpus(self) -> Corpus:
        return self.inner.corpus

    def search(self, query: Query, k: int) -> Ranking:
        return self.inner.search(query, k)

    def score(self, query: Query, doc_ids: Sequence[str]) -> Mapping[str, float]:
        return self.inner.score(query, doc_ids)

    def scores_in_order(self, query: Query, doc_ids: Sequence[str]) -> npt.NDArray[np.float64]:
        return self.inner.scores_in_order(query, doc_ids)

    def positions(self, doc_ids: Sequence[str]) -> list[int]:
        self.looked_up.append(len(doc_ids))
        return self.inner.positions(doc_ids)

    def scores_at(self, query: Query, positions: Sequence[int]) -> npt.NDArray[np.float64]:
        return self.inner.scores_at(query, positions)

    def search_placed(self, query: Query, k: int) -> Placed:
        return self.inner.search_placed(query, k)


def _counted_fusion(
    corpus_of_dense: Corpus,
) -> tuple[FusedRetriever, _CountedLookups, _CountedLookups]:
    lexical = _CountedLookups(attrs.evolve(BM25))
    dense = _CountedLookups(attrs.evolve(EXACT, corpus=corpus_of_dense))
    parts = (FusedPart("bm25", lexical, 0.4), FusedPart("dense", dense, 0.6))
    return FusedRetriever.of(parts, depth=6).unwrap(), lexical, dense


def test_parts_over_one_corpus_look_up_only_the_ids_asked_and_once_for_both() -> None:
    fused, lexical, dense = _counted_fusion(CORPUS)
    asked = [IDS[3], IDS[0]]
    fused.search(QUERIES[1], 3)
    fused.score(QUERIES[0], asked)
    # The candidates' positions come with the parts' rankings; the ids asked of `score` are
    # looked up once, by the first part, for both.
    assert lexical.looked_up == [len(asked)]
    assert dense.looked_up == []


@given(
    st.sampled_from(range(len(RETRIEVERS))),
    st.sampled_from(QUERIES),
    st.integers(0, 30),
)
def test_a_placed_search_is_the_search_with_its_hits_positions(
    which: int, query: Query, k: int
) -> None:
    retriever = RETRIEVERS[which]
    assert isinstance(retriever, ScoresAtPositions) and isinstance(retriever, Retriever)
    placed = retriever.search_placed(query, k)
    assert placed.ranking == retriever.search(query, k)
    assert [CORPUS.passages[at].id for at in placed.positions] == list(placed.ranking.ids())


def test_parts_over_equal_but_distinct_corpora_look_up_their_own_positions() -> None:
    copied = Corpus(tuple(CORPUS.passages))
    assert copied is not CORPUS
    fused, lexical, dense = _counted_fusion(copied)
    shared, _lexical, _dense = _counted_fusion(CORPUS)
    ranked, expected = fused.search(QUERIES[2], 4), shared.search(QUERIES[2], 4)
    assert ranked.ids() == expected.ids()
    assert _bytes([hit.score for hit in ranked.hits]) == _bytes([h.score for h in expected.hits])
    # Read in order, each part on its own: no position handed from one part to the other.
    assert lexical.looked_up == [] and dense.looked_up == []
