"""A verdict said as a clause of its own beside a refused name ("Y - not interested.") stays
out of the query (spec/writer-cues-roles.md#writer-cues-roles.stance-mark)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final as rules_final

Writer = Callable[[Sequence[Turn], str, Sequence[str]], Node]
WRITERS: dict[str, Writer] = {"rules": rules_final, "learned": learned_final}
MISSIONS = ("Artemis 1", "Gemini 8", "Apollo 13", "Skylab 2", "Vostok 1")
VERDICTS = ("not interested.", "pass.", "no thanks!", "nah.", "not for me")
MARKS = (" - ", "? ", ": ")


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(MISSIONS).map(lambda names: (names[0], names[1])),
    st.sampled_from(VERDICTS),
    st.sampled_from(MARKS),
)
def test_a_verdict_clause_refuses_its_name_and_leaves_the_query(
    name: str, pair: tuple[str, str], verdict: str, mark: str
) -> None:
    refused, asked = pair
    history = [
        Turn(f"tell me about {refused}", f"{refused} was a space flight."),
        Turn(f"and {asked}?", f"{asked} was another space flight."),
    ]
    question = f"when did {asked} launch? {refused}{mark}{verdict}"
    node = WRITERS[name](history, question, MISSIONS)
    assert node.topic == asked
    assert any(op.kind is OpKind.ABANDON and op.topic == refused for op in node.operations)
    assert node.query == f"when did {asked} launch?"


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_a_clause_with_words_of_its_own_after_a_refusal_stays(name: str) -> None:
    history = [
        Turn("tell me about Artemis 1", "Artemis 1 was a space flight."),
        Turn("and Gemini 8?", "Gemini 8 was another space flight."),
    ]
    question = "when did Gemini 8 launch? not Artemis 1. and who flew it?"
    node = WRITERS[name](history, question, MISSIONS)
    assert node.topic == "Gemini 8"
    assert node.query is not None
    assert "who flew it" in node.query
