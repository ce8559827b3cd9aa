"""Shapes read by structure (issue 26): a history turn that repairs its own name
(spec/writer-cues-self-repair.md), a pronoun the same turn names
(spec/writer-cues-returns.md), and a longer turn that asks the question just asked again
for a new year (spec/writer-cues-value-revision.md). Both writers are checked where the
mechanism is shared."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Node
from memcore.writers.driver import Turn
from memcore.writers.learned import api as learned_api
from memcore.writers.pronoun_named import named_pronoun
from memcore.writers.rules import api as rules_api
from memcore.writers.rules.names import find_mentions
from memcore.writers.rules.values import revise_value

CITIES = ("Lisbon", "Nairobi", "Cusco", "Tbilisi", "Kyoto", "Helsinki")
REPAIRS = ("{0}? - no, {1}", "{0}? sorry, I mean {1}", "{0}?... I meant {1}", "{0}? no wait, {1}")
FRAMES = ("talking about {0} again", "(I mean {0})", "that's {0} I mean", "{0}", "{0} again")
WRITERS: tuple[Callable[[Sequence[Turn], str, Sequence[str]], Node], ...] = (
    rules_api.write_final,
    learned_api.write_final,
)


@pytest.mark.parametrize("write", WRITERS)
@given(
    st.lists(st.sampled_from(CITIES), min_size=3, max_size=3, unique=True),
    st.sampled_from(REPAIRS),
)
def test_a_later_pronoun_goes_to_the_name_a_history_turn_repaired_to(
    write: Callable[[Sequence[Turn], str, Sequence[str]], Node], names: list[str], repair: str
) -> None:
    before, slip, meant = names
    history = [
        Turn(f"when was {before} founded?", f"{before} was founded long ago."),
        Turn(
            "what language do people speak in " + repair.format(slip, meant),
            f"Most people in {meant} speak the national language.",
        ),
    ]
    node = write(history, "what is it famous for?", ())
    assert node.topic == meant
    assert node.query is not None and slip not in node.query


def test_a_history_repair_the_answer_did_not_follow_is_left_as_read() -> None:
    history = [
        Turn(
            "what language do people speak in Lisbon? no wait, Kyoto",
            "Most people in Lisbon speak Portuguese.",
        )
    ]
    nodes = rules_api.write_history(history, CITIES).nodes
    assert nodes[-1].topic != "Kyoto"


@given(
    st.lists(st.sampled_from(CITIES), min_size=3, max_size=3, unique=True),
    st.sampled_from(FRAMES),
)
def test_a_part_that_only_names_an_earlier_topic_binds_the_pronoun(
    names: list[str], frame: str
) -> None:
    meant = names[0]
    question = f"what is it famous for? {frame.format(meant)}"
    named = named_pronoun(question, find_mentions(question, CITIES), frozenset(names))
    assert named is not None
    assert (named.name, named.asked) == (meant, "what is it famous for?")


@given(
    st.lists(st.sampled_from(CITIES), min_size=2, max_size=2, unique=True),
    st.sampled_from(("is colder I think", "has more people", "was founded later")),
)
def test_a_part_that_says_something_of_the_name_binds_nothing(names: list[str], claim: str) -> None:
    meant = names[0]
    question = f"how cold does it get? {meant} {claim}"
    assert named_pronoun(question, find_mentions(question, CITIES), frozenset(names)) is None


def test_a_name_that_is_no_earlier_topic_binds_nothing() -> None:
    question = "what is it famous for? talking about Kyoto again"
    mentions = find_mentions(question, CITIES)
    assert named_pronoun(question, mentions, frozenset({"Lisbon"})) is None


@pytest.mark.parametrize("write", WRITERS)
@given(st.lists(st.sampled_from(CITIES), min_size=2, max_size=2, unique=True))
def test_both_writers_ask_the_pronoun_question_about_the_named_topic(
    write: Callable[[Sequence[Turn], str, Sequence[str]], Node], names: list[str]
) -> None:
    meant, current = names
    history = [
        Turn(f"what's the weather like in {meant}?", f"{meant} is mild."),
        Turn(f"what's the weather like in {current}?", f"{current} is mild."),
    ]
    node = write(history, f"when was it founded? talking about {meant} again", ())
    assert node.topic == meant
    assert node.query == f"when was {meant} founded?"


@given(
    st.sampled_from(("could you do the same for {0}, please?", "what happened that year, {0}?")),
    st.integers(min_value=1950, max_value=2020),
)
def test_a_back_reference_with_a_new_year_asks_the_question_again(phrase: str, year: int) -> None:
    asked = "who won the Booker Prize in 2021?"
    revision = revise_value("ok, thanks. " + phrase.format(year), asked, "Booker Prize")
    assert revision is not None
    assert revision.query == f"who won the Booker Prize in {year}?"


@given(st.integers(min_value=1950, max_value=2020))
def test_a_longer_turn_with_a_year_and_no_back_reference_is_no_revision(year: int) -> None:
    revision = revise_value(f"how big was the population in {year}?", "who won it in 2021?")
    assert revision is None


@given(
    st.integers(min_value=1950, max_value=2020),
    st.sampled_from(("that's the year I got married", "my dad was there", "I was a kid then.")),
)
def test_a_remark_beside_a_bare_value_leaves_a_value_revision(year: int, remark: str) -> None:
    asked = "who won the Booker Prize in 2021?"
    revision = revise_value(f"what about {year}? {remark}", asked, "Booker Prize")
    assert revision is not None
    assert revision.query == f"who won the Booker Prize in {year}?"


@given(st.integers(min_value=1950, max_value=2020))
def test_a_second_sentence_that_asks_keeps_the_turn_its_own(year: int) -> None:
    asked = "who won the Booker Prize in 2021?"
    assert revise_value(f"what about {year}? who was born then?", asked, "Booker Prize") is None
