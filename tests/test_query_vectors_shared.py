"""A turn's query texts are encoded once per encoder, however many retrievers share it: the
shards of an index folder, and the turns of a conversation (`Encoder.encode_one`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("bm25s")

from encoder_support import tiny_encoder_model
from memcore.node import Memory
from memcore.search.backends.dense import DenseRetriever, Encoder, Runtime, load_encoder
from memcore.search.backends.index_folder import build_index_folder, open_index_folder
from memcore.search.corpus_io import load_corpus
from memcore.search.fused import FusedPart, FusedRetriever
from memcore.search.pipeline import search_final_turn
from search_support import FIXTURE, TURN_1, TURN_2, TURN_3, TURN_4


@attrs.define
class Counted:
    """The encoder's forward pass, recording each batch's size."""

    forward: Any
    batches: list[int] = attrs.field(factory=list)

    def __call__(self, tokens: Any) -> Any:
        self.batches.append(int(tokens["input_ids"].shape[0]))
        return self.forward(tokens)


def counting_encoder(folder: Path) -> tuple[Encoder, Counted]:
    encoder = load_encoder(tiny_encoder_model(folder), fast=True).unwrap()
    counted = Counted(encoder._forward)
    return attrs.evolve(encoder, forward=counted), counted


def hybrid(encoder: Encoder, folder: Path) -> FusedRetriever:
    found = load_corpus(FIXTURE).unwrap()
    served = open_index_folder(folder, found.corpus, found.content_hash, encoder).unwrap()
    assert served.dense is not None
    parts = (FusedPart("bm25", served.lexical, 0.4), FusedPart("dense", served.dense, 0.6))
    return FusedRetriever.of(parts).unwrap()


def test_the_shards_of_a_folder_encode_each_query_text_once(tmp_path: Path) -> None:
    encoder, counted = counting_encoder(tmp_path)
    build_index_folder(FIXTURE, tmp_path / "apollo", shards=3, encoder=encoder).unwrap()
    history = Memory((TURN_1, TURN_2, TURN_3))
    shared = hybrid(encoder, tmp_path / "apollo")
    encoder.remembered.clear()
    counted.batches.clear()
    ranked = search_final_turn(history, TURN_4, shared).unwrap()
    texts = encoder.remembered.texts
    # Every text alone, and once, although three shards searched it.
    assert counted.batches == [1] * len(texts)
    assert len(texts) >= 3
    # The same ranking as a folder served with an encoder that remembers nothing (each shard
    # encoding the text again).
    forgetful = attrs.evolve(encoder, vectors_kept=0)
    before = len(counted.batches)
    again = search_final_turn(history, TURN_4, hybrid(forgetful, tmp_path / "apollo")).unwrap()
    assert again == ranked
    # ... which encodes every text in each of the three shards.
    assert len(counted.batches) - before >= 3 * len(texts)


def test_a_later_turn_encodes_only_texts_no_earlier_turn_encoded(tmp_path: Path) -> None:
    encoder, counted = counting_encoder(tmp_path)
    corpus = load_corpus(FIXTURE).unwrap().corpus
    dense = DenseRetriever.build(corpus, encoder)
    encoder.remembered.clear()
    counted.batches.clear()
    search_final_turn(Memory((TURN_1, TURN_2)), TURN_3, fused_over(corpus, dense))
    earlier = set(encoder.remembered.texts)
    before = len(counted.batches)
    # A fresh fused retriever (nothing remembered at the fusion) over a fresh dense part.
    fresh = fused_over(corpus, attrs.evolve(dense))
    final = search_final_turn(Memory((TURN_1, TURN_2, TURN_3)), TURN_4, fresh).unwrap()
    new_texts = set(encoder.remembered.texts) - earlier
    assert len(counted.batches) - before == len(new_texts)
    assert earlier & set(encoder.remembered.texts)  # some texts recur across turns
    forgetful = attrs.evolve(encoder, vectors_kept=0)
    cold = fused_over(
        corpus, DenseRetriever.from_embeddings(corpus, forgetful, True, dense.embeddings)
    )
    assert search_final_turn(Memory((TURN_1, TURN_2, TURN_3)), TURN_4, cold).unwrap() == final


def fused_over(corpus: Any, dense: DenseRetriever) -> FusedRetriever:
    from memcore.search.backends.bm25s_backend import Bm25sRetriever

    parts = (FusedPart("bm25", Bm25sRetriever.build(corpus), 0.4), FusedPart("dense", dense, 0.6))
    return FusedRetriever.of(parts).unwrap()


def test_a_folders_shards_share_texts_encoded_side_by_side_and_rank_as_one_by_one(
    tmp_path: Path,
) -> None:
    pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    model = tiny_encoder_model(tmp_path)
    loaded = load_encoder(model, True, True, Runtime.ONNX, tmp_path / "cache").unwrap()
    alone, side = Counted(loaded._forward), Counted(loaded._one_thread)
    encoder = attrs.evolve(loaded, forward=alone, one_thread=side, side_by_side=3)
    build_index_folder(FIXTURE, tmp_path / "apollo", shards=3, encoder=encoder).unwrap()
    history = Memory((TURN_1, TURN_2, TURN_3))
    shared = hybrid(encoder, tmp_path / "apollo")
    encoder.remembered.clear()
    alone.batches.clear()
    ranked = search_final_turn(history, TURN_4, shared).unwrap()
    texts = encoder.remembered.texts
    # The turn's texts were encoded side by side, once each for the three shards, alone.
    assert len(texts) >= 3
    assert side.batches == [1] * len(texts)
    assert alone.batches == []
    # One after another on the batch session: the same vectors, so the same ranking.
    one_by_one = attrs.evolve(loaded, side_by_side=1)
    again = search_final_turn(history, TURN_4, hybrid(one_by_one, tmp_path / "apollo")).unwrap()
    assert again == ranked
    for text in texts:
        assert one_by_one.encode_one(text).tobytes() == encoder.encode_one(text).tobytes()
