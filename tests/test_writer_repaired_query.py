"""The query of a turn that repairs itself (spec/writer-cues-self-repair.md#writer-cues-self-
repair.clean-query): what is asked after the last retraction, without the repair's markers,
hesitations or the question taken back."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.cues import normalise_turn
from memcore.writers.driver import Turn
from memcore.writers.remarks import repaired_query
from memcore.writers.rules.values import with_turn_value
from writer_pair import WRITERS


def _words(text: str) -> set[str]:
    return {w.casefold() for w in re.findall(r"[^\W_]+", text)}


# One retraction of a whole question, put four ways: a marker clause before the new question,
# a dash, a sentence of its own, and a chain of markers with a hesitation.
@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        (
            "how tall is the Eiffel Tower? sorry, no - how tall is the Shard?",
            "how tall is the Shard?",
        ),
        ("where is Kyoto? Scratch that. where is Osaka?", "where is Osaka?"),
        (
            "when did the Titanic sink? uh, wait, actually when did the Lusitania sink?",
            "when did the Lusitania sink?",
        ),
        ("who built Petra? I mean who built Angkor Wat?", "who built Angkor Wat?"),
    ],
)
def test_a_question_asked_again_after_a_retraction_is_all_that_is_searched(
    typed: str, expected: str
) -> None:
    assert repaired_query(typed, typed) == expected


def test_an_intent_marker_that_closes_its_clause_leaves_what_it_follows() -> None:
    typed = "how old was she then? In 1971, I meant."
    assert repaired_query(typed, typed) == "how old was she then? In 1971."


def test_hesitations_go_with_the_commas_that_set_them_off() -> None:
    typed = "so, um, who designed, uhh, the Sydney Opera House?"
    assert repaired_query(typed, typed) == "so who designed the Sydney Opera House?"


def test_a_turn_that_repairs_nothing_is_left_as_it_is() -> None:
    typed = "is it actually true that no one lives there, I mean, at all?"
    # "actually" inside a question and "no one" retract nothing; only the marker may go.
    assert "actually" in repaired_query(typed, typed)
    untouched = "what was the Hanseatic League, in short?"
    assert repaired_query(untouched, untouched) == untouched


def test_a_question_mark_alone_does_not_retract_the_question_before() -> None:
    # The second question follows without a retraction: both are asked.
    typed = "where is Kyoto? where is Osaka?"
    assert repaired_query(typed, typed) == typed


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_both_writers_search_only_the_question_asked_again(writer: str) -> None:
    history = [Turn("what is Lisbon Cathedral?", "Lisbon Cathedral is the oldest church there.")]
    typed = "where is Coimbra University? oops, no, I mean where is Porto Cathedral?"
    node = WRITERS[writer](
        history, typed, ("Lisbon Cathedral", "Coimbra University", "Porto Cathedral")
    )
    assert node.query is not None
    assert node.query.startswith("where is Porto Cathedral?")
    assert not _words(node.query) & {"coimbra", "university", "oops", "mean", "i", "no"}


_NAMES = ("Lake Baikal", "Mount Fuji", "Table Mountain", "Lake Titicaca", "Uluru")
_FRAMES = ("how deep is {}?", "where is {}?", "what is {} known for?", "how old is {}?")
_MARKERS = (
    "oops, I mean",
    "sorry,",
    "no wait,",
    "wait, no -",
    "actually,",
    "hmm, sorry, I mean",
    "um... no,",
    "scratch that.",
)


@given(
    first=st.sampled_from(_NAMES),
    second=st.sampled_from(_NAMES),
    asked=st.sampled_from(_FRAMES),
    again=st.sampled_from(_FRAMES),
    marker=st.sampled_from(_MARKERS),
)
def test_a_retracted_question_and_its_marker_leave_no_word_in_the_query(
    first: str, second: str, asked: str, again: str, marker: str
) -> None:
    meant = again.format(second)
    typed = f"{asked.format(first)} {marker} {meant}"
    query = repaired_query(typed, typed)
    assert query == meant
    assert not (_words(query) - _words(meant))


@given(
    old=st.integers(min_value=1900, max_value=2030),
    new=st.integers(min_value=1900, max_value=2030),
    asked=st.sampled_from(("who won the Giro d'Italia in {}?", "where was the Expo held in {}?")),
    said=st.sampled_from(("who came third? In {}, I mean.", "and the runner-up - for {}, I meant")),
)
def test_a_value_typed_with_a_question_replaces_the_old_one(
    old: int, new: int, asked: str, said: str
) -> None:
    revised = with_turn_value(asked.format(old), said.format(new))
    assert revised == asked.format(new)


def test_two_values_typed_leave_the_question_as_asked() -> None:
    asked = "who won the Giro d'Italia in 1999?"
    assert with_turn_value(asked, "compare 1997 with 1998, I mean") == asked


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "typed",
    [
        "how long is the Danube? - the Rhine, I mean",
        "how long is the Danube? \u2013 Rhine I meant; always mix those two up",
        "how long is the Danube? - Rhine is what I meant",
    ],
)
def test_a_name_meant_after_a_dash_replaces_the_one_in_the_question(
    writer: str, typed: str
) -> None:
    history = [Turn("where is Lake Como?", "Lake Como is in northern Italy.")]
    node = WRITERS[writer](history, typed, ("Lake Como", "Danube", "Rhine"))
    assert node.topic == "Rhine"
    assert node.query is not None
    assert node.query.startswith("how long is the Rhine?")
    assert "Danube" not in node.query


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "typed",
    [
        "Lake Geneva -> Lake Garda, sorry",
        "correction: Lake Geneva \u2192 Lake Garda",
        "Lake Geneva => Lake Garda",
        "s/Lake Geneva/Lake Garda/",
    ],
)
def test_a_replacement_notation_swaps_the_name_in_the_question(writer: str, typed: str) -> None:
    history = [Turn("how deep is Lake Geneva?", "Lake Geneva is very deep in places.")]
    node = WRITERS[writer](history, typed, ("Lake Geneva", "Lake Garda"))
    assert node.topic == "Lake Garda"
    assert node.query == "how deep is Lake Garda?"


@pytest.mark.parametrize(
    "typed",
    [
        "how long is the drive Lake Geneva -> Lake Garda?",
        "Geneva -> Milan -> Verona, which order is best",
    ],
)
def test_an_arrow_in_a_question_or_a_chain_is_no_repair(typed: str) -> None:
    assert "no wait" not in normalise_turn(typed)


def test_a_question_asked_again_with_a_pronoun_keeps_the_question_that_names_it() -> None:
    typed = "was the Hubble telescope expensive? oops, I mean when was it launched?"
    assert repaired_query(typed, typed) == (
        "was the Hubble telescope expensive? when was it launched?"
    )
