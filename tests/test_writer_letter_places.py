"""Letters as the labels of a list's members (spec/writer-cues-positions.md#writer-cues-
positions.lettered): a list labelled a, b, c, ... in a question or an answer, and a place
named by its letter in any of the usual forms, never read as a name or a word.

Every reading is tried in several structures of the same meaning, worded here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final
from memcore.writers.rules.lists import find_positions, listings_of

_RIVERS = ("Danube", "Mekong", "Zambezi", "Amazon")
_LETTERS = "abcd"


def _asked(labels: tuple[str, ...]) -> list[Turn]:
    listed = "  ".join(f"{label} {river}" for label, river in zip(labels, _RIVERS, strict=True))
    return [Turn(f"which should I sail first? {listed}", "Each of them is a fine trip.")]


_BRACKETED = _asked(tuple(f"{letter})" for letter in _LETTERS))


@pytest.mark.parametrize(
    "question",
    [
        "c then. how long is that one?",
        "hmm, (c) for me - how long is it?",
        "I'd go with option c: how long is it?",
        "the c one, please. how long is it?",
        "let's try c) - how long is it?",
        "Choice C sounds fun. how long is it?",
    ],
)
def test_a_letter_names_its_member(question: str) -> None:
    node = write_final(_BRACKETED, question, _RIVERS)
    assert node.topics == ("Zambezi",)
    assert "Zambezi" in (node.query or "")
    assert not {"Danube", "Mekong", "Amazon"} & set((node.query or "").split())


@pytest.mark.parametrize(
    "answer",
    [
        "Three to consider: (a) Danube (b) Mekong (c) Zambezi.",
        "Option A: Danube. Option B: Mekong. Option C: Zambezi.",
        "Try these - a. Danube, b. Mekong, c. Zambezi.",
    ],
)
def test_an_answer_labelled_by_letters_is_a_list(answer: str) -> None:
    (listing,) = listings_of(1, [answer], _RIVERS, None)
    assert listing.names == ("Danube", "Mekong", "Zambezi")
    assert listing.lettered
    history = [Turn("which river cruises are good?", answer)]
    assert write_final(history, "b sounds good - how long is it?", _RIVERS).topics == ("Mekong",)


@pytest.mark.parametrize(
    "question",
    [
        "is a river cruise safe?",
        "I have a question about the Danube",
        "e.g. the longest one",
        "f(x) is the sum",
    ],
)
def test_a_letter_that_is_a_word_or_part_of_one_is_no_place(question: str) -> None:
    assert not any(position.lettered for position in find_positions(question))


def test_a_letter_counts_only_in_a_list_labelled_by_letters() -> None:
    history = [Turn("which rivers can I sail?", "You could sail the Danube, Mekong or Zambezi.")]
    node = write_final(history, "c then - how long is it?", _RIVERS)
    assert "Zambezi" not in node.topics


@settings(max_examples=30)
@given(st.integers(min_value=0, max_value=3), st.sampled_from(("{}", "({})", "option {}")))
def test_relabelling_numbers_as_letters_never_changes_the_member(place: int, form: str) -> None:
    numbered = _asked(tuple(f"{n})" for n in range(1, 5)))
    by_number = write_final(numbered, f"option {place + 1} - how long is it?", _RIVERS)
    said = form.format(_LETTERS[place])
    by_letter = write_final(_BRACKETED, f"{said} please - how long is it?", _RIVERS)
    assert by_letter.topics == by_number.topics == (_RIVERS[place],)
