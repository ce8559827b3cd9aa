"""Struck-out text and an "edit:" label retract what they mark, for the rule and the learned
writer (spec/writer-cues-self-repair.md#writer-cues-self-repair.markup)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.cues import normalise_turn
from memcore.writers.driver import Turn
from writer_pair import WRITERS

PEOPLE = ("Fela Kuti", "Neil Armstrong", "Ada Lovelace", "Miles Davis")
MARKUPS = (
    "where was {old} born?\n~~{old}~~ {new}",
    "~~{old}~~ {new}: where was {new} born?",
    "where was {old} born? edit: {new}",
    "where was {old} born?\nEdit: {new}",
    "where was {old} born? (edit - should say {new})",
    "where was {old} born? edit -- that should be {new}",
)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(st.permutations(PEOPLE), st.sampled_from(MARKUPS))
def test_the_marked_name_is_abandoned_and_left_out_of_the_query(
    writer: str, people: Sequence[str], markup: str
) -> None:
    before, old, new = people[0], people[1], people[2]
    history = [Turn(f"what is {before} best known for?", f"{before} is known for one thing.")]
    node = WRITERS[writer](history, markup.format(old=old, new=new), PEOPLE)
    assert node.topic == new
    assert node.query is not None and new in node.query and old not in node.query


def test_text_without_markup_is_left_as_typed() -> None:
    for text in (
        "Edit: who wrote it?",
        "how do I edit a page?",
        "what is ~ in a path?",
        "how much is the store credit - and the fee?",
    ):
        assert normalise_turn(text) == text
