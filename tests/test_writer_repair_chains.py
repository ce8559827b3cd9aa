"""Chains of repairs in one turn (spec/writer-cues-self-repair.md): a bare name said after a
sentence closes is said in place of the name before it, a modal of what should have been
binds intent, and a value said with doubt or certainty around it is still only a value."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.name_roles import read_turn
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.names import find_mentions
from memcore.writers.rules.values import revise_value

NAMES = ("Rome", "Paris", "Kyoto", "Lisbon", "Tbilisi", "Nairobi")
RETRACTIONS = ("no, ", "sorry. ", "wait... ", "ugh, no, ")
CLOSINGS = (".", "!", "...")


def _read(question: str) -> tuple[str | None, tuple[str, ...]]:
    reading = read_turn(question, find_mentions(question, NAMES))
    return reading.intended, tuple(sorted(reading.taken_back))


@pytest.mark.parametrize(
    ("question", "intended", "taken_back"),
    [
        ("how big is Rome? no, Paris. Kyoto!", "Kyoto", ("Paris", "Rome")),
        ("what about Rome? sorry. Lisbon. Tbilisi", "Tbilisi", ("Lisbon", "Rome")),
        ("wait... Rome. Paris! how big is it?", "Paris", ("Rome",)),
    ],
)
def test_a_bare_name_after_a_closed_sentence_repairs(
    question: str, intended: str, taken_back: tuple[str, ...]
) -> None:
    assert _read(question) == (intended, taken_back)


def test_bare_names_in_a_turn_that_repairs_nothing_stay_listed() -> None:
    # No retraction anywhere: sentences of names are a list, not repairs.
    assert _read("Rome. Paris. Kyoto.") == (None, ())


@pytest.mark.parametrize(
    "question",
    [
        "that should've been Paris not Rome, my bad",
        "it was supposed to be Paris, not Rome",
        "hmm, this ought to have been Paris and not Rome",
    ],
)
def test_a_modal_of_what_should_have_been_binds_intent(question: str) -> None:
    assert _read(question) == ("Paris", ("Rome",))


def test_the_answer_as_subject_without_a_modal_is_still_what_is_set_aside() -> None:
    assert _read("that's Rome; my question was about Paris") == ("Paris", ("Rome",))


@settings(max_examples=30)
@given(
    names=st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True),
    retraction=st.sampled_from(RETRACTIONS),
    closing=st.sampled_from(CLOSINGS),
)
def test_the_last_bare_name_of_a_repair_chain_wins(
    names: list[str], retraction: str, closing: str
) -> None:
    first, *rest = names
    question = f"how big is {first}? {retraction}" + f"{closing} ".join(rest) + closing
    intended, taken_back = _read(question)
    assert intended == rest[-1]
    assert set(taken_back) == set(names[:-1])


@pytest.mark.parametrize(
    "text",
    [
        "1996 maybe?",
        "probably 1996 then, not sure",
        "I guess 1993... or 1996? 1996, definitely",
        "hmm, 1996 I think",
    ],
)
def test_doubt_or_certainty_around_a_value_says_nothing_else(text: str) -> None:
    revision = revise_value(text, "who won the Giro d'Italia in 1994?", "Giro d'Italia")
    assert revision is not None
    assert revision.new == "1996"
    assert revision.query == "who won the Giro d'Italia in 1996?"


def test_a_flip_flop_of_values_keeps_the_last_said() -> None:
    history = [Turn("who won the Giro d'Italia in 1994?", "Rosalind Franklin won it in 1994.")]
    node = rules_final(
        history, "1997? no, 1995... no wait, 1997. ok, 1995, final", ("Giro d'Italia",)
    )
    assert node.topic == "Giro d'Italia"
    assert "1995" in (node.query or "")
    assert "1997" not in (node.query or "")


PAIRS = (
    ("I can't decide between {a} and {b}", "Both are lovely. What would you like to know?"),
    ("{a} or {b}, which is older?", "{a} is older than {b}."),
    ("tell me about {a} and {b}", "{a} is by the sea; {b} is in the hills."),
)
REPAIRS_TO_THE_OTHER = (
    "how many people live in {b}? no wait, the other one",
    "what language is spoken in {b}... ugh, I meant the other one",
    "how old is {b}? hmm no, the other city, sorry",
)


@pytest.mark.parametrize("pair", PAIRS)
@pytest.mark.parametrize("repair", REPAIRS_TO_THE_OTHER)
def test_the_other_one_after_a_retraction_is_the_other_of_the_pair(
    pair: tuple[str, str], repair: str
) -> None:
    question, answer = (part.format(a="Kyoto", b="Lisbon") for part in pair)
    node = rules_final([Turn(question, answer)], repair.format(b="Lisbon"), ("Kyoto", "Lisbon"))
    assert node.topic == "Kyoto"
    assert "Kyoto" in (node.query or "")
    assert "Lisbon" not in (node.query or "")


def test_the_other_one_needs_a_pair() -> None:
    # Three names offered together: "the other one" does not say which of two is left.
    history = [Turn("tell me about Kyoto, Lisbon and Tbilisi", "All three are old cities.")]
    node = rules_final(
        history, "how old is Lisbon? no wait, the other one", ("Kyoto", "Lisbon", "Tbilisi")
    )
    assert node.topic != "Kyoto" or "Tbilisi" in (node.query or "")


def test_a_number_of_another_kind_after_a_closed_sentence_retracts_no_year() -> None:
    # "100%" after the year is how sure the user is, not a year said in its place.
    revision = revise_value(
        "wait, 1996 is the one. not 100% sure though", "who won the Giro d'Italia in 1994?"
    )
    assert revision is not None
    assert revision.new == "1996"
