"""A thread held still while the turn goes back to an earlier one (round 48): "hold that
thought on X", "(then we can carry on with X)", "X goes on the back burner" put X off as
"X can wait" does (spec/writer-cues-roles.md#writer-cues-roles.deferred). The earlier name
is the topic, the held one stays in the memory, and the words that hold it are out of the
query."""

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

PEOPLE = ("Marie Curie", "Nikola Tesla", "Frida Kahlo", "Miles Davis", "Rosalind Franklin")
WRITERS: tuple[Callable[[Sequence[Turn], str, Sequence[str]], Node], ...] = (
    rules_api.write_final,
    learned_api.write_final,
)
HOLDING = (
    "hold that thought on {held}. {asked}",
    "hold this thought about {held} - {asked}",
    "let's hold off on {held} for now. {asked}",
    "{held} goes on the back burner. {asked}",
    "{asked} (then we can carry on with {held})",
    "{asked} then I'll want the rest on {held}",
    "{asked} and then we could go back to {held}.",
)


def _abandoned(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


@pytest.mark.parametrize("write", WRITERS)
@given(
    st.lists(st.sampled_from(PEOPLE), min_size=2, max_size=2, unique=True),
    st.sampled_from(HOLDING),
)
def test_a_held_thread_is_kept_and_the_earlier_one_is_asked_about(
    write: Callable[[Sequence[Turn], str, Sequence[str]], Node], names: list[str], final: str
) -> None:
    earlier, held = names
    history = [
        Turn(f"where did {earlier} grow up?", f"{earlier} grew up in a large city."),
        Turn(f"where did {held} grow up?", f"{held} grew up in a small village."),
    ]
    asked = f"what did {earlier} study?"
    node = write(history, final.format(asked=asked, held=held), PEOPLE)
    assert node.topic == earlier
    assert not _abandoned(node)
    assert node.query == asked


def test_a_question_with_then_asks_about_every_name() -> None:
    # "then" with a modal inside a question is part of what is asked, not a deferral.
    question = "if Marie Curie studied in Paris, then could Nikola Tesla have met her?"
    reading = read_turn(question, find_mentions(question, PEOPLE))
    assert all(name.role is Role.PLAIN for name in reading.names)


def test_holding_without_another_name_puts_nothing_off() -> None:
    # With no other name typed, the held name is the only one the turn has: nothing is put
    # off in favour of another.
    question = "hold that thought on Frida Kahlo."
    reading = read_turn(question, find_mentions(question, PEOPLE))
    assert all(name.role is not Role.DEFERRED for name in reading.names)


def test_then_closing_a_condition_puts_nothing_off() -> None:
    # A "then" after a comma closes an "if" clause; it orders nothing after the question.
    question = "if Marie Curie studied in Paris, then I should read about Nikola Tesla."
    reading = read_turn(question, find_mentions(question, PEOPLE))
    assert all(name.role is not Role.DEFERRED for name in reading.names)
