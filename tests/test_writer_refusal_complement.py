"""The complement of a refusal (spec/writer-cues-positions.md#writer-cues-positions.left-after-
refusal): once the user has refused all members of a list but one, in this turn or earlier
ones, "the one that's left" (and its other wordings) is that member; a refusal and a place in
one turn are read together in either order.

Every reading is tried in several structures of the same meaning, worded here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final
from memcore.writers.rules.lists import REMAINING, find_positions

_PEAKS = ("Mont Blanc", "Matterhorn", "Eiger")
_OFFER = Turn(
    "which alpine peaks are worth reading about?", "Good ones are Mont Blanc, Matterhorn and Eiger."
)
_FIRST_REFUSED = [
    _OFFER,
    Turn("skip Mont Blanc, I know it well", "Fine, Mont Blanc is set aside."),
]


@pytest.mark.parametrize(
    "left",
    [
        "the one that's left",
        "the one that is still left",
        "the remaining one",
        "whichever one is left",
        "the last one left",
        "the other one that's remaining",
    ],
)
def test_the_wordings_of_what_is_left_are_one_place(left: str) -> None:
    (position,) = find_positions(f"how tall is {left}?")
    assert position.index == REMAINING


@pytest.mark.parametrize(
    "question",
    [
        "Matterhorn is a no as well. how tall is the one that's left?",
        "not Matterhorn either - how tall is the remaining one?",
        "how tall is whichever one is left? Matterhorn is out too.",
    ],
)
def test_what_is_left_after_refusals_over_two_turns(question: str) -> None:
    node = write_final(_FIRST_REFUSED, question, _PEAKS)
    assert node.topics == ("Eiger",)
    assert "Eiger" in (node.query or "")
    assert "Matterhorn" not in (node.query or "")


@settings(max_examples=20)
@given(st.sampled_from(("is a no too", "is out as well", "is not for me either")), st.booleans())
def test_moving_the_refusal_never_changes_the_member_left(refusal: str, first: bool) -> None:
    refused = f"Matterhorn {refusal}."
    asked = "how tall is the one that's left?"
    question = f"{refused} {asked}" if first else f"{asked} {refused}"
    assert write_final(_FIRST_REFUSED, question, _PEAKS).topics == ("Eiger",)
