"""The standalone guard (spec/writer-standalone.md) as properties of both writers: a turn that
names its subject, asks and leans on nothing is searched as typed, and a turn that takes
nothing back rejects no name it types."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.eval.datasets.questions import Turn
from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.cues import normalise_turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.own_subject import fixes_own_subject
from memcore.writers.remarks import without_remarks
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.standalone import revises, stands_alone

WriteFinal = Callable[[Sequence[Turn], str, Sequence[str]], Node]
WRITERS: dict[str, WriteFinal] = {"rules": rules_final, "learned": learned_final}

HISTORIES = (
    (
        Turn(
            "tell me about Apollo 11",
            "Apollo 11 was the NASA mission that first landed people on the Moon in 1969.",
        ),
        Turn("who walked on the moon?", "Neil Armstrong and Buzz Aldrin walked on the Moon."),
    ),
    (Turn("what is the Sea of Tranquility?", "The Sea of Tranquility is a lunar mare."),),
)
NAMES = ("Marie Curie", "Rosalind Franklin", "Mount Kilimanjaro", "Lake Baikal", "Tbilisi")
QUESTIONS = (
    "Where was {name} born?",
    "What is {name} known for?",
    "tell me about {name}",
    "Talking about {name}, what is its history?",
    "How old is {name}?",
)


def _titles(name: str) -> tuple[str, ...]:
    return ("Apollo 11", "Neil Armstrong", "Buzz Aldrin", "Sea of Tranquility", name)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    history=st.sampled_from(HISTORIES),
    name=st.sampled_from(NAMES),
    template=st.sampled_from(QUESTIONS),
)
def test_a_turn_that_stands_alone_is_searched_as_typed(
    writer: str, history: tuple[Turn, ...], name: str, template: str
) -> None:
    question = template.format(name=name)
    assert stands_alone(question, [name])
    node = WRITERS[writer](history, question, _titles(name))
    assert node.query is not None
    assert node.query.casefold().split() == question.casefold().split()


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    history=st.sampled_from(HISTORIES),
    name=st.sampled_from(NAMES),
    template=st.sampled_from(
        (*QUESTIONS, "which is older, {name} or the Moon?", "{name} and its people")
    ),
)
def test_a_turn_that_takes_nothing_back_rejects_no_name_it_types(
    writer: str, history: tuple[Turn, ...], name: str, template: str
) -> None:
    question = template.format(name=name)
    assert not revises(question)
    node = WRITERS[writer](history, question, _titles(name))
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert name not in abandoned and name not in node.contradicts


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_turn_that_leans_on_the_history_still_gets_its_referent(writer: str) -> None:
    node = WRITERS[writer](HISTORIES[0][:1], "when did it land?", _titles("Tbilisi"))
    assert node.query is not None and "apollo 11" in node.query.casefold()


@pytest.mark.parametrize(
    "question",
    [
        "where was he born?",
        "what about Lake Baikal?",
        "Lake Baikal",
        "no, I meant Lake Baikal",
        "is it older than Lake Baikal?",
        "back to Lake Baikal: how deep is it?",
    ],
)
def test_turns_that_lean_or_revise_do_not_stand_alone(question: str) -> None:
    assert not stands_alone(question, ["Lake Baikal"])


POLITE_APOLOGIES = (
    "sorry to bother you again, ",
    "Sorry to ask again, but ",
    "sorry for asking so much: ",
    "sorry for all the questions. ",
)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    history=st.sampled_from(HISTORIES),
    name=st.sampled_from(NAMES),
    template=st.sampled_from(QUESTIONS),
    apology=st.sampled_from(POLITE_APOLOGIES),
)
def test_a_polite_apology_changes_no_decision_and_keeps_every_typed_name(
    writer: str, history: tuple[Turn, ...], name: str, template: str, apology: str
) -> None:
    # Invariance: the apology is politeness, not a repair; the turn keeps its typed name,
    # rejects nothing, and takes the same topic as without it.
    question = template.format(name=name)
    plain = WRITERS[writer](history, question, _titles(name))
    polite = WRITERS[writer](history, apology + question, _titles(name))
    assert not revises(apology + question)
    assert polite.topic == plain.topic
    assert not any(op.kind is OpKind.ABANDON for op in polite.operations)
    assert polite.query is not None and name.casefold() in polite.query.casefold()


# --- questions that fix their subject without a name (spec: writer-standalone.own-subject) ---

GENERAL_QUESTIONS = (
    "who was the US president in {year}?",
    "what was the most popular song in {year}?",
    "what were the biggest news stories of {year}?",
    "how much did a loaf of bread cost in {year}?",
)


@given(
    writer=st.sampled_from(sorted(WRITERS)),
    history=st.sampled_from(HISTORIES),
    template=st.sampled_from(GENERAL_QUESTIONS),
    year=st.integers(1900, 2030),
)
def test_a_question_that_fixes_its_subject_gets_no_history_term(
    writer: str, history: Sequence[Turn], template: str, year: int
) -> None:
    question = template.format(year=year)
    node = WRITERS[writer](history, question, _titles("Lake Baikal"))
    assert node.query == question


@given(
    noun=st.sampled_from(("population", "president", "capital", "director", "company", "city")),
    year=st.integers(1900, 2030),
    opening=st.sampled_from(("what is the", "who was the", "how big was the")),
)
def test_a_plain_the_phrase_leans_on_the_conversation_whatever_year_it_names(
    noun: str, year: int, opening: str
) -> None:
    assert not fixes_own_subject(f"{opening} {noun} in {year}?")
    assert not stands_alone(f"{opening} {noun} in {year}?", [])


# --- remarks (spec: writer-standalone.remarks) ---

REMARKS = ("Not that either.", "Sorry.", "Right.", "thanks for that!", "hold on,", "ok,", "no,")


@given(
    remarks=st.lists(st.sampled_from(REMARKS), max_size=3),
    name=st.sampled_from(NAMES),
    template=st.sampled_from(QUESTIONS),
)
def test_remarks_leave_the_query_and_the_question_stays_whole(
    remarks: list[str], name: str, template: str
) -> None:
    question = template.format(name=name)
    assert without_remarks(" ".join([*remarks, question])) == question


_LED_THANKS = st.sampled_from(
    ["Oh, and thanks for the bit on {}!", "and thanks for the {} info", "also thx for {}."]
)


# A question closed by its mark: the thanks after it is a sentence of its own.
_ASKED = st.sampled_from([question for question in QUESTIONS if question.endswith("?")])


@given(_LED_THANKS, st.sampled_from(NAMES), _ASKED, st.sampled_from(NAMES))
def test_thanks_led_in_by_a_linking_word_is_a_remark_too(
    thanks: str, thanked: str, template: str, asked: str
) -> None:
    question = template.format(name=asked)
    assert without_remarks(f"{question} {thanks.format(thanked)}") == question


@given(st.text(max_size=80))
def test_taking_remarks_out_adds_no_word_and_leaves_a_query(query: str) -> None:
    tidied = without_remarks(query)
    assert set(tidied.split()) <= set(" ".join(query.split()).split()) | set(
        normalise_turn(query).split()
    )
    assert bool(tidied.strip()) == bool(query.strip())


_PLACE = st.sampled_from(["Rome", "the old harbour", "Porto", "the Spanish Steps"])
_APPRAISAL = st.sampled_from(["I liked the area around {}.", "I loved my week near {}."])


@given(_PLACE, _APPRAISAL)
def test_a_turn_that_asks_nothing_keeps_its_appraisal(place: str, appraisal: str) -> None:
    statement = appraisal.format(place)
    turn = f"That doesn't sound safe. {statement}"
    assert without_remarks(turn) == turn
    # Once the turn asks, the appraisal looks back and goes.
    assert without_remarks(f"{statement} Which hotels are near it?") == "Which hotels are near it?"


_NOTED = st.sampled_from(
    [
        "{} is bookmarked now, thanks!",
        "I've saved {} for the weekend, cheers.",
        "that's {} in my notebook, thank you so much.",
    ]
)
_WANTED = st.sampled_from(
    ["I need the opening hours of {}, thanks.", "I'd like a map of {}, thanks."]
)


@given(_PLACE, _NOTED)
def test_a_statement_closed_by_thanks_leaves_the_query_of_a_question_that_names_its_subject(
    place: str, noted: str
) -> None:
    statement = noted.format(place)
    assert without_remarks(f"{statement} When was Lyon founded?") == "When was Lyon founded?"
    # A question that leans back by a pronoun keeps the statement that names its referent.
    leaning = f"{statement} When was it founded?"
    assert without_remarks(leaning) == leaning


@given(_PLACE, _WANTED)
def test_a_request_closed_by_thanks_stays_in_the_query(place: str, wanted: str) -> None:
    turn = f"{wanted.format(place)} When was Lyon founded?"
    assert without_remarks(turn) == turn


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_noted_topic_closed_by_thanks_gives_way_to_the_earlier_one_asked_about(
    writer: str,
) -> None:
    history = [
        Turn("how old is Porto?", "Porto is one of the oldest cities in Europe."),
        Turn("how old is Lyon?", "Lyon was founded by the Romans."),
    ]
    turn = "Lyon is bookmarked now, cheers. what river runs through Porto?"
    node = WRITERS[writer](history, turn, ())
    assert node.topic == "Porto"
    assert node.query is not None and "Lyon" not in node.query
    assert all(op.kind is not OpKind.ABANDON for op in node.operations)
