"""A history turn that names no subject takes the page its answer is about when that answer
says nothing of the current topic (spec/writer-cues-returns.md#writer-cues-returns.answer-subject);
an answer that goes on with the topic, or a short one, leaves the topic where it is."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from writer_pair import WRITERS

LANDMARKS = ("Eiffel Tower", "Golden Gate Bridge", "Sydney Opera House", "Tower of London")
COUNTRIES = ("Ghana", "Peru", "Mongolia", "Portugal")
BARE_TURNS = ("what was its main export?", "what about its main export?", "which is the biggest?")
FOREIGN_ANSWERS = (
    "Gold has long been the main export of {page}, followed by cocoa beans and crude oil, "
    "shipped from coastal ports to buyers in Europe and Asia.",
    "For most of the last century {page} earned its money from copper, wool and cattle, sold "
    "through a handful of merchant houses and several regional trading fairs.",
)
FINALS = ("and how many people live there?", "how big is its population?")


def _opening(landmark: str) -> Turn:
    return Turn(
        f"tell me about the {landmark}",
        f"The {landmark} is a famous landmark, visited by many tourists every single year.",
    )


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.sampled_from(LANDMARKS),
    st.sampled_from(COUNTRIES),
    st.sampled_from(BARE_TURNS),
    st.sampled_from(FOREIGN_ANSWERS),
    st.sampled_from(FINALS),
)
def test_an_answer_about_another_page_gives_the_bare_turn_its_subject(
    name: str, landmark: str, country: str, turn: str, answer: str, final: str
) -> None:
    history = [_opening(landmark), Turn(turn, answer.format(page=country))]
    node = WRITERS[name](history, final, (*LANDMARKS, *COUNTRIES))
    assert node.topic == country
    assert landmark not in (node.query or "")


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.sampled_from(LANDMARKS),
    st.sampled_from(COUNTRIES),
    st.sampled_from(BARE_TURNS),
    st.sampled_from(FOREIGN_ANSWERS),
)
def test_an_answer_that_names_the_topic_keeps_it(
    name: str, landmark: str, country: str, turn: str, answer: str
) -> None:
    # The same answer with the landmark named in it goes on with the landmark.
    said = answer.format(page=country) + f" Visitors to the {landmark} often come from there."
    history = [_opening(landmark), Turn(turn, said)]
    node = WRITERS[name](history, "when did it open?", (*LANDMARKS, *COUNTRIES))
    assert node.topic == landmark


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.sampled_from(LANDMARKS),
    st.sampled_from(COUNTRIES),
    st.sampled_from(BARE_TURNS),
)
def test_a_short_answer_says_too_little_to_move_the_topic(
    name: str, landmark: str, country: str, turn: str
) -> None:
    history = [_opening(landmark), Turn(turn, f"Mostly gold, sold to {country}.")]
    node = WRITERS[name](history, "when did it open?", (*LANDMARKS, *COUNTRIES))
    assert node.topic == landmark
