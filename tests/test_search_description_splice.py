"""A correction spliced with a description: the quote ends with its sentence, an intent
marker after it goes with it, an opening rejection stays out of the query, and a question
ending on "for it" is whole
(spec/writer-cues-corrections.md#writer-cues-corrections.spliced-description). The wordings
are this file's own."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.search.description import (
    asks_a_whole_question,
    find_description,
    longest_shared_run,
    without_opening_rejection,
)

ANSWER = (
    1,
    "Locals say the old bridge was rebuilt twice after floods until it was closed in 1990.",
)


@pytest.mark.parametrize(
    ("question", "described", "rest"),
    [
        # The same splice said four ways: the quote first or last, a comma or a stop.
        (
            "I mean the one where the old bridge was rebuilt twice after floods until it. "
            "Was it ever reopened?",
            "the old bridge was rebuilt twice after floods until it",
            "Was it ever reopened?",
        ),
        (
            "Was it ever reopened? the one where the old bridge was rebuilt twice after floods, "
            "I mean.",
            "the old bridge was rebuilt twice after floods",
            "Was it ever reopened?",
        ),
        (
            "Was it ever reopened? The one where the old bridge was rebuilt twice after floods, "
            "I meant",
            "the old bridge was rebuilt twice after floods",
            "Was it ever reopened?",
        ),
    ],
)
def test_the_quote_and_the_question_come_apart(question: str, described: str, rest: str) -> None:
    found = find_description(question, (ANSWER,))
    assert found is not None
    assert found.described.casefold() == described.casefold()
    assert found.rest == rest


def test_a_stop_the_answer_also_has_does_not_cut_the_quote() -> None:
    answer = (
        1,
        "After the storm it was closed. It was rebuilt twice after the floods of that decade.",
    )
    found = find_description("the one where it was closed. It was rebuilt twice: why?", (answer,))
    assert found is not None
    assert found.described == "it was closed. It was rebuilt twice"


@pytest.mark.parametrize(
    ("rest", "kept"),
    [
        ("not the river, when was it built?", "when was it built?"),
        ("no, not the dam. how long is it?", "how long is it?"),
        ("not sure, how long is it?", "not sure, how long is it?"),
        ("not the river.", "not the river."),
    ],
)
def test_an_opening_rejection_leaves_the_rest(rest: str, kept: str) -> None:
    assert without_opening_rejection(rest) == kept


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("Any photos of it?", True),
        ("More on them?", False),
        ("anything written about them?", True),
        ("The east bank.", False),
        ("How do I apply?", False),
    ],
)
def test_a_question_ending_on_its_subject_pronoun_is_whole(text: str, whole: bool) -> None:
    assert asks_a_whole_question(text) is whole


WORDS = st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=1, max_size=12)


@given(WORDS, WORDS, st.frozensets(st.integers(1, 11)))
def test_a_run_never_crosses_a_stop_the_answer_lacks(
    question: list[str], answer: list[str], breaks: frozenset[int]
) -> None:
    start, length = longest_shared_run(tuple(question), tuple(answer), breaks)
    unbroken = longest_shared_run(tuple(question), tuple(answer))
    assert length <= unbroken[1]
    assert not any(start < at < start + length for at in breaks)
