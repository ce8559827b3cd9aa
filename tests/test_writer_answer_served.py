"""A clause that says the answer served ("that answers my X question", "that covers
everything I wanted about X") looks back, content: X is not turned down, and the sentence is a
remark that leaves the query; a clause that says the answer was about the wrong name still
takes it back (spec/writer-cues-roles.md#writer-cues-roles.stance-mark)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Node
from memcore.operations import OpKind
from memcore.writers import cues
from memcore.writers.driver import Turn
from memcore.writers.remarks import without_remarks
from writer_pair import WRITERS

FILMS = ("Moonlight", "Vertigo", "Rashomon", "Spirited Away")
SERVED = (
    "Perfect, that answers my {x} question.",
    "That covers everything I wanted about {x}.",
    "ok, that's all I needed on {x}.",
    "great, that's exactly what I wanted to know about {x}.",
)
COMPLAINTS = (
    "that answer is about {x}, I asked about {y}.",
    "that's {x}, I meant {y}.",
)
_TWO = st.lists(st.sampled_from(FILMS), min_size=2, max_size=2, unique=True)


def _history(x: str) -> list[Turn]:
    return [Turn(f"did {x} win any Oscars?", f"{x} was nominated several times and won once.")]


def _moved_on(name: str, x: str, y: str, served: str) -> Node:
    """The final node after `served` (said of X) and a question on Y, checked to be on Y."""
    question = f"{served.format(x=x)} did {y} win any Oscars?"
    node = WRITERS[name](_history(x), question, FILMS)
    assert node.topic == y
    assert node.query is not None
    return node


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(_TWO, st.sampled_from(SERVED))
def test_an_answer_that_served_turns_nothing_down(name: str, films: list[str], served: str) -> None:
    x, y = films
    node = _moved_on(name, x, y, served)
    assert not any(op.kind is OpKind.ABANDON for op in node.operations)
    assert node.query == f"did {y} win any Oscars?"


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(_TWO, st.sampled_from(COMPLAINTS))
def test_an_answer_about_the_wrong_name_still_takes_it_back(
    name: str, films: list[str], complaint: str
) -> None:
    x, y = films
    node = WRITERS[name](_history(x), complaint.format(x=x, y=y), FILMS)
    assert node.topic == y
    assert any(op.kind is OpKind.ABANDON and op.topic == x for op in node.operations)


@given(st.sampled_from(FILMS), st.sampled_from(SERVED))
def test_the_served_sentence_is_a_remark(film: str, served: str) -> None:
    asked = "who wrote the score?"
    assert without_remarks(f"{served.format(x=film)} {asked}") == asked


@given(
    st.sampled_from(
        [
            "That's what I wanted to ask before",
            "that's what I meant",
            "that answered the wrong film",
            "that's Moonlight",
        ]
    )
)
def test_intent_and_complaints_are_no_served_answer(clause: str) -> None:
    subject = re.match(r"(?i)that(?:'s)?", clause)
    assert subject is not None
    assert cues.ANSWER_SERVED.match(clause, subject.end()) is None


SPEAKER = (
    "Thanks, I've learned plenty about {x}. Next one:",
    "I've got what I needed on {x}.",
    "ok, we've heard plenty about {x}.",
)


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(_TWO, st.sampled_from(SPEAKER))
def test_a_speaker_who_has_what_they_needed_moves_on(
    name: str, films: list[str], served: str
) -> None:
    x, y = films
    node = _moved_on(name, x, y, served)
    assert node.query is not None
    assert y in node.query
    assert x not in node.query
