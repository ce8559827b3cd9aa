"""`memcore index` and `--index DIR`: built once, served by later runs without rebuilding."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("bm25s")

import memcore.search.backends.index_folder as index_folder
import memcore.search.backends.open as open_module
from memcore.cli import main
from memcore.search.backends.bm25s_backend import Bm25sRetriever
from search_support import FIXTURE

QUESTIONS = (
    {
        "id": "q1",
        "conversation_id": "c1",
        "tier": "natural",
        "turns": [
            {"question": "tell me about apollo 11", "answer": "It landed on the Moon in 1969."},
            {"question": "who walked on the moon", "answer": "Armstrong and Aldrin."},
        ],
        "final": "where did the first one grow up?",
        "gold": ["neil-armstrong-1"],
        "stale": [],
    },
    {
        "id": "q2",
        "conversation_id": "c2",
        "tier": "natural",
        "turns": [{"question": "what was apollo 13", "answer": "A mission that failed."}],
        "final": "no, i meant the film",
        "gold": ["apollo-13-film-1"],
        "stale": [],
    },
)


def write_questions(folder: Path) -> Path:
    path = folder / "questions.jsonl"
    path.write_text("".join(json.dumps(question) + "\n" for question in QUESTIONS), "utf-8")
    return path


def run(*args: object) -> int:
    return main([str(arg) for arg in args])


def test_an_index_built_once_serves_runs_identical_to_a_fresh_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MEMCORE_CACHE", str(tmp_path / "cache"))
    questions = write_questions(tmp_path)
    common = ("--questions", questions, "--retriever", "bm25", "--writer", "rules", "--quiet")
    assert (
        run("run", "--corpus", FIXTURE, "--output", tmp_path / "built.trec", "--no-cache", *common)
        == 0
    )
    index = tmp_path / "indexes" / "apollo"
    assert (
        run(
            "index",
            "--corpus",
            FIXTURE,
            "--output",
            index,
            "--shards",
            "3",
            "--retriever",
            "bm25",
            "--quiet",
        )
        == 0
    )
    assert "49 passages in 3 shards" in capsys.readouterr().err

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("an index was built")

    monkeypatch.setattr(index_folder, "build_shard", refuse)
    monkeypatch.setattr(Bm25sRetriever, "build", refuse)
    monkeypatch.setattr(open_module, "_open_loaded", refuse)
    # The folder itself, or a folder holding it (found by the corpus's content hash).
    for served in (index, index.parent):
        output = tmp_path / f"served-{served.name}.trec"
        assert run("run", "--corpus", FIXTURE, "--output", output, "--index", served, *common) == 0
        assert output.read_bytes() == (tmp_path / "built.trec").read_bytes()


def test_an_index_of_another_corpus_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other.jsonl"
    other.write_text(FIXTURE.read_text("utf-8").replace("Apollo", "Gemini", 1), "utf-8")
    index = tmp_path / "other-index"
    assert run("index", "--corpus", other, "--output", index, "--retriever", "bm25", "--quiet") == 0
    capsys.readouterr()
    questions = write_questions(tmp_path)
    status = run(
        "run",
        "--corpus",
        FIXTURE,
        "--questions",
        questions,
        "--output",
        tmp_path / "x.trec",
        "--index",
        index,
        "--retriever",
        "bm25",
        "--writer",
        "rules",
        "--quiet",
    )
    assert status == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "other corpus content" in err[0]
    assert not (tmp_path / "x.trec").exists()


def test_chat_on_ray_without_an_index_folder_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run("chat", "--corpus", FIXTURE, "--retriever", "bm25", "--ray", "local") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--index" in err[0]
