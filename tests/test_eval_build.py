"""MTRAG reading and the builders, on hand-made conversations (and the shared data if present)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from memcore.eval.datasets import build
from memcore.eval.datasets.families import wording_for
from memcore.eval.datasets.mtrag import (
    Context,
    MtragConversation,
    MtragTurn,
    PoolPassage,
    load_conversations,
    load_rewrites,
)
from memcore.eval.datasets.questions import read_questions
from memcore.eval.datasets.split import split_conversations
from memcore.eval.datasets.write_sets import build_mtrag

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "mtrag"


def _turn(number: int, question: str, *gold: tuple[str, str], multi: str = "N/A") -> MtragTurn:
    contexts = tuple(Context(doc_id, title, f"text of {doc_id}", True) for doc_id, title in gold)
    return MtragTurn(number, question, f"answer {number}", multi, contexts)


def _message_pair(question: str, multi: str, contexts: list[Any]) -> list[object]:
    return [
        {"speaker": "user", "text": question, "enrichments": {"Multi-Turn": [multi]}},
        {"speaker": "agent", "text": f"re: {question}", "contexts": contexts},
    ]


def _write_mtrag(root: Path) -> None:
    judged = [
        {
            "document_id": "p1",
            "title": "Apollo 11",
            "text": "t",
            "feedback": {
                "relevant": {
                    "author": {"value": "yes", "timestamp": 5},
                    "editor": {"value": "no", "timestamp": 9},
                }
            },
        },
        {
            "document_id": "p2",
            "title": "Apollo 11",
            "text": "t",
            "feedback": {
                "relevant": {
                    "author": {"value": "no", "timestamp": 5},
                    "editor": {"value": "yes", "timestamp": 9},
                }
            },
        },
    ]
    messages = [
        *_message_pair("who flew apollo 11?", "N/A", judged),
        *_message_pair("I meant the landing date", "Clarification", []),
    ]
    conversation = {
        "messages": messages,
        "retriever": {"collection": {"name": "mt-rag-clapnq-elser-512"}},
    }
    (root / "conversations").mkdir(parents=True)
    (root / "conversations" / "7.json").write_text(json.dumps(conversation))
    tasks = root / "ibm" / "mtrag-human" / "retrieval_tasks" / "clapnq"
    tasks.mkdir(parents=True)
    (tasks / "clapnq_questions.jsonl").write_text(
        json.dumps(
            {
                "_id": "abc<::>2",
                "text": "|user|: who flew apollo 11?\n|user|: I meant the landing date",
            }
        )
        + "\n"
    )
    (tasks / "clapnq_rewrite.jsonl").write_text(
        json.dumps({"_id": "abc<::>1", "text": "|user|: Who flew Apollo 11?"}) + "\n"
    )


def test_reading_mtrag_latest_feedback_and_conversation_ids(tmp_path: Path) -> None:
    _write_mtrag(tmp_path)
    (conversation,) = load_conversations(tmp_path).unwrap()
    assert conversation.id == "abc"
    assert conversation.domain == "clapnq"
    first, second = conversation.turns
    # p1's latest judgement (timestamp 9) is "no", p2's is "yes".
    assert first.gold == ("p2",)
    assert first.topic == "Apollo 11"
    assert second.multi_turn == "Clarification"
    assert not second.answerable
    assert load_rewrites(tmp_path) == {"abc::1": "Who flew Apollo 11?"}


def test_missing_conversations_folder_is_a_failure(tmp_path: Path) -> None:
    assert "no MTRAG conversations" in str(load_conversations(tmp_path).failure())


CONVERSATION = MtragConversation(
    "c1",
    "1.json",
    "clapnq",
    (
        _turn(1, "what is the Nile?", ("n1", "Nile")),
        _turn(2, "how long is it?", ("n2", "Nile")),
        _turn(3, "and the Amazon river?", ("a1", "Amazon River")),
        _turn(4, "where does it flow?", ("a2", "Amazon River")),
        _turn(5, "which is older, the Congo?", ("k1", "Congo River")),
        _turn(
            6, "back to the first one, where does it start?", ("n3", "Nile"), multi="Clarification"
        ),
        _turn(7, "no sources here"),
    ),
)
REWRITES = {"c1::6": "where does the Nile start", "c1::2": "how long is the Nile"}


def test_natural_set_and_clarification_subset() -> None:
    natural = build.natural_set((CONVERSATION,), REWRITES)
    assert [question.id for question in natural] == [f"c1::{n}" for n in range(1, 7)]
    sixth = natural[5]
    assert len(sixth.dialogue.turns) == 5
    assert sixth.judgement.gold == ("n3",)
    assert sixth.judgement.rewrite == "where does the Nile start"
    clarifications = build.natural_set((CONVERSATION,), REWRITES, clarifications_only=True)
    assert [question.id for question in clarifications] == ["clarification.c1::6"]
    assert clarifications[0].judgement.tier == "clarification"


def test_natural_return_depth_counts_pages_in_between() -> None:
    (found,) = build.natural_returns((CONVERSATION,), REWRITES)
    # Nile, then Amazon River and Congo River: a return over two pages.
    assert found.judgement.tier == build.RETURN_2PLUS
    assert found.dialogue.final == "back to the first one, where does it start?"
    assert found.judgement.source == "c1::6"


def test_a_return_that_names_its_page_is_not_kept() -> None:
    named = MtragConversation(
        "c2",
        "2.json",
        "clapnq",
        (
            _turn(1, "q", ("n1", "Nile")),
            _turn(2, "q", ("a1", "Amazon River")),
            _turn(3, "tell me about the nile again", ("n2", "Nile")),
        ),
    )
    assert build.natural_returns((named,), {}) == ()


def test_revisions_are_mirrored_with_shared_history() -> None:
    texts = {"n1": "The Nile is long.", "a1": "The Amazon is wide."}
    questions = build.revisions((CONVERSATION,), REWRITES, texts, wording_for(None, 0))
    # Two pairs (Nile/Amazon, Amazon/Congo) x three tiers x two mirrors.
    assert len(questions) == 12
    corrections = [q for q in questions if q.judgement.tier == build.CORRECTION]
    first, mirror = corrections[0], corrections[1]
    assert first.conversation_id == mirror.conversation_id
    assert first.dialogue.turns[:-1] == mirror.dialogue.turns[:-1]
    # History ends after the last turn about either page (turn 6), then the wrong answer.
    assert len(first.dialogue.turns) == 7
    assert first.judgement.gold == ("n1", "n2", "n3") and first.judgement.stale == ("a1", "a2")
    assert mirror.judgement.gold == ("a1", "a2") and mirror.judgement.stale == ("n1", "n2", "n3")
    assert first.dialogue.turns[-1].answer == "The Amazon is wide."
    # Lower-case families lower-case the names too.
    assert "nile" in first.dialogue.final.casefold()
    assert first.judgement.family is not None
    assert first.judgement.source == "c1::6" and mirror.judgement.source == "c1::4"
    follow_up = next(q for q in questions if q.judgement.tier == build.FOLLOW_UP)
    assert follow_up.dialogue.turns[-1].question == first.dialogue.final


def test_number_siblings_differ_in_exactly_one_number() -> None:
    siblings = build.number_siblings(["Season 1 of X", "Season 2 of X", "Season 2 of Y", "X 1 2"])
    assert siblings == {
        "Season 1 of X": (("Season 2 of X", "1", "2"),),
        "Season 2 of X": (("Season 1 of X", "2", "1"),),
    }


def test_value_revision_gold_is_the_sibling_page() -> None:
    pages = {"Cup 1998": ("w1", "w2"), "Cup 2002": ("v1",), "Nile": ("n1",)}
    texts = {"w1": "France won.", "v1": "Brazil won."}
    questions = build.value_revisions(
        (CONVERSATION,), pages, texts, random.Random(4), wording_for(None, 4)
    )
    # One item per page with a sibling, in title order: Cup 1998 first, revised to 2002.
    assert [q.judgement.gold for q in questions] == [("v1",), ("w1", "w2")]
    assert [q.judgement.stale for q in questions] == [("w1", "w2"), ("v1",)]
    assert "2002" in questions[0].dialogue.final
    assert "cup 1998" in questions[0].dialogue.turns[-1].question.casefold()
    assert questions[0].dialogue.turns[-1].answer == "France won."
    assert questions[0].judgement.rewrite is None


def _three_conversations() -> tuple[MtragConversation, ...]:
    def conversation(name: str, page: str) -> MtragConversation:
        return MtragConversation(
            name,
            f"{name}.json",
            "clapnq",
            (
                _turn(1, f"what is {page}?", (f"{name}1", page)),
                _turn(2, "more?", (f"{name}2", page)),
            ),
        )

    return (conversation("a", "Alpha"), conversation("b", "Beta"), conversation("c", "Gamma"))


def test_spliced_returns_make_other_topics_stale() -> None:
    questions = build.spliced_returns(
        _three_conversations(), {}, random.Random(2), wording_for(None, 2)
    )
    tiers = sorted(q.judgement.tier for q in questions)
    assert tiers == [build.RETURN_1] * 3 + [build.RETURN_2PLUS] * 3
    for question in questions:
        assert len(question.dialogue.turns) == 3
        assert len(question.judgement.stale) == 2
        assert not set(question.judgement.gold) & set(question.judgement.stale)
    back = next(q for q in questions if q.judgement.tier == build.RETURN_2PLUS)
    assert back.judgement.source is not None
    assert back.judgement.gold == (f"{back.judgement.source.split('::')[0]}2",)


def test_build_domain_keeps_gold_inside_the_corpus() -> None:
    pool = [PoolPassage(doc, "clapnq", "Nile", "t") for doc in ("n1", "n2")]
    questions = build.build_domain((CONVERSATION,), REWRITES, pool, seed=1, part="test")
    assert questions
    for question in questions:
        assert set(question.judgement.gold) <= {"n1", "n2"}
        assert set(question.judgement.stale) <= {"n1", "n2"}


def test_split_is_deterministic_and_per_domain() -> None:
    pairs = [(f"c{i}", "x" if i % 2 else "y") for i in range(12)]
    first = split_conversations(pairs, seed=13)
    assert first == split_conversations(list(reversed(pairs)), seed=13)
    assert len(first.dev) == 4 and len(first.test) == 8
    assert first.dev | first.test == {name for name, _ in pairs}
    assert sum(1 for name, domain in pairs if domain == "x" and name in first.dev) == 2


@pytest.mark.shared_data
def test_build_mtrag_from_shared_data(tmp_path: Path) -> None:
    if not SHARED.is_dir():
        pytest.skip("the shared MTRAG data is not beside this checkout")
    counts = build_mtrag(SHARED, tmp_path, seed=13).unwrap()
    assert counts == build_mtrag(SHARED, tmp_path / "again", seed=13).unwrap()
    # Every conversation once across the split parts (the fresh part re-words the test part).
    natural = sum(
        counts[part][domain]["natural"] for part in ("dev", "test") for domain in counts[part]
    )
    assert natural == 777
    test_clapnq = read_questions(tmp_path / "test" / "clapnq.jsonl").unwrap()
    assert len({q.id for q in test_clapnq}) == len(test_clapnq)
    assert "cloud" not in {q.judgement.tier for q in test_clapnq}
    corpus_ids = {
        json.loads(line)["_id"]
        for line in (tmp_path / "corpus" / "clapnq.jsonl").read_text().splitlines()
    }
    for question in test_clapnq:
        assert set(question.judgement.gold) <= corpus_ids
        assert not set(question.judgement.gold) & set(question.judgement.stale)
    assert set(counts["test"]["cloud"]) == {"natural", "clarification"}
    # Test questions are written in test families only (dev in tuning families only).
    families = json.loads((tmp_path / "families.json").read_text())
    for question in test_clapnq:
        if question.judgement.tier in build.FINAL_KINDS and question.judgement.family:
            kind = build.FINAL_KINDS[question.judgement.tier].name
            assert question.judgement.family in families["kinds"][kind]["test"]
    dev_clapnq = read_questions(tmp_path / "dev" / "clapnq.jsonl").unwrap()
    dev_families = {q.judgement.family for q in dev_clapnq if q.judgement.tier == "correction"}
    assert dev_families and dev_families <= set(families["kinds"]["correction"]["tuning"])


def test_revision_gold_is_the_whole_target_page_when_pages_are_given() -> None:
    texts = {"n1": "The Nile is long.", "a1": "The Amazon is wide."}
    pages = {"Nile": ("n1", "n2", "n3", "n9"), "Amazon River": ("a1", "a2", "a7")}
    questions = build.revisions((CONVERSATION,), REWRITES, texts, wording_for(None, 0), pages)
    first = next(q for q in questions if q.id.endswith(".0.a"))
    assert first.judgement.gold == ("n1", "n2", "n3", "n9")
    assert first.judgement.stale == ("a1", "a2", "a7")
    # The wrong answer still quotes a passage judged relevant in the conversation.
    assert first.dialogue.turns[-1].answer == "The Amazon is wide."


def test_a_clarification_is_never_the_target_of_a_splice() -> None:
    first, second, third = _three_conversations()
    clarified = MtragConversation(
        "a",
        "a.json",
        "clapnq",
        (
            first.turns[0],
            _turn(2, "no, I meant the other one", ("a2", "Alpha"), multi="Clarification"),
        ),
    )
    questions = build.spliced_returns(
        (clarified, second, third), {}, random.Random(2), wording_for(None, 2)
    )
    assert all(question.judgement.source != "a::2" for question in questions)
    assert all(not question.id.startswith("return-2plus.spliced.a.") for question in questions)
