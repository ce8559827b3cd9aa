"""Progress bars where they help: none for reading a tiny corpus file."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_support import BM25, write_run_inputs
from memcore.cli import main
from memcore.search.backends.open import open_retriever
from memcore.search.corpus_io import PROGRESS_THRESHOLD_BYTES
from memcore.search.retrieval import Backend


def test_opening_a_tiny_corpus_with_progress_shows_no_byte_bar(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("tqdm")
    corpus, _ = write_run_inputs(tmp_path)
    assert corpus.stat().st_size < PROGRESS_THRESHOLD_BYTES
    opened = open_retriever(corpus, Backend.MEMORY, use_cache=False, progress=True)
    assert opened.unwrap().backend is Backend.MEMORY
    assert "corpus:" not in capsys.readouterr().err


def test_memcore_run_on_a_tiny_corpus_shows_no_byte_bar(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("tqdm")
    corpus, questions = write_run_inputs(tmp_path)
    arguments = ["run", *BM25, "--corpus", str(corpus), "--questions", str(questions)]
    assert main([*arguments, "--output", str(tmp_path / "run.trec"), "--no-cache"]) == 0
    errors = capsys.readouterr().err
    assert "B/s" not in errors and "corpus:" not in errors
    assert "0 of 1 question failed" in errors
