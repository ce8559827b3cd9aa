"""Turns typed in chat forms, in lower case, with thanks before them or with a name said in
passing read as their plain forms are (spec/writer-cues-names.md#writer-cues-names.lower-case-
intent, spec/writer-standalone.md#writer-standalone.in-passing). The wordings are this file's
own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers import cues
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_write_final
from memcore.writers.rules.api import write_final

_TOWNS = ("Zagreb", "Ljubljana", "Sarajevo", "Skopje", "Tirana")
_SUGGESTED = (
    Turn("which towns should I see in the Balkans?", "You could see Sarajevo, Skopje and Tirana."),
)
_ORDINALS = {"1st": "Sarajevo", "2nd": "Skopje", "3rd": "Tirana", "last": "Tirana"}


def _rejected(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


@pytest.mark.parametrize(
    ("typed", "plain"),
    [
        ("wat bout da 2nd 1", "what about the 2nd one"),
        ("gimme more on ur last 1 pls", "give me more on your last one please"),
        ("k thx. wat abt Tirana?", "ok thanks. what about Tirana?"),
        ("bk 2 Skopje plz", "back to Skopje please"),
        ("ty! btw, when was it built?", "thanks! by the way, when was it built?"),
        ("n da 1st 1? how old is it", "and the 1st one? how old is it"),
    ],
)
def test_chat_forms_are_read_as_the_words_they_stand_for(typed: str, plain: str) -> None:
    assert cues.normalise_turn(typed) == plain


@pytest.mark.parametrize(
    "kept",
    ["Apollo 1", "Leonardo da Vinci", "how many rooms does it have? 1 or 2?", "the 1-0 win"],
)
def test_a_number_or_a_name_is_no_chat_form(kept: str) -> None:
    assert cues.normalise_turn(kept) == kept


@settings(max_examples=12, deadline=None)
@given(
    ordinal=st.sampled_from(sorted(_ORDINALS)),
    opening=st.sampled_from(["wat bout", "n", "gimme more on", "tell me abt"]),
    determiner=st.sampled_from(["da", "ur"]),
)
def test_a_place_in_a_list_typed_in_chat_forms_is_that_place(
    ordinal: str, opening: str, determiner: str
) -> None:
    node = write_final(list(_SUGGESTED), f"{opening} {determiner} {ordinal} 1", titles=_TOWNS)
    assert node.topic == _ORDINALS[ordinal]


@settings(max_examples=12, deadline=None)
@given(
    place=st.sampled_from(
        [
            ("first of the three then:\nhow old is it?", "Sarajevo"),
            ("last of the three then:\nhow old is it?", "Tirana"),
            ("first one please - how old is it?", "Sarajevo"),
            ("second one: how old is it?", "Skopje"),
        ]
    ),
    lead=st.sampled_from(["", "ok, ", "Great. ", "so "]),
)
def test_a_place_without_its_article_is_that_place(place: tuple[str, str], lead: str) -> None:
    """Chat drops the article of a place where a sentence starts ("last of the three then")."""
    turn, member = place
    for writer in (write_final, learned_write_final):
        node = writer(list(_SUGGESTED), lead + turn, titles=_TOWNS)
        assert node.topic == member
        assert node.query is not None and member in node.query


@pytest.mark.parametrize(
    "kept",
    [
        "First one to climb Everest?",
        "last of all, how old is it?",
        "First of the month",
        "Last one, I promise: how old is it?",
    ],
)
def test_a_bare_ordinal_that_asks_no_place_keeps_its_words(kept: str) -> None:
    assert cues.normalise_turn(kept) == kept


@settings(max_examples=12, deadline=None)
@given(
    thanks=st.sampled_from(["ok thanks.", "great, thank you!", "cool -", "thanks a lot!", ""]),
    town=st.sampled_from(["Ljubljana", "Sarajevo", "Tirana"]),
)
def test_thanks_before_what_about_leave_the_question_carried(thanks: str, town: str) -> None:
    history = [Turn("how old is Zagreb?", "Zagreb is nearly a thousand years old.")]
    node = write_final(history, f"{thanks} what about {town}?".strip(), titles=_TOWNS)
    assert node.topic == town
    assert node.query is not None and "old" in node.query and "Zagreb" not in node.query


@pytest.mark.parametrize(
    "question",
    [
        "how big is skopje? i keep confusing skopje and tirana. tirana i mean",
        "how big is skopje? no... tirana, i meant.",
        "how big is skopje? tirana is what i meant",
    ],
)
def test_a_lower_case_name_before_i_mean_is_the_name_meant(question: str) -> None:
    history = [Turn("how old is Zagreb?", "Zagreb is nearly a thousand years old.")]
    node = write_final(history, question, titles=_TOWNS)
    assert node.topic == "Tirana"
    assert "Skopje" in _rejected(node)
    assert node.query is not None and "skopje" not in node.query.casefold()


def test_a_title_with_more_words_before_i_mean_is_no_name() -> None:
    history = [Turn("how old is Zagreb?", "Zagreb is nearly a thousand years old.")]
    node = write_final(history, "the tirana airport i mean, how far out is it?", titles=_TOWNS)
    assert "Tirana" not in _rejected(node)


@settings(max_examples=16, deadline=None)
@given(
    statement=st.sampled_from(
        [
            "I've read plenty about {other} already, so: ",
            "we spent a week in {other} last year - ",
            "{other} was lovely when we went; ",
            "my brother lives in {other}. anyway, ",
        ]
    ),
    other=st.sampled_from(["Sarajevo", "Skopje"]),
    asked=st.sampled_from(["how high is {town}?", "what's the oldest church in {town}?"]),
    town=st.sampled_from(["Ljubljana", "Tirana"]),
)
def test_a_name_said_in_passing_stays_out_of_the_query(
    statement: str, other: str, asked: str, town: str
) -> None:
    history = [Turn("how old is Zagreb?", "Zagreb is nearly a thousand years old.")]
    question = statement.format(other=other) + asked.format(town=town)
    node = write_final(history, question, titles=_TOWNS)
    assert node.topic == town
    assert node.query is not None and town in node.query
    assert other not in node.query and "Zagreb" not in node.query


def test_a_question_that_leans_on_the_statement_keeps_it() -> None:
    history = [Turn("how old is Zagreb?", "Zagreb is nearly a thousand years old.")]
    node = write_final(history, "unlike Skopje, Tirana is new to me. how high is it?", _TOWNS)
    assert node.topic == "Tirana"
    assert node.query is not None and "Tirana" in node.query


@pytest.mark.parametrize(
    "remark", ["ok, enough about that.", "that was useful.", "right, that settles it."]
)
def test_a_remark_that_closes_the_thread_takes_no_year_into_the_query(remark: str) -> None:
    history = [
        Turn("who won the Zagreb marathon in 2011?", "A local runner won it in 2011."),
        Turn("who came second that year?", "A runner from Skopje came second in 2011."),
    ]
    node = write_final(history, f"{remark} how high is Tirana?", titles=_TOWNS)
    assert node.topic == "Tirana"
    assert node.query is not None and "2011" not in node.query


@settings(max_examples=30)
@given(
    acknowledgement=st.sampled_from(["ok, ", "thanks! ", "great, ", "cool. ", "ok thanks, "]),
    opener=st.sampled_from(["what's the story with", "who founded", "how big is", "is there a"]),
    pair=st.permutations(_TOWNS).map(lambda towns: (towns[0], towns[1])),
)
def test_an_acknowledged_and_before_a_question_of_its_own_is_no_ellipsis(
    acknowledgement: str, opener: str, pair: tuple[str, str]
) -> None:
    """'ok, and what's the story with X?' asks its own question: the question asked before is
    not asked again about X, and the name it asked about stays out of the query."""
    earlier, named = pair
    history = (Turn(f"I know {named} a little, but how old is {earlier}?", "It is very old."),)
    typed = f"{acknowledgement}and {opener} {named}?"
    for write in (write_final, learned_write_final):
        node = write(history, typed, _TOWNS)
        assert node.query is not None
        assert "how old" not in node.query.casefold()
        assert earlier.casefold() not in node.query.casefold()
        assert named in node.query
