"""A cached index is trusted only when its files match the manifest's SHA-256 and its matrix
is consistent: anything else is rebuilt with a one-line note, never a crash or a wrong result."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("bm25s")

from memcore.search.backends.bm25s_backend import MANIFEST_NAME, Bm25sRetriever
from memcore.search.backends.open import open_retriever
from memcore.search.backends.store import file_checksums
from memcore.search.corpus import Corpus
from memcore.search.values import Passage, Query

PASSAGES = (
    Passage("nile1", "The Nile is the longest river in Africa.", "Nile"),
    Passage("amz1", "The Amazon river carries the most water of any river.", "Amazon River"),
    Passage("cup2", "Brazil won the 2002 world cup in Japan.", "2002 FIFA World Cup"),
)
QUERY = Query.of("which river is the longest")


def vocabulary_as_a_list(folder: Path) -> None:
    (folder / "vocab.index.json").write_text(json.dumps(["the", "nile"]))


def empty_vocabulary(folder: Path) -> None:
    (folder / "vocab.index.json").write_text("{}")


def shortened_indptr(folder: Path) -> None:
    path = folder / "indptr.csc.index.npy"
    np.save(path, np.load(path)[:-3], allow_pickle=False)


def indices_out_of_range(folder: Path) -> None:
    path = folder / "indices.csc.index.npy"
    np.save(path, np.load(path) + 1000, allow_pickle=False)


def string_data(folder: Path) -> None:
    path = folder / "data.csc.index.npy"
    np.save(path, np.load(path).astype(str), allow_pickle=False)


def zeroed_data(folder: Path) -> None:
    path = folder / "data.csc.index.npy"
    np.save(path, np.zeros_like(np.load(path)), allow_pickle=False)


def truncated_file(folder: Path) -> None:
    path = folder / "indices.csc.index.npy"
    path.write_bytes(path.read_bytes()[:-4])


def extra_file(folder: Path) -> None:
    (folder / "planted.npy").write_bytes(b"x")


TAMPERINGS = [
    vocabulary_as_a_list,
    empty_vocabulary,
    shortened_indptr,
    indices_out_of_range,
    string_data,
    zeroed_data,
    truncated_file,
    extra_file,
]
# The same changes with the manifest's checksums recomputed: the matrix checks still refuse
# those that would crash a search or read out of bounds.
STRUCTURAL = [
    vocabulary_as_a_list,
    shortened_indptr,
    indices_out_of_range,
    string_data,
]


def restamp(folder: Path) -> None:
    manifest = json.loads((folder / MANIFEST_NAME).read_text())
    manifest["files"] = file_checksums(folder, MANIFEST_NAME)
    (folder / MANIFEST_NAME).write_text(json.dumps(manifest))


def saved(tmp_path: Path) -> tuple[Path, Bm25sRetriever]:
    index = Bm25sRetriever.build(Corpus(PASSAGES))
    folder = tmp_path / "idx"
    index.save(folder, content_hash="abc").unwrap()
    return folder, index


def test_an_untouched_index_passes_its_checks(tmp_path: Path) -> None:
    folder, index = saved(tmp_path)
    manifest = json.loads((folder / MANIFEST_NAME).read_text())
    assert set(manifest["files"]) >= {"doc-ids.json", "vocab.index.json", "data.csc.index.npy"}
    reopened = Bm25sRetriever.load(folder, Corpus(PASSAGES), "abc").unwrap()
    assert reopened.search(QUERY, 3) == index.search(QUERY, 3)


@pytest.mark.parametrize("tamper", TAMPERINGS, ids=lambda tamper: tamper.__name__)
def test_a_changed_file_fails_the_checksum(tmp_path: Path, tamper: Callable[[Path], None]) -> None:
    folder, _ = saved(tmp_path)
    tamper(folder)
    problem = Bm25sRetriever.load(folder, Corpus(PASSAGES), "abc").failure().problem
    assert "checksum differs" in problem or "is not part of the saved index" in problem


@pytest.mark.parametrize("tamper", STRUCTURAL, ids=lambda tamper: tamper.__name__)
@pytest.mark.parametrize("mmap", [False, True])
def test_an_inconsistent_matrix_with_matching_checksums_is_refused(
    tmp_path: Path, tamper: Callable[[Path], None], mmap: bool
) -> None:
    folder, _ = saved(tmp_path)
    tamper(folder)
    restamp(folder)
    failed = Bm25sRetriever.load(folder, Corpus(PASSAGES), "abc", mmap=mmap)
    assert failed.failure().problem


def test_an_index_saved_without_checksums_is_not_trusted(tmp_path: Path) -> None:
    folder, _ = saved(tmp_path)
    manifest = json.loads((folder / MANIFEST_NAME).read_text())
    del manifest["files"]
    (folder / MANIFEST_NAME).write_text(json.dumps(manifest))
    problem = Bm25sRetriever.load(folder, Corpus(PASSAGES), "abc").failure().problem
    assert "no file checksums" in problem


@pytest.mark.parametrize("tamper", TAMPERINGS, ids=lambda tamper: tamper.__name__)
def test_open_index_rebuilds_a_tampered_cache_with_a_note(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tamper: Callable[[Path], None],
) -> None:
    monkeypatch.setenv("MEMCORE_CACHE", str(tmp_path / "cache"))
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(
        "".join(
            json.dumps({"_id": p.id, "title": p.title, "text": p.text}) + "\n" for p in PASSAGES
        )
    )
    fresh = open_retriever(corpus).unwrap()
    assert capsys.readouterr().err == ""
    folder = tmp_path / "cache" / "indexes" / f"bm25s-{fresh.content_hash}"
    tamper(folder)
    rebuilt = open_retriever(corpus).unwrap()
    note = capsys.readouterr().err
    assert note.startswith("memcore: note: cached index not used, rebuilding (")
    assert note.count("\n") == 1
    assert not rebuilt.from_cache
    assert rebuilt.retriever.search(QUERY, 3) == fresh.retriever.search(QUERY, 3)
    # The rebuilt index replaced the tampered one.
    assert open_retriever(corpus).unwrap().from_cache
    assert capsys.readouterr().err == ""
