"""A place beside a refusal by name (spec/writer-cues-positions.md#writer-cues-positions
.beside-refusal): a turn that refuses one list member by name and asks about another by its
place sets the first aside and asks about the second, whichever clause comes first and
whichever form the refusal takes. Worded here, for both writers."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Node
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final as rules_final

Write = Callable[[Sequence[Turn], str, Sequence[str]], Node]
_WRITERS: tuple[Write, ...] = (rules_final, learned_final)

_LAKES = ("Lake Baikal", "Lake Titicaca", "Loch Ness")
_HISTORY = [
    Turn("which lakes are worth reading about?", "Try Lake Baikal, Lake Titicaca and Loch Ness."),
    Turn("Lake Baikal is not for me", "Fine, Lake Baikal is off the list."),
]
# Each refuses Lake Titicaca by name in a clause of its own, in a different form.
_REFUSALS = (
    "Lake Titicaca is out too",
    "Lake Titicaca is also a no",
    "skip Lake Titicaca as well",
    "not Lake Titicaca either",
    "forget Lake Titicaca",
)
# Each asks about Loch Ness by its place.
_ASKS = (
    "how deep is the last one?",
    "how deep is the third one?",
    "how deep is the last one you listed?",
)


def _read(write: Write, question: str) -> Node:
    return write(_HISTORY, question, _LAKES)


@pytest.mark.parametrize("write", _WRITERS)
@pytest.mark.parametrize("refusal", _REFUSALS)
@pytest.mark.parametrize("ask", _ASKS)
def test_the_member_refused_by_name_is_set_aside_and_the_place_asked_about_kept(
    write: Write, refusal: str, ask: str
) -> None:
    node = _read(write, f"{refusal}. {ask}")
    assert node.topic == "Loch Ness"
    abandoned = {op.topic for op in node.operations if op.kind.value == "Abandon"}
    assert "Lake Titicaca" in abandoned
    assert node.query is not None
    assert "Titicaca" not in node.query
    assert "Loch Ness" in node.query


@given(
    st.sampled_from(_WRITERS),
    st.sampled_from(_REFUSALS),
    st.sampled_from(_ASKS),
)
def test_property_the_refusal_clause_may_stand_before_or_after_the_question(
    write: Write, refusal: str, ask: str
) -> None:
    before = _read(write, f"{refusal}. {ask}")
    after = _read(write, f"{ask} {refusal}.")
    assert before.topic == after.topic == "Loch Ness"

    def abandoned(node: Node) -> set[str]:
        return {op.topic for op in node.operations if op.kind.value == "Abandon"}

    assert "Lake Titicaca" in abandoned(before) & abandoned(after)


@pytest.mark.parametrize("write", _WRITERS)
def test_a_question_about_a_place_with_no_refusal_is_read_as_before(write: Write) -> None:
    node = _read(write, "how deep is the second one?")
    assert node.topic == "Lake Titicaca"
    assert not {op.topic for op in node.operations if op.kind.value == "Abandon"}
