"""A slip made by a text tool (keyboard, autocorrect, suggestion bar, predictive text): the
name the tool put in is taken back and the name set against it is meant, whichever verb the
tool does it with (spec/writer-cues-roles.md#writer-cues-roles.typed-instead); a person or body
that picks one name over another still chooses it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers.driver import Turn
from writer_pair import WRITERS, Writer

LAKES = ("Lake Baikal", "Lake Malawi", "Lake Titicaca", "Lake Geneva")
ASKED = [Turn("how deep is Lake Baikal?", "Lake Baikal is about 1,600 metres deep.")]
TOOLS = (
    "my keyboard",
    "the suggestion bar",
    "autocorrect",
    "predictive text",
    "my phone",
    "the spellchecker",
)
VERBS = ("picked", "put", "typed", "suggested", "chose", "inserted")


def _abandoned(node: Node) -> set[str]:
    return {op.topic for op in node.operations if op.kind is OpKind.ABANDON}


@pytest.mark.parametrize("writer", WRITERS.values(), ids=WRITERS.keys())
@given(
    tool=st.sampled_from(TOOLS),
    verb=st.sampled_from(VERBS),
    meant=st.sampled_from(LAKES[1:]),
    polite=st.sampled_from(("", ", sorry", ". my bad", ", oops")),
)
def test_a_name_a_tool_put_in_is_taken_back(
    writer: Writer, tool: str, verb: str, meant: str, polite: str
) -> None:
    node = writer(ASKED, f"{tool} {verb} Lake Baikal instead of {meant}{polite}", LAKES)
    assert node.topic == meant
    assert "Lake Baikal" in _abandoned(node)
    assert node.query is not None
    assert meant in node.query
    assert "Baikal" not in node.query


@pytest.mark.parametrize("writer", WRITERS.values(), ids=WRITERS.keys())
def test_a_tool_suggestion_tapped_by_accident_is_taken_back(writer: Writer) -> None:
    node = writer(
        ASKED, "my keyboard suggested Lake Baikal and I tapped it. it should be Lake Geneva", LAKES
    )
    assert node.topic == "Lake Geneva"
    assert node.query is not None
    assert "Baikal" not in node.query


@pytest.mark.parametrize("writer", WRITERS.values(), ids=WRITERS.keys())
def test_a_committee_that_picks_a_name_chooses_it(writer: Writer) -> None:
    node = writer(
        ASKED, "the committee picked Lake Malawi instead of Lake Geneva - how deep is it?", LAKES
    )
    assert node.topic == "Lake Malawi"
    assert "Lake Malawi" not in _abandoned(node)
