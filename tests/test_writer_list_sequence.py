"""A list spoken of as the sequence the assistant went through: "the name you ended on", "the
one you started with", "the next name after X", and a later batch by its rank and size ("the
second three you suggested") (spec/writer-cues-positions.md#writer-cues-positions.named-at,
#writer-cues-positions.relative-to-named, #writer-cues-positions.added-batch)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.rules.lists import find_positions
from writer_pair import WRITERS

FILMS = ("Moonlight", "Vertigo", "Spirited Away", "Casablanca", "Amelie")
ENDS = (
    ("The name you ended on.\nwho wrote the music for that one?", -1),
    ("who wrote the music for the one you finished with?", -1),
    ("the one you started with - who wrote the music for it?", 0),
)


def _history(listed: Sequence[str]) -> list[Turn]:
    return [
        Turn("when did Apollo 13 launch?", "Apollo 13 launched early in the morning."),
        Turn(
            "can you recommend some classic films?",
            f"Sure: {listed[0]}, {listed[1]} and {listed[2]}.",
        ),
    ]


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations(FILMS).map(lambda films: tuple(films[:3])), st.sampled_from(ENDS))
def test_an_end_of_the_sequence_is_that_member(
    name: str, listed: tuple[str, str, str], said: tuple[str, int]
) -> None:
    question, place = said
    node = WRITERS[name](_history(listed), question, FILMS)
    assert node.topic == listed[place]
    assert node.query is not None
    assert listed[place] in node.query


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations(FILMS).map(lambda films: tuple(films[:3])), st.sampled_from([0, 1]))
def test_the_next_name_after_a_member_is_the_one_after_it(
    name: str, listed: tuple[str, str, str], anchor: int
) -> None:
    history = [
        *_history(listed),
        Turn(f"how long is {listed[anchor]}?", f"{listed[anchor]} runs about two hours."),
    ]
    question = f"Moving down your list to the next name after {listed[anchor]}.\nwho directed it?"
    node = WRITERS[name](history, question, FILMS)
    assert node.topic == listed[anchor + 1]


@pytest.mark.parametrize("text", ["ok, the next one on your list", "and the next name after that?"])
def test_a_next_member_without_a_named_anchor_counts_from_the_current_one(text: str) -> None:
    (position,) = find_positions(text)
    assert (position.index, position.anchor) == (1_000, "")


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations((*FILMS, "Parasite")).map(tuple), st.sampled_from([0, 1, 2]))
def test_the_second_three_is_the_newest_batch(
    name: str, films: tuple[str, ...], place: int
) -> None:
    first, second = films[:3], films[3:]
    history = [
        Turn("can you recommend some classic films?", f"Sure: {', '.join(first)}."),
        Turn("got any more like those?", f"You could try {', '.join(second)}."),
    ]
    word = ("first", "second", "third")[place]
    question = f"Of the second three you suggested, I like the {word} one. who directed it?"
    node = WRITERS[name](history, question, (*FILMS, "Parasite"))
    assert node.topic == second[place]


ASKED = ("Parasite", "Vertigo", "Valparaiso", "Spirited Away")


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(ASKED).map(tuple),
    st.sampled_from([("after", 1), ("before", -1)]),
    st.sampled_from([(2, "second"), (3, "third")]),
)
def test_the_subject_next_to_my_nth_question(
    name: str, asked: tuple[str, ...], side: tuple[str, int], nth: tuple[int, str]
) -> None:
    history = [
        Turn(f"what is {subject} known for?", f"{subject} is well known.") for subject in asked
    ]
    question = f"the one right {side[0]} my {nth[1]} question - who made that one?"
    node = WRITERS[name](history, question, ASKED)
    assert node.topic == asked[nth[0] - 1 + side[1]]


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(FILMS).map(lambda films: tuple(films[:3])),
    st.sampled_from(["the one after {}", "the next one after {}", "the one right after {}"]),
)
def test_a_question_about_the_member_after_a_named_one_keeps_its_own_words(
    name: str, listed: tuple[str, str, str], pointing: str
) -> None:
    history = [
        *_history(listed),
        Turn(f"how long is {listed[0]}?", f"{listed[0]} runs about two hours."),
    ]
    question = f"what is {pointing.format(listed[0])} best known for?"
    node = WRITERS[name](history, question, FILMS)
    assert node.topic == listed[1]
    assert node.query == f"what is {listed[1]} best known for?"
