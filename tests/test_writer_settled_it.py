"""An "it" that settles a question or presents a subject names no topic
(spec/writer-standalone.md#writer-standalone.settled-it). The wordings are this file's own."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers import cues
from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final

_TITLES = ("Lake Ohrid", "Skopje", "Zagreb")
_OHRID = (Turn("how deep is Lake Ohrid?", "Lake Ohrid is almost 300 metres deep."),)


@pytest.mark.parametrize(
    "question",
    [
        "ok, that settles it. who founded Skopje?",
        "great, that answers it - now, who founded Skopje?",
        "that clears it up! who founded Skopje?",
        "this sums it up nicely. who founded Skopje?",
    ],
)
def test_a_settled_question_leaves_its_topic_behind(question: str) -> None:
    node = write_final(list(_OHRID), question, titles=_TITLES)
    assert node.topic == "Skopje"
    assert "Ohrid" not in (node.query or "")


@pytest.mark.parametrize(
    "question",
    [
        "Another question. It's about Skopje. when was it founded?",
        "new thing - it is about Skopje. when was it founded?",
        "One more. It's regarding Skopje. when was it founded?",
    ],
)
def test_a_presented_subject_binds_the_pronoun_after_it(question: str) -> None:
    node = write_final(list(_OHRID), question, titles=_TITLES)
    assert node.topic == "Skopje"
    assert "Ohrid" not in (node.query or "")


@pytest.mark.parametrize(
    "question",
    ["that answers it. how old is it?", "which divers explored it?", "it's about fish, right?"],
)
def test_an_it_that_still_points_keeps_the_topic(question: str) -> None:
    node = write_final(list(_OHRID), question, titles=_TITLES)
    assert node.topic == "Lake Ohrid"


@given(
    st.sampled_from(["that", "this"]),
    st.sampled_from(cues._SETTLING_VERBS.split()),
    st.sampled_from(["", "ok, ", "right. "]),
)
def test_the_settling_it_is_a_dummy_whatever_the_opener(
    pointer: str, verb: str, opener: str
) -> None:
    text = f"{opener}{pointer} {verb} it. which papers covered it?"
    left = cues.without_dummy_it(text)
    assert left.count(" it") == text.count(" it") - 1
    assert left.endswith("covered it?")
