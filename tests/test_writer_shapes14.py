"""Shapes read by structure (issue 26, round 14): an answer about the wrong entity, rejected
by the turn that takes its name back (spec/writer-cues-corrections.md#wrong-entity). Both
writers are checked where the mechanism is shared."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.learned import api as learned_api
from memcore.writers.name_roles import Role, read_turn
from memcore.writers.rules import api as rules_api
from memcore.writers.rules.names import find_mentions

CITIES = ("Lisbon", "Nairobi", "Cusco", "Tbilisi", "Kyoto", "Helsinki")
WRITERS: tuple[Callable[[Sequence[Turn], str, Sequence[str]], Node], ...] = (
    rules_api.write_final,
    learned_api.write_final,
)
TAKING_BACK = (
    "not {wrong}, please - {meant} is the one I asked about",
    "why are you telling me about {wrong}? I asked about {meant}",
    "how come you mentioned {wrong}? my question was about {meant}",
    "I don't need {wrong}, I need {meant}",
)


def _abandoned(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


@pytest.mark.parametrize("write", WRITERS)
@given(
    st.lists(st.sampled_from(CITIES), min_size=2, max_size=2, unique=True),
    st.sampled_from(TAKING_BACK),
)
def test_a_name_the_answer_put_in_place_of_the_topic_is_rejected(
    write: Callable[[Sequence[Turn], str, Sequence[str]], Node], names: list[str], final: str
) -> None:
    meant, wrong = names
    history = [Turn(f"how old is {meant}?", f"{wrong} is a few centuries old.")]
    node = write(history, final.format(wrong=wrong, meant=meant), CITIES)
    assert node.topic == meant
    assert wrong in _abandoned(node)
    assert node.query is not None and wrong not in node.query and meant in node.query


@pytest.mark.parametrize("write", WRITERS)
def test_a_name_given_as_the_answer_to_a_question_naming_nothing_is_kept(
    write: Callable[[Sequence[Turn], str, Sequence[str]], Node],
) -> None:
    history = [
        Turn("tell me about Lisbon", "Lisbon is the capital, on the river mouth."),
        Turn("who designed the big bridge?", "Edgar Cardoso designed the big bridge."),
    ]
    node = write(history, "I was asking about Lisbon, not Edgar Cardoso", ("Lisbon",))
    assert node.topic == "Lisbon"
    assert not _abandoned(node)


def test_why_the_answer_binds_its_name_as_the_answer_s_subject() -> None:
    question = "why are you telling me about Kyoto? my question was about Cusco"
    reading = read_turn(question, find_mentions(question, CITIES))
    assert reading.intended == "Cusco"
    assert reading.taken_back == ("Kyoto",)


def test_why_you_think_is_a_question_about_the_name_not_about_the_answer() -> None:
    question = "why do you think Kyoto kept its old streets?"
    reading = read_turn(question, find_mentions(question, CITIES))
    assert all(name.role is Role.PLAIN for name in reading.names)


TITLES = ("Rubik's Cube", "Walkman", "Hagia Sophia", "Kyoto", "St Paul's Cathedral", "Game Boy")


@given(st.permutations(TITLES).map(lambda names: names[:2]), st.sampled_from((" - ", " \u2013 ")))
def test_two_known_names_either_side_of_a_spaced_dash_are_two_names(
    names: list[str], dash: str
) -> None:
    text = f"no, not {names[0]}{dash}{names[1]}"
    assert [m.name for m in find_mentions(text, TITLES)] == names


def test_a_known_title_with_a_dash_inside_stays_one_name() -> None:
    title = "Doing Business With DEC - NYSDEC"
    text = f"tell me about {title} please"
    assert [m.name for m in find_mentions(text, (title, "NYSDEC"))] == [title]


@pytest.mark.parametrize("write", WRITERS)
def test_a_name_after_a_dash_replaces_the_negated_one_before_it(
    write: Callable[[Sequence[Turn], str, Sequence[str]], Node],
) -> None:
    history = [Turn("who made the Walkman?", "Walkman was made by a large electronics firm.")]
    node = write(history, "no, not Walkman - St Paul's Cathedral", TITLES)
    assert node.topic == "St Paul's Cathedral"
    assert _abandoned(node) == {"Walkman"}


DEFERRING = (
    "{asked} (we'll come back to {later} afterwards)",
    "{asked} let's get back to {later} after that.",
    "let me park {later} for a moment - {asked}",
    "{later} can wait till later. {asked}",
)


@pytest.mark.parametrize("write", WRITERS)
@given(
    st.lists(st.sampled_from(CITIES), min_size=2, max_size=2, unique=True),
    st.sampled_from(DEFERRING),
)
def test_a_name_put_off_is_kept_and_the_other_asked_about(
    write: Callable[[Sequence[Turn], str, Sequence[str]], Node], names: list[str], final: str
) -> None:
    later, now = names
    history = [Turn(f"how old is {later}?", f"{later} is a few centuries old.")]
    asked = f"what do people eat in {now}?"
    node = write(history, final.format(asked=asked, later=later), CITIES)
    assert node.topic == now
    assert not _abandoned(node)
    assert node.query == asked


def test_a_question_about_a_later_time_asks_about_its_name() -> None:
    question = "what happened in Kyoto later on? and in Cusco?"
    reading = read_turn(question, find_mentions(question, CITIES))
    assert all(name.role is Role.PLAIN for name in reading.names)


# A topic whose answer names no kind, the turn about it, and a later question that points at
# it by a noun of the kind its turn speaks of.
KINDED = (
    (
        "Vostok 1",
        "when did Vostok 1 launch?",
        "Vostok 1 left at dawn.",
        "where did the mission come down?",
    ),
    (
        "Cusco",
        "what is the population of Cusco?",
        "Cusco is home to a few hundred thousand.",
        "what's the weather like in the town?",
    ),
    (
        "Game Boy",
        "who invented Game Boy?",
        "Game Boy came from a small team.",
        "how many units of the device were sold?",
    ),
    (
        "Amelie",
        "who directed Amelie?",
        "Amelie was made by a young filmmaker.",
        "who starred in the movie?",
    ),
)


@pytest.mark.parametrize("write", WRITERS)
@given(st.permutations(KINDED).map(lambda items: items[:2]))
def test_a_kind_noun_points_at_the_earlier_topic_of_the_kind_its_turns_speak_of(
    write: Callable[[Sequence[Turn], str, Sequence[str]], Node],
    items: list[tuple[str, str, str, str]],
) -> None:
    (earlier, asked, answered, final), (current, asked_now, answered_now, _) = items
    history = [Turn(asked, answered), Turn(asked_now, answered_now)]
    node = write(history, final, (earlier, current))
    assert node.topic == earlier
