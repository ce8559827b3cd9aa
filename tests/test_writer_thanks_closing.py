"""Thanks and praise that close a name before a question on another one
(spec/writer-cues-roles.md#writer-cues-roles.contrast), and a verdict carried over to a name
("same goes for X, not interested"; spec/writer-cues-roles.md#writer-cues-roles.stance-mark)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from writer_pair import WRITERS

CITIES = ("Cusco", "Lisbon", "Nairobi", "Tbilisi", "Helsinki")
CLOSINGS = (
    "Great, that's what I needed on {}.",
    "that's exactly what I was after for {}, thanks.",
    "Cheers for the {} info 👍",
    "thanks so much for the {} tips!",
)
SEPARATORS = ("\n", "\n\n", " ")


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: (names[0], names[1])),
    st.sampled_from(CLOSINGS),
    st.sampled_from(SEPARATORS),
)
def test_a_closed_name_is_left_neither_rejected_nor_asked(
    name: str, pair: tuple[str, str], closing: str, separator: str
) -> None:
    closed, asked = pair
    history = [Turn(f"what is {closed} famous for?", f"{closed} is famous for its old town.")]
    question = f"when was {asked} founded?"
    node = WRITERS[name](history, closing.format(closed) + separator + question, CITIES)
    assert node.topic == asked
    assert not any(op.kind is OpKind.ABANDON for op in node.operations)
    assert node.query is not None
    assert closed not in node.query
    assert asked in node.query


@pytest.mark.parametrize("name", sorted(WRITERS))
@pytest.mark.parametrize(
    "question",
    [
        "Great, that's what I needed on Lisbon. when was it founded?",
        "cheers for the Lisbon info! is it old?",
    ],
)
def test_a_closed_name_with_no_other_stays_the_topic(name: str, question: str) -> None:
    history = [Turn("what is Lisbon famous for?", "Lisbon is famous for its old town.")]
    node = WRITERS[name](history, question, CITIES)
    assert node.topic == "Lisbon"
    assert not any(op.kind is OpKind.ABANDON for op in node.operations)


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_an_answer_that_was_not_what_was_needed_still_sets_the_name_aside(name: str) -> None:
    history = [Turn("what is Lisbon famous for?", "Lisbon is famous for its old town.")]
    node = WRITERS[name](history, "that's not what I needed on Lisbon, I meant Nairobi", CITIES)
    assert node.topic == "Nairobi"


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: (names[0], names[1], names[2])),
    st.sampled_from(["same goes for {}, not interested.", "ditto for {} - pass."]),
)
def test_a_verdict_carried_over_refuses_that_name_too(
    name: str, three: tuple[str, str, str], carried: str
) -> None:
    first, asked, also = three
    history = [
        Turn(
            "which cities should I read about?",
            f"I would start with {first}, {asked} and {also}.",
        )
    ]
    question = f"I don't fancy {first}.\nwhen was {asked} founded?\n" + carried.format(also)
    node = WRITERS[name](history, question, CITIES)
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert node.topic == asked
    assert abandoned == {first, also}
    assert node.query is not None
    assert also not in node.query


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_same_for_a_name_with_no_verdict_refuses_nothing(name: str) -> None:
    history = [Turn("when was Lisbon founded?", "Lisbon was founded many centuries ago.")]
    node = WRITERS[name](history, "same for Cusco?", CITIES)
    assert node.topic == "Cusco"
    assert not any(op.kind is OpKind.ABANDON for op in node.operations)
