"""A turn's separate questions, and what the learned writers read from them
(spec/writer-cues-returns.md#writer-cues-returns.asked-parts,
spec/writer-learned.md#writer-learned.returned-question)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import abandon
from memcore.writers.asked_parts import asked_parts
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final
from memcore.writers.learned.digressions import returned_question


# Two questions put four ways: a second sentence opened by "and also", a semicolon, a comma
# and "and" before an asking word, and a full stop then "Plus,".
@pytest.mark.parametrize(
    "question",
    [
        "how deep is Loch Ness? and also, who painted Guernica?",
        "how deep is Loch Ness; who painted Guernica?",
        "how deep is Loch Ness, and who painted Guernica?",
        "How deep is Loch Ness. Plus, who painted Guernica?",
    ],
)
def test_a_turn_asking_two_things_has_two_parts(question: str) -> None:
    first, second = asked_parts(question)
    assert "Loch Ness" in first and "Guernica" not in first
    assert second.startswith("who painted Guernica")


@pytest.mark.parametrize(
    "question",
    ["compare Oslo and Bergen", "who were Lewis and Clark?", "tell me about salt and pepper"],
)
def test_a_conjunction_between_names_joins_one_question(question: str) -> None:
    assert asked_parts(question) == (question,)


_TEXT = st.text(alphabet=st.sampled_from("abcdeo ,.;?"), max_size=40)


@given(_TEXT)
def test_every_part_is_typed_in_the_question(question: str) -> None:
    parts = asked_parts(question)
    assert parts
    assert all(part in question for part in parts)


def test_the_unanswered_part_takes_no_word_of_the_answered_one() -> None:
    history = [Turn("how deep is Loch Ness? plus, who painted Guernica?", "Loch Ness is deep.")]
    query = write_final(history, "and my other question?", ["Loch Ness", "Guernica"]).query
    assert "loch" not in (query or "").casefold()


_HOOVER = Node(
    turn=1,
    question="who built the Hoover Dam?",
    answer="Thousands of workers built it, at a cost of 49 million dollars.",
    topics=("Hoover Dam",),
)
_KOALA = Node(turn=2, question="what does the Koala eat?", topics=("Koala",))


# A return put four ways: a description of people, a bare noun phrase, an "it", and a
# statement that asks by its form.
@pytest.mark.parametrize(
    "turn",
    [
        "who paid the workers?",
        "Workers' pay?",
        "how much did it cost?",
        "I wonder what it cost.",
    ],
)
def test_a_return_past_a_digression_restates_its_question(turn: str) -> None:
    assert returned_question((_HOOVER, _KOALA), "Hoover Dam", turn) == (_HOOVER.question,)


# A whole question of its own, about something the earlier turn never touched, put four ways:
# a question word, an inverted auxiliary, a statement that asks, and a verbless question that
# leaves the subject to a pronoun. Its words and the old question's ask different things.
@pytest.mark.parametrize(
    "turn",
    [
        "who designed the turbines?",
        "was there ever a flood downstream?",
        "I wonder who designed the turbines.",
        "any lawsuits about it?",
    ],
)
def test_a_whole_question_of_new_words_restates_nothing(turn: str) -> None:
    assert returned_question((_HOOVER, _KOALA), "Hoover Dam", turn) == ()


_NEW_NOUNS = st.sampled_from(("turbines", "floods", "lawsuits", "architect", "spillway"))
_OLD_NOUNS = st.sampled_from(("workers", "cost", "dollars", "thousands"))


@given(_NEW_NOUNS, _OLD_NOUNS)
def test_a_whole_question_restates_only_what_it_leans_on(new: str, old: str) -> None:
    # The same whole question restates the old one exactly when it uses a word of that turn;
    # a fragment restates it either way (it leaves open what it asks).
    assert returned_question((_HOOVER, _KOALA), "Hoover Dam", f"what about the {new}?") == ()
    leaning = f"what about the {new} and the {old}?"
    assert returned_question((_HOOVER, _KOALA), "Hoover Dam", leaning) == (_HOOVER.question,)
    for fragment in (f"the {new}", f"the {old}"):
        restated = returned_question((_HOOVER, _KOALA), "Hoover Dam", fragment)
        assert restated == (_HOOVER.question,)


@pytest.mark.parametrize("turn", ["how tall is the Hoover Dam?", "thanks", "I see."])
def test_a_turn_naming_its_topic_or_giving_nothing_restates_nothing(turn: str) -> None:
    assert returned_question((_HOOVER, _KOALA), "Hoover Dam", turn) == ()


def test_no_digression_restates_nothing() -> None:
    assert returned_question((_KOALA, _HOOVER), "Hoover Dam", "who paid the workers?") == ()


def test_a_question_naming_another_topic_is_not_restated() -> None:
    both = Node(turn=1, question="who built the Hoover Dam for Nevada?", topics=("Hoover Dam",))
    restated = returned_question((both, _KOALA), "Hoover Dam", "who paid them?", ["Nevada"])
    assert restated == ()


def test_a_correcting_turn_is_not_restated() -> None:
    fixed = Node(
        turn=1,
        question="not the Aswan Dam, the Hoover Dam: who built it?",
        topics=("Hoover Dam",),
        operations=(abandon("Aswan Dam"),),
        contradicts=("Aswan Dam",),
    )
    assert returned_question((fixed, _KOALA), "Hoover Dam", "who paid the workers?") == ()


def test_of_two_questions_the_one_naming_the_topic_is_restated() -> None:
    two = Node(
        turn=1,
        question="where is Quito? and who built the Hoover Dam?",
        answer=_HOOVER.answer,
        topics=("Hoover Dam",),
    )
    assert returned_question((two, _KOALA), "Hoover Dam", "who paid the workers?") == (
        "who built the Hoover Dam?",
    )


# A new value for the question put three ways: a year after "in", a bare year with "then",
# and a count.
@pytest.mark.parametrize(
    "turn", ["and who won in 2021?", "the winner of 1990 then?", "what about 3 of them?"]
)
def test_a_turn_with_a_new_value_restates_nothing(turn: str) -> None:
    race = Node(turn=1, question="who won the Boston Marathon in 2018?", topics=("Race",))
    assert returned_question((race, _KOALA), "Race", turn) == ()
