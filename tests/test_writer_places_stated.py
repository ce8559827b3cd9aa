"""Places in a statement before a question that points at a place of its own ("I know the
first two already. who directed the third?"): the question's place is the topic
(spec/writer-cues-positions.md#writer-cues-positions.several)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from writer_pair import WRITERS

FILMS = ("Amelie", "Metropolis", "Spirited Away", "Vertigo", "Chinatown")
STATEMENTS = (
    "I know the first two pretty well already.",
    "the first two I have seen.",
    "Seen the first two already!",
    "the first two I've read about before, so",
)
QUESTIONS = (
    "who directed the third?",
    "who directed the last one?",
    "and the third one - who directed it?",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(FILMS).map(lambda names: names[:3]),
    st.sampled_from(STATEMENTS),
    st.sampled_from(QUESTIONS),
    st.sampled_from([" ", "\n"]),
)
def test_the_questions_place_is_the_topic(
    name: str, films: tuple[str, ...], statement: str, question: str, separator: str
) -> None:
    history = [
        Turn(
            "can you recommend some classic films?", f"Sure: {films[0]}, {films[1]} and {films[2]}."
        )
    ]
    node = WRITERS[name](history, statement + separator + question, FILMS)
    assert node.topic == films[2]
    assert node.query is not None
    assert films[0] not in node.query
    assert films[1] not in node.query


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_places_asked_together_still_name_every_member(name: str) -> None:
    history = [
        Turn("can you recommend some classic films?", "Sure: Amelie, Metropolis and Vertigo.")
    ]
    node = WRITERS[name](history, "compare the first two for me", FILMS)
    assert node.topics[:2] == ("Amelie", "Metropolis")
