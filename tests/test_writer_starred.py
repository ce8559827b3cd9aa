"""A starred name corrects the turn before
(spec/writer-cues-self-repair.md#writer-cues-self-repair.starred)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from writer_pair import WRITERS

CITIES = ("Cusco", "Lisbon", "Nairobi", "Tbilisi", "Helsinki")
ASKS = (
    ("what's the weather like in {} in winter?", "Winters in {} are mild and fairly wet."),
    ("when was {} founded?", "{} was founded many centuries ago."),
    ("what is {} famous for?", "{} is famous for its old town."),
)
STARS = ("*{}", "{}*", "*{}\n", "*{} ")


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: (names[0], names[1])),
    st.sampled_from(ASKS),
    st.sampled_from(STARS),
)
def test_a_starred_name_on_its_own_corrects_the_turn_before(
    name: str, pair: tuple[str, str], asked: tuple[str, str], star: str
) -> None:
    slip, meant = pair
    history = [Turn(asked[0].format(slip), asked[1].format(slip))]
    node = WRITERS[name](history, star.format(meant), CITIES)
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert (node.topic, abandoned) == (meant, {slip})
    assert node.query == asked[0].format(meant)


@pytest.mark.parametrize("name", sorted(WRITERS))
@pytest.mark.parametrize(
    "question",
    ["* Lisbon\n* Nairobi\nwhich is older?", "is *Lisbon* really older than Cusco?"],
)
def test_bullets_and_stress_correct_nothing(name: str, question: str) -> None:
    history = [Turn("what is Cusco famous for?", "Cusco is famous for its old town.")]
    node = WRITERS[name](history, question, CITIES)
    assert not any(op.kind is OpKind.ABANDON for op in node.operations)


EXCUSES = (
    "(coffee hasn't kicked in)",
    "coffee hasn't kicked in yet",
    "(didn't sleep much, sorry)",
    "brain's not awake yet lol",
    "autocorrect isn't my friend today",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: (names[0], names[1])),
    st.sampled_from(ASKS),
    st.sampled_from(EXCUSES),
)
def test_an_excuse_after_a_starred_line_refuses_nothing(
    name: str, pair: tuple[str, str], asked: tuple[str, str], excuse: str
) -> None:
    # The excuse's negation has its own subject ("coffee hasn't kicked in"): the starred name
    # is still the one meant and replaces the name the question typed.
    current, meant = pair
    history = [Turn(asked[0].format(current), asked[1].format(current))]
    final = f"{asked[0].format(current)}\n*{meant}\n{excuse}"
    node = WRITERS[name](history, final, CITIES)
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert (node.topic, abandoned) == (meant, {current})
