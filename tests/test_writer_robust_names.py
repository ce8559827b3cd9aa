"""Slips and lower case do not hide a name or a place
(spec/writer-cues-names.md#writer-cues-names.robust). The wordings are this file's own."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.cues import normalise_turn
from memcore.writers.rules.names import KnownNames, find_mentions

TOPICS = ("Tarragona", "Girona", "Zagreb", "Ljubljana", "Bratislava")


@given(st.sampled_from(TOPICS), st.sampled_from(("one more on {}:", "back to {} -", "and {}?")))
def test_a_one_word_topic_is_found_in_lower_case(topic: str, shape: str) -> None:
    text = shape.format(topic.casefold()) + " is it old?"
    with_topic = find_mentions(text, KnownNames.of([topic], topics=[topic]))
    without = find_mentions(text, KnownNames.of([topic]))
    assert [m.name for m in with_topic] == [topic]
    # A name the conversation was never about needs its capital.
    assert [m.name for m in without] == []


@pytest.mark.parametrize(("topic", "found"), [("Ulm", False), ("Oslo", True), ("About", False)])
def test_a_short_or_common_topic_needs_its_capital(topic: str, found: bool) -> None:
    mentions = find_mentions(f"and {topic.casefold()} then?", KnownNames.of([topic], [topic]))
    assert [m.name for m in mentions] == ([topic] if found else [])


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("the second nmae on my list", "the second name on my list"),
        ("the last one you mentoined", "the last one you mentioned"),
        ("the one I lisetd first", "the one I listed first"),
        ("your midlde sugegstion", "your middle suggestion"),
        ("which ones wree good? plaese say", "which ones were good? please say"),
    ],
)
def test_a_slip_in_a_word_that_points_into_a_list_is_read_as_meant(typed: str, meant: str) -> None:
    assert normalise_turn(typed) == meant


WORDS = ("name", "listed", "mentioned", "suggestion", "middle", "please", "were", "gave")


@given(st.sampled_from(WORDS), st.data())
def test_one_swap_of_neighbouring_letters_is_undone(word: str, data: st.DataObject) -> None:
    at = data.draw(st.integers(min_value=0, max_value=len(word) - 2))
    swapped = word[:at] + word[at + 1] + word[at] + word[at + 2 :]
    # A swap of two equal letters ("middle") leaves the word as it was.
    assert normalise_turn(f"the {swapped} one") == f"the {word} one"


@pytest.mark.parametrize("determiner", ["a", "the", "this", "some", "every"])
def test_a_lower_case_topic_after_a_determiner_is_a_common_noun(determiner: str) -> None:
    text = f"is {determiner} tarragona worth it?"
    assert find_mentions(text, KnownNames.of(["Tarragona"], ["Tarragona"])) == ()
