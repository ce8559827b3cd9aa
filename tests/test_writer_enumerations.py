"""Enumerations of names however written, and places in them (spec/writer-cues-positions.md,
"Enumerations in prose, in batches and in the turn itself"): lists given clause by clause, in
batches, or typed in the turn that chooses among them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.own_list_place import own_list_choice
from memcore.writers.rules import api as rules
from memcore.writers.rules.lists import (
    FIRST_BATCH,
    NEWEST_BATCH,
    Listing,
    clause_enumerations,
    find_positions,
    listing_for,
)
from memcore.writers.rules.names import find_mentions

_NAMES = ("Kyoto", "Lisbon", "Nairobi", "Cusco", "Helsinki", "Ada Lovelace", "Charles Darwin")
_ORDINALS = ("first", "second", "third", "fourth")


def _runs(text: str) -> list[list[str]]:
    return [[m.name for m in run] for run in clause_enumerations(text, find_mentions(text, _NAMES))]


def test_three_names_given_clause_by_clause_are_a_list() -> None:
    text = "Kyoto is a safe bet, Lisbon is cheaper this year, and Nairobi would be an adventure."
    assert _runs(text) == [["Kyoto", "Lisbon", "Nairobi"]]
    assert _runs("Perhaps Cusco first, then Helsinki, and if time allows, Kyoto.") == [
        ["Cusco", "Helsinki", "Kyoto"]
    ]


def test_two_names_in_clauses_or_names_across_sentences_are_no_list() -> None:
    assert _runs("People in Lisbon speak the national language, and many speak Kyoto.") == []
    assert _runs("Kyoto is old. Lisbon is older. Nairobi is young.") == []


def test_a_place_said_of_a_batch_counts_in_that_batch() -> None:
    first = Listing(("Kyoto", "Lisbon"), 2, (False, False))
    added = Listing(("Nairobi", "Cusco", "Helsinki"), 3, (False, False, False), extends=2)
    newest_first = (added, first)
    (new,) = find_positions("where is the second of the newer ones?")
    (old,) = find_positions("and the last one from your original list?")
    (very,) = find_positions("tell me about the very first one you suggested")
    assert (new.batch, old.batch, very.batch) == (NEWEST_BATCH, FIRST_BATCH, FIRST_BATCH)
    assert listing_for(newest_first, new, None) == added
    assert listing_for(newest_first, old, None) == first
    assert listing_for(newest_first, very, None) == first
    # Without batches a batch word changes nothing: the newest list is counted.
    assert listing_for((first,), new, None) == first


def _choice(question: str) -> str | None:
    return own_list_choice(question, find_mentions(question, _NAMES))


@given(
    st.permutations(_NAMES[:5]).map(lambda names: names[:3]),
    st.integers(min_value=0, max_value=2),
    st.sampled_from(("I can't decide between", "maybe", "options for tomorrow:")),
    st.sampled_from(("how old is that one?", "what is it known for?", "")),
)
def test_a_choice_by_place_in_the_turns_own_list_keeps_only_the_member(
    names: list[str], index: int, lead: str, ask: str
) -> None:
    question = f"{lead} {names[0]}, {names[1]} or {names[2]}. the {_ORDINALS[index]} one. {ask}"
    read = _choice(question)
    assert read is not None
    assert names[index] in read
    assert not any(other in read for other in names if other != names[index])
    # The question asked stays, with the member where it pointed back.
    assert read.startswith(ask.split()[0] if ask else names[index])


def test_the_latter_and_the_former_count_a_pair_typed_in_the_turn() -> None:
    assert _choice("Kyoto and then Lisbon. the latter first: how big is it?") == (
        "how big is Lisbon?"
    )
    assert _choice("Ada Lovelace or Charles Darwin? the former. what was her first job?") == (
        "what was Ada Lovelace's first job?"
    )
    assert _choice("torn between Kyoto and Cusco. the second, I think. is there a museum?") == (
        "Cusco is there a museum?"
    )


def test_a_place_in_an_answers_list_or_a_name_outside_the_list_is_no_own_choice() -> None:
    assert _choice("Kyoto or Lisbon? the second one you mentioned. how old is it?") is None
    assert _choice("Kyoto or Lisbon? the first. how far is it from Nairobi?") is None
    assert _choice("Kyoto, Lisbon and Nairobi are all on my list.") is None


def test_a_bare_place_asks_the_question_just_asked_about_another_member() -> None:
    history = [
        Turn("which cities should I see?", "Try Kyoto, Lisbon and Cusco."),
        Turn("how old is Lisbon?", "Lisbon is very old."),
        Turn("what is the weather like in Cusco in june?", "Cusco is dry in june."),
    ]
    node = rules.write_final(history, "and the second one?", ["Kyoto", "Lisbon", "Cusco"])
    assert node.topic == "Lisbon"
    assert node.query == "what is the weather like in Lisbon in june?"
    # With the talk still on that member, its own last question is taken up.
    node = rules.write_final(history[:2], "and the second one?", ["Kyoto", "Lisbon", "Cusco"])
    assert node.topic == "Lisbon"
    assert node.query is not None and "how old is Lisbon" in node.query
