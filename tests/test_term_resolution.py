"""The query-resolution metric, the writer pass over rewrite conversations and `eval-terms`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.cli import main
from memcore.eval.datasets.rewrites import RewriteConversation, RewriteTurn
from memcore.eval.runs.term_run import resolve_conversations
from memcore.eval.scores.bootstrap import RatioObservation, ratio_bootstrap
from memcore.eval.scores.term_resolution import (
    TurnTerms,
    gold_terms,
    predicted_terms,
    score_turns,
    terms,
)
from memcore.writers.driver import Driver
from memcore.writers.rules import RuleWriter
from rewrite_support import write_cast, write_ikat

HISTORY = ("What is throat cancer?", "Throat cancer is a cancer of the pharynx or larynx.")


def test_gold_terms_are_rewrite_terms_missing_from_the_utterance_but_in_the_history() -> None:
    gold = gold_terms("Is it treatable?", "Is throat cancer treatable in adults?", HISTORY)
    # "adults" is new in the rewrite but not in the history: the rewriter's own knowledge.
    assert gold == {"throat", "cancer"}


def test_predicted_terms_are_query_terms_missing_from_the_utterance() -> None:
    assert predicted_terms("Is it treatable?", "throat cancer treatable larynx") == {
        "throat",
        "cancer",
        "larynx",
    }


def test_turn_recall_and_precision_by_hand() -> None:
    turn = TurnTerms("c", frozenset({"throat", "cancer"}), frozenset({"throat", "larynx", "x"}))
    assert (turn.hits, turn.recall, turn.precision) == (1, 0.5, 1 / 3)
    assert TurnTerms("c", frozenset(), frozenset()).recall is None
    assert TurnTerms("c", frozenset({"a"}), frozenset()).precision is None


def test_micro_scores_sum_over_turns_with_gold_terms_only() -> None:
    turns = [
        TurnTerms("a", frozenset({"t1", "t2"}), frozenset({"t1"})),
        TurnTerms("b", frozenset({"t3", "t4", "t5"}), frozenset({"t3", "t4", "x", "y"})),
        # No gold terms: left out, its predicted terms do not count against precision.
        TurnTerms("c", frozenset(), frozenset({"z"})),
    ]
    scores = score_turns(turns, samples=200)
    assert (scores.turns, scores.gold_terms, scores.predicted_terms, scores.hits) == (2, 5, 5, 3)
    assert scores.recall is not None and scores.precision is not None
    assert scores.recall.mean == pytest.approx(3 / 5)
    assert scores.precision.mean == pytest.approx(3 / 5)
    assert scores.f1 == pytest.approx(3 / 5)
    assert scores.recall.low <= 0.6 <= scores.recall.high


def test_no_added_terms_gives_no_precision_and_no_f1() -> None:
    scores = score_turns([TurnTerms("a", frozenset({"t"}), frozenset())], samples=50)
    assert scores.recall is not None and scores.recall.mean == 0.0
    assert (scores.precision, scores.f1) == (None, None)
    assert score_turns([], samples=50).recall is None


def test_ratio_bootstrap_of_one_group_is_its_ratio() -> None:
    interval = ratio_bootstrap([RatioObservation("g", 1, 4), RatioObservation("g", 2, 2)])
    assert interval is not None
    assert (interval.mean, interval.low, interval.high) == (0.5, 0.5, 0.5)


words = st.lists(st.sampled_from(["throat", "cancer", "lung", "it", "is", "spread", "the"]))


@given(words, words, st.lists(words, max_size=3), words)
def test_recall_and_precision_lie_in_the_unit_interval_and_the_rewrite_recalls_all(
    utterance: list[str], rewrite: list[str], history: list[list[str]], query: list[str]
) -> None:
    said, written = " ".join(utterance), " ".join(rewrite)
    earlier = [" ".join(text) for text in history]
    gold = gold_terms(said, written, earlier)
    turn = TurnTerms("g", gold, predicted_terms(said, " ".join(query)))
    for value in (turn.recall, turn.precision):
        assert value is None or 0.0 <= value <= 1.0
    # A query equal to the human rewrite adds every gold term; the raw utterance adds none.
    assert TurnTerms("g", gold, predicted_terms(said, written)).recall in (None, 1.0)
    assert predicted_terms(said, said) == frozenset()
    assert gold <= terms(written)


def test_resolve_scores_a_turn_shared_by_two_paths_once() -> None:
    first = RewriteTurn("Tell me about throat cancer.", "Tell me about throat cancer.", "")
    conversations = [
        RewriteConversation("cast2022", "132/1", (first, RewriteTurn("Is it bad?", "x", ""))),
        RewriteConversation("cast2022", "132/2", (first, RewriteTurn("Cost?", "y", ""))),
    ]
    resolved = resolve_conversations(conversations, Driver(RuleWriter()))
    assert [(t.conversation_id, t.turn) for t in resolved.turns] == [
        ("132/1", 1),
        ("132/1", 2),
        ("132/2", 2),
    ]
    assert {t.terms.group for t in resolved.turns} == {"cast2022:132"}
    assert resolved.failures == 0


def test_resolve_scores_the_rule_writers_query_against_the_history() -> None:
    conversation = RewriteConversation(
        "cast2019",
        "31",
        (
            RewriteTurn("What is throat cancer?", "What is throat cancer?", ""),
            RewriteTurn("Is it treatable?", "Is throat cancer treatable?", ""),
        ),
    )
    resolved = resolve_conversations([conversation], Driver(RuleWriter()))
    first, second = resolved.turns
    assert first.terms.gold == frozenset()
    assert second.terms.gold == {"throat", "cancer"}
    assert second.terms.predicted == predicted_terms("Is it treatable?", second.query)


def _data(tmp_path: Path) -> Path:
    write_cast(tmp_path / "trec_cast")
    write_ikat(tmp_path / "ikat")
    return tmp_path


def test_eval_terms_prints_a_row_per_source_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _data(tmp_path)
    output = tmp_path / "terms.json"
    arguments = ["eval-terms", "--data", str(data), "--part", "dev", "--samples", "50"]
    assert main([*arguments, "--output", str(output)]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split()[:3] == ["source", "turns", "gold"]
    written = json.loads(output.read_text())
    assert written["part"] == "dev"
    assert "ikat2023-train" in written["sources"]
    assert {turn["source"] for turn in written["turns"]} <= set(written["sources"])


@pytest.mark.parametrize(
    "extra", [["--sources", "cast2021"], ["--sources", ","], ["--writer", "nonsense"]]
)
def test_eval_terms_exits_2_on_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    assert main(["eval-terms", "--data", str(_data(tmp_path)), *extra]) == 2
    error = capsys.readouterr().err
    assert error.startswith("memcore eval-terms: ")
    assert len(error.strip().splitlines()) == 1


@pytest.mark.parametrize("extra", [["--part", "train"], ["--samples", "0"]])
def test_eval_terms_refuses_bad_options_with_status_2(tmp_path: Path, extra: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["eval-terms", "--data", str(tmp_path), *extra])
    assert exit_.value.code == 2


def test_eval_terms_exits_2_on_a_folder_without_the_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["eval-terms", "--data", str(tmp_path)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("memcore eval-terms: ")
    assert len(error.strip().splitlines()) == 1
