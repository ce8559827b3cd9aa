""" "The other one" set off after a typed name is an apposition, not a correction
(spec/writer-cues-corrections.md#writer-cues-corrections.no-cue)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from writer_pair import WRITERS

PEOPLE = ("Buzz Aldrin", "Pete Conrad", "Ada Lovelace", "Marie Curie", "Toni Morrison")
CLAUSES = ("the other one I brought up", "the other one", "the other one my cousin mentioned")
LEADS = ("Now", "OK, now", "Next:")


def _history(first: str, second: str) -> list[Turn]:
    return [
        Turn(
            f"what was {first}'s first job? My cousin mentioned {second} too, but this one first.",
            f"{first} first worked as an assistant in a local workshop.",
        ),
        Turn("when did they die?", f"{first} died in the spring, after a long illness."),
    ]


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    people=st.permutations(PEOPLE).map(lambda order: tuple(order[:2])),
    clause=st.sampled_from(CLAUSES),
    lead=st.sampled_from(LEADS),
)
def test_a_name_with_the_other_one_beside_it_moves_on_without_a_rejection(
    writer: str, people: tuple[str, ...], clause: str, lead: str
) -> None:
    first, second = people
    question = f"{lead} {second}, {clause}: where did they grow up?"
    node = WRITERS[writer](_history(first, second), question, PEOPLE)
    assert node.topic == second
    assert not [op for op in node.operations if op.kind is OpKind.ABANDON]
    assert node.query is not None and second in node.query


def test_the_other_one_without_a_name_before_it_still_corrects() -> None:
    node = learned_final(_history("Buzz Aldrin", "Pete Conrad"), "no, the other one", PEOPLE)
    assert node.topic == "Pete Conrad"


MISSIONS = ("Apollo 13", "Artemis 1", "Gemini 8", "Skylab 2")
OTHER_TURNS = (
    "And the other one? when did that one launch?",
    "ok, same question for the other one please",
    "who flew on the other one?",
    "Now the other of the two:\nwho flew on that one?",
)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    pair=st.permutations(MISSIONS).map(lambda order: tuple(order[:2])),
    turn=st.sampled_from(OTHER_TURNS),
)
def test_the_other_one_moves_to_the_name_an_answer_paired_with_the_topic(
    writer: str, pair: tuple[str, ...], turn: str
) -> None:
    """spec/writer-cues-positions.md#writer-cues-positions.other-of-current"""
    topic, other = pair
    history = [
        Turn(
            f"when did {topic} launch?",
            f"{topic} launched early in the morning. People often bring up {other} in the same"
            " breath.",
        ),
        Turn("who flew on it?", f"{topic} carried a small crew of experienced pilots."),
    ]
    node = WRITERS[writer](history, turn, MISSIONS)
    assert node.topic == other
    assert not [op for op in node.operations if op.kind is OpKind.ABANDON]
    assert node.query is not None and other in node.query and topic not in node.query


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    pair=st.permutations(MISSIONS).map(lambda order: tuple(order[:2])),
    refusal=st.sampled_from(("{} is out, I've decided.", "I'm not bothering with {}.")),
)
def test_after_one_of_the_pair_is_turned_down_the_other_one_is_the_one_left(
    writer: str, pair: tuple[str, ...], refusal: str
) -> None:
    refused, left = pair
    history = [
        Turn(f"I'm torn between {refused} and {left}.", "Both are good choices."),
        Turn(refusal.format(refused), "Understood."),
    ]
    node = WRITERS[writer](history, "then who flew on the other one?", MISSIONS)
    assert node.topic == left
    assert node.query is not None and refused not in node.query


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_the_other_two_of_a_longer_list_are_no_pair(writer: str) -> None:
    history = [
        Turn("which missions should I read about?", "Try Apollo 13, Gemini 8 and Skylab 2."),
        Turn("who flew on Gemini 8?", "Gemini 8 carried two pilots, and Apollo 13 three."),
    ]
    node = WRITERS[writer](history, "and the other two?", MISSIONS)
    assert node.query is not None
    assert "Apollo 13" in node.query and "Skylab 2" in node.query
