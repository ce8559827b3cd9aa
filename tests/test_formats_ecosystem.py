"""Formats of the IR ecosystem: unjudged questions, TREC/CAsT/BEIR topics, TREC qrels in and
out, and a per-tier `--limit` (issue 28, item 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_support import BM25, QUESTION, write_run_inputs
from memcore.cli import main
from memcore.eval.datasets.questions import (
    UNJUDGED_TIER,
    Dialogue,
    Judgement,
    Question,
    Turn,
    first_per_tier,
    read_questions,
)
from memcore.eval.datasets.topics import load_questions, parse_qrels, parse_topics, read_qrels

UNJUDGED = {key: value for key, value in QUESTION.items() if key not in ("gold", "stale", "tier")}


def _run_qids(path: Path) -> set[str]:
    return {line.split()[0] for line in path.read_text().splitlines()}


def test_run_ranks_questions_without_judgements(tmp_path: Path) -> None:
    """A questions line with no gold, stale or tier is ranked (tier `unjudged`)."""
    corpus, questions = write_run_inputs(tmp_path)
    questions.write_text(json.dumps(UNJUDGED) + "\n")
    question = read_questions(questions).unwrap()[0]
    assert question.judgement == Judgement(UNJUDGED_TIER, (), ())
    output = tmp_path / "run.trec"
    assert (
        main(
            [
                "run",
                "--corpus",
                str(corpus),
                "--questions",
                str(questions),
                "--output",
                str(output),
                "--quiet",
                *BM25,
            ]
        )
        == 0
    )
    assert _run_qids(output) == {"q1"}
    assert output.read_text().splitlines()[0].split()[2] == "cup2"


def test_an_empty_gold_list_is_still_refused(tmp_path: Path) -> None:
    """Leaving judgements out is allowed; an empty `gold` (a likely mistake) is not."""
    _, questions = write_run_inputs(tmp_path)
    questions.write_text(json.dumps({**QUESTION, "gold": []}) + "\n")
    assert "leave it out when unjudged" in str(read_questions(questions).failure())


def test_trec_topics_tsv_carry_conversation_and_turn_in_the_id(tmp_path: Path) -> None:
    """`31_2` is turn 2 of conversation 31; turns come in number order, earlier questions
    become the dialogue, with no answers."""
    topics = parse_topics("31_2\tIs it treatable?\n31_1\tWhat is throat cancer?\n7_1\tHi\n")
    by_id = {question.id: question for question in topics.unwrap()}
    assert by_id["31_2"].conversation_id == "31"
    assert by_id["31_2"].dialogue == Dialogue(
        (Turn("What is throat cancer?", ""),), "Is it treatable?"
    )
    assert by_id["31_1"].dialogue.turns == ()
    assert by_id["7_1"].judgement.tier == UNJUDGED_TIER
    bad = parse_topics("nounderscore\tWhat?\n")
    assert "names no conversation and turn" in str(bad.failure())


def test_cast_xml_topics_lose_their_indri_operators() -> None:
    """CAsT's topic XML: `<query><number>`, `<text>` with `#combine( ... )` taken off."""
    xml = (
        "<parameters><index>x</index>"
        "<query><number>1_1</number><text>#combine(physician assistant )</text></query>"
        "<query><number>1_2</number><text>#combine(educational requirements )</text></query>"
        "<query><number>1_3</number><text>#combine()</text></query>"
        "</parameters>"
    )
    questions = parse_topics(xml).unwrap()
    assert [q.dialogue.final for q in questions] == [
        "physician assistant",
        "educational requirements",
    ]
    assert questions[1].dialogue.questions() == ("physician assistant", "educational requirements")


def test_beir_queries_name_their_conversation_in_metadata() -> None:
    """BEIR `queries.jsonl`: `metadata.conversation_id` and `metadata.turn`, else the id."""
    lines = [
        {"_id": "b", "text": "who commanded it?", "metadata": {"conversation_id": "c", "turn": 2}},
        {
            "_id": "a",
            "text": "tell me about apollo 12",
            "metadata": {"conversation_id": "c", "turn": 1},
        },
        {"_id": "x_3", "text": "and then?"},
    ]
    questions = parse_topics("".join(json.dumps(line) + "\n" for line in lines)).unwrap()
    by_id = {question.id: question for question in questions}
    assert by_id["b"].dialogue.questions() == ("tell me about apollo 12", "who commanded it?")
    assert (by_id["x_3"].conversation_id, by_id["x_3"].dialogue.turns) == ("x", ())
    missing_turn = json.dumps({"_id": "q", "text": "t", "metadata": {"conversation_id": "c"}})
    assert "metadata.turn" in str(parse_topics(missing_turn + "\n").failure())


def test_qrels_round_trip_through_export(tmp_path: Path) -> None:
    """`memcore export-qrels` writes gold as grade 1 and stale as grade 0; reading the file
    back gives each question's gold."""
    _, questions = write_run_inputs(tmp_path)
    record = {**QUESTION, "stale": ["nile1"]}
    questions.write_text(json.dumps(record) + "\n" + json.dumps(UNJUDGED | {"id": "q2"}) + "\n")
    output = tmp_path / "out" / "qrels.txt"
    assert main(["export-qrels", "--questions", str(questions), "--output", str(output)]) == 0
    assert output.read_text() == "q1 0 cup2 1\nq1 0 nile1 0\n"
    qrels = read_qrels(output).unwrap()
    assert qrels.gold("q1") == ("cup2",) and qrels.gold("q2") == ()
    assert "grade" in str(parse_qrels(["q 0 d high"]).failure())


def test_eval_takes_its_judgements_from_trec_qrels(tmp_path: Path) -> None:
    """Topics without judgements plus TREC qrels are scored; without qrels eval refuses."""
    pytest.importorskip("ir_measures")
    corpus, _ = write_run_inputs(tmp_path)
    topics = tmp_path / "topics.tsv"
    topics.write_text("c1_1\ttell me about football\nc1_2\twho won the 2002 world cup?\n")
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("c1_2 0 cup2 1\nc1_2 0 nile1 0\n")
    common = [
        "eval",
        "--corpus",
        str(corpus),
        "--questions",
        str(topics),
        "--systems",
        "original",
        "--errors",
        "0",
        "--samples",
        "20",
        "--quiet",
        *BM25,
    ]
    assert main([*common, "--output-dir", str(tmp_path / "unjudged")]) == 2
    assert main([*common, "--output-dir", str(tmp_path / "e"), "--qrels", str(qrels)]) == 0
    metrics = json.loads((tmp_path / "e" / "metrics.json").read_text())
    assert metrics["set_sizes"] == {UNJUDGED_TIER: 1}
    assert metrics["systems"]["original"]["sets"][UNJUDGED_TIER]["mrr@10"] == 1.0
    assert load_questions(topics).unwrap()[1].dialogue.turns[0].question == "tell me about football"


def _question(question_id: str, tier: str) -> Question:
    return Question(question_id, "c", Dialogue((), "q?"), Judgement(tier, ("p",), ()))


def test_limit_keeps_the_first_n_of_every_tier() -> None:
    """A file whose tiers follow one another keeps every tier under `--limit`, in file order."""
    questions = [_question(f"a{n}", "natural") for n in range(5)]
    questions += [_question(f"b{n}", "correction") for n in range(3)]
    kept = first_per_tier(questions, 2)
    assert [question.id for question in kept] == ["a0", "a1", "b0", "b1"]
    assert first_per_tier(questions, None) == tuple(questions)
