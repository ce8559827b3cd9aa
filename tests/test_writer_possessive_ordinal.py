"""A possessive before an ordinal points into the list as "the" does
(spec/writer-cues-positions.md#writer-cues-positions.possessive-ordinal), and a slip in the
ordinal or in the word for a member changes nothing
(spec/writer-cues-names.md#writer-cues-names.cue-vocabulary). The wordings are this file's
own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers import cues
from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final

_LAKES = ("Lake Bled", "Lake Ohrid", "Lake Como")
_LISTED = (
    Turn("which lakes are worth a visit?", "You could see Lake Bled, Lake Ohrid and Lake Como."),
)
_ORDINALS = ("first", "second", "third")


@settings(max_examples=15)
@given(
    st.sampled_from(["your", "my", "our", "Your"]),
    st.integers(min_value=0, max_value=2),
    st.sampled_from(["suggestion", "pick", "option", "choice"]),
    st.sampled_from(["{p} {o} {n} sounds good. how deep is it?", "how deep is {p} {o} {n}?"]),
)
def test_a_possessive_ordinal_picks_its_place(
    possessive: str, place: int, noun: str, frame: str
) -> None:
    question = frame.format(p=possessive, o=_ORDINALS[place], n=noun)
    node = write_final(list(_LISTED), question, titles=_LAKES)
    assert node.topic == _LAKES[place]
    assert possessive.casefold() not in (node.query or "").casefold().split()


@pytest.mark.parametrize("question", ["how old was my first job?", "is your second answer sure?"])
def test_a_possessive_without_a_word_for_a_member_is_no_place(question: str) -> None:
    node = write_final(list(_LISTED), question, titles=_LAKES)
    assert node.topic not in {"Lake Ohrid", "Lake Como"}


def _swaps(word: str) -> list[str]:
    return [word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(1, len(word) - 1)]


_READ_BACK = sorted(
    (typed, place)
    for place, ordinal in enumerate(_ORDINALS)
    for typed in _swaps(ordinal)
    if cues.normalise_turn(typed) == ordinal
)


@settings(max_examples=8)
@given(st.sampled_from(_READ_BACK))
def test_one_swap_in_the_ordinal_picks_the_same_place(typed_place: tuple[str, int]) -> None:
    """The invariance: an ordinal typed with one slip reads as the ordinal."""
    typed, place = typed_place
    node = write_final(list(_LISTED), f"how deep is the {typed} one?", titles=_LAKES)
    assert node.topic == _LAKES[place]


@pytest.mark.parametrize("possessive", ["yuor", "yoru", "your"])
def test_a_slip_in_the_possessive_points_the_same(possessive: str) -> None:
    node = write_final(list(_LISTED), f"{possessive} second pick - how deep?", titles=_LAKES)
    assert node.topic == "Lake Ohrid"
