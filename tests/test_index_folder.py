"""`memcore index`: indexes built once into a sharded folder and served from it (issue 29)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from returns.result import Failure

pytest.importorskip("bm25s")

import memcore.search.backends.index_folder as index_folder
from hash_encoder_support import hash_encoder
from memcore.node import Memory
from memcore.search.backends.bm25s_backend import Bm25sRetriever
from memcore.search.backends.dense import DenseRetriever
from memcore.search.backends.index_folder import (
    IndexFolderError,
    build_index_folder,
    open_index_folder,
    shard_ranges,
)
from memcore.search.corpus_catalogue import read_catalogue
from memcore.search.corpus_io import load_corpus
from memcore.search.corpus_stream import stream_passages, summarise_corpus
from memcore.search.fused import FusedPart, FusedRetriever
from memcore.search.pipeline import search_final_turn
from memcore.search.values import Query
from search_support import FIXTURE, TURN_1, TURN_2, TURN_3, TURN_4

QUERIES = (
    "apollo 11 moon landing",
    "who commanded apollo 12",
    "Neil Armstrong grew up in Ohio",
    "buzz aldrin montclair",
    "the the of",
)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("index") / "apollo"
    build_index_folder(FIXTURE, folder, shards=3, encoder=hash_encoder()).unwrap()
    return folder


def loaded() -> tuple[Any, str]:
    found = load_corpus(FIXTURE).unwrap()
    return found.corpus, found.content_hash


def test_the_stream_reads_the_corpus_in_runs_without_holding_it() -> None:
    corpus, content_hash = loaded()
    summary = summarise_corpus(FIXTURE).unwrap()
    assert (summary.passage_count, summary.content_hash) == (len(corpus), content_hash)
    runs = [list(stream_passages(FIXTURE, first, first + 10)) for first in range(0, 49, 10)]
    assert tuple(passage for run in runs for passage in run) == corpus.passages


@given(passages=st.integers(1, 500), shards=st.integers(1, 12))
def test_shards_cover_the_passages_in_aligned_runs(passages: int, shards: int) -> None:
    planned = shard_ranges(passages, shards)
    if isinstance(planned, Failure):
        assert shards > passages
        return
    entries = planned.unwrap()
    assert len(entries) == shards
    assert sum(entry.count for entry in entries) == passages
    assert all(entry.count >= 1 for entry in entries)
    assert max(e.count for e in entries) - min(e.count for e in entries) <= 1
    assert [e.first for e in entries] == [sum(x.count for x in entries[:i]) for i in range(shards)]


def test_sharded_bm25_scores_are_the_single_index_s(built: Path) -> None:
    corpus, content_hash = loaded()
    served = open_index_folder(built, corpus, content_hash).unwrap()
    single = Bm25sRetriever.build(corpus)
    assert len(served.lexical.shards) == 3
    ids = [passage.id for passage in corpus.passages]
    for text in QUERIES:
        query = Query.of(text)
        assert served.lexical.search(query, 100) == single.search(query, 100)
        assert served.lexical.search(query, 3) == single.search(query, 3)
        assert served.lexical.score(query, ids) == single.score(query, ids)


def test_sharded_exact_dense_scores_are_the_single_matrix_s(built: Path) -> None:
    corpus, content_hash = loaded()
    served = open_index_folder(built, corpus, content_hash, hash_encoder()).unwrap()
    assert served.dense is not None
    single = DenseRetriever.build(corpus, hash_encoder())
    ids = [passage.id for passage in corpus.passages]
    for text in QUERIES:
        query = Query.of(text)
        # Bit for bit: the same rows, in the same arithmetic.
        assert served.dense.search(query, 100) == single.search(query, 100)
        assert served.dense.score(query, ids) == single.score(query, ids)


def test_sharded_hybrid_final_turn_equals_one_index(built: Path) -> None:
    corpus, content_hash = loaded()
    served = open_index_folder(built, corpus, content_hash, hash_encoder()).unwrap()
    assert served.dense is not None
    sharded = FusedRetriever.of(
        (FusedPart("bm25", served.lexical, 0.4), FusedPart("dense", served.dense, 0.6))
    ).unwrap()
    one = FusedRetriever.of(
        (
            FusedPart("bm25", Bm25sRetriever.build(corpus), 0.4),
            FusedPart("dense", DenseRetriever.build(corpus, hash_encoder()), 0.6),
        )
    ).unwrap()
    history = Memory((TURN_1, TURN_2, TURN_3))
    got = search_final_turn(history, TURN_4, sharded).unwrap()
    assert got == search_final_turn(history, TURN_4, one).unwrap()


def test_a_reused_folder_rebuilds_no_shard(built: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a shard was rebuilt")

    monkeypatch.setattr(index_folder, "build_shard", refuse)
    monkeypatch.setattr(index_folder, "shard_statistics", refuse)
    monkeypatch.setattr(Bm25sRetriever, "build", refuse)
    monkeypatch.setattr(DenseRetriever, "build", refuse)
    corpus, content_hash = loaded()
    for _ in range(2):
        served = open_index_folder(built, corpus, content_hash, hash_encoder()).unwrap()
        assert served.lexical.search(Query.of("apollo 11"), 5).ids()


def one_line(error: IndexFolderError) -> str:
    text = str(error)
    assert "\n" not in text
    return text


def test_a_damaged_or_foreign_folder_is_a_typed_one_line_error(built: Path, tmp_path: Path) -> None:
    corpus, content_hash = loaded()
    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    matrix = next((copy / "shard-001" / "bm25s").glob("*.npy"))
    matrix.write_bytes(matrix.read_bytes()[:-4] + b"\0\0\0\1")
    damaged = open_index_folder(copy, corpus, content_hash)
    assert isinstance(damaged, Failure)
    assert "shard-001" in one_line(damaged.failure())

    foreign = open_index_folder(built, corpus, "0" * 64)
    assert isinstance(foreign, Failure)
    assert "other corpus content" in one_line(foreign.failure())

    other_model = open_index_folder(built, corpus, content_hash, hash_encoder("other@1"))
    assert isinstance(other_model, Failure)
    assert "other@1" in one_line(other_model.failure())

    shutil.rmtree(copy)
    shutil.copytree(built, copy)
    manifest = json.loads((copy / "memcore-index.json").read_text("utf-8"))
    manifest["shards"][1]["first"] += 1
    (copy / "memcore-index.json").write_text(json.dumps(manifest), "utf-8")
    assert isinstance(open_index_folder(copy, corpus, content_hash), Failure)
    (copy / "memcore-index.json").write_text("[" * 100_000, "utf-8")
    broken = open_index_folder(copy, corpus, content_hash)
    assert isinstance(broken, Failure)
    one_line(broken.failure())
    assert isinstance(open_index_folder(tmp_path / "absent", corpus, content_hash), Failure)


def test_bm25_only_folder_refuses_a_dense_request(tmp_path: Path) -> None:
    corpus, content_hash = loaded()
    build_index_folder(FIXTURE, tmp_path / "bm25", shards=2).unwrap()
    refused = open_index_folder(tmp_path / "bm25", corpus, content_hash, hash_encoder())
    assert isinstance(refused, Failure)
    assert "bm25 only" in one_line(refused.failure())


def test_too_many_shards_or_a_bad_corpus_is_an_error(tmp_path: Path) -> None:
    too_many = build_index_folder(FIXTURE, tmp_path / "many", shards=50)
    assert isinstance(too_many, Failure)
    assert "every shard needs one" in one_line(too_many.failure())
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"_id": "a", "text": "x"}\n{"_id": "a", "text": "y"}\n', "utf-8")
    duplicated = build_index_folder(bad, tmp_path / "bad")
    assert isinstance(duplicated, Failure)
    assert "duplicate id" in one_line(duplicated.failure())
    assert not (tmp_path / "bad").exists()


def test_a_catalogue_holds_ids_and_titles_and_reads_texts_from_the_file(tmp_path: Path) -> None:
    corpus, content_hash = loaded()
    catalogue = read_catalogue(FIXTURE).unwrap()
    assert catalogue.content_hash == content_hash
    assert not catalogue.corpus.holds_text and corpus.holds_text
    assert [(p.id, p.title, p.text) for p in catalogue.corpus.passages] == [
        (p.id, p.title, "") for p in corpus.passages
    ]
    assert catalogue.corpus.titles() == corpus.titles()
    for passage in corpus.passages:
        assert catalogue.corpus.passage(passage.id) == passage
    lines = FIXTURE.read_text(encoding="utf-8").splitlines()
    duplicate = tmp_path / "duplicate.jsonl"
    duplicate.write_text("\n".join([*lines, lines[0]]) + "\n", encoding="utf-8")
    assert "duplicate id" in str(read_catalogue(duplicate).failure())
    assert str(read_catalogue(duplicate).failure()) == str(load_corpus(duplicate).failure())
    changed = tmp_path / "changed.jsonl"
    changed.write_text("\n".join(lines) + "\n", encoding="utf-8")
    moved = read_catalogue(changed).unwrap()
    changed.write_text("\n".join(reversed(lines)) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="changed since"):
        moved.corpus.passage(corpus.passages[0].id)
