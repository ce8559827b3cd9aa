"""The topic before a moment of the talk that named none
(spec/writer-cues-positions.md#writer-cues-positions.before-event)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from writer_pair import WRITERS

GADGETS = ("Walkman", "Polaroid SX-70", "Model T", "Game Boy", "Kindle")
# An aside that names no topic, and the words that point at it after "before".
MOMENTS = (
    ("brb, making a cup of tea", "my tea break"),
    ("hang on, the kettle's boiling", "the kettle"),
    ("sorry, phone call, back in 5", "my phone call"),
    ("ugh, my cat just knocked over a plant", "the cat thing"),
)
PHRASES = ("the one right before {}", "the one just before {}", "the one before {}")


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(GADGETS).map(lambda names: names[:3]),
    st.sampled_from(MOMENTS),
    st.sampled_from(PHRASES),
)
def test_the_topic_before_the_aside_is_the_one_meant(
    name: str, names: tuple[str, ...], moment: tuple[str, str], phrase: str
) -> None:
    first, meant, latest = names
    aside, pointer = moment
    history = [
        Turn(f"who invented {first}?", f"{first} was designed by a small team."),
        Turn(f"which company made {meant}?", f"{meant} was made by a large firm."),
        Turn(aside, "No rush!"),
        Turn(f"which company made {latest}?", f"{latest} was made by a large firm."),
    ]
    node = WRITERS[name](history, f"{phrase.format(pointer)} - who invented that one?", GADGETS)
    assert node.topic == meant


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.sampled_from(MOMENTS), st.sampled_from(PHRASES))
def test_words_that_match_no_earlier_question_point_at_nothing(
    name: str, moment: tuple[str, str], phrase: str
) -> None:
    _, pointer = moment
    history = [
        Turn("who invented Walkman?", "Walkman was designed by a small team."),
        Turn("which company made Kindle?", "Kindle was made by a large firm."),
    ]
    node = WRITERS[name](history, f"{phrase.format(pointer)} - who invented that one?", GADGETS)
    assert node.topic == "Kindle"
