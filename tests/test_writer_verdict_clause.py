"""A verdict said as a clause of its own beside a refused name ("Y - not interested.") stays
out of the query, and one after the speaker's words about a fronted name ("Y I know inside out
- pass.") refuses it (spec/writer-cues-roles.md#writer-cues-roles.stance-mark)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.name_roles import read_turn
from memcore.writers.rules.names import Mention
from writer_pair import WRITERS

MISSIONS = ("Artemis 1", "Gemini 8", "Apollo 13", "Skylab 2", "Vostok 1")
VERDICTS = ("not interested.", "pass.", "no thanks!", "nah.", "not for me")
MARKS = (" - ", "? ", ": ")


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(MISSIONS).map(lambda names: (names[0], names[1])),
    st.sampled_from(VERDICTS),
    st.sampled_from(MARKS),
)
def test_a_verdict_clause_refuses_its_name_and_leaves_the_query(
    name: str, pair: tuple[str, str], verdict: str, mark: str
) -> None:
    refused, asked = pair
    history = [
        Turn(f"tell me about {refused}", f"{refused} was a space flight."),
        Turn(f"and {asked}?", f"{asked} was another space flight."),
    ]
    question = f"when did {asked} launch? {refused}{mark}{verdict}"
    node = WRITERS[name](history, question, MISSIONS)
    assert node.topic == asked
    assert any(op.kind is OpKind.ABANDON and op.topic == refused for op in node.operations)
    assert node.query == f"when did {asked} launch?"


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_a_clause_with_words_of_its_own_after_a_refusal_stays(name: str) -> None:
    history = [
        Turn("tell me about Artemis 1", "Artemis 1 was a space flight."),
        Turn("and Gemini 8?", "Gemini 8 was another space flight."),
    ]
    question = "when did Gemini 8 launch? not Artemis 1. and who flew it?"
    node = WRITERS[name](history, question, MISSIONS)
    assert node.topic == "Gemini 8"
    assert node.query is not None
    assert "who flew it" in node.query


FRONTED = ("I know inside out", "I've read plenty about", "we covered already", "I'm tired of")


@given(
    st.permutations(MISSIONS).map(lambda names: (names[0], names[1])),
    st.sampled_from(FRONTED),
    st.sampled_from(("pass.", "nah.", "no thanks.")),
)
def test_a_verdict_after_the_speakers_words_on_a_fronted_name_refuses_it(
    pair: tuple[str, str], words: str, verdict: str
) -> None:
    refused, asked = pair
    question = f"{refused} {words} - {verdict} what went wrong on {asked}?"
    mentions = [
        Mention(refused, 0, len(refused), True),
        Mention(asked, question.index(asked), question.index(asked) + len(asked), True),
    ]
    reading = read_turn(question, mentions)
    assert reading.taken_back == (refused,)
    assert reading.intended == asked


def test_a_fronted_name_with_no_verdict_is_not_refused() -> None:
    question = "Apollo 13 I know inside out. what went wrong on Gemini 8?"
    mentions = [Mention("Apollo 13", 0, 9, True), Mention("Gemini 8", 48, 56, True)]
    assert read_turn(question, mentions).taken_back == ()
