"""What a value is (spec/writer-cues-value-revision.md, value-kinds): a year without its
century, a year by its distance from the one asked about, an occurrence noun beside a year,
and a topic named again beside a new value two turns on."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.values import revise_value, said_values

EVENTS = ("Giro d'Italia", "Wimbledon Championships", "Venice Film Festival")
TITLES = (*EVENTS, "Lagos")
WRITERS = {"rules": rules_final, "learned": learned_final}


def _years(text: str) -> set[str]:
    return set(re.findall(r"\b\d{4}\b", text))


@pytest.mark.parametrize(
    ("said", "year"),
    [
        ("and the year after?", 2005),
        ("what about the previous year", 2003),
        ("make it two years later", 2006),
        ("a decade earlier, please", 1994),
        ("ok, five years back", 1999),
    ],
)
def test_a_year_said_by_its_distance_is_the_year_it_names(said: str, year: int) -> None:
    asked = "who won the Giro d'Italia in 2004?"
    assert [m.value for m in said_values(said, asked)] == [year]
    revision = revise_value(said, asked)
    assert revision is not None and _years(revision.query) == {str(year)}


def test_a_distance_without_a_year_asked_about_names_no_value() -> None:
    assert said_values("and the year after?", "who won the Giro d'Italia?") == ()


@given(st.integers(1935, 2029), st.integers(1935, 2029), st.sampled_from(("and {}?", "make it {}")))
def test_writing_a_year_without_its_century_never_changes_the_revision(
    old: int, new: int, template: str
) -> None:
    # Within 49 years of the old year, the century nearest it is the full year's own.
    if old == new or abs(old - new) > 49:
        return
    asked = f"who won the Giro d'Italia in {old}?"
    full = revise_value(template.format(new), asked)
    short = revise_value(template.format(f"'{new % 100:02d}"), asked)
    assert full is not None and short is not None
    assert (short.old, short.new, short.query) == (full.old, full.new, full.query)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "turn",
    [
        "and the 1996 Venice Film Festival?",
        "Venice Film Festival, 1996 edition?",
        "same for the Venice Film Festival, the 1996 one",
        "what about the Venice Film Festival in 1996?",
    ],
)
def test_a_topic_named_again_beside_a_value_revises_its_own_question(
    writer: str, turn: str
) -> None:
    history = [
        Turn("who won the top prize at the Venice Film Festival in 2001?", "A drama won."),
        Turn("where is Lagos?", "Lagos is on the coast of Nigeria."),
    ]
    node = WRITERS[writer](history, turn, TITLES)
    assert node.topic == "Venice Film Festival"
    assert node.query is not None and "top prize" in node.query
    assert _years(node.query) == {"1996"} and "Lagos" not in node.query


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "turn",
    [
        "ask that again for 1996",
        "again, but 1996",
        "swap the year to 1996 and tell me once more",
        "tell me about 1996 instead",
    ],
)
def test_asking_again_for_a_new_value_repeats_the_question(writer: str, turn: str) -> None:
    history = [
        Turn("where is Lagos?", "Lagos is on the coast of Nigeria."),
        Turn("who won the top prize at the Venice Film Festival in 2001?", "A drama won."),
    ]
    node = WRITERS[writer](history, turn, TITLES)
    assert node.topic == "Venice Film Festival"
    assert node.query is not None and "top prize" in node.query
    assert _years(node.query) == {"1996"} and "Lagos" not in node.query
