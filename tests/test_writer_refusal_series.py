"""Names refused one by one, names fronted before their refusal, and lower-case turns
(spec/writer-cues-roles.md#writer-cues-roles.refused-series,
spec/writer-cues-names.md#writer-cues-names.lower-case-turn)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.cues import normalise_turn
from memcore.writers.driver import Turn
from memcore.writers.name_roles import read_turn
from memcore.writers.rules import api as rules_api
from memcore.writers.rules.names import find_mentions

CITIES = ("Lisbon", "Kyoto", "Nairobi", "Tbilisi", "Cusco", "Melbourne")
JOINTS = (" and no ", ", no ", " or no ", ", and no ")
CLOSINGS = (" for me.", ".", " please.", ", thanks.", "\n")
FRONTED_VERBS = ("I'm dropping", "I'll skip", "we can leave out for now", "I've ruled out")


def _read(question: str) -> tuple[str | None, tuple[str, ...]]:
    reading = read_turn(question, find_mentions(question, CITIES))
    return reading.intended, reading.taken_back


@given(
    st.permutations(CITIES).map(lambda names: tuple(names[:4])),
    st.integers(2, 3),
    st.sampled_from(JOINTS),
    st.sampled_from(CLOSINGS),
)
def test_every_name_of_a_series_of_refusals_is_taken_back(
    names: tuple[str, ...], count: int, joint: str, closing: str
) -> None:
    refused, meant = names[:count], names[-1]
    question = "no " + joint.join(refused) + closing + f" what is {meant} famous for?"
    assert _read(question) == (meant, refused)


@given(
    st.permutations(CITIES).map(lambda names: tuple(names[:4])),
    st.sampled_from(FRONTED_VERBS),
    st.booleans(),
)
def test_names_fronted_before_a_refusal_are_all_taken_back(
    names: tuple[str, ...], verb: str, bracketed: bool
) -> None:
    refused, meant = names[:3], names[3]
    listed = (
        f"the other three ({', '.join(refused)})"
        if bracketed
        else f"{refused[0]}, {refused[1]} and {refused[2]}"
    )
    question = f"{listed} {verb}. what about {meant}?"
    assert _read(question) == (meant, refused)


@pytest.mark.parametrize(
    "question",
    ["Rome I'm visiting next week, what's the weather?", "Kyoto I'd love to see. how old is it?"],
)
def test_a_fronted_name_with_another_verb_is_not_refused(question: str) -> None:
    assert _read(question)[1] == ()


def test_a_lower_case_series_refuses_the_topics() -> None:
    history = [
        Turn("what is Lisbon famous for?", "Lisbon is famous for its food."),
        Turn("what is Melbourne famous for?", "Melbourne is famous for its food."),
    ]
    node = rules_api.write_final(
        history,
        "no lisbon and no melbourne for me. what is marrakesh famous for?",
        (*CITIES, "Marrakesh"),
    )
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert abandoned == {"Lisbon", "Melbourne"}


def test_a_slip_of_just_is_read_as_the_word() -> None:
    assert normalise_turn("the one jsut before the last") == "the one just before the last"


def test_a_name_from_an_older_answer_needs_its_capital_in_a_lower_case_turn() -> None:
    # Only the latest answer's names are read in lower case: "vertigo" two answers back is a
    # common word.
    assert find_mentions("does vertigo cause nausea?", ["Vertigo"]) == ()


@given(
    st.permutations(CITIES).map(lambda names: tuple(names[:4])),
    st.integers(2, 3),
    st.sampled_from(("None of", "none of", "Neither")),
    st.sampled_from(CLOSINGS),
)
def test_one_word_over_a_whole_list_refuses_every_member(
    names: tuple[str, ...], count: int, opening: str, closing: str
) -> None:
    # "neither" coordinates two names
    refused, meant = names[: 2 if opening == "Neither" else count], names[-1]
    if opening == "Neither":
        listed = " nor ".join(refused)
    else:
        listed = ", ".join(refused[:-1]) + " or " + refused[-1]
    question = f"{opening} {listed}{closing} what is {meant} famous for?"
    assert _read(question) == (meant, refused)


def test_none_of_at_a_sentence_start_is_no_part_of_a_remembered_name() -> None:
    history = [
        Turn("can you recommend some classic films?", "Sure: Moonlight, Amelie and Vertigo.")
    ]
    node = rules_api.write_final(
        history,
        "None of Moonlight or Amelie for me. who wrote the music for Vertigo?",
        ("Moonlight", "Amelie", "Vertigo"),
    )
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert (abandoned, node.topic) == ({"Moonlight", "Amelie"}, "Vertigo")


COUNTS = ("all three", "all of them", "them all", "the lot")


@given(
    st.permutations(CITIES).map(lambda names: tuple(names[:4])),
    st.sampled_from(("I'll pass on", "we can drop", "I'm done with")),
    st.sampled_from(COUNTS),
    st.sampled_from((" - ", ": ", " -- ")),
)
def test_a_list_named_after_its_count_is_set_aside_whole(
    names: tuple[str, ...], verb: str, count: str, mark: str
) -> None:
    refused, meant = names[:3], names[3]
    listed = f"{refused[0]}, {refused[1]} and {refused[2]}"
    question = f"{verb} {count}{mark}{listed}. what is {meant} famous for?"
    assert _read(question) == (meant, refused)


def test_a_count_after_a_verb_of_liking_sets_nothing_aside() -> None:
    assert _read("I love all three - Lisbon, Kyoto and Nairobi. which is the oldest?")[1] == ()
