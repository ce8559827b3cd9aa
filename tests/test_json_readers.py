"""Every reader refuses huge numbers, deep nesting, lone surrogates and non-UTF-8 files with a
failure value (and the commands with exit status 2), never a traceback."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from returns.result import Failure

from cli_support import BM25
from memcore import Memory, Node, dump_memory
from memcore.caps import Caps
from memcore.cli import main
from memcore.codec import load_memory
from memcore.errors import DocumentError, WriterOutputError
from memcore.eval.datasets.questions import read_questions
from memcore.operations import add
from memcore.search.corpus_io import CorpusLineError, load_corpus
from memcore.writer_output import TurnInput, parse_writer_output
from memcore.writers.recorded import RecordedWriter, load_recordings

HUGE_NUMBER = "9" * 5000
DEEP = "[" * 100_000 + "]" * 100_000
# An answer cut in the middle of an emoji: the high half of a surrogate pair, alone.
CUT_EMOJI = "\\ud83d"

MEMORY_WITH_CUT_QUESTION = (
    '{"schema": "memcore.memory", "version": 1, "nodes": [{"turn": 1, "question": "hi '
    + CUT_EMOJI
    + '", "operations": [{"op": "Add", "topic": "A"}], "topics": ["A"]}]}'
)


def document_error(text: str) -> DocumentError:
    result = load_memory(text)
    assert isinstance(result, Failure), result
    error = result.failure()
    assert isinstance(error, DocumentError)
    return error


def test_load_memory_refuses_a_number_over_the_digit_limit() -> None:
    text = '{"schema": "memcore.memory", "version": ' + HUGE_NUMBER + ', "nodes": []}'
    error = document_error(text)
    assert (error.code, error.field) == ("not_json", "$")


def test_load_memory_refuses_a_lone_surrogate_naming_the_field() -> None:
    error = document_error(MEMORY_WITH_CUT_QUESTION)
    assert (error.code, error.field) == ("bad_text", "nodes[0].question")


def test_every_memory_that_loads_can_be_written_as_utf8() -> None:
    text = MEMORY_WITH_CUT_QUESTION.replace(CUT_EMOJI, "\\ud83d\\ude00")
    memory = load_memory(text).unwrap()
    assert memory.nodes[0].question == "hi \U0001f600"
    assert "\U0001f600" in dump_memory(memory).encode("utf-8").decode("utf-8")


def test_replay_of_a_latin_1_file_exits_2_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    memory = Memory([Node(1, "où est le café?", operations=[add("Café")], topics=["Café"])])
    path = tmp_path / "latin.json"
    path.write_bytes(dump_memory(memory).encode("latin-1"))
    assert main(["replay", str(path)]) == 2
    error = capsys.readouterr().err
    assert "latin.json" in error and "not UTF-8" in error


def test_chat_resuming_a_latin_1_memory_exits_2_with_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    memory = Memory([Node(1, "où est le café?", operations=[add("Café")], topics=["Café"])])
    path = tmp_path / "latin.json"
    path.write_bytes(dump_memory(memory).encode("latin-1"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["chat", *BM25, "--resume", str(path)]) == 2
    assert "not UTF-8" in capsys.readouterr().err


def writer_error(text: str) -> WriterOutputError:
    # A cap above the default, so that a 5,000-digit number reaches the decoder.
    result = parse_writer_output(text, Memory(), TurnInput(1, "q"), Caps(output_chars=20_000))
    assert isinstance(result, Failure), result
    error = result.failure()
    assert isinstance(error, WriterOutputError)
    return error


def test_writer_output_with_a_huge_number_is_not_json() -> None:
    error = writer_error('{"operations": [], "topics": ["A"], "depends_on": [' + HUGE_NUMBER + "]}")
    assert (error.code, error.field) == ("not_json", "$")


def test_writer_output_with_a_lone_surrogate_is_bad_text_at_the_field() -> None:
    output = {
        "operations": [{"op": "Add", "topic": "A"}],
        "topics": ["A"],
        "facts": ["fine", "cut " + "\ud83d"],
    }
    # json.dumps writes the surrogate as the escape a model's cut answer holds.
    text = json.dumps(output)
    assert CUT_EMOJI in text
    error = writer_error(text)
    assert (error.code, error.field) == ("bad_text", "facts[1]")
    topic = '{"operations": [{"op": "Add", "topic": "A' + CUT_EMOJI + '"}], "topics": ["A"]}'
    assert (writer_error(topic).code, writer_error(topic).field) == (
        "bad_text",
        "operations[0].topic",
    )


def corpus_error(tmp_path: Path, line: str) -> CorpusLineError:
    path = tmp_path / "corpus.jsonl"
    path.write_text('{"_id": "a", "text": "first"}\n' + line + "\n", encoding="utf-8")
    result = load_corpus(path)
    assert isinstance(result, Failure), result
    error = result.failure()
    assert isinstance(error, CorpusLineError)
    return error


def test_a_deeply_nested_corpus_line_is_a_line_error(tmp_path: Path) -> None:
    error = corpus_error(tmp_path, DEEP)
    assert (error.line, error.field) == (2, "line")
    assert "nested too deeply" in error.problem


@pytest.mark.parametrize("doc_id", ["a b", "tab\there", "trailing "])
def test_a_corpus_id_with_whitespace_is_refused(tmp_path: Path, doc_id: str) -> None:
    error = corpus_error(tmp_path, json.dumps({"_id": doc_id, "text": "second"}))
    assert (error.line, error.field) == (2, "_id")
    assert "whitespace" in error.problem


def test_a_corpus_line_with_a_lone_surrogate_is_refused(tmp_path: Path) -> None:
    error = corpus_error(tmp_path, '{"_id": "b", "text": "cut ' + CUT_EMOJI + '"}')
    assert (error.line, error.field) == (2, "text")


QUESTION = {
    "id": "q1",
    "conversation_id": "c1",
    "tier": "plain",
    "turns": [],
    "final": "who walked on the moon?",
    "gold": ["p1"],
    "stale": [],
}


@pytest.mark.parametrize("line", [DEEP, '{"id": ' + HUGE_NUMBER + "}"])
def test_questions_with_deep_nesting_or_huge_numbers_are_format_errors(
    tmp_path: Path, line: str
) -> None:
    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps(QUESTION) + "\n" + line + "\n", encoding="utf-8")
    result = read_questions(path)
    assert isinstance(result, Failure)
    (error,) = result.failure().errors
    assert (error.line, error.field) == (2, "$")


def test_a_latin_1_questions_file_is_a_format_error(tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    path.write_bytes(json.dumps({**QUESTION, "final": "où?"}, ensure_ascii=False).encode("latin-1"))
    result = read_questions(path)
    assert isinstance(result, Failure)
    (error,) = result.failure().errors
    assert (error.line, error.field) == (0, "$")
    assert "not UTF-8" in error.message


def _corpus(path: Path) -> None:
    path.write_text(
        json.dumps({"_id": "p1", "title": "Apollo 11", "text": "Neil Armstrong walked."}) + "\n",
        encoding="utf-8",
    )


def test_run_with_a_latin_1_questions_file_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus, questions = tmp_path / "c.jsonl", tmp_path / "q.jsonl"
    _corpus(corpus)
    questions.write_bytes(
        json.dumps({**QUESTION, "final": "où?"}, ensure_ascii=False).encode("latin-1")
    )
    arguments = ["run", *BM25, "--corpus", str(corpus), "--questions", str(questions)]
    arguments += ["--output", str(tmp_path / "r.trec"), "--backend", "memory", "--quiet"]
    assert main(arguments) == 2
    assert "not UTF-8" in capsys.readouterr().err


@pytest.mark.parametrize(
    "content",
    [
        '{"turn": 1, "question": "où?", "final": false, "output": "{}"}\n'.encode("latin-1"),
        DEEP.encode("utf-8"),
    ],
    ids=["latin-1", "deep"],
)
def test_a_bad_recording_file_is_a_recording_error(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "rec.jsonl"
    path.write_bytes(content)
    assert isinstance(load_recordings(path), Failure)
    assert isinstance(RecordedWriter.load(path), Failure)


def test_run_with_a_latin_1_recording_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus, questions, recording = tmp_path / "c.jsonl", tmp_path / "q.jsonl", tmp_path / "r.jsonl"
    _corpus(corpus)
    questions.write_text(json.dumps(QUESTION) + "\n", encoding="utf-8")
    recording.write_bytes(
        '{"turn": 1, "question": "où?", "final": true, "output": "{}"}\n'.encode("latin-1")
    )
    arguments = ["run", *BM25, "--corpus", str(corpus), "--questions", str(questions)]
    arguments += ["--output", str(tmp_path / "r.trec"), "--backend", "memory", "--quiet"]
    arguments += ["--system", "memrevise", "--writer", f"recorded:{recording}"]
    assert main(arguments) == 2
    assert "not UTF-8" in capsys.readouterr().err
