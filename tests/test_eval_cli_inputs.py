"""`memcore run` and `memcore eval` refuse unusable input with exit 2 and a message, never a
traceback, and check it before doing any work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_support import BM25
from memcore.cli import main
from memcore.eval.datasets.questions import Dialogue, Judgement, Question, Turn, write_questions
from memcore.search.backends.open import open_retriever
from memcore.search.values import Passage, Query

PASSAGES = (
    Passage("nile1", "The Nile is the longest river in Africa.", "Nile"),
    Passage("nile2", "The Nile flows north into the Mediterranean Sea.", "Nile"),
    Passage("amz1", "The Amazon river carries the most water of any river.", "Amazon River"),
)


def _inputs(tmp_path: Path) -> tuple[Path, Path]:
    corpus, questions = tmp_path / "c.jsonl", tmp_path / "q.jsonl"
    lines = [json.dumps({"_id": p.id, "title": p.title, "text": p.text}) for p in PASSAGES]
    corpus.write_text("\n".join(lines) + "\n")
    dialogue = Dialogue(
        (Turn("tell me about the amazon river", "It is in South America."),), "nile"
    )
    question = Question("q1", "c1", dialogue, Judgement("natural", ("nile1",), (), "the nile"))
    write_questions(questions, (question,))
    return corpus, questions


def _run(tmp_path: Path, output: str, *extra: str) -> int:
    corpus, questions = _inputs(tmp_path)
    return main(
        [
            "run",
            *BM25,
            "--corpus",
            str(corpus),
            "--questions",
            str(questions),
            "--output",
            output,
            "--system",
            "original",
            "--backend",
            "memory",
            "--quiet",
            *extra,
        ]
    )


def _eval(tmp_path: Path, output: Path, *extra: str) -> int:
    corpus, questions = _inputs(tmp_path)
    return main(
        [
            "eval",
            *BM25,
            "--corpus",
            str(corpus),
            "--questions",
            str(questions),
            "--output-dir",
            str(output),
            "--backend",
            "memory",
            "--quiet",
            "--samples",
            "10",
            "--errors",
            "0",
            *extra,
        ]
    )


def test_run_output_that_is_a_directory_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(tmp_path, str(tmp_path)) == 2
    assert f"cannot write the run to {tmp_path}: it is a directory" in capsys.readouterr().err


def test_run_output_in_an_uncreatable_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    assert _run(tmp_path, str(blocker / "r.trec")) == 2
    assert f"cannot write the run to {blocker / 'r.trec'}" in capsys.readouterr().err


def test_eval_output_dir_that_is_a_file_is_refused_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    assert _eval(tmp_path, blocker, "--systems", "original") == 2
    assert f"cannot use {blocker} as the output directory: {blocker} exists and is not a" in (
        capsys.readouterr().err
    )
    assert blocker.read_text() == "x"


@pytest.mark.parametrize("systems", ["", " , ", ","])
def test_eval_with_no_system_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], systems: str
) -> None:
    assert _eval(tmp_path, tmp_path / "out", "--systems", systems) == 2
    assert "--systems names no system" in capsys.readouterr().err


def test_eval_checks_every_system_name_before_running_any(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "out"
    assert _eval(tmp_path, output, "--systems", "original,bogus,concat,nope") == 2
    errors = capsys.readouterr().err
    assert "unknown system(s) 'bogus', 'nope'" in errors
    # Nothing ran: no progress line for `original`, and no run written.
    assert "original:" not in errors
    assert not (output / "runs").exists()


@pytest.mark.parametrize("limit", ["0", "-3", "two"])
def test_eval_limit_must_be_a_positive_integer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], limit: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        _eval(tmp_path, tmp_path / "out", "--systems", "original", "--limit", limit)
    assert exited.value.code == 2
    assert "--limit" in capsys.readouterr().err


def test_unwritable_cache_costs_only_a_rebuild(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("bm25s")
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setenv("MEMCORE_CACHE", str(blocker / "cache"))
    corpus, _ = _inputs(tmp_path)
    opened = open_retriever(corpus).unwrap()
    assert opened.from_cache is False
    assert opened.retriever.search(Query.of("mediterranean"), 1).ids() == ("nile2",)
    assert "index not cached, rebuilt next time" in capsys.readouterr().err
    again = open_retriever(corpus).unwrap()
    assert again.from_cache is False


def test_run_with_an_unwritable_cache_still_writes_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("bm25s")
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setenv("MEMCORE_CACHE", str(blocker / "cache"))
    output = tmp_path / "r.trec"
    corpus, questions = _inputs(tmp_path)
    status = main(
        [
            "run",
            *BM25,
            "--corpus",
            str(corpus),
            "--questions",
            str(questions),
            "--output",
            str(output),
            "--system",
            "original",
            "--quiet",
        ]
    )
    assert status == 0
    assert output.read_text().split()[:3] == ["q1", "Q0", "nile1"]
    assert "index not cached" in capsys.readouterr().err


def test_run_refuses_an_unknown_system_before_touching_the_corpus_or_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("MEMCORE_CACHE", str(cache))
    _, questions = _inputs(tmp_path)
    output = tmp_path / "runs" / "r.trec"
    arguments = [
        "run",
        *BM25,
        "--corpus",
        str(tmp_path / "absent.jsonl"),
        "--questions",
        str(questions),
    ]
    arguments += ["--output", str(output), "--quiet"]
    assert main([*arguments, "--system", "bogus"]) == 2
    errors = capsys.readouterr().err
    # The system error, not the missing corpus's: the name is checked first.
    assert errors == (
        "memcore run: system 'bogus': unknown system (known: memrevise, memrevise+demote, "
        "original, concat, template, writer-query, rrf, oracle, memrevise-h1, memrevise-h2, "
        "cmt-trace)\n"
    )
    assert not cache.exists()
    assert not output.parent.exists()
    # A known system gets as far as the corpus, which proves the corpus was the next step.
    assert main([*arguments, "--system", "original"]) == 2
    assert "absent.jsonl" in capsys.readouterr().err


def test_run_refuses_an_unknown_writer_by_name_without_loading_a_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("MEMCORE_CACHE", str(cache))
    _, questions = _inputs(tmp_path)
    arguments = [
        "run",
        *BM25,
        "--corpus",
        str(tmp_path / "absent.jsonl"),
        "--questions",
        str(questions),
    ]
    arguments += ["--output", str(tmp_path / "r.trec"), "--quiet"]
    for writer in ("bogus", "rules:extra", "transformers"):
        assert main([*arguments, "--writer", writer]) == 2
        assert capsys.readouterr().err == (
            f"memcore run: --writer: unknown writer {writer!r}; choose one of rules, "
            "learned[:folder], learned-steps[:folder], learned-minilm[:folder], "
            "learned-context[:folder], openai[:model], transformers:<folder>, recorded:<file>\n"
        )
    # A well-formed model writer is not loaded before the corpus is read: the missing
    # corpus is reported, not the missing model folder.
    assert main([*arguments, "--writer", f"transformers:{tmp_path / 'no-model'}"]) == 2
    errors = capsys.readouterr().err
    assert "absent.jsonl" in errors and "no-model" not in errors
    assert not cache.exists()


def test_eval_refuses_an_unknown_writer_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "out"
    assert _eval(tmp_path, output, "--systems", "memrevise", "--writer", "gpt") == 2
    assert "memcore eval: --writer: unknown writer 'gpt'; choose one of" in capsys.readouterr().err
    assert not output.exists()
