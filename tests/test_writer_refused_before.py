"""A refusal made in an earlier turn still stands when a later turn refuses another member
and asks about the one left (spec/writer-cues-roles.md#writer-cues-roles.refused-before)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final

_LAKES = ("Como", "Garda", "Bled")
_EARLIER = ("not {x}, I know it well", "{x} is not what I want", "skip {x} please")
_NOW = ("{x} is out too.", "and {x} is a no as well.", "{x} sounds dull too.")
_LEFT = ("how deep is the one that's left?", "and the one that's left, how deep is it?")


@settings(max_examples=12)
@given(
    st.permutations(_LAKES),
    st.sampled_from(_EARLIER),
    st.sampled_from(_NOW),
    st.sampled_from(_LEFT),
    st.booleans(),
)
def test_the_one_left_is_the_member_no_turn_refused(
    order: list[str], earlier: str, now: str, left: str, aside: bool
) -> None:
    first, second, rest = order
    history = [
        Turn("which lakes are worth a visit?", "Como, Garda and Bled are all lovely."),
        Turn(earlier.format(x=first), f"Fine, we can leave {first}."),
    ]
    if aside:
        # A question about something else between the two refusals changes nothing.
        history.append(Turn("how old is the Eames chair?", "It is from the fifties."))
    node = write_final(history, f"{now.format(x=second)} {left}", [*_LAKES, "Eames chair"])
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert node.topic == rest
    assert second in abandoned
    assert second not in (node.query or "")
