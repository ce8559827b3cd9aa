"""Names set aside: two together, by a fronted "I can do without" or by asking the assistant
to leave them out ("you can leave out X and Y, thanks"), or one swapped out ("X in place of
Y"): each is refused (spec/writer-cues-roles.md#writer-cues-roles.refused-series,
#writer-cues-roles.rejection-intent)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from writer_pair import WRITERS

MISSIONS = ("Soyuz 11", "Apollo 13", "Apollo 11", "Skylab 2", "Artemis 1")
SET_ASIDE = (
    "{} and {} I can do without.",
    "{} and {} we could live without.",
    "You can leave out {} and {}, thanks 🙏",
    "you could skip {} and {} please",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(MISSIONS).map(lambda names: names[:3]),
    st.sampled_from(SET_ASIDE),
)
def test_both_names_set_aside_are_refused(
    name: str, three: tuple[str, ...], set_aside: str
) -> None:
    asked, first, second = three
    history = [
        Turn(
            "which space missions should I read about?",
            f"I would start with {first}, {second} and {asked}.",
        )
    ]
    question = f"what went wrong on {asked}? " + set_aside.format(first, second)
    node = WRITERS[name](history, question, MISSIONS)
    assert node.topic == asked
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert abandoned == {first, second}
    assert node.query == f"what went wrong on {asked}?"


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_you_thought_still_names_what_the_answer_was_about(name: str) -> None:
    history = [Turn("what went wrong on Apollo 13?", "Apollo 13 lost an oxygen tank.")]
    node = WRITERS[name](history, "you thought I meant Apollo 13. I meant Soyuz 11", MISSIONS)
    assert node.topic == "Soyuz 11"
    assert any(op.kind is OpKind.ABANDON and op.topic == "Apollo 13" for op in node.operations)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(MISSIONS).map(lambda names: (names[0], names[1])),
    st.sampled_from(("in place of", "instead of", "rather than")),
)
def test_a_name_swapped_out_is_refused(name: str, pair: tuple[str, str], swap: str) -> None:
    wanted, swapped_out = pair
    history = [Turn(f"who flew on {swapped_out}?", f"{swapped_out} had a crew of three.")]
    question = f"Let's have {wanted} {swap} {swapped_out}. who flew on {wanted}?"
    node = WRITERS[name](history, question, MISSIONS)
    assert node.topic == wanted
    assert any(op.kind is OpKind.ABANDON and op.topic == swapped_out for op in node.operations)
    assert node.query == f"who flew on {wanted}?"


@given(
    st.permutations(MISSIONS).map(lambda names: (names[0], names[1])),
    st.sampled_from(("instead of", "in place of", "rather than")),
    st.sampled_from(("what about", "and", "how about")),
)
def test_an_ellipsis_that_swaps_asks_the_earlier_question_alone(
    pair: tuple[str, str], swap: str, opener: str
) -> None:
    wanted, swapped_out = pair
    history = [Turn(f"who flew on {swapped_out}?", f"{swapped_out} had a crew of three.")]
    question = f"{opener} {wanted} {swap} {swapped_out}?"
    node = learned_final(history, question, MISSIONS)
    assert node.topic == wanted
    assert any(op.kind is OpKind.ABANDON and op.topic == swapped_out for op in node.operations)
    assert node.query == f"who flew on {wanted}?"
