"""Reading BEIR JSONL corpora: passages, titles, hashes and malformed lines as values."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from returns.result import Failure, Success

from memcore.search.corpus_io import (
    CorpusFileError,
    CorpusLineError,
    file_hash,
    load_corpus,
)
from memcore.search.values import Passage

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "corpus.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_reads_passages_in_order_ignoring_other_fields(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        [
            '{"_id": "a", "title": "Avatar (2009 film)", "text": "Blue people.", "url": "x"}',
            "",
            '{"_id": "b", "text": "No title here."}',
            '{"_id": 7, "title": null, "text": "Numeric id."}',
        ],
    )
    loaded = load_corpus(path).unwrap()
    assert loaded.corpus.passages == (
        Passage("a", "Blue people.", "Avatar (2009 film)"),
        Passage("b", "No title here.", ""),
        Passage("7", "Numeric id.", ""),
    )
    assert loaded.corpus.titles() == ("Avatar (2009 film)",)
    assert loaded.content_hash == hashlib.sha256(path.read_bytes()).hexdigest()
    assert file_hash(path) == Success(loaded.content_hash)


def test_limit_keeps_first_passages_and_hashes_the_lines_read(tmp_path: Path) -> None:
    lines = [json.dumps({"_id": f"p{i}", "text": f"text {i}"}) for i in range(5)]
    path = write(tmp_path, lines)
    loaded = load_corpus(path, limit=2).unwrap()
    assert [passage.id for passage in loaded.corpus.passages] == ["p0", "p1"]
    expected = hashlib.sha256("".join(line + "\n" for line in lines[:2]).encode()).hexdigest()
    assert loaded.content_hash == expected


@pytest.mark.parametrize(
    ("line", "field", "problem"),
    [
        ("{not json", "line", "invalid JSON"),
        ("[1, 2]", "line", "not a JSON object"),
        ('{"title": "t", "text": "x"}', "_id", "missing"),
        ('{"_id": "", "text": "x"}', "_id", "missing"),
        ('{"_id": "z", "title": "t"}', "text", "missing"),
        ('{"_id": "z", "text": 3}', "text", "not a string"),
        ('{"_id": "z", "text": "x", "title": ["t"]}', "title", "not a string"),
        ('{"_id": "a", "text": "again"}', "_id", "duplicate id 'a' (first on line 1)"),
    ],
)
def test_malformed_line_is_a_failure_naming_file_line_and_field(
    tmp_path: Path, line: str, field: str, problem: str
) -> None:
    path = write(tmp_path, ['{"_id": "a", "text": "fine"}', "", line])
    result = load_corpus(path)
    assert isinstance(result, Failure)
    error = result.failure()
    assert isinstance(error, CorpusLineError)
    assert (error.path, error.line, error.field) == (str(path), 3, field)
    assert problem in error.problem
    assert str(error).startswith(f"{path}:3: {field}: ")


def test_invalid_utf8_is_a_line_failure(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b'{"_id": "a", "text": "ok"}\n{"_id": "b", "text": "\xff"}\n')
    error = load_corpus(path).failure()
    assert isinstance(error, CorpusLineError)
    assert (error.line, error.field) == (2, "line")


def test_missing_file_is_a_file_failure(tmp_path: Path) -> None:
    missing = tmp_path / "absent.jsonl"
    error = load_corpus(missing).failure()
    assert isinstance(error, CorpusFileError)
    assert error.path == str(missing)
    assert isinstance(file_hash(missing).failure(), CorpusFileError)


def test_empty_file_is_a_file_failure(tmp_path: Path) -> None:
    path = write(tmp_path, [])
    error = load_corpus(path).failure()
    assert isinstance(error, CorpusFileError)
    assert str(error) == f"{path}: holds no passages (the file is empty or has only blank lines)"


def test_progress_bar_can_be_forced_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    path = write(tmp_path, ['{"_id": "a", "text": "x"}'])
    assert len(load_corpus(path, show_progress=True).unwrap().corpus) == 1
    assert "corpus" in capsys.readouterr().err


@pytest.mark.shared_data
def test_reads_the_mtrag_pool() -> None:
    path = DATA / "mtrag" / "corpus_pool.jsonl"
    if not path.exists():
        pytest.skip(f"shared data absent: {path}")
    corpus = load_corpus(path).unwrap().corpus
    assert len(corpus) == 17023
    # clapnq and govt passages carry page titles; cloud and fiqa do not.
    assert corpus.has_titles
    assert any(not passage.title for passage in corpus.passages)
