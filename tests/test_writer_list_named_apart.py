"""Stop 54's shapes: a list's end named apart from the list, a value the user already knows,
and a remark on the user's own slip after a value
(spec/writer-cues-positions.md#writer-cues-positions.list-ends,
spec/writer-cues-value-revision.md#writer-cues-value-revision.already-known,
spec/writer-cues-value-revision.md#writer-cues-value-revision.plan)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.rules.lists import find_positions
from memcore.writers.rules.values import revise_value
from writer_pair import WRITERS

CITIES = ("Valparaiso", "Nairobi", "Helsinki", "Tbilisi", "Cusco")
DETOURS = (
    Turn("did Charles Darwin ever get married?", "Yes, Charles Darwin married once."),
    Turn("who directed Rashomon?", "Rashomon was directed by a filmmaker early in his career."),
)
LIST_NAMES = (
    "ok, that list you gave me before.",
    "Returning to your suggestions from earlier:",
    "back to your recommendations -",
)
PLACES = {
    "the top one": 1,
    "the one at the top": 1,
    "the bottom one": -1,
    "the one at the bottom": -1,
}


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: tuple(names[:3])),
    st.integers(1, 2),
    st.sampled_from(LIST_NAMES),
    st.sampled_from(sorted(PLACES)),
    st.sampled_from((" ", "\n")),
)
def test_an_end_of_a_list_named_apart_is_counted_in_that_list(
    name: str, listed: tuple[str, ...], detours: int, named: str, place: str, joint: str
) -> None:
    answer = f"You could try {listed[0]}, {listed[1]} and {listed[2]}."
    history = [Turn("which cities would you suggest for a long weekend?", answer)]
    history.extend(DETOURS[:detours])
    question = f"{named}{joint}when was {place} founded?"
    titles = (*listed, "Charles Darwin", "Rashomon")
    node = WRITERS[name](history, question, titles)
    meant = listed[0] if PLACES[place] == 1 else listed[-1]
    assert node.topic == meant
    assert meant in (node.query or "")


@pytest.mark.parametrize(
    "text",
    [
        "what is the one at the bottom of the hill called?",
        "who is the top one in the charts this week?",
    ],
)
def test_an_end_of_something_else_is_no_place_in_a_list(text: str) -> None:
    assert find_positions(text) == ()


def test_the_one_at_the_bottom_alone_is_the_last_of_the_newest_list() -> None:
    history = [
        Turn("which cities would you suggest?", "You could try Valparaiso, Nairobi and Cusco.")
    ]
    for writer in WRITERS.values():
        node = writer(history, "when was the one at the bottom founded?", CITIES)
        assert node.topic == "Cusco"


KNOWN = (
    "I actually knew {old} already - it's {new} I'm missing",
    "{old} I already have. what about {new}?",
    "I know {old}, I need {new}",
    "I've got {old} already, {new} please",
)


@given(
    st.sampled_from(KNOWN),
    st.integers(1950, 2020),
    st.integers(1, 9),
    st.booleans(),
)
def test_a_value_already_known_is_replaced_by_the_one_wanted(
    form: str, old: int, step: int, later: bool
) -> None:
    new = old + step if later else old - step
    revision = revise_value(
        form.format(old=old, new=new), f"who won the Tour de France in {old}?", "Tour de France"
    )
    assert revision is not None
    assert set(re.findall(r"\d{4}", revision.query)) == {str(new)}


@pytest.mark.parametrize("name", sorted(WRITERS))
@pytest.mark.parametrize(
    "remark", [" - I always mix up my years", ", my bad", ", I keep doing that", " - I'm hopeless"]
)
def test_a_remark_on_the_users_own_slip_stays_out_of_the_query(name: str, remark: str) -> None:
    history = [
        Turn(
            "who won the Boston Marathon in 1991?",
            "Ibrahim Hussein won the Boston Marathon in 1991.",
        )
    ]
    node = WRITERS[name](history, f"oops, I meant 1990{remark}", ("Boston Marathon",))
    assert node.query == "who won the Boston Marathon in 1990?"
