"""Readers split JSON Lines on `\\n` only, refuse an empty corpus, ids holding control
characters and oversized questions or answers, with a value (exit 2 from the commands)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from returns.result import Failure, Success

from cli_support import BM25
from memcore.caps import ANSWER_CHARS, QUESTION_CHARS
from memcore.cli import main
from memcore.eval.datasets.questions import (
    Dialogue,
    Judgement,
    Question,
    Turn,
    read_questions,
    write_questions,
)
from memcore.eval.runs.trec import read_run, write_run
from memcore.search.corpus_io import NO_PASSAGES, CorpusFileError, CorpusLineError, load_corpus
from memcore.search.values import Hit, Passage, Ranking
from memcore.writers.recorded import Recording, load_recordings

# Characters str.splitlines splits on that a JSON string may hold raw: json.dumps with
# ensure_ascii=False writes them as they are.
RAW_LINE_BREAKS = ("\u2028", "\u2029", "\u0085", "\x1c", "\x1d", "\x1e")

QUESTION = {
    "id": "q1",
    "conversation_id": "c1",
    "tier": "plain",
    "turns": [],
    "final": "who walked on the moon?",
    "gold": ["p1"],
    "stale": [],
}


def _question(final: str, answer: str = "It launched in 1969.") -> Question:
    dialogue = Dialogue((Turn("tell me about Apollo 11", answer),), final)
    return Question("q1", "c1", dialogue, Judgement("plain", ("p1",), ()))


@pytest.mark.parametrize("separator", RAW_LINE_BREAKS)
def test_questions_written_by_memcore_with_unicode_line_breaks_read_back(
    tmp_path: Path, separator: str
) -> None:
    path = tmp_path / "q.jsonl"
    question = _question(f"and the crew{separator}who were they?", f"Armstrong{separator}Aldrin")
    write_questions(path, (question,))
    assert read_questions(path) == Success((question,))


@given(st.text(alphabet=st.sampled_from((*RAW_LINE_BREAKS, "a", " ", "\\", '"')), min_size=1))
def test_any_question_written_reads_back(text: str) -> None:
    """QUESTIONS-ROUND-TRIP: a questions file written by `write_questions` reads back as the
    same questions, whatever characters their text holds."""
    question = _question(f"q {text}", f"a {text}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "q.jsonl"
        write_questions(path, (question,))
        assert read_questions(path) == Success((question,))


def test_recordings_with_unicode_line_breaks_read_back(tmp_path: Path) -> None:
    path = tmp_path / "rec.jsonl"
    recordings = tuple(
        Recording(1, f"what{separator}next?", False, '{"topics": []}', "rules")
        for separator in RAW_LINE_BREAKS
    )
    path.write_text("".join(r.to_json() + "\n" for r in recordings), encoding="utf-8")
    assert load_recordings(path) == Success(recordings)


def test_json_lines_with_crlf_endings_still_read(tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    path.write_bytes((json.dumps(QUESTION) + "\r\n\r\n").encode("utf-8"))
    assert [question.id for question in read_questions(path).unwrap()] == ["q1"]


def test_a_corpus_with_unicode_line_breaks_in_text_reads(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    text = "Armstrong\u2028Aldrin\u0085Collins"
    path.write_text(json.dumps({"_id": "p1", "text": text}, ensure_ascii=False) + "\n")
    assert load_corpus(path).unwrap().corpus.passages == (Passage("p1", text, ""),)


@pytest.mark.parametrize("content", [b"", b"\n\n  \n", b"\r\n"], ids=["empty", "blank", "crlf"])
def test_a_corpus_with_no_passages_is_a_file_error(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "c.jsonl"
    path.write_bytes(content)
    error = load_corpus(path).failure()
    assert error == CorpusFileError(str(path), NO_PASSAGES)


def test_dev_null_as_a_corpus_is_a_file_error() -> None:
    assert load_corpus(Path("/dev/null")).failure() == CorpusFileError("/dev/null", NO_PASSAGES)


def _run(tmp_path: Path, corpus: Path, questions: Path) -> int:
    arguments = ["run", *BM25, "--corpus", str(corpus), "--questions", str(questions)]
    arguments += ["--output", str(tmp_path / "r.trec"), "--backend", "memory", "--quiet"]
    return main(arguments)


@pytest.mark.parametrize("corpus", ["empty", "blank", "/dev/null"])
def test_run_over_an_empty_corpus_exits_2_and_writes_no_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], corpus: str
) -> None:
    path = Path(corpus) if corpus.startswith("/") else tmp_path / "c.jsonl"
    if corpus == "empty":
        path.write_bytes(b"")
    elif corpus == "blank":
        path.write_bytes(b"\n \n")
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps(QUESTION) + "\n", encoding="utf-8")
    assert _run(tmp_path, path, questions) == 2
    err = capsys.readouterr().err
    assert "holds no passages" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "r.trec").exists()


@pytest.mark.parametrize("character", ["\x00", "\x1b", "\x7f", "\x80", "\x9b"])
def test_a_corpus_id_with_a_control_character_is_refused(tmp_path: Path, character: str) -> None:
    path = tmp_path / "c.jsonl"
    lines = [{"_id": "p1", "text": "fine"}, {"_id": f"p{character}2", "text": "x"}]
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    error = load_corpus(path).failure()
    assert isinstance(error, CorpusLineError)
    assert (error.line, error.field) == (2, "_id")
    assert f"control character U+{ord(character):04X}" in error.problem


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"id": "q\x001"}, "id"),
        ({"conversation_id": "c\x1b[2J"}, "conversation_id"),
        ({"gold": ["p\x001"]}, "gold[0]"),
        ({"stale": ["s\x7f"]}, "stale[0]"),
    ],
)
def test_question_ids_with_a_control_character_are_refused(
    tmp_path: Path, changes: dict[str, object], field: str
) -> None:
    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps({**QUESTION, **changes}) + "\n", encoding="utf-8")
    (error,) = read_questions(path).failure().errors
    assert (error.line, error.field) == (1, field)
    assert "control character" in error.message


@pytest.mark.parametrize(
    ("changes", "field", "cap"),
    [
        ({"final": "x" * (QUESTION_CHARS + 1)}, "final", QUESTION_CHARS),
        (
            {"turns": [{"question": "q" * (QUESTION_CHARS + 1), "answer": "a"}]},
            "turns[0].question",
            QUESTION_CHARS,
        ),
        (
            {"turns": [{"question": "q", "answer": "a" * (ANSWER_CHARS + 1)}]},
            "turns[0].answer",
            ANSWER_CHARS,
        ),
        ({"rewrite": "r" * (QUESTION_CHARS + 1)}, "rewrite", QUESTION_CHARS),
    ],
)
def test_an_oversized_question_or_answer_is_refused_naming_the_cap(
    tmp_path: Path, changes: dict[str, object], field: str, cap: int
) -> None:
    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps({**QUESTION, **changes}) + "\n", encoding="utf-8")
    (error,) = read_questions(path).failure().errors
    assert (error.line, error.field) == (1, field)
    assert f"the cap is {cap:,}" in error.message


def test_questions_at_the_caps_are_read(tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    turns = [{"question": "q" * QUESTION_CHARS, "answer": "a" * ANSWER_CHARS}]
    record = {**QUESTION, "final": "f" * QUESTION_CHARS, "turns": turns}
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    assert isinstance(read_questions(path), Success)


def test_run_with_a_56_mb_final_question_exits_2_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus, questions = tmp_path / "c.jsonl", tmp_path / "q.jsonl"
    corpus.write_text(json.dumps({"_id": "p1", "text": "Neil Armstrong walked."}) + "\n")
    final = "who walked on the moon? " * (56 * 1024 * 1024 // 24)
    questions.write_text(json.dumps({**QUESTION, "final": final}) + "\n", encoding="utf-8")
    assert _run(tmp_path, corpus, questions) == 2
    err = capsys.readouterr().err
    assert f"final: is {len(final):,} characters long; the cap is {QUESTION_CHARS:,}" in err
    assert "Traceback" not in err
    assert isinstance(read_questions(questions), Failure)


@given(st.text(min_size=1, max_size=12))
def test_every_passage_id_the_corpus_accepts_survives_a_trec_run(doc_id: str) -> None:
    """ACCEPTED-IDS-ROUND-TRIP: a passage id the corpus reader accepts is written to a TREC
    run and read back unchanged (no whitespace, control or line-breaking character in it)."""
    with tempfile.TemporaryDirectory() as folder:
        corpus, run = Path(folder) / "c.jsonl", Path(folder) / "r.trec"
        corpus.write_text(json.dumps({"_id": doc_id, "text": "x"}) + "\n", encoding="utf-8")
        loaded = load_corpus(corpus)
        if isinstance(loaded, Failure):
            assert isinstance(loaded.failure(), CorpusLineError)
            return
        written = {"q1": Ranking((Hit(doc_id, 1.0),))}
        write_run(run, written, "t")
        assert read_run(run) == Success(written)
