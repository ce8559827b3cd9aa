"""A turn that names its topic again beside a new value revises the value
(spec/writer-cues-value-revision.md#writer-cues-value-revision.name-again). The wordings are
this file's own."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.learned import api as learned
from memcore.writers.rules import api as rules

Write = Callable[..., object]
WRITERS: tuple[Write, ...] = (rules.write_final, learned.write_final)
TITLES = ("Booker Prize", "Pulitzer Prize", "Lisbon")


def _history(year: int) -> tuple[Turn, ...]:
    return (
        Turn(
            f"who won the Booker Prize in {year}?",
            f"The {year} Booker Prize went to a debut novelist.",
        ),
    )


def _decide(write: Write, history: Sequence[Turn], question: str) -> tuple[str, str]:
    node = write(history, question, TITLES)
    return node.topic, node.query  # type: ignore[attr-defined]


@pytest.mark.parametrize("write", WRITERS)
@pytest.mark.parametrize(
    "question",
    [
        # The name before the year, after it, in lower case, and with a preposition.
        "and the 2011 Booker Prize?",
        "what about the Booker Prize of 2011",
        "ok and the booker prize in 2011?",
        "and for the Booker Prize, 2011?",
    ],
)
def test_the_topic_named_again_with_a_new_year_revises_the_year(
    write: Write, question: str
) -> None:
    topic, query = _decide(write, _history(2008), question)
    assert topic == "Booker Prize"
    assert "2011" in query
    assert "2008" not in query


@pytest.mark.parametrize("write", WRITERS)
def test_another_named_prize_with_a_year_is_no_revision(write: Write) -> None:
    topic, _ = _decide(write, _history(2008), "who won the Pulitzer Prize in 2011?")
    assert topic == "Pulitzer Prize"


@settings(max_examples=25)
@given(
    old=st.integers(min_value=1950, max_value=2020),
    shift=st.integers(min_value=1, max_value=5),
    lower=st.booleans(),
)
def test_naming_the_topic_beside_the_value_changes_nothing(
    old: int, shift: int, lower: bool
) -> None:
    """Property: 'and the NEW Booker Prize?' is decided as 'and NEW?' is."""
    new = old + shift
    name = "booker prize" if lower else "Booker Prize"
    for write in WRITERS:
        bare = _decide(write, _history(old), f"and {new}?")
        named = _decide(write, _history(old), f"and the {new} {name}?")
        assert named == bare
