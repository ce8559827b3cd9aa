"""Repairs typed with marks: quoted names, a stressed correction word, "it should be X", a
concession before a new value and a year typed after a known name
(spec/writer-cues-self-repair.md#writer-cues-self-repair.marked-names,
spec/writer-cues-value-revision.md#writer-cues-value-revision.concession-and-name-year)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.name_roles import read_turn
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.names import KnownNames, find_mentions
from memcore.writers.rules.spans import capitalised_spans
from memcore.writers.rules.values import revise_value

NAMES = ("Lagos", "Quito", "Bergen", "Hanoi", "Tallinn", "Oaxaca")
QUOTES = ('"', "'", "\u201c", "\u2018")
CLOSING = {'"': '"', "'": "'", "\u201c": "\u201d", "\u2018": "\u2019"}
SLIP_FRAMES = (
    "I typed {a} but it should be {s}",
    "{a} should have been {s}, sorry",
    "in my previous message, {a} should've been {s}.",
    "{a}? no, I meant {s}",
)


def _read(question: str) -> tuple[str | None, tuple[str, ...]]:
    reading = read_turn(question, find_mentions(question, NAMES))
    return reading.intended, reading.taken_back


@given(
    st.lists(st.sampled_from(NAMES), min_size=2, max_size=2, unique=True),
    st.sampled_from(SLIP_FRAMES),
    st.sampled_from(QUOTES),
)
def test_quotation_marks_around_the_names_read_as_the_bare_names(
    names: list[str], frame: str, quote: str
) -> None:
    slip, meant = names
    bare = frame.format(a=slip, s=meant)
    quoted = frame.format(a=quote + slip + CLOSING[quote], s=quote + meant + CLOSING[quote])
    assert _read(quoted) == _read(bare) == (meant, (slip,))


def test_a_possessive_after_a_name_is_no_closing_quote() -> None:
    assert _read("I typed Lagos's mayor but it should be Quito's") == ("Quito", ("Lagos",))


@given(
    st.lists(st.sampled_from(NAMES), min_size=2, max_size=2, unique=True),
    st.sampled_from(("MEANT", "WRONG", "SORRY", "OOPS", "NOT", "INTENDED")),
)
def test_a_stressed_correction_word_is_no_word_of_a_name(names: list[str], word: str) -> None:
    slip, meant = names
    for text in (f"I said {slip} but I {word} {meant}", f"oh {slip} {word}, {meant}"):
        assert [m.name for m in capitalised_spans(text)] == [slip, meant]


def test_an_acronym_stays_a_word_of_its_name() -> None:
    assert [m.name for m in capitalised_spans("when was the NASA Ames centre built?")] == [
        "NASA Ames"
    ]


@pytest.mark.parametrize(
    "question",
    [
        "hmm, it should be Quito.",
        "it should've been Quito",
        "it should have been Quito, my bad",
        "it was supposed to be Quito.",
    ],
)
def test_the_name_after_it_should_be_is_meant(question: str) -> None:
    assert _read(question)[0] == "Quito"


CONCESSIONS = (
    "I realise I ask a lot",
    "I know this is the fourth time",
    "I hate to be a pest",
    "I'm sure you're tired of these",
)


@given(
    st.sampled_from(CONCESSIONS),
    st.integers(1950, 2020),
    st.integers(1950, 2020),
    st.sampled_from(("what about {y}?", "{y}?", "same for {y}, please")),
)
def test_a_concession_before_a_new_value_revises_it(
    concession: str, old: int, new: int, request: str
) -> None:
    if old == new:
        return
    asked = f"who won the Copa America in {old}?"
    revision = revise_value(f"{concession}, but {request.format(y=new)}", asked)
    assert revision is not None
    assert revision.query == f"who won the Copa America in {new}?"


@pytest.mark.parametrize(
    "text",
    [
        "I know Brazil won in 1999, but what about 2004?",
        "I know Brazil won it, but what about 2004?",
        "you said it was close, but what about 2004?",
    ],
)
def test_a_clause_before_but_that_says_more_stays(text: str) -> None:
    assert revise_value(text, "who won the Copa America in 1999?") is None


def _known(asked: str) -> KnownNames:
    return attrs.evolve(KnownNames.of(["Copa America", "Apollo 11"]), asked=(asked,))


@given(st.integers(1900, 2029), st.sampled_from(("{n} {y} - winner?", "{n} {y}?", "and {n} {y}")))
def test_a_year_after_a_known_name_is_no_word_of_it(year: int, shape: str) -> None:
    text = shape.format(n="Copa America", y=year)
    names = [m.name for m in find_mentions(text, _known("who won the Copa America in 1999?"))]
    assert names == ["Copa America"]


def test_a_year_after_a_name_stays_where_no_question_set_a_year() -> None:
    text = "Copa America 2004 - winner?"
    names = [m.name for m in find_mentions(text, _known("who won the Copa America?"))]
    assert names == ["Copa America 2004"]


def test_a_numbered_name_keeps_its_number() -> None:
    text = "and Apollo 1968?"
    names = [m.name for m in find_mentions(text, _known("what happened to Apollo 11 in 1969?"))]
    assert names != ["Apollo 11"]


REACTIONS = ("ha, called it", "wow", "knew it!", "ha, I was right")


@settings(max_examples=10, deadline=None)
@given(
    st.sampled_from(REACTIONS),
    st.sampled_from((1991, 1994, 1997)),
    st.sampled_from(("swears {w} won it in {y} as well. true?", "did {w} win it in {y} too?")),
)
def test_a_reaction_between_the_question_and_the_answer_s_name_with_a_new_year(
    reaction: str, year: int, shape: str
) -> None:
    history = [
        Turn("who won the Booker Prize in 1993?", "Toni Morrison won the Booker Prize in 1993."),
        Turn(reaction, "Well done!"),
    ]
    node = rules_final(
        history, shape.format(w="Toni Morrison", y=year), ["Booker Prize", "Toni Morrison"]
    )
    assert node.topic == "Booker Prize"
    assert node.query is not None
    assert str(year) in node.query and "1993" not in node.query
