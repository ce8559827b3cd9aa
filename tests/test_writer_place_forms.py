"""More forms of a place (spec/writer-cues-positions.md): a shortlist written with slashes, an
ordinal that is a clause of its own, a place said with a noun for a place in an order ("in
third place", "position two"), the middle placed by a short clause, and the start of the talk
("the one I asked about earliest", "the one from the top of this chat").

Every reading is tried in several structures of the same meaning, worded here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final
from memcore.writers.rules.lists import find_positions, listings_of

_BIRDS = ("Kestrel", "Osprey", "Kingfisher", "Puffin")
_OFFERED = [
    Turn("which birds are fun to watch?", "Try Kestrel, Osprey, Kingfisher and Puffin."),
    Turn("tough choice", "Take your time, any of them is a good start."),
]


@pytest.mark.parametrize("separator", [" / ", "/", " | "])
def test_a_shortlist_with_slashes_is_a_list(separator: str) -> None:
    text = f"my shortlist: {separator.join(_BIRDS[:3])}"
    (listing,) = listings_of(1, (), _BIRDS, None, questions=[text])
    assert listing.names == _BIRDS[:3]


@pytest.mark.parametrize(
    "question",
    [
        "Third. how fast does that one fly?",
        "ok, third one please. how fast does it fly?",
        "third and last one: how fast does it fly?",
        "how fast does it fly? third.",
    ],
)
def test_an_ordinal_that_is_a_clause_names_the_member(question: str) -> None:
    history = [Turn("which birds are fun to watch?", "Try Kestrel, Osprey and Kingfisher.")]
    assert write_final(history, question, _BIRDS).topics == ("Kingfisher",)


@pytest.mark.parametrize(
    "question",
    [
        "First, how fast does a Puffin fly?",
        "second thoughts aside, how fast does a Puffin fly?",
        "not now. first: how fast does a Puffin fly?",
        "first - how fast does a Puffin fly?",
    ],
)
def test_an_ordinal_that_orders_what_the_user_says_is_no_place(question: str) -> None:
    assert find_positions(question) == ()


@pytest.mark.parametrize(
    "question",
    [
        "the one you had in second place - how fast does it fly?",
        "position two, please. how fast does it fly?",
        "what about the bird at spot 2: how fast does it fly?",
    ],
)
def test_a_noun_for_a_place_in_an_order_names_the_member(question: str) -> None:
    node = write_final(_OFFERED, question, _BIRDS)
    assert node.topics == ("Osprey",)
    assert "Osprey" in (node.query or "")


def test_the_middle_placed_by_a_clause_is_the_middle_member() -> None:
    history = [Turn("which birds are fun to watch?", "Try Kestrel, Osprey and Kingfisher.")]
    for question in (
        "the one you wrote in the middle - how fast does it fly?",
        "the one sitting in the middle, how fast does it fly?",
    ):
        assert write_final(history, question, _BIRDS).topics == ("Osprey",)


_TALK = [Turn(f"where does the {bird} nest?", f"The {bird} nests near water.") for bird in _BIRDS]


@pytest.mark.parametrize(
    "question",
    [
        "how fast does the one I asked about earliest fly?",
        "the one from the very start of our conversation: how fast does it fly?",
        "that topic at the beginning of this chat - how fast does it fly?",
    ],
)
def test_the_start_of_the_talk_is_its_first_topic(question: str) -> None:
    assert write_final(_TALK, question, _BIRDS).topics == ("Kestrel",)


@settings(max_examples=20)
@given(st.sampled_from((" / ", ", ")), st.sampled_from(("first", "second", "third")))
def test_slashes_or_commas_never_change_the_member_a_place_picks(sep: str, ordinal: str) -> None:
    listed = sep.join(_BIRDS[:2]) + f"{sep if sep == ' / ' else ' and '}{_BIRDS[2]}"
    history = [Turn(f"shortlist so far: {listed}", "Nice shortlist.")]
    node = write_final(history, f"the {ordinal} one - how fast does it fly?", _BIRDS)
    assert node.topics == (_BIRDS[("first", "second", "third").index(ordinal)],)


@pytest.mark.parametrize(
    "question",
    [
        "the one you named at the very end. how fast does it fly?",
        "the name you gave at the end - how fast does it fly?",
        "the one at the bottom of your list: how fast does it fly?",
    ],
)
def test_the_end_placed_by_a_clause_is_the_last_member(question: str) -> None:
    assert write_final(_OFFERED, question, _BIRDS).topics == ("Puffin",)


def test_the_end_of_something_else_is_no_place() -> None:
    assert find_positions("the one at the end of the day was a Puffin") == ()


@pytest.mark.parametrize(
    "question",
    [
        "second name on your list - how fast does it fly?",
        "second option from the list: how fast does it fly?",
        "how fast does the second one in your list fly?",
    ],
)
def test_an_ordinal_without_a_determiner_before_a_list_is_a_place(question: str) -> None:
    assert write_final(_OFFERED, question, _BIRDS).topics == ("Osprey",)


def test_a_place_in_my_own_shortlist_reads_the_shortlist() -> None:
    history = [Turn("my picks so far: Puffin / Kestrel / Osprey", "Nice picks.")]
    node = write_final(history, "first option on my list: how fast does it fly?", _BIRDS)
    assert node.topics == ("Puffin",)
