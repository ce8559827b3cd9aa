"""A statement that opens with "then" straight after the turn's question puts its names off
(round 49): "when did X open? then more on Y, promise." asks about X now and keeps Y for the
next turn, whatever words follow "then" (no modal needed), so Y is neither meant nor rejected
and the statement is out of the query (spec/writer-cues-roles.md#writer-cues-roles.deferred).
"Then again" (on the other hand) and a "then" that draws a conclusion with a verb of its own
("then Y is the one") put nothing off."""

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

BRIDGES = ("Golden Gate Bridge", "Tower Bridge", "Charles Bridge", "Rialto Bridge", "Pont Neuf")
WRITERS: tuple[Callable[[Sequence[Turn], str, Sequence[str]], Node], ...] = (
    rules_api.write_final,
    learned_api.write_final,
)
# Verbless statements "then" orders after the question, in wordings of our own.
AFTERWARDS = (
    "then more on {held}, promise.",
    "then the rest of {held}.",
    "Then {held} again!",
    "and then {held}, ok?",
    "then a bit more about {held} please",
    "then on to {held}",
    "then {held} once more, honest.",
)


def _abandoned(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


@pytest.mark.parametrize("write", WRITERS)
@given(
    st.lists(st.sampled_from(BRIDGES), min_size=2, max_size=2, unique=True),
    st.sampled_from(AFTERWARDS),
    st.sampled_from(("", "quick one first: ", "before it slips my mind: ")),
)
def test_a_then_statement_after_the_question_keeps_its_name_for_later(
    write: Callable[[Sequence[Turn], str, Sequence[str]], Node],
    names: list[str],
    after: str,
    opening: str,
) -> None:
    earlier, held = names
    history = [
        Turn(f"how long is the {earlier}?", f"The {earlier} is a few hundred metres long."),
        Turn(f"how long is the {held}?", f"The {held} is a little shorter."),
    ]
    asked = f"{opening}when did the {earlier} open?"
    node = write(history, f"{asked} {after.format(held=held)}", BRIDGES)
    assert node.topic == earlier
    assert not _abandoned(node)
    assert node.query == asked


def test_then_again_puts_nothing_off() -> None:
    # "then again" means "on the other hand": a remark about the name, not its turn later.
    question = "when did the Pont Neuf open? then again, the Rialto Bridge looks older."
    reading = read_turn(question, find_mentions(question, BRIDGES))
    assert all(name.role is not Role.DEFERRED for name in reading.names)


def test_a_then_that_draws_a_conclusion_puts_nothing_off() -> None:
    # A clause of its own after "then" ("then X is the one") concludes from the question.
    question = "is the Tower Bridge closed today? then the Charles Bridge is the one to visit."
    reading = read_turn(question, find_mentions(question, BRIDGES))
    assert all(name.role is not Role.DEFERRED for name in reading.names)


def test_then_inside_the_question_asks() -> None:
    question = "when did the Pont Neuf open? and then what about the Rialto Bridge?"
    reading = read_turn(question, find_mentions(question, BRIDGES))
    assert all(name.role is not Role.DEFERRED for name in reading.names)
