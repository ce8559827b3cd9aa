"""A line under the question that says what it should have said, or points up at it with a
caret and a name, repairs the question
(spec/writer-cues-self-repair.md#writer-cues-self-repair.line-below)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.cues import normalise_words
from memcore.writers.driver import Turn
from writer_pair import WRITERS, abandoned

CITIES = ("Cusco", "Lisbon", "Nairobi", "Tbilisi", "Helsinki")
FIXES = (
    "PLOT TWIST 🎬 that should say {}.",
    "(five seconds later: that should say {}, sorry)",
    "it should have said {}",
    "^ {}!! these gloves are useless for typing.",
    "^{}",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: names[:3]),
    st.sampled_from(FIXES),
)
def test_the_name_below_replaces_the_one_the_question_typed(
    name: str, names: tuple[str, ...], fix: str
) -> None:
    current, slip, meant = names
    history = [Turn(f"what is {current} famous for?", f"{current} is famous for its old town.")]
    final = f"when was {slip} founded?\n{fix.format(meant)}"
    node = WRITERS[name](history, final, CITIES)
    assert node.topic == meant
    assert slip in abandoned(node)
    assert slip not in (node.query or "")
    assert meant in (node.query or "")


@given(
    st.sampled_from(CITIES),
    st.sampled_from(("the one I swore was my last", "The one I swore was my last", "that one")),
)
def test_a_caret_before_no_name_is_left_alone(city: str, pointer: str) -> None:
    text = f"when was {city} founded?\n^ {pointer}"
    assert normalise_words(text) == text


@given(st.sampled_from(CITIES))
def test_should_say_away_from_a_question_is_left_alone(city: str) -> None:
    text = f"the sign says that should say closed. when was {city} founded?"
    assert normalise_words(text) == text
