"""A doubt that the listener knows the answer ("not sure you'd know this one, but ...") is
politeness, and "this one" there is the question, not the topic
(spec/writer-standalone.md#writer-standalone.typed-names)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final as rules_final
from writer_pair import WRITERS

PEOPLE = ("Neil Armstrong", "Toni Morrison", "Miles Davis")
MISSIONS = ("Artemis 1", "Gemini 8", "Skylab 2")
DOUBTS = (
    "Not sure you'd know this one, but {}",
    "no idea if you can answer this, but {}",
    "I'm not sure you would know this. {}",
    "dunno if you'll know that one - {}",
    "bet you can answer this one: {}",
    "I'm not convinced you'd know this one, but {}",
    "I doubt you could answer this one. {}",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.sampled_from(PEOPLE), st.sampled_from(MISSIONS), st.sampled_from(DOUBTS))
def test_a_doubt_before_a_new_question_rejects_nothing(
    name: str, person: str, mission: str, doubt: str
) -> None:
    history = [
        Turn(f"what was {person}'s first job?", f"{person} first worked as an assistant."),
        Turn("what are they best known for?", f"{person} is best known for their work."),
    ]
    question = doubt.format(f"when did {mission} launch?")
    node = WRITERS[name](history, question, (*PEOPLE, *MISSIONS))
    assert node.topic == mission
    assert not any(op.kind is OpKind.ABANDON for op in node.operations)
    assert node.query is not None
    assert mission in node.query
    assert person not in node.query


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_this_one_turned_down_still_refuses_the_topic(name: str) -> None:
    history = [Turn("what was Miles Davis's first job?", "Miles Davis first played in a band.")]
    node = WRITERS[name](
        history, "not feeling this one. when did Gemini 8 launch?", PEOPLE + MISSIONS
    )
    assert node.topic == "Gemini 8"
    assert any(op.kind is OpKind.ABANDON and op.topic == "Miles Davis" for op in node.operations)


@given(st.sampled_from(PEOPLE), st.sampled_from(MISSIONS))
def test_this_one_the_listener_is_to_know_is_no_anaphor_for_the_rules(
    person: str, mission: str
) -> None:
    # The rule writer reads "this one" after "you'd know" as the question
    # (cues.QUESTION_AS_ONE), whatever words of doubt come before it.
    history = [Turn(f"what was {person}'s first job?", f"{person} first worked as an assistant.")]
    question = f"I'm not convinced you'd know this one, but when did {mission} launch?"
    node = rules_final(history, question, (*PEOPLE, *MISSIONS))
    assert node.topic == mission
    assert not any(op.kind is OpKind.ABANDON for op in node.operations)
