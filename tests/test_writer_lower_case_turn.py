"""A turn that types a name it is known to hold in lower case types its other names so
(spec/writer-cues-names.md#writer-cues-names.lower-case-turn). The wordings are this file's
own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final

_TITLES = ("Zagreb", "Ljubljana", "Sarajevo", "Skopje", "Lake Bled", "Lake Ohrid")
_ZAGREB_THEN_SKOPJE = (
    Turn("how big is Zagreb?", "Zagreb has about 800,000 people."),
    Turn("how big is Skopje?", "Skopje has about half a million people."),
)


def _rejected(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


@pytest.mark.parametrize(
    "question",
    [
        # the held names typed in lower case say how the turn types its names
        "ljubljana instead of zagreb and skopje. how old is that one?",
        "i'd rather go with ljubljana than zagreb or skopje. how old is that one?",
        "zagreb and skopje are out, ljubljana it is. how old is that one?",
        "skip zagreb and skopje; ljubljana please. how old is it?",
    ],
)
def test_a_new_name_in_a_lower_case_turn_is_read_as_the_capitalised_one(question: str) -> None:
    capitalised = (
        question.replace("ljubljana", "Ljubljana")
        .replace("zagreb", "Zagreb")
        .replace("skopje", "Skopje")
    )
    lower = write_final(list(_ZAGREB_THEN_SKOPJE), question, titles=_TITLES)
    clean = write_final(list(_ZAGREB_THEN_SKOPJE), capitalised, titles=_TITLES)
    assert lower.topic == clean.topic
    assert _rejected(lower) == _rejected(clean)


def test_a_lower_case_title_of_two_words_shows_the_turn_types_names_so() -> None:
    node = write_final(
        [Turn("how big is Zagreb?", "Zagreb has about 800,000 people.")],
        "how deep is ohrid? no wait, lake bled",
        titles=(*_TITLES, "Ohrid"),
    )
    assert node.topic == "Lake Bled"
    assert "Ohrid" in _rejected(node)


def test_a_title_alone_after_not_is_a_name_typed_in_lower_case() -> None:
    node = write_final(
        list(_ZAGREB_THEN_SKOPJE),
        "not sarajevo, not skopje - ljubljana. how old is it?",
        titles=_TITLES,
    )
    assert node.topic == "Ljubljana"
    assert {"Sarajevo", "Skopje"} <= _rejected(node)


def test_a_lower_case_word_is_no_name_without_a_sign_of_how_names_are_typed() -> None:
    """Nothing in "is sarajevo far?" shows the turn types names in lower case, and the
    conversation never held Sarajevo: the word stays unread, as before."""
    node = write_final(list(_ZAGREB_THEN_SKOPJE), "what is a sarajevo?", titles=_TITLES)
    assert node.topic != "Sarajevo"


_TEMPLATES = (
    "{new} instead of {a} and {b}. how old is that one?",
    "not {a}, not {b} - {new}. how old is it?",
    "going with {new} over {a} or {b}. how old is that one?",
)


@settings(max_examples=12)
@given(st.sampled_from(_TEMPLATES), st.permutations(["Ljubljana", "Sarajevo"]))
def test_lower_casing_a_turn_changes_neither_topic_nor_refusals(
    template: str, pair: list[str]
) -> None:
    """The invariance: for a turn that names the held names, reading it all in lower case
    gives the topic and the refused names the capitalised turn gives."""
    new = pair[0]
    clean_text = template.format(new=new, a="Zagreb", b="Skopje")
    clean = write_final(list(_ZAGREB_THEN_SKOPJE), clean_text, titles=_TITLES)
    lower = write_final(list(_ZAGREB_THEN_SKOPJE), clean_text.lower(), titles=_TITLES)
    assert lower.topic == clean.topic == new
    assert _rejected(lower) == _rejected(clean)


_ZAGREB_THEN_LAKE = (
    Turn("how old is Zagreb?", "Zagreb is nearly a thousand years old."),
    Turn("how deep is Lake Ohrid?", "Lake Ohrid is almost 300 metres deep."),
)


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("how old is skopje?", "Skopje"),
        ("how old is sarajevo then?", "Sarajevo"),
        ("how deep is lake bled?", "Lake Bled"),
    ],
)
def test_a_question_asked_again_with_a_lower_case_name_asks_about_it(
    question: str, topic: str
) -> None:
    node = write_final(list(_ZAGREB_THEN_LAKE), question, titles=_TITLES)
    assert node.topic == topic


def test_an_earlier_question_after_words_of_its_own_is_a_frame_too() -> None:
    history = [
        Turn(
            "my list: Zagreb, Skopje, Sarajevo. to begin, how old is Zagreb?",
            "Zagreb is nearly a thousand years old.",
        ),
        Turn("how big is it?", "Zagreb has about 800,000 people."),
    ]
    node = write_final(history, "how old is sarajevo?", titles=_TITLES)
    assert node.topic == "Sarajevo"


@settings(max_examples=8)
@given(st.sampled_from(["Skopje", "Sarajevo", "Ljubljana"]))
def test_lower_casing_the_new_name_of_a_repeated_question_changes_nothing(name: str) -> None:
    """The invariance: the repeated question typed in lower case is read as typed with its
    capital."""
    clean = write_final(list(_ZAGREB_THEN_LAKE), f"how old is {name}?", titles=_TITLES)
    lower = write_final(list(_ZAGREB_THEN_LAKE), f"how old is {name.lower()}?", titles=_TITLES)
    assert lower.topic == clean.topic == name
    assert [str(op) for op in lower.operations] == [str(op) for op in clean.operations]


def test_a_lower_case_title_in_a_question_of_its_own_stays_a_common_word() -> None:
    node = write_final(
        list(_ZAGREB_THEN_LAKE), "what causes vertigo at sea?", titles=(*_TITLES, "Vertigo")
    )
    assert node.topic != "Vertigo"


_ZAGREB = (Turn("how old is Zagreb?", "Zagreb is nearly a thousand years old."),)


@settings(max_examples=9)
@given(
    st.sampled_from(["no", "sorry", "wait"]),
    st.sampled_from(["({r}, {y})", "[{r}, {y}]", "({r}: {y})"]),
)
def test_a_bracketed_repair_in_lower_case_reads_as_the_capitalised_one(
    retraction: str, bracket: str
) -> None:
    """The invariance: lower-casing a turn that repairs a name in brackets changes neither
    its topic nor the name it takes back."""
    text = "a question on Skopje " + bracket.format(r=retraction, y="Sarajevo") + " - how big?"
    clean = write_final(list(_ZAGREB), text, titles=_TITLES)
    lower = write_final(list(_ZAGREB), text.lower(), titles=_TITLES)
    assert lower.topic == clean.topic == "Sarajevo"
    assert _rejected(lower) == _rejected(clean)


@pytest.mark.parametrize(
    "question",
    [
        "what about skopje, you never mentioned it. how old is skopje?",
        "how about skopje? is it old?",
        "and what about skopje - how old is it?",
    ],
)
def test_a_title_put_forward_in_lower_case_is_the_subject(question: str) -> None:
    node = write_final(list(_ZAGREB), question, titles=_TITLES)
    assert node.topic == "Skopje"


def test_a_title_inside_a_longer_clause_after_what_about_stays_a_word() -> None:
    node = write_final(list(_ZAGREB), "what about skopje weather in spring?", titles=_TITLES)
    assert node.topic != "Skopje"
