"""A turn that lists names of its own, then asks about one (memcore.writers.own_list), and the
list places named by the list's ends or by a neighbour (memcore.writers.rules.lists)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.own_list import own_list_pick
from memcore.writers.rules.lists import Listing, find_positions, pick
from memcore.writers.rules.names import find_mentions

_CITIES = ("Lisbon", "Montreal", "Valparaiso", "Nairobi", "Tbilisi", "Kyoto")
_LEADS = ("I have three more on my list:", "next I want to look at", "for my project I need")
_ASKS = ("what language do people speak in {}?", "let's start with {}: how old is it?")


def _picked(question: str) -> tuple[str, str] | None:
    found = own_list_pick(question, find_mentions(question, _CITIES))
    return None if found is None else (found.name, found.asked)


@given(
    st.permutations(_CITIES).map(lambda names: names[:3]),
    st.integers(min_value=0, max_value=2),
    st.sampled_from(_LEADS),
    st.sampled_from(_ASKS),
)
def test_the_item_asked_about_is_picked_and_the_others_leave_the_query(
    names: list[str], index: int, lead: str, ask: str
) -> None:
    question = f"{lead} {names[0]}, {names[1]} and {names[2]}. {ask.format(names[index])}"
    found = _picked(question)
    assert found is not None
    name, asked = found
    assert name == names[index]
    assert asked == ask.format(names[index])
    assert not any(other in asked for other in names if other != name)


def test_a_turn_that_asks_about_the_whole_list_picks_nothing() -> None:
    assert _picked("I have Lisbon, Montreal and Kyoto on my list. which is oldest?") is None


def test_a_name_outside_the_list_or_a_taken_back_one_picks_nothing() -> None:
    assert _picked("I like Lisbon, Montreal and Kyoto. how old is Nairobi?") is None
    assert _picked("I had Lisbon, Montreal and Kyoto. not Lisbon though. how old is it?") is None


_LISTING = Listing(("Soyuz 11", "Apollo 12", "Apollo 13"), 1, (False, False, False))


def test_the_ends_of_a_named_list_are_its_first_and_last_members() -> None:
    top = find_positions("which company made the top one on your list?")
    bottom = find_positions("the one at the bottom of your list - when was it built?")
    assert [pick(_LISTING, position) for position in (*top, *bottom)] == [
        "Soyuz 11",
        "Apollo 13",
    ]
    # "the top one" alone may rank rather than count.
    assert find_positions("which is the top one?") == ()


@given(
    st.sampled_from(["my", "our", "your", "the"]),
    st.sampled_from([("top", "Soyuz 11"), ("bottom", "Apollo 13")]),
)
def test_the_ends_of_a_list_named_as_anyones_are_its_first_and_last(
    owner: str, end: tuple[str, str]
) -> None:
    word, member = end
    positions = find_positions(f"next, the {word} one on {owner} list. when did it launch?")
    assert [pick(_LISTING, position) for position in positions] == [member]


@given(st.integers(min_value=0, max_value=2), st.sampled_from(["after", "before"]))
def test_the_member_next_to_a_named_one(at: int, side: str) -> None:
    named = _LISTING.names[at].lower()
    positions = find_positions(f"what about the one {side} {named} on your list?")
    assert len(positions) == 1
    step = 1 if side == "after" else -1
    expected = _LISTING.names[at + step] if 0 <= at + step < 3 else None
    assert pick(_LISTING, positions[0]) == expected
