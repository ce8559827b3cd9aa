"""An "it" that only acknowledges ("got it") before a name the turn moves to, or a pronoun in a
remark before a question that names its subject, does not keep the current topic
(spec/writer-standalone.md#writer-standalone.chosen-member)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.rules.features import pronoun_position
from writer_pair import WRITERS

MISSIONS = ("Skylab 2", "Apollo 13", "Artemis 1", "Gemini 8")
ACKNOWLEDGED = ("got it", "ok, got it.", "I get it", "gotcha, got it")
SEPARATORS = ("\n", " - ", ". ")


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(MISSIONS).map(lambda names: (names[0], names[1], names[2])),
    st.sampled_from(ACKNOWLEDGED),
    st.sampled_from(SEPARATORS),
)
def test_a_name_after_an_acknowledging_it_is_what_the_pronoun_means(
    name: str, three: tuple[str, str, str], acknowledged: str, separator: str
) -> None:
    asked, listed, moved_to = three
    history = [
        Turn(
            "which space missions should I read about?",
            f"I would start with {asked}, {listed} and {moved_to}.",
        ),
        Turn(f"how long did {asked} last?", f"{asked} lasted a little more than a week."),
    ]
    question = f"{acknowledged}{separator}{moved_to} next, how long did it last?"
    node = WRITERS[name](history, question, MISSIONS)
    assert node.topic == moved_to
    assert not any(op.kind is OpKind.ABANDON for op in node.operations)


@given(st.sampled_from(ACKNOWLEDGED), st.sampled_from(SEPARATORS))
def test_the_pronoun_position_skips_an_acknowledging_it(acknowledged: str, separator: str) -> None:
    question = f"{acknowledged}{separator}Gemini 8 next, how long did it last?"
    assert pronoun_position(question, "it") == question.rindex(" it ") + 1
    assert pronoun_position("how long did it last?", "it") == len("how long did ")
    assert pronoun_position("how long did Gemini 8 last?", "it") == len(
        "how long did Gemini 8 last?"
    )


REMARKS = (
    "Family group chat is arguing about it.",
    "My uncle keeps bringing it up!",
    "we were talking about it at lunch.",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(
    st.permutations(MISSIONS).map(lambda names: (names[0], names[1])),
    st.sampled_from(REMARKS),
    st.sampled_from(["\n\n", " ", "\n"]),
)
def test_a_pronoun_in_a_remark_before_a_named_question_keeps_no_topic(
    name: str, pair: tuple[str, str], remark: str, separator: str
) -> None:
    earlier, current = pair
    history = [
        Turn(f"where did {earlier} come down?", f"{earlier} came down in the ocean."),
        Turn(f"where did {current} come down?", f"{current} came down in the ocean."),
    ]
    question = f"{remark}{separator}where was Serena Williams born?"
    node = WRITERS[name](history, question, (*MISSIONS, "Serena Williams"))
    assert node.topic == "Serena Williams"
    assert not any(op.kind is OpKind.ABANDON for op in node.operations)
