"""A cached index whose manifest does not parse, or whose saved matrix holds values that are
not finite numbers, is a damaged cache: refused as a value by the backend's `load` and rebuilt
by `open_retriever` with the one-line note, never a traceback or a silent load (issue 27)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from memcore.search.backends.dense import DenseRetriever, Encoder
from memcore.search.backends.lucene import LuceneRetriever
from memcore.search.backends.store import file_checksums, read_json_file
from memcore.search.corpus import Corpus
from memcore.search.values import Passage, Query

PASSAGES = (
    Passage("nile1", "The Nile is the longest river in Africa.", "Nile"),
    Passage("amz1", "The Amazon river carries the most water of any river.", "Amazon River"),
    Passage("cup2", "Brazil won the 2002 world cup in Japan.", "2002 FIFA World Cup"),
)
CORPUS = Corpus(PASSAGES)
QUERY = Query.of("which river is the longest")
# Far deeper than Python's recursion limit: `json.loads` raises RecursionError on it.
DEEP = "[" * 100_000


def restamp(folder: Path, manifest_name: str) -> None:
    """Recompute the manifest's checksums, as a careful tamperer would."""
    manifest = json.loads((folder / manifest_name).read_text())
    manifest["files"] = file_checksums(folder, manifest_name)
    (folder / manifest_name).write_text(json.dumps(manifest))


def test_a_deeply_nested_json_file_is_a_one_line_failure(tmp_path: Path) -> None:
    path = tmp_path / "manifest.json"
    path.write_text(DEEP)
    problem = read_json_file(path).failure()
    assert problem == "manifest.json: JSON nested too deeply to read"


# bm25s -------------------------------------------------------------------------------------


def _bm25s_manifest() -> str:
    from memcore.search.backends.bm25s_backend import MANIFEST_NAME

    return MANIFEST_NAME


def deep_manifest(folder: Path) -> None:
    (folder / _bm25s_manifest()).write_text(DEEP)


def _scores_set_to(value: float) -> Callable[[Path], None]:
    def tamper(folder: Path) -> None:
        path = folder / "data.csc.index.npy"
        data = np.load(path)
        data[0] = value
        np.save(path, data, allow_pickle=False)
        restamp(folder, _bm25s_manifest())

    tamper.__name__ = f"a_score_of_{value}_restamped"
    return tamper


BM25S_DAMAGE = [deep_manifest, _scores_set_to(np.inf), _scores_set_to(np.nan)]


@pytest.mark.parametrize("damage", BM25S_DAMAGE, ids=lambda damage: damage.__name__)
@pytest.mark.parametrize("mmap", [False, True])
def test_bm25s_refuses_a_damaged_index(
    tmp_path: Path, damage: Callable[[Path], None], mmap: bool
) -> None:
    pytest.importorskip("bm25s")
    from memcore.search.backends.bm25s_backend import Bm25sRetriever

    folder = tmp_path / "idx"
    Bm25sRetriever.build(CORPUS).save(folder, content_hash="abc").unwrap()
    damage(folder)
    problem = Bm25sRetriever.load(folder, CORPUS, "abc", mmap=mmap).failure().problem
    assert "nested too deeply" in problem or "not finite" in problem
    assert "\n" not in problem


@pytest.mark.parametrize("damage", BM25S_DAMAGE, ids=lambda damage: damage.__name__)
def test_open_retriever_rebuilds_a_damaged_bm25s_cache_with_a_note(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    damage: Callable[[Path], None],
) -> None:
    pytest.importorskip("bm25s")
    from memcore.search.backends.open import open_retriever

    monkeypatch.setenv("MEMCORE_CACHE", str(tmp_path / "cache"))
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(
        "".join(
            json.dumps({"_id": p.id, "title": p.title, "text": p.text}) + "\n" for p in PASSAGES
        )
    )
    fresh = open_retriever(corpus).unwrap()
    assert capsys.readouterr().err == ""
    damage(tmp_path / "cache" / "indexes" / f"bm25s-{fresh.content_hash}")
    rebuilt = open_retriever(corpus).unwrap()
    note = capsys.readouterr().err
    assert note.startswith("memcore: note: cached index not used, rebuilding (")
    assert note.count("\n") == 1
    assert not rebuilt.from_cache
    assert rebuilt.retriever.search(QUERY, 3) == fresh.retriever.search(QUERY, 3)
    # The rebuilt index replaced the damaged one.
    assert open_retriever(corpus).unwrap().from_cache
    assert capsys.readouterr().err == ""


# Lucene: the manifest is read before Java is needed ----------------------------------------


@pytest.mark.parametrize("damaged", ["memcore-lucene.json", "doc-ids.json"])
def test_lucene_refuses_a_manifest_that_does_not_parse(tmp_path: Path, damaged: str) -> None:
    folder = tmp_path / "lucene"
    folder.mkdir()
    (folder / "memcore-lucene.json").write_text(json.dumps({"backend": "lucene"}))
    (folder / "doc-ids.json").write_text(json.dumps([p.id for p in PASSAGES]))
    (folder / damaged).write_text(DEEP)
    problem = LuceneRetriever.load(folder, CORPUS).failure()
    assert str(getattr(problem, "problem", problem)) == (
        f"no readable Lucene index: {damaged}: JSON nested too deeply to read"
    )


# Dense embeddings -----------------------------------------------------------------------------

DIMENSION = 4


def _encoder() -> Encoder:
    # Loading checks only the encoder's identity and dimension; nothing is encoded.
    def no_forward(_tokens: object) -> npt.NDArray[np.float32]:
        raise AssertionError("nothing is encoded when embeddings are loaded")

    return Encoder(Path("models/tiny"), 32, DIMENSION, tokenizer=None, forward=no_forward)


def _saved_dense(folder: Path, encoder: Encoder) -> None:
    rows = np.random.default_rng(5).standard_normal((len(CORPUS), DIMENSION))
    rows = (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)
    DenseRetriever.from_embeddings(CORPUS, encoder, True, rows).save(folder, "h1").unwrap()


@pytest.mark.parametrize("value", [np.inf, -np.inf, np.nan])
def test_dense_refuses_non_finite_embeddings_with_recomputed_checksums(
    tmp_path: Path, value: float
) -> None:
    encoder = _encoder()
    folder = tmp_path / "dense"
    _saved_dense(folder, encoder)
    assert DenseRetriever.load(folder, CORPUS, encoder, "h1").unwrap().embeddings.shape == (3, 4)
    path = folder / "embeddings.npy"
    rows = np.load(path)
    rows[1, 2] = value
    np.save(path, rows, allow_pickle=False)
    restamp(folder, "memcore-dense.json")
    problem = DenseRetriever.load(folder, CORPUS, encoder, "h1").failure().problem
    assert problem == "values that are not finite (inf or nan) in the embeddings"


def test_dense_refuses_embeddings_that_are_not_numbers(tmp_path: Path) -> None:
    encoder = _encoder()
    folder = tmp_path / "dense"
    _saved_dense(folder, encoder)
    path = folder / "embeddings.npy"
    # Text arrays load without pickle and would be cast to floats ("inf" included).
    np.save(path, np.full((len(CORPUS), DIMENSION), "inf"), allow_pickle=False)
    restamp(folder, "memcore-dense.json")
    problem = DenseRetriever.load(folder, CORPUS, encoder, "h1").failure().problem
    assert "not floating point" in problem


@pytest.mark.parametrize("damaged", ["memcore-dense.json", "doc-ids.json"])
def test_dense_refuses_a_manifest_that_does_not_parse(tmp_path: Path, damaged: str) -> None:
    encoder = _encoder()
    folder = tmp_path / "dense"
    _saved_dense(folder, encoder)
    (folder / damaged).write_text(DEEP)
    if damaged != "memcore-dense.json":
        restamp(folder, "memcore-dense.json")
    problem = DenseRetriever.load(folder, CORPUS, encoder, "h1").failure().problem
    assert problem == f"no readable embeddings: {damaged}: JSON nested too deeply to read"
