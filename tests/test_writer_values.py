"""A new value for the question just asked, for the rule and the learned writer
(spec/writer-cues-value-revision.md): the query holds the event and the new value, never the
old one."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.values import (
    other_values,
    retracted_years,
    revise_value,
    without_retracted_years,
)
from writer_pair import WRITERS

EVENTS = ("Giro d'Italia", "Wimbledon Championships", "Venice Film Festival")
TITLES = (*EVENTS, "Lagos", "Apollo 11", "Apollo 13")
# The ways a turn gives only a new value: {new} and, where said, {old}.
REVISIONS = (
    "sorry, {new} not {old}",
    "{new}, not {old}",
    "make it {new}",
    "what about in {new}?",
    "and {new}?",
    "oops, I meant {new}",
    "same for {new} please",
)


def _years(text: str) -> set[str]:
    return set(re.findall(r"\b\d{4}\b", text))


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("template", REVISIONS)
def test_a_new_year_replaces_the_old_one_in_the_question(writer: str, template: str) -> None:
    history = [
        Turn("how long is Lagos's coastline?", "Lagos has a long coastline."),
        Turn("who won the Giro d'Italia in 2004?", "An Italian rider won it in 2004."),
    ]
    node = WRITERS[writer](history, template.format(new="2009", old="2004"), TITLES)
    assert node.topic == "Giro d'Italia"
    assert node.query is not None
    assert "Giro d'Italia" in node.query and _years(node.query) == {"2009"}
    assert "Lagos" not in node.query and "sorry" not in node.query


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_year_for_a_question_that_had_none_is_added_to_it(writer: str) -> None:
    history = [
        Turn("where was the Venice Film Festival held in 1990?", "It was held on the Lido."),
        Turn("who won the top prize?", "A Chinese film won the Golden Lion."),
    ]
    node = WRITERS[writer](history, "what about in 2001?", TITLES)
    assert node.query is not None and _years(node.query) == {"2001"}
    assert "Venice Film Festival" in node.query and "won" in node.query


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_number_in_the_topics_name_is_left_to_the_number_rule(writer: str) -> None:
    history = [Turn("how long did Apollo 11 last?", "Apollo 11 lasted about eight days.")]
    node = WRITERS[writer](history, "and 13?", TITLES)
    assert node.topic == "Apollo 13"
    assert node.query is not None and "Apollo 13" in node.query and "11" not in node.query


def test_a_turn_that_says_more_than_a_value_is_no_value_revision() -> None:
    asked = "who won the Giro d'Italia in 2004?"
    assert revise_value("who came second in 2009?", asked) is None
    assert revise_value("and the Wimbledon Championships in 2009?", asked) is None
    assert revise_value("2009 or 2010?", asked) is None  # two new values
    # A number in a name ("Grey's Anatomy (season 2)") is the number rule's, not a new value.
    season = "Grey's Anatomy (season 2)"
    assert revise_value("what about 9 instead of 2?", f"who starred in {season}?", season) is None


def test_a_turn_that_types_a_year_takes_no_other_year_from_the_history() -> None:
    assert other_values("who won in 2009?", ("2004", "giro", "1990s", "13")) == {"2004"}
    assert other_values("who won it?", ("2004", "giro")) == frozenset()
    node = learned_final(
        [Turn("who won the Giro d'Italia in 2004?", "An Italian rider won it in 2004.")],
        "who came second in 2009?",
        TITLES,
    )
    assert node.query is not None and _years(node.query) == {"2009"}


@given(
    st.sampled_from(EVENTS),
    st.integers(1950, 2024),
    st.integers(1950, 2024),
    st.sampled_from(REVISIONS),
    st.sampled_from(("who won the {} in {}?", "where was the {} held in {}?")),
)
def test_the_query_holds_the_event_and_the_new_year_never_the_old(
    event: str, old: int, new: int, template: str, asked: str
) -> None:
    if old == new:
        return
    history = [Turn(asked.format(event, old), f"The {event} in {old} was memorable.")]
    node = rules_final(history, template.format(new=new, old=old), TITLES)
    assert node.topic == event
    assert node.query is not None and event in node.query
    assert _years(node.query) == {str(new)}


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    st.sampled_from(EVENTS),
    st.lists(st.integers(1950, 2024), min_size=3, max_size=5, unique=True),
    st.sampled_from(("no wait, ", "sorry, no, ", "... no, ", "no, actually ")),
)
def test_the_year_after_the_last_retraction_wins(
    writer: str, event: str, years: list[int], retraction: str
) -> None:
    # One to three retracted years, then the one meant: only that one is searched.
    old, *said = years
    history = [Turn(f"who won the {event} in {old}?", f"The {event} in {old} was memorable.")]
    turn = "and " + "".join(f"{year}? {retraction}" for year in said[:-1]) + f"{said[-1]}"
    node = WRITERS[writer](history, turn, TITLES)
    assert node.topic == event
    assert node.query is not None and event in node.query
    assert _years(node.query) == {str(said[-1])}


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "turn",
    ["wrong year on my part, 2009 please", "2009 if you don't mind", "2009, thanks in advance"],
)
def test_politeness_around_a_new_year_says_nothing_else(writer: str, turn: str) -> None:
    history = [Turn("where was the Venice Film Festival held in 2012?", "It was held in Venice.")]
    node = WRITERS[writer](history, turn, TITLES)
    assert node.topic == "Venice Film Festival"
    assert node.query is not None and _years(node.query) == {"2009"}


# A year taken back and one kept in the same turn, in either order and turn position.
TAKEN_BACK = (
    "not {old}, {new} - and where was it held that year?",
    "{new} rather than {old}: who came second?",
    "who won the {event} in {old}? no, {new}",
    "{old}, no, {new}: who won the {event} that year?",
    "who came second in the {event} in {old}... sorry, {new}, not {old}",
)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    template=st.sampled_from(TAKEN_BACK),
    event=st.sampled_from(EVENTS),
    old=st.integers(min_value=1950, max_value=2020),
    shift=st.integers(min_value=1, max_value=5),
    asked_before=st.booleans(),
)
def test_a_year_the_turn_takes_back_never_reaches_the_query(
    writer: str, template: str, event: str, old: int, shift: int, asked_before: bool
) -> None:
    new = old + shift
    history = (
        [Turn(f"who won the {event} in {old}?", f"The {event} {old} went to a newcomer.")]
        if asked_before
        else [Turn("hello", "Hello! How can I help?")]
    )
    question = template.format(old=old, new=new, event=event)
    node = WRITERS[writer](history, question, TITLES)
    assert node.query is not None
    assert str(old) not in _years(node.query) and str(new) in _years(node.query)


def test_a_turn_that_negates_its_only_year_keeps_it() -> None:
    assert retracted_years("who won it, not in 2005?") == ()
    assert without_retracted_years("who won it, not in 2005?", "not in 2005") == (
        "who won it, not in 2005?"
    )


# Turns that take the last answer's name to another year of the question asked.
ANSWER_AGAIN = (
    "did {name} win it in {new} as well?",
    "was it also {name} in {new}?",
    "in {new}, did {name} win again?",
)
WINNERS = ("Chris Froome", "Toni Morrison", "Fela Kuti")


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    st.sampled_from(EVENTS),
    st.sampled_from(WINNERS),
    st.integers(1950, 2024),
    st.integers(1950, 2024),
    st.sampled_from(ANSWER_AGAIN),
)
def test_the_answers_name_with_a_new_year_asks_the_question_again(
    writer: str, event: str, name: str, old: int, new: int, template: str
) -> None:
    if old == new:
        return
    history = [Turn(f"who won the {event} in {old}?", f"{name} won the {event} in {old}.")]
    node = WRITERS[writer](history, template.format(name=name, new=new), (*TITLES, *WINNERS))
    assert node.topic == event
    assert node.query is not None and event in node.query and name in node.query
    assert _years(node.query) == {str(new)}


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_name_the_answer_did_not_give_is_not_the_question_asked_again(writer: str) -> None:
    history = [Turn("who won the Giro d'Italia in 2004?", "Chris Froome won it in 2004.")]
    turn = "did Chris Froome win the Venice Film Festival in 2009?"
    node = WRITERS[writer](history, turn, (*TITLES, "Chris Froome"))
    assert node.query is not None and "Giro d'Italia" not in node.query
