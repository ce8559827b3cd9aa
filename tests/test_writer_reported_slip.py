"""Slips the user reports, says are another name, or owns up to, and retraction chains read
across punctuation, brackets and case (spec/writer-cues-self-repair.md, reported-slip and
lower-case-repair): the name meant is the topic, and no name taken back is searched."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.name_roles import Role, read_turn
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.names import Mention
from writer_pair import WRITERS

CITIES = ("Kyoto", "Lisbon", "Seville", "Tbilisi")
TITLES = (*CITIES, "Porto")
OPENING = [Turn("how many people live in Porto?", "Porto has about 230,000 people.")]
ASKED = [*OPENING, Turn("how old is Kyoto?", "Kyoto is over a thousand years old.")]


def _abandoned(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


def _mentions(text: str, names: Sequence[str]) -> list[Mention]:
    found = []
    for name in names:
        start = text.find(name)
        while start >= 0:
            found.append(Mention(name, start, start + len(name), True, False))
            start = text.find(name, start + 1)
    return sorted(found, key=lambda m: m.start)


# One request, the slip reported with different structures: a report before or after the
# name meant, one name said to be another, intent in the passive, owning up by the sentence.
@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "turn",
    [
        "how old is Lisbon? I put Kyoto in my last question by accident",
        "I said Kyoto earlier, but Lisbon is the one I want",
        "sorry, Kyoto should have been Lisbon",
        "Kyoto should be Lisbon in what I asked",
        "ignore that, the question was supposed to be about Lisbon",
        "that one was meant to be about Lisbon",
        "I've confused the two, Lisbon is the one I mean",
        "I mistyped, it's Lisbon I need",
    ],
)
def test_the_slip_reported_is_taken_back_and_the_name_meant_asked(writer: str, turn: str) -> None:
    node = WRITERS[writer](ASKED, turn, TITLES)
    assert node.topic == "Lisbon"
    assert "Kyoto" in _abandoned(node)
    assert node.query is not None and "Lisbon" in node.query and "Kyoto" not in node.query


@pytest.mark.parametrize(
    "turn",
    [
        "as I said, Kyoto is lovely. how old is Lisbon?",
        "I said Kyoto, where is it?",
        "I said Lisbon, not Kyoto",
    ],
)
def test_a_report_that_stands_by_its_name_takes_nothing_back(turn: str) -> None:
    reading = read_turn(turn, _mentions(turn, CITIES))
    kept = {n.name for n in reading.names if n.role in (Role.PLAIN, Role.INTENDED)}
    if "not Kyoto" in turn:
        assert kept == {"Lisbon"} and reading.taken_back == ("Kyoto",)
    elif "as I said" in turn:
        assert "Kyoto" in kept and reading.taken_back == ()
    else:
        assert kept == {"Kyoto"} and reading.taken_back == ()


def test_a_name_that_should_be_something_else_is_no_correction() -> None:
    turn = "Kyoto should be lovely in spring. how old is Lisbon?"
    reading = read_turn(turn, _mentions(turn, CITIES))
    assert reading.taken_back == ()


CUES = ("no wait, ", "sorry, ", "hmm, actually ", "... ", "I typed {} - ", "scratch that, ")


def _cased(cue: str, case: str) -> str:
    # A report verb in capitals ("I TYPED Lisbon") runs into the capitalised name after it
    # and is read as part of it (the name finder's case, left as it is): a report keeps its
    # verb in lower case.
    if case == "upper" and "{}" in cue:
        return cue.capitalize()
    return {"lower": cue.lower(), "upper": cue.upper(), "title": cue.capitalize()}[case]


@given(
    st.lists(st.sampled_from(CITIES), min_size=2, max_size=4, unique=True),
    st.lists(st.sampled_from(CUES), min_size=3, max_size=3),
    st.sampled_from(("lower", "upper", "title")),
    st.sampled_from(("? ", ". ", " - ")),
)
def test_the_name_after_the_last_retraction_wins_across_cues_and_case(
    names: list[str], cues: list[str], case: str, mark: str
) -> None:
    # One to three retractions, each with any cue and case: the last name is meant, and no
    # name before it is searched or kept.
    turn = f"how old is {names[0]}"
    for index, name in enumerate(names[1:]):
        cue = _cased(cues[index], case).format(names[index])
        turn += f"{mark}{cue}{name}"
    node = rules_final(OPENING, turn, TITLES)
    assert node.topic == names[-1]
    assert node.query is not None and names[-1] in node.query
    assert not any(name in node.query for name in names[:-1])
    assert set(names[:-1]) <= _abandoned(node)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("bracket", ["({} {})", "[{} {}]"])
def test_a_lower_case_retraction_in_brackets_brings_its_name(writer: str, bracket: str) -> None:
    turn = f"how old is Kyoto {bracket.format('no wait,', 'lisbon')}?"
    node = WRITERS[writer](OPENING, turn, TITLES)
    assert node.topic == "Lisbon" and "Kyoto" in _abandoned(node)
    assert node.query is not None and "Kyoto" not in node.query


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "turn",
    [
        "I miscounted. how old is the last one?",
        "how old is the last one? I misread your list",
        "I got your list muddled up, the last one is what I meant",
    ],
)
def test_owning_up_takes_back_a_pick_by_place(writer: str, turn: str) -> None:
    history = [
        Turn("which cities would you suggest for a long weekend?", "Kyoto, Lisbon and Porto."),
        Turn("how old is the first one?", "Kyoto is over a thousand years old."),
    ]
    node = WRITERS[writer](history, turn, TITLES)
    assert node.topic == "Porto" and "Kyoto" in _abandoned(node)
    assert node.query is not None and "Kyoto" not in node.query
