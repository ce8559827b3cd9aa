"""One name set aside for another in a clause of its own, for the rule and the learned writer
(spec/writer-cues-corrections.md#writer-cues-corrections.preference)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from writer_pair import WRITERS

FILMS = ("Rashomon", "Casablanca", "Chinatown", "Metropolis")
PREFERENCES = (
    "let's swap {old} for {new}: when did {new} come out?",
    "I'd rather look into {new} than {old}, honestly. when did {new} come out?",
    "replace {old} with {new}, please - when did {new} come out?",
    "when did {new} come out? I think {new} will work better than {old} for me.",
)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(st.permutations(FILMS), st.sampled_from(PREFERENCES))
def test_the_name_set_aside_is_abandoned_and_the_other_asked_about(
    writer: str, films: Sequence[str], turn: str
) -> None:
    old, new = films[0], films[1]
    history = [Turn(f"when did {old} come out?", f"{old} came out in the autumn.")]
    node = WRITERS[writer](history, turn.format(old=old, new=new), FILMS)
    assert node.topic == new
    assert any(op.kind is OpKind.ABANDON and op.topic == old for op in node.operations)
    assert node.query is not None and new in node.query and old not in node.query


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_comparison_asked_as_a_question_abandons_nothing(writer: str) -> None:
    history = [Turn("when did Rashomon come out?", "Rashomon came out in the autumn.")]
    node = WRITERS[writer](history, "is Chinatown better than Rashomon?", FILMS)
    assert not any(op.kind is OpKind.ABANDON for op in node.operations)
