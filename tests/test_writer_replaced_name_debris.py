""" "Y rather than X", "Y in place of X", "Y instead of X": the words that say what Y replaces
leave the query with X, and "that should have been Y" repairs the question just asked
(spec/writer-cues-corrections.md#writer-cues-corrections.named-rejection)."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers import cues
from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final as rules_final
from writer_pair import WRITERS

GADGETS = ("Walkman", "Rubik's Cube", "Game Boy", "Tamagotchi")
SWAPS = (
    "Can we do {meant} rather than {taken}?\nhow many units of that one were sold?",
    "could you put {meant} in place of {taken}? how many were sold?",
    "what about {meant} rather than {taken}, and how many were sold?",
)
REPLACING = re.compile(r"\b(?:rather\s+than|in\s+place\s+of|instead\s+of|than)\b", re.IGNORECASE)


def _history(listed: tuple[str, ...], asked: str) -> list[Turn]:
    return [
        Turn(
            "what are some gadgets that changed everyday life?",
            f"A few famous ones are {listed[0]}, {listed[1]} and {listed[2]}.",
        ),
        Turn(f"which company made {asked}?", f"{asked} was made by a large electronics firm."),
    ]


@pytest.mark.parametrize("name", sorted(WRITERS))
@given(st.permutations(GADGETS), st.sampled_from(SWAPS))
def test_the_name_replaced_leaves_the_query_with_its_preposition(
    name: str, order: list[str], swap: str
) -> None:
    listed = tuple(order[:3])
    taken, meant = listed[0], listed[1]
    question = swap.format(meant=meant, taken=taken)
    node = WRITERS[name](_history(listed, taken), question, GADGETS)
    assert node.topic == meant
    assert any(op.kind is OpKind.ABANDON and op.topic == taken for op in node.operations)
    assert node.query is not None
    assert meant in node.query
    assert taken not in node.query
    assert REPLACING.search(node.query) is None


@given(st.sampled_from(GADGETS), st.sampled_from(GADGETS), st.sampled_from(GADGETS))
def test_without_replaced_keeps_every_other_word(kept: str, taken: str, other: str) -> None:
    assume(len({kept, taken, other}) == 3)
    text = f"how many {kept} units were sold instead of {taken}? and {other}?"
    assert cues.without_replaced(text, taken) == f"how many {kept} units were sold? and {other}?"
    # A name not right after the preposition is no name replaced.
    assert cues.without_replaced(text, other) == text
    assert cues.without_replaced(text, kept) == text


FILMS = ("Spirited Away", "Vertigo", "Moonlight", "Rashomon")
REPAIRS = (
    "Wait, that should have been {}",
    "that should have been {}",
    "oops, it should've been {}",
    "sorry - this should have been {}",
)


@given(st.permutations(FILMS), st.sampled_from(REPAIRS))
def test_that_should_have_been_a_name_repairs_the_question_just_asked(
    order: list[str], repair: str
) -> None:
    listed = tuple(order[:3])
    asked, meant = listed[1], listed[2]
    history = [
        Turn(
            "can you recommend some classic films?",
            f"Sure: {listed[0]}, {listed[1]} and {listed[2]}.",
        ),
        Turn(f"how long is {asked}?", f"{asked} runs a little under two hours."),
    ]
    node = rules_final(history, repair.format(meant), FILMS)
    assert node.topic == meant
    assert any(op.kind is OpKind.ABANDON and op.topic == asked for op in node.operations)
    assert node.query == f"how long is {meant}?"


@given(st.sampled_from(("obvious", "easier", "clearer in the answer")))
def test_that_should_have_been_a_plain_word_repairs_nothing(word: str) -> None:
    history = [
        Turn("can you recommend some films?", "Sure: Spirited Away, Vertigo and Moonlight."),
        Turn("how long is Vertigo?", "Vertigo runs a little under two hours."),
    ]
    node = rules_final(history, f"that should have been {word}", FILMS)
    assert not any(op.kind is OpKind.ABANDON for op in node.operations)
