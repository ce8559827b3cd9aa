"""Places in the talk's own order read from the grammar of the phrase
(spec/writer-cues-positions.md#writer-cues-positions.speaker-clause): a head, a relative clause
whose subject is one of the speakers (of any verb), an intensifier, and "after"/"before" (or
the verbs "followed"/"preceded") with the topic counted from; "before" the topic the talk is
on now said in words of its own.

Every reading is tried in several structures of the same meaning, worded here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final

_LAKES = ("Lake Bled", "Lake Como", "Lake Louise", "Lake Titicaca")
_TALK = [
    Turn(f"how deep is {lake}?", f"{lake} is deep in the middle and shallow by the shore.")
    for lake in _LAKES
]


@pytest.mark.parametrize(
    "question",
    [
        "returning to the lake I typed in straight after Lake Bled - is it cold?",
        "the one that directly followed Lake Bled: is it cold?",
        "so the one you and I went through right after Lake Bled, is it cold?",
        "is the thing we got onto just after Lake Bled cold?",
    ],
)
def test_a_place_after_a_named_topic_is_the_next_topic(question: str) -> None:
    node = write_final(_TALK, question, _LAKES)
    assert node.topics == ("Lake Como",)
    assert "Lake Como" in (node.query or "")
    assert "Lake Bled" not in (node.query or "")


@pytest.mark.parametrize(
    "question",
    [
        "the lake I put to you right before Lake Titicaca - is it cold?",
        "and the one which preceded Lake Titicaca, is it cold?",
        "the subject I'd raised immediately before Lake Titicaca: is it cold?",
    ],
)
def test_a_place_before_a_named_topic_is_the_topic_before(question: str) -> None:
    node = write_final(_TALK, question, _LAKES)
    assert node.topics == ("Lake Louise",)
    assert "Lake Titicaca" not in (node.query or "")


@pytest.mark.parametrize(
    "question",
    [
        "the topic before the current one: is it cold?",
        "and the subject before this one - is it cold?",
        "what about the topic before last, is it cold?",
        "the one before the present topic, is that one cold?",
    ],
)
def test_before_the_topic_now_is_one_topic_back(question: str) -> None:
    node = write_final(_TALK, question, _LAKES)
    assert node.topics == ("Lake Louise",)
    assert "Lake Louise" in (node.query or "")


@pytest.mark.parametrize(
    "question",
    [
        "the film we watched before was long. is Lake Titicaca cold?",
        "the day after Lake Bled I went home. is Lake Titicaca cold?",
    ],
)
def test_a_noun_without_a_clause_of_the_talk_is_no_place(question: str) -> None:
    # Read as a place, either would pick a topic the turn never names.
    assert "Lake Titicaca" in write_final(_TALK, question, _LAKES).topics
    assert not {"Lake Como", "Lake Louise"} & set(write_final(_TALK, question, _LAKES).topics)


@settings(max_examples=40)
@given(
    st.sampled_from(("", "just ", "right ", "immediately ", "straight ", "directly ")),
    st.sampled_from(("the one I asked about", "the lake we covered", "the topic")),
    st.sampled_from((0, 1, 2)),
)
def test_an_intensifier_never_changes_the_topic_placed(
    intensifier: str, head: str, anchor: int
) -> None:
    question = f"{head} {intensifier}after {_LAKES[anchor]} - is it cold?"
    node = write_final(_TALK, question, _LAKES)
    assert node.topics == (_LAKES[anchor + 1],)
