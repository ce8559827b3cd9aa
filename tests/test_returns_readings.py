"""Readings for returns to an earlier subject: a name misspelt by one slip, a pronoun in a
second question, and a description's question that leaves the subject to a pronoun
(spec/writer-cues-returns.md#writer-cues-returns.by-name,
spec/writer-cues-returns.md#writer-cues-returns.coordinate-question,
spec/search-referent.md#search-referent.when,
spec/search-description.md#search-description.switch)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.search.description import asks_a_whole_question, find_description
from memcore.search.referent import types_topic
from memcore.slips import one_slip_apart
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final as rules_final

_WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=12)


@given(_WORDS, _WORDS)
def test_a_slip_is_symmetric_and_never_the_word_itself(first: str, second: str) -> None:
    assert one_slip_apart(first, second) == one_slip_apart(second, first)
    assert not one_slip_apart(first, first)


@given(_WORDS, st.data())
def test_one_changed_letter_after_the_first_is_a_slip(word: str, data: st.DataObject) -> None:
    at = data.draw(st.integers(min_value=1, max_value=len(word) - 1))
    letter = data.draw(st.sampled_from([c for c in "xyzq" if c != word[at]]))
    changed = word[:at] + letter + word[at + 1 :]
    assert one_slip_apart(word, changed)
    assert not one_slip_apart(word, letter + word)  # a longer word is no slip
    assert not one_slip_apart(word, data.draw(st.sampled_from("xyzq")) + word[1:]) or (
        word[0] in "xyzq"
    )


_MALARIA = [
    Turn("what does Malaria do to the body?", "Malaria destroys red blood cells."),
    Turn("who wrote Middlemarch?", "George Eliot wrote Middlemarch."),
]


# The topic misspelt three ways: a changed last letter, two letters swapped, a changed vowel
# inside; and a question that types the name as it should be.
@pytest.mark.parametrize(
    "question",
    [
        "how does Malariq spread?",
        "is there a vaccine for Malaira yet?",
        "how dangerous is Molaria in children?",
        "which mosquito carries Malaria?",
    ],
)
def test_a_topic_misspelt_by_one_slip_is_that_topic(question: str) -> None:
    for write in (rules_final, learned_final):
        assert write(_MALARIA, question).topic == "Malaria", write


def test_a_short_name_or_two_close_topics_are_no_slip() -> None:
    history = [
        Turn("who is Maria?", "Maria is a singer."),
        Turn("who wrote Middlemarch?", "George Eliot wrote Middlemarch."),
    ]
    assert rules_final(history, "and who is Mario?").topic == "Mario"
    twins = [
        Turn("where is Marten?", "Marten is a village near Marlen."),
        Turn("where is Marlen?", "Marlen is a town."),
    ]
    assert rules_final(twins, "how big is Marlen?").topic == "Marlen"  # an answer spelt it
    assert rules_final(twins, "how big is Marden?").topic not in ("Marten", "Marlen")
    # A word that opens a page title is a name of its own, however close to a topic.
    assert rules_final(_MALARIA, "what did Malaris do?", ["Malaris Group"]).topic != "Malaria"


def test_the_referent_stage_reads_a_slip_as_the_topic_typed() -> None:
    assert types_topic("any vaccine for Herper?", "Herpes")
    assert types_topic("when did the Byzantnie empire fall?", "Byzantine Empire")
    assert not types_topic("any vaccine for Harpex?", "Herpes")
    assert not types_topic("where is Mari?", "Mars")  # too short to read through a slip


_PARTHENON = [Turn("how old is the Parthenon?", "The Parthenon was finished in 432 BC.")]


# A name asked about, then a second question with a pronoun, joined four ways: "and" with a
# question word, "and" with an auxiliary, "or" with an auxiliary, "but also" with a question
# word.
@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("Is Cholera contagious and how is it treated?", "Cholera"),
        ("Does Quinoa grow in Peru and can it grow in Spain?", "Quinoa"),
        ("Did Gaudi design Park Guell or did he only plan it?", "Gaudi"),
        ("Was Hatshepsut a pharaoh but also why was she erased?", "Hatshepsut"),
    ],
)
def test_a_pronoun_in_a_second_question_is_the_first_ones_name(question: str, name: str) -> None:
    for write in (rules_final, learned_final):
        assert write(_PARTHENON, question).topic == name, write


def test_a_pronoun_before_the_name_is_still_the_subject() -> None:
    node = rules_final(_PARTHENON, "what did it cost and was Pericles behind it?")
    assert node.topic == "Parthenon"


# A verbless question with the subject's slot left to a pronoun, four ways; and fragments
# that give a thing rather than ask about one.
@pytest.mark.parametrize(
    "rest", ["Any cures for it?", "Treatments for them?", "Cure for this, anyone?", "news about it"]
)
def test_a_pronoun_in_the_subjects_slot_makes_a_whole_question(rest: str) -> None:
    assert asks_a_whole_question(rest)


@pytest.mark.parametrize("rest", ["The West branch.", "The regular one.", "other industries"])
def test_a_fragment_that_gives_a_thing_is_no_whole_question(rest: str) -> None:
    assert not asks_a_whole_question(rest)


_ANSWER = ((1, "Soon after launch the mirror was ground to the wrong shape by a tiny amount."),)
_DESCRIBED = "the one where the mirror was ground to the wrong shape"


# A preposition of topic before the description, four ways; the question stays.
@pytest.mark.parametrize(
    "question",
    [
        f"Regarding {_DESCRIBED}: any repairs to it?",
        f"Concerning {_DESCRIBED}, any repairs to it?",
        f"any repairs to it? As for {_DESCRIBED}",
        f"With respect to {_DESCRIBED} - any repairs to it?",
    ],
)
def test_a_preposition_of_topic_goes_with_the_description(question: str) -> None:
    found = find_description(question, _ANSWER)
    assert found is not None
    assert found.rest.strip(" -") == "any repairs to it?"
