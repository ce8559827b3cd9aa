"""A shift past social remarks rejects nothing (spec/writer-learned.md#writer-learned.remark-shift):
the pure decision, the sentences it reads, and the `learned-minilm` writer end to end. None of
the wordings is a behaviour set's."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.learned.api import leaves_behind_given, remarks_taking_back
from memcore.writers.learned.topic_choice import leaves_behind, takes_back
from minilm_writer import minilm_writer

OLD, NEW = "Rashomon", "Vertigo"


def _always(answer: bool) -> Callable[[str, Callable[[str], bool]], bool]:
    return lambda text, corrects: answer


@given(st.sampled_from(["never mind.", "where were we?", "I forgot.", "no idea."]), st.booleans())
def test_a_turn_that_types_the_name_it_leaves_never_leaves_it_behind(
    remark: str, social: bool
) -> None:
    text = f"{remark} {OLD} aside, who directed {NEW}?"
    assert not leaves_behind(text, NEW, [OLD], _always(social))


@given(st.booleans())
def test_a_turn_that_types_neither_name_leaves_nothing_behind(social: bool) -> None:
    assert not leaves_behind("never mind, who directed it?", NEW, [OLD], _always(social))


@given(st.booleans())
def test_otherwise_the_remarks_decide(social: bool) -> None:
    text = f"never mind, who directed {NEW}?"
    assert leaves_behind(text, NEW, [OLD], _always(social)) == social


def test_a_sentence_whose_correcting_word_follows_its_question_word_is_read_whole() -> None:
    question = "who directed Vertigo? (lost track for a bit - that's what I meant to ask)"
    assert remarks_taking_back(question) == ["(lost track for a bit - that's what I meant to ask)"]


def test_a_question_that_opens_its_sentence_is_no_remark_whatever_its_words() -> None:
    assert remarks_taking_back("what went wrong on Vertigo's set?") == []
    assert not takes_back("who directed Vertigo?")


def test_the_decision_from_given_margins() -> None:
    question = "Never mind, something else entirely: who directed Vertigo?"
    remark = "Never mind, something else entirely:"
    assert remarks_taking_back(question) == [remark]
    assert leaves_behind_given(question, NEW, [OLD], {remark: 0.2})
    assert not leaves_behind_given(question, NEW, [OLD], {remark: 0.1})
    assert not leaves_behind_given(question, NEW, [OLD], {})


# --- the learned-minilm writer, with the packaged MiniLM -----------------------------------------


def _final(question: str) -> tuple[str | None, set[str]]:
    titles = [NEW, OLD]
    writer = minilm_writer(titles)
    driver = Driver(writer)
    conversation = Conversation()
    turn = Turn("how long is Rashomon?", "Rashomon runs a little under two hours.")
    conversation = driver.history_turn(conversation, turn).unwrap().conversation
    node = driver.final_turn(conversation, question).unwrap().node
    rejected = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    return node.topic, rejected | set(node.contradicts)


@pytest.mark.parametrize(
    "question",
    [
        "Never mind, something else entirely: who directed Vertigo?",
        "Lost my train of thought, never mind. who directed Vertigo?",
    ],
)
def test_a_shift_past_a_remark_on_losing_the_thread_rejects_nothing(question: str) -> None:
    assert _final(question) == (NEW, set())


def test_a_shift_after_a_repair_still_rejects_the_old_topic() -> None:
    topic, rejected = _final("No, not that one. who directed Vertigo?")
    assert topic == NEW and OLD in rejected
