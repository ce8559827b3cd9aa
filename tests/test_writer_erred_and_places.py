"""A wrong answer of the user's own turns no name down
(spec/writer-cues-roles.md#writer-cues-roles.erred); places said in more forms: "second one on
there", "1 - middle one", "pre-tea one" (spec/writer-cues-positions.md#writer-cues-positions.forms,
spec/writer-cues-positions.md#writer-cues-positions.before-event)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from writer_pair import WRITERS, abandoned

CITIES = ("Cusco", "Lisbon", "Nairobi", "Tbilisi", "Helsinki")
ERRED = (
    "got a pub quiz question about {} wrong last night and it's bugging me. when was it founded?",
    "I got a quiz question on {} wrong. when was it founded?",
    "when was {} founded? that was the one I got wrong at quiz night 🙈",
    "when was {} founded? I got it wrong in the quiz",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations(CITIES).map(lambda names: (names[0], names[1])), st.sampled_from(ERRED))
def test_a_wrong_quiz_answer_turns_down_neither_name(
    name: str, pair: tuple[str, str], final: str
) -> None:
    current, asked = pair
    history = [Turn(f"what is {current} famous for?", f"{current} is famous for its old town.")]
    node = WRITERS[name](history, final.format(asked), CITIES)
    assert not abandoned(node)
    if name == "learned":
        # The rule writer reads the pronoun of "it's bugging me" as the current topic.
        assert node.topic == asked


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_i_got_it_wrong_before_a_name_still_repairs(name: str) -> None:
    history = [Turn("what is Cusco famous for?", "Cusco is famous for its old town.")]
    node = WRITERS[name](history, "sorry, I got it wrong, I meant Lisbon", CITIES)
    assert node.topic == "Lisbon"
    assert abandoned(node) == {"Cusco"}


PLACES = (
    ("second one on there, sounds good.\nhow old is it?", 1),
    ("the third one from your list - how old is it?", 2),
    ("1 - middle one\n2 - keep it short\nq: how old is it?", 1),
    ("ok, middle one please. how old is it?", 1),
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations(CITIES).map(lambda names: names[:4]), st.sampled_from(PLACES))
def test_a_place_in_the_list_names_its_member(
    name: str, names: tuple[str, ...], place: tuple[str, int]
) -> None:
    before, *listed = names
    history = [
        Turn(f"what is {before} famous for?", f"{before} is famous for its old town."),
        Turn("which cities would you suggest?", f"You could try {', '.join(listed)}."),
    ]
    node = WRITERS[name](history, place[0], CITIES)
    assert node.topic == listed[place[1]]


ASIDES = ("Just putting the kettle on ☕", "brb, making a cup of tea", "BRB - tea.")
POINTERS = (
    "pre-tea one please! how old is that one?",
    "when was the one from right before i made tea founded?",
    "the one just before my tea break: how old is that one?",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(CITIES).map(lambda names: (names[0], names[1])),
    st.sampled_from(ASIDES),
    st.sampled_from(POINTERS),
)
def test_the_topic_before_the_one_aside_of_the_talk(
    name: str, pair: tuple[str, str], aside: str, pointer: str
) -> None:
    before, after = pair
    history = [
        Turn(f"what is {before} famous for?", f"{before} is famous for its old town."),
        Turn(aside, "Take your time."),
        Turn(f"what is {after} famous for?", f"{after} is famous for its old town."),
    ]
    node = WRITERS[name](history, pointer, CITIES)
    assert node.topic == before
    assert after not in (node.query or "")


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_two_asides_point_at_no_moment(name: str) -> None:
    history = [
        Turn("what is Cusco famous for?", "Cusco is famous for its old town."),
        Turn("brb", "Sure."),
        Turn("what is Lisbon famous for?", "Lisbon is famous for its old town."),
        Turn("back, phone rang", "No problem."),
        Turn("what is Nairobi famous for?", "Nairobi is famous for its old town."),
    ]
    node = WRITERS[name](history, "the pre-lunch one: how old is it?", CITIES)
    assert node.topic not in ("Cusco", "Lisbon")
