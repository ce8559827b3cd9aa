"""A turn typed in capitals names only what it is known to hold
(spec/writer-cues-names.md#writer-cues-names.caps-lock). The wordings are this file's own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final as learned_final
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.names import find_mentions

_TITLES = ("Lake Bled", "Lake Ohrid", "Lake Como", "Skopje")
_LAKES = (
    Turn("which lakes are worth a visit?", "You could see Lake Bled, Lake Ohrid and Lake Como."),
)


@pytest.mark.parametrize(
    "text",
    [
        "SORRY, CAPS LOCK. HOW DEEP IS Lake Ohrid? JUST ROUGHLY",
        "HOW DEEP IS LAKE OHRID? PLEASE KEEP IT BRIEF",
        "OOPS MY KEYBOARD. LAKE OHRID: HOW DEEP IS IT?",
    ],
)
def test_capitals_in_a_shouted_turn_mark_no_new_name(text: str) -> None:
    names = [m.name for m in find_mentions(text, ["Lake Ohrid"])]
    assert names == ["Lake Ohrid"]


def test_an_acronym_in_a_turn_typed_in_small_letters_stays_a_name() -> None:
    assert [m.name for m in find_mentions("was the ESA involved?")] == ["ESA"]


@pytest.mark.parametrize("write", [rules_final, learned_final])
def test_a_shouted_turn_keeps_the_topic_it_names(write: object) -> None:
    node = write(  # type: ignore[operator]
        list(_LAKES), "SORRY CAPS. HOW DEEP IS LAKE OHRID? JUST ROUGHLY", titles=_TITLES
    )
    assert node.topic == "Lake Ohrid"


_QUESTIONS = (
    "how deep is Lake Ohrid?",
    "is Lake Bled warm in summer?",
    "who looks after Lake Como?",
)


@settings(max_examples=9)
@given(st.sampled_from(_QUESTIONS), st.sampled_from(["", "sorry caps lock. ", "ugh, keyboard. "]))
def test_upper_casing_a_turn_changes_neither_topic_nor_operations(
    question: str, opener: str
) -> None:
    """The invariance: the turn typed in capitals is read as the turn typed plainly."""
    plain = rules_final(list(_LAKES), opener + question, titles=_TITLES)
    shouted = rules_final(list(_LAKES), (opener + question).upper(), titles=_TITLES)
    assert shouted.topic == plain.topic
    assert [str(op) for op in shouted.operations] == [str(op) for op in plain.operations]
