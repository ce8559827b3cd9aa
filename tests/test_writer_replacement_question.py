"""A preposition of replacement inside a question ("what was built instead of X?") takes
nothing back; "what about Y instead of X?" still does
(spec/writer-standalone.md#writer-standalone.typed-names)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from writer_pair import WRITERS

PLACES = ("Penn Station", "Crystal Palace", "Kowloon Walled City")
QUESTIONS = (
    "what was built instead of {}?",
    "what went up in place of {}?",
    "Which building stands there rather than {} today?",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.sampled_from(PLACES), st.sampled_from(QUESTIONS))
def test_a_replacement_asked_about_takes_nothing_back(name: str, place: str, question: str) -> None:
    history = [Turn(f"who designed {place}?", f"{place} was designed by a large firm.")]
    node = WRITERS[name](history, question.format(place), PLACES)
    assert node.topic == place
    assert not any(op.kind is OpKind.ABANDON for op in node.operations)
    assert node.query is not None
    assert place in node.query


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_what_about_instead_of_still_swaps(name: str) -> None:
    history = [Turn("who designed Penn Station?", "Penn Station was designed by a large firm.")]
    node = WRITERS[name](history, "what about Crystal Palace instead of Penn Station?", PLACES)
    assert node.topic == "Crystal Palace"
    assert any(op.kind is OpKind.ABANDON and op.topic == "Penn Station" for op in node.operations)
