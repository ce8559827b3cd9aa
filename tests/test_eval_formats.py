"""The questions format, its split into what systems see, and TREC runs."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from returns.result import Failure, Success

from memcore.eval.datasets.questions import (
    JUDGEMENT_FIELDS,
    OPTIONAL_FIELDS,
    REQUIRED_FIELDS,
    Dialogue,
    Judgement,
    Question,
    Turn,
    parse_questions,
    question_record,
    read_questions,
    write_questions,
)
from memcore.eval.runs.trec import parse_run, read_run, run_lines, write_run
from memcore.search.values import Hit, Ranking

RECORD = {
    "id": "c1::2",
    "conversation_id": "c1",
    "tier": "correction",
    "turns": [{"question": "who won in 1998?", "answer": "France won."}],
    "final": "No, I meant 2002.",
    "gold": ["p2"],
    "stale": ["p1"],
    "rewrite": "who won the world cup in 2002",
    "source": "src7::3",
}


def _line(**changes: object) -> str:
    record = {**RECORD, **changes}
    return json.dumps({key: value for key, value in record.items() if value is not ...})


def test_a_record_splits_into_dialogue_and_judgement() -> None:
    question = parse_questions([_line()]).unwrap()[0]
    assert question.dialogue == Dialogue(
        (Turn("who won in 1998?", "France won."),), "No, I meant 2002."
    )
    assert question.judgement == Judgement(
        "correction", ("p2",), ("p1",), "who won the world cup in 2002", "src7::3"
    )
    # The system's view carries no evaluation field at all.
    assert {field.name for field in attrs.fields(Dialogue)} == {"turns", "final"}
    assert question.dialogue.questions() == ("who won in 1998?", "No, I meant 2002.")


def test_group_is_the_source_conversation_or_the_conversation() -> None:
    with_source = parse_questions([_line()]).unwrap()[0]
    without = parse_questions([_line(source=...)]).unwrap()[0]
    assert with_source.group == "src7"
    assert without.group == "c1"


def test_errors_name_line_and_field_and_all_are_reported() -> None:
    lines = [
        _line(),
        "",
        _line(id="has space"),
        "{not json",
        _line(id="x", gold=[]),
        _line(id="y", golds=["p"]),
        _line(id="z", stale=["p2"]),
        _line(),
    ]
    result = parse_questions(lines, "q.jsonl")
    assert isinstance(result, Failure)
    found = [(error.line, error.field) for error in result.failure().errors]
    assert found == [
        (3, "id"),
        (4, "$"),
        (5, "gold"),
        (6, "golds"),
        (7, "stale"),
        (8, "id"),
    ]
    assert "duplicate id 'c1::2' (line 1)" in str(result.failure())


def test_turns_must_have_exactly_question_and_answer() -> None:
    result = parse_questions([_line(turns=[{"question": "q"}])])
    assert isinstance(result, Failure)
    assert result.failure().errors[0].field == "turns[0]"


def test_questions_round_trip_through_a_file(tmp_path: Path) -> None:
    question = parse_questions([_line()]).unwrap()[0]
    plain = Question("q2", "c2", Dialogue((), "hello"), Judgement("natural", ("a",), ()))
    path = tmp_path / "sets" / "q.jsonl"
    write_questions(path, (question, plain))
    assert read_questions(path) == Success((question, plain))
    assert "rewrite" not in path.read_text().splitlines()[1]


def test_missing_file_is_a_failure_value(tmp_path: Path) -> None:
    result = read_questions(tmp_path / "absent.jsonl")
    assert isinstance(result, Failure)
    assert result.failure().errors[0].line == 0


def test_trec_lines_rank_from_one_and_cut_at_depth(tmp_path: Path) -> None:
    run = {"q1": Ranking((Hit("a", 2.5), Hit("b", 1.0), Hit("c", 0.5))), "q2": Ranking()}
    assert list(run_lines(run, "bm25", depth=2)) == [
        "q1 Q0 a 1 2.500000 bm25",
        "q1 Q0 b 2 1.000000 bm25",
    ]
    path = tmp_path / "run.trec"
    write_run(path, run, "bm25")
    assert read_run(path) == Success({"q1": Ranking((Hit("a", 2.5), Hit("b", 1.0), Hit("c", 0.5)))})


def test_trec_reader_orders_by_rank_column_and_reports_bad_lines() -> None:
    parsed = parse_run(["q Q0 b 2 1.0 t", "q Q0 a 1 1.0 t"]).unwrap()
    assert parsed["q"].ids() == ("a", "b")
    bad = parse_run(["q Q0 a 1 1.0", "q Q0 a x 1.0 t"], "r.trec")
    assert isinstance(bad, Failure)
    assert [(error.line, error.field) for error in bad.failure().errors] == [
        (1, "$"),
        (2, "rank/score"),
    ]


SCHEMAS = Path(__file__).resolve().parents[1] / "docs" / "schemas"


def test_the_published_questions_schema_matches_the_reader() -> None:
    schema = json.loads((SCHEMAS / "questions.schema.json").read_text())
    assert tuple(schema["required"]) == REQUIRED_FIELDS
    known = set(REQUIRED_FIELDS) | set(JUDGEMENT_FIELDS) | set(OPTIONAL_FIELDS)
    assert set(schema["properties"]) == known
    assert schema["additionalProperties"] is False


def test_the_published_corpus_schema_names_the_beir_fields() -> None:
    schema = json.loads((SCHEMAS / "corpus.schema.json").read_text())
    assert schema["required"] == ["_id", "text"]
    assert set(schema["properties"]) == {"_id", "title", "text"}


def test_written_records_validate_against_the_schema(tmp_path: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((SCHEMAS / "questions.schema.json").read_text())
    question = parse_questions([_line()]).unwrap()[0]
    path = tmp_path / "q.jsonl"
    write_questions(path, (question,))
    jsonschema.validate(json.loads(path.read_text()), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**RECORD, "gold": []}, schema)


_IDS = st.text(alphabet=st.characters(blacklist_categories=("Z", "C")), min_size=1, max_size=8)
_TEXT = st.text(max_size=20)


@given(
    question_id=_IDS,
    conversation_id=_IDS,
    turns=st.lists(st.tuples(_TEXT, _TEXT), max_size=3),
    final=_TEXT.filter(lambda text: bool(text.strip())),
    gold=st.lists(_IDS, min_size=1, max_size=3, unique=True),
    rewrite=st.none() | _TEXT,
)
def test_any_valid_question_survives_writing_and_reading(
    question_id: str,
    conversation_id: str,
    turns: list[tuple[str, str]],
    final: str,
    gold: list[str],
    rewrite: str | None,
) -> None:
    question = Question(
        question_id,
        conversation_id,
        Dialogue(tuple(Turn(q, a) for q, a in turns), final),
        Judgement("tier", tuple(gold), (), rewrite),
    )
    lines = [json.dumps(question_record(question))]
    assert parse_questions(lines) == Success((question,))


_FINALS = st.text(alphabet=" \t\n\u00a0\u2003ab?", max_size=6)
_OPTIONAL_IDS = st.none() | st.sampled_from(("src7::3", "terse", "", " ", "a b"))


@given(final=_FINALS, source=_OPTIONAL_IDS, family=_OPTIONAL_IDS)
def test_the_schema_accepts_a_record_exactly_when_the_reader_does(
    final: str, source: str | None, family: str | None
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((SCHEMAS / "questions.schema.json").read_text())
    record = {**RECORD, "final": final, "source": source, "family": family}
    read = parse_questions([json.dumps(record)])
    valid = jsonschema.Draft202012Validator(schema).is_valid(record)
    assert valid == isinstance(read, Success), (record, read)
