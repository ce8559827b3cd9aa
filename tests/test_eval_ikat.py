"""The iKAT 2023 retrieval set: corpus, questions and counts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memcore.cli import main
from memcore.eval.datasets.ikat import build_ikat, passages_path, topics_path
from memcore.eval.datasets.questions import read_questions

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "ikat"


def _turn(turn_id: int, utterance: str, provenance: list[str]) -> dict[str, Any]:
    return {
        "turn_id": turn_id,
        "utterance": utterance,
        "resolved_utterance": f"resolved {utterance}",
        "response": f"answer {turn_id}",
        "ptkb_provenance": [],
        "response_provenance": provenance,
    }


def _write_ikat(root: Path) -> None:
    folder = root / "2023" / "data"
    folder.mkdir(parents=True)
    train = [
        {
            "number": "1-1",
            "title": "t",
            "ptkb": {"1": "I live in Utrecht."},
            "turns": [
                _turn(1, "Help me pick a university.", []),
                _turn(2, "Which one is best?", ["doc-a:0", "doc-b:1"]),
                _turn(3, "And the cheapest?", ["doc-missing:0"]),
            ],
        }
    ]
    test = [
        {"number": "9-1", "title": "t", "ptkb": {}, "turns": [_turn(1, "A diet?", ["doc-b:1"])]}
    ]
    topics_path(root, "train").write_text(json.dumps(train))
    topics_path(root, "test").write_text(json.dumps(test))
    passages = {
        "train": [("doc-a", "0", "\n Alpha text \n"), ("doc-b", "1", "Beta")],
        "test": [("doc-b", "1", "Beta"), ("doc-c", "2", "Gamma")],
    }
    for part, rows in passages.items():
        lines = [json.dumps({"doc_id": d, "passage_id": p, "passage_text": t}) for d, p, t in rows]
        passages_path(root, part).write_text("\n".join(lines) + "\n")


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_build_ikat_writes_the_union_corpus_and_one_question_per_turn_with_provenance(
    tmp_path: Path,
) -> None:
    _write_ikat(tmp_path / "ikat")
    counts = build_ikat(tmp_path / "ikat", tmp_path / "out").unwrap()
    assert counts == {"dev": {"ikat": {"natural": 1}}, "test": {"ikat": {"natural": 1}}}
    corpus = _lines(tmp_path / "out" / "corpus" / "ikat.jsonl")
    assert corpus == [
        {"_id": "doc-a:0", "title": "", "text": "Alpha text"},
        {"_id": "doc-b:1", "title": "", "text": "Beta"},
        {"_id": "doc-c:2", "title": "", "text": "Gamma"},
    ]
    (dev,) = read_questions(tmp_path / "out" / "dev" / "ikat.jsonl").unwrap()
    assert dev.id == "1-1::2"
    assert dev.conversation_id == "1-1"
    assert dev.group == "1-1"
    assert [(t.question, t.answer) for t in dev.dialogue.turns] == [
        ("Help me pick a university.", "answer 1")
    ]
    assert dev.dialogue.final == "Which one is best?"
    assert dev.judgement.gold == ("doc-a:0", "doc-b:1")
    assert dev.judgement.rewrite == "resolved Which one is best?"
    assert dev.judgement.tier == "natural"
    assert dev.judgement.source == "1-1::2"
    (test,) = read_questions(tmp_path / "out" / "test" / "ikat.jsonl").unwrap()
    assert (test.id, test.dialogue.turns, test.judgement.gold) == ("9-1::1", (), ("doc-b:1",))
    assert json.loads((tmp_path / "out" / "counts.json").read_text()) == counts
    assert json.loads((tmp_path / "out" / "split.json").read_text()) == {
        "dev": ["1-1"],
        "test": ["9-1"],
    }


def test_a_passage_id_with_whitespace_is_refused(tmp_path: Path) -> None:
    _write_ikat(tmp_path / "ikat")
    row = {"doc_id": "doc a", "passage_id": "0", "passage_text": "x"}
    passages_path(tmp_path / "ikat", "test").write_text(json.dumps(row) + "\n")
    failure = build_ikat(tmp_path / "ikat", tmp_path / "out").failure()
    assert failure.line == 1
    assert "whitespace" in failure.message


def test_build_ikat_cli_exits_2_on_a_missing_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["build-ikat", "--data", str(tmp_path / "none"), "--out", str(tmp_path / "o")])
    assert status == 2
    error = capsys.readouterr().err
    assert error.startswith("memcore build-ikat: ")
    assert len(error.strip().splitlines()) == 1


def test_build_ikat_cli_prints_the_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write_ikat(tmp_path / "ikat")
    status = main(["build-ikat", "--data", str(tmp_path / "ikat"), "--out", str(tmp_path / "o")])
    assert status == 0
    assert json.loads(capsys.readouterr().out)["test"] == {"ikat": {"natural": 1}}


@pytest.mark.shared_data
def test_build_ikat_from_shared_data(tmp_path: Path) -> None:
    if not SHARED.is_dir():
        pytest.skip("../shared/data/ikat is absent")
    counts = build_ikat(SHARED, tmp_path).unwrap()
    assert counts == {"dev": {"ikat": {"natural": 76}}, "test": {"ikat": {"natural": 280}}}
    split = json.loads((tmp_path / "split.json").read_text())
    assert (len(split["dev"]), len(split["test"])) == (11, 25)
    corpus_ids = {record["_id"] for record in _lines(tmp_path / "corpus" / "ikat.jsonl")}
    assert len(corpus_ids) == 894
    without_rewrite = []
    for part in ("dev", "test"):
        for question in read_questions(tmp_path / part / "ikat.jsonl").unwrap():
            assert set(question.judgement.gold) <= corpus_ids
            if question.judgement.rewrite is None:
                without_rewrite.append(question.id)
    # The one turn whose resolved_utterance is empty upstream.
    assert without_rewrite == ["12-1::12"]
