"""What the speaker was doing is no past intent, a reassuring "no" takes nothing back, and a
second refusal after "and neither" binds in its own clause
(spec/writer-cues-roles.md#writer-cues-roles.past-activity,
spec/writer-standalone.md#writer-standalone.typed-names)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.driver import Turn
from writer_pair import WRITERS

CITIES = ("Cusco", "Lisbon", "Nairobi", "Tbilisi", "Helsinki")
ACTIVITIES = (
    "funny, I was just reading about {} yesterday - ",
    "My friend and I were arguing about {} earlier. ",
    "I was watching a show about {} last night, ",
)
POLITE = ("no rush, just curious", "no worries if not", "no pressure!")


def _abandoned(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


def _history(city: str) -> list[Turn]:
    return [Turn(f"what is {city} famous for?", f"{city} is famous for its old town.")]


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: (names[0], names[1])),
    st.sampled_from(ACTIVITIES),
)
def test_what_the_speaker_was_doing_rejects_nothing(
    name: str, pair: tuple[str, str], activity: str
) -> None:
    before, now = pair
    question = activity.format(now) + f"when was {now} founded?"
    node = WRITERS[name](_history(before), question, CITIES)
    assert node.topic == now
    assert not _abandoned(node)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations(CITIES).map(lambda names: (names[0], names[1])))
def test_asking_in_the_past_still_corrects(name: str, pair: tuple[str, str]) -> None:
    before, meant = pair
    node = WRITERS[name](_history(before), f"no, I was asking about {meant}", CITIES)
    assert node.topic == meant
    assert _abandoned(node) == {before}


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: (names[0], names[1])),
    st.sampled_from(POLITE),
    st.booleans(),
)
def test_a_reassuring_no_takes_nothing_back(
    name: str, pair: tuple[str, str], polite: str, first: bool
) -> None:
    before, now = pair
    asked = f"when was {now} founded?"
    question = f"{polite} {asked}" if first else f"{asked} {polite}"
    node = WRITERS[name](_history(before), question, CITIES)
    assert node.topic == now
    assert not _abandoned(node)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations(CITIES).map(lambda names: (names[0], names[1], names[2])))
def test_and_neither_refuses_both_names(name: str, three: tuple[str, str, str]) -> None:
    first, second, asked = three
    history = [
        Turn(
            "which cities should I read about?",
            f"I would start with {first}, {second} and {asked}.",
        )
    ]
    question = f"{first} doesn't interest me and neither does {second}. when was {asked} founded?"
    node = WRITERS[name](history, question, CITIES)
    assert node.topic == asked
    assert _abandoned(node) == {first, second}
