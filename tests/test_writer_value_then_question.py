"""A new value followed (or preceded) by a new question about that occasion, for the rule and
the learned writer (spec/writer-cues-value-revision.md, value-then-question): the topic
stays, the query asks the new question about the new value and holds neither the old value
nor the old question."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.values import value_and_question, with_occasion
from writer_pair import WRITERS

EVENTS = ("Giro d'Italia", "Wimbledon Championships", "Venice Film Festival")
TITLES = (*EVENTS, "Lagos", "Apollo 11")
# The same request put with different structures: the value as a sentence, a fronted phrase
# before a colon or a comma, after a dash, or after a question that points back at it.
DIVIDED = (
    "{new} now. who finished third that time?",
    "on to {new}: who finished third?",
    "for {new}, who finished third?",
    "and {new} - who finished third that year?",
    "who finished third then? {new}, I mean",
    "ok {new} then. and who finished third on that occasion?",
)


def _years(text: str) -> set[str]:
    return set(re.findall(r"\b\d{4}\b", text))


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("template", DIVIDED)
def test_the_new_question_is_asked_about_the_new_value(writer: str, template: str) -> None:
    history = [
        Turn("how big is Lagos?", "Lagos is a very large city."),
        Turn("who won the Giro d'Italia in 2004?", "An Italian rider won it in 2004."),
    ]
    node = WRITERS[writer](history, template.format(new="1999"), TITLES)
    assert node.topic == "Giro d'Italia"
    assert node.query is not None
    assert "Giro d'Italia" in node.query and "third" in node.query
    assert _years(node.query) == {"1999"}
    assert "won" not in node.query and "Lagos" not in node.query


def test_a_question_before_its_value_that_points_at_nothing_is_left_to_the_correction() -> None:
    assert value_and_question("who finished third? In 1999, I mean.") is None
    assert value_and_question("who finished third in 1999?") is None
    assert value_and_question("1999 or 2000?") is None


def test_a_turn_that_names_another_thing_is_not_divided_into_a_revision() -> None:
    history = [Turn("who won the Giro d'Italia in 2004?", "An Italian rider won it in 2004.")]
    node = rules_final(history, "1999 now. where was Lagos founded?", TITLES)
    assert node.query is not None and "Giro d'Italia" not in node.query


def test_the_pointing_time_becomes_the_value() -> None:
    assert with_occasion("who came last that year?", "1999") == "who came last in 1999?"
    assert with_occasion("who came last back then?", "1999") == "who came last in 1999?"
    assert with_occasion("who came last?", "1999") == "who came last in 1999?"


@given(
    st.sampled_from(EVENTS),
    st.integers(1950, 2024),
    st.integers(1950, 2024),
    st.sampled_from(DIVIDED),
)
def test_the_old_value_never_stays_in_the_query(
    event: str, old: int, new: int, template: str
) -> None:
    if old == new:
        return
    history = [Turn(f"who won the {event} in {old}?", f"The {event} in {old} was memorable.")]
    node = rules_final(history, template.format(new=new), TITLES)
    assert node.topic == event
    assert node.query is not None and event in node.query
    assert _years(node.query) == {str(new)}
