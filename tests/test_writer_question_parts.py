"""The part of a question the answer left out (memcore.writers.question_parts;
spec/writer-standalone.md#writer-standalone.question-parts)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.question_parts import (
    SkippedPart,
    asked_now,
    latest_skipped_part,
    parts_of,
    points_at_unanswered_part,
    skipped_part,
)

_NAMES = ("Quito", "Lima", "Ada Lovelace", "Alan Turing", "Tromso")
_ASKS = ("how high is {n}?", "where was {n} born?", "what is {n} known for?")
_JOINS = (" and also, ", " also ", ", and also ", "? plus ")


def _names_in(text: str) -> Sequence[str]:
    return [name for name in _NAMES if name in text]


def test_a_question_is_cut_at_sentences_and_at_also() -> None:
    assert parts_of("did Ada Lovelace marry, and also where was Alan Turing born?") == (
        "did Ada Lovelace marry",
        "where was Alan Turing born?",
    )
    assert parts_of("how high is Quito? also, how cold is Lima?") == (
        "how high is Quito?",
        "how cold is Lima?",
    )


def test_the_part_no_answer_names_is_the_one_left_out() -> None:
    found = skipped_part(
        "how high is Quito? and also, how cold does Lima get?",
        ["Quito lies at about 2,850 metres."],
        _names_in,
    )
    assert found == SkippedPart("Lima", "how cold does Lima get?", ("Quito",))


def test_nothing_is_left_out_when_the_answer_names_both_or_neither() -> None:
    question = "how high is Quito? and also, how cold does Lima get?"
    assert skipped_part(question, ["Quito is high and Lima is mild."], _names_in) is None
    assert skipped_part(question, ["It depends on the season."], _names_in) is None


def test_a_later_answer_may_take_the_part_up() -> None:
    questions = ["how high is Quito? and also, how cold does Lima get?", "and the food?"]
    answers = ["Quito lies at about 2,850 metres.", "Lima is known for ceviche."]
    assert latest_skipped_part(questions, answers, _names_in) is None


@given(
    st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True),
    st.lists(st.sampled_from(_ASKS), min_size=2, max_size=2),
    st.sampled_from(_JOINS),
    st.booleans(),
)
def test_the_part_left_out_does_not_depend_on_the_order_of_the_parts(
    names: list[str], asks: list[str], join: str, swap: bool
) -> None:
    answered, left = names
    parts = [asks[0].format(n=answered).rstrip("?"), asks[1].format(n=left)]
    if swap:
        parts = [parts[1].rstrip("?"), parts[0] + "?"]
    question = join.join(parts)
    found = skipped_part(question, [f"{answered} is a fine choice."], _names_in)
    assert found is not None
    assert found.name == left
    assert left in found.asked and answered not in found.asked
    assert found.answered == (answered,)


@pytest.mark.parametrize(
    "turn",
    [
        "and my other question?",
        "what about the second half of my question",
        "the piece about Lima which you missed",
        "you never got to the bit on Lima",
        "you only covered half of it",
        "I asked about Lima as well",
        "and the rest of what I asked?",
    ],
)
def test_a_turn_points_at_a_part_left_out(turn: str) -> None:
    assert points_at_unanswered_part(turn)


@pytest.mark.parametrize(
    "turn",
    [
        "what happens in the second part of the film?",
        "which half of Lima is older?",
        "I asked my sister about Lima",
        "what was the other question on the quiz?",
    ],
)
def test_an_ordinary_question_points_at_no_part(turn: str) -> None:
    assert not points_at_unanswered_part(turn)


def test_a_new_question_about_the_name_is_asked_as_typed() -> None:
    part = SkippedPart("Lima", "how cold does Lima get?", ("Quito",))
    assert asked_now("you skipped Lima - how many people live there?", part) == (
        "how many people live there?"
    )
    assert asked_now("the bit you missed: how cold does it get?", part) is None
