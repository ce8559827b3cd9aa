"""Value revision shapes of stop 47, in our own wording: a value someone wants, values asked
one at a time and a reason beside a value
(spec/writer-cues-value-revision.md#writer-cues-value-revision.wanted).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.rules.values import revise_value
from writer_pair import WRITERS


def _years(text: str) -> set[str]:
    return set(re.findall(r"\b\d{4}\b", text))


# --- a value someone wants, values asked one at a time, a reason beside a value -----------

ASKED = "who won the Giro d'Italia in 2004?"
WANTED = (
    "my brother wants to know about {new} as well",
    "my pub quiz team needs {new} too.",
    "someone at my office asked about {new}",
    "our spreadsheet is still missing {new}",
    "That is very helpful. I would also like to know the answer for {new}.",
    "Many thanks. Could I ask for the corresponding information for {new}, please?",
    "{new} please, because my dad swears he watched it",
)


@settings(max_examples=25, deadline=None)
@given(template=st.sampled_from(WANTED), new=st.integers(1990, 2020).filter(lambda y: y != 2004))
def test_a_wanted_value_revises_the_question_asked(template: str, new: int) -> None:
    """Whoever wants it, the new year takes the old one's place in the question."""
    revision = revise_value(template.format(new=new), ASKED, "Giro d'Italia")
    assert revision is not None
    assert revision.query == f"who won the Giro d'Italia in {new}?"


@settings(max_examples=25, deadline=None)
@given(
    years=st.lists(
        st.integers(1990, 2020).filter(lambda y: y != 2004), min_size=2, max_size=3, unique=True
    ),
    template=st.sampled_from(
        (
            "{all} are still missing from my notes. {first} first, please.",
            "my table still needs {all} - {first} first",
            "I also need {all}. let's start with {first}.",
        )
    ),
)
def test_values_asked_one_at_a_time_revise_the_one_asked_first(
    years: list[int], template: str
) -> None:
    """Of several new years, the one marked first is asked, and only that one."""
    said = " and ".join(str(y) for y in years)
    first = years[-1]
    revision = revise_value(template.format(all=said, first=first), ASKED, "Giro d'Italia")
    assert revision is not None
    assert _years(revision.query) == {str(first)}


@pytest.mark.parametrize(
    "turn",
    [
        "my brother was born in 2009 too",
        "were 2009 and 2010 won by the same rider?",
        "my brother wants to know who sponsored it in 2009",
    ],
)
def test_words_that_say_more_than_a_want_are_no_value_revision(turn: str) -> None:
    assert revise_value(turn, ASKED, "Giro d'Italia") is None


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("template", WANTED)
def test_the_writers_search_the_wanted_year_for_the_event(writer: str, template: str) -> None:
    history = [Turn(ASKED, "An Italian rider won the Giro d'Italia in 2004.")]
    node = WRITERS[writer](history, template.format(new="2009"), ("Giro d'Italia",))
    assert node.topic == "Giro d'Italia"
    assert node.query is not None
    assert "Giro d'Italia" in node.query and _years(node.query) == {"2009"}
