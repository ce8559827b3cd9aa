"""A correction of a correction (spec/writer-cues-corrections.md#second-correction): the
question asked again names neither the name the first repair took back nor the one the
second takes back, only the name meant now. Both writers."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Node
from memcore.writers.driver import Turn
from memcore.writers.learned import api as learned_api
from memcore.writers.rules import api as rules_api

Write = Callable[[Sequence[Turn], str, Sequence[str]], Node]
WRITERS: tuple[Write, ...] = (rules_api.write_final, learned_api.write_final)
LANDMARKS = ("Eiffel Tower", "Big Ben", "Colosseum", "Taj Mahal", "Golden Gate Bridge")
ASKED = ("when was the {name} built?", "who designed the {name}?", "how tall is the {name}?")
FIRST_REPAIR = ("sorry, I meant the {name}", "oops, I meant the {name}", "wrong one, the {name}")
SECOND_REPAIR = (
    "no, not the {wrong} either, the {meant}",
    "argh, not the {wrong} either - the {meant}",
    "hmm, not the {wrong} either. the {meant}.",
)


def _typed(query: str | None, name: str) -> bool:
    return query is not None and name.casefold() in query.casefold()


@pytest.mark.parametrize("write", WRITERS)
@given(
    st.lists(st.sampled_from(LANDMARKS), min_size=3, max_size=3, unique=True),
    st.sampled_from(ASKED),
    st.sampled_from(FIRST_REPAIR),
    st.sampled_from(SECOND_REPAIR),
)
def test_a_second_correction_leaves_only_the_name_meant_now(
    write: Write, names: list[str], asked: str, first: str, second: str
) -> None:
    slip, also_wrong, meant = names
    history = [
        Turn(asked.format(name=slip), f"The {slip} is a famous landmark."),
        Turn(first.format(name=also_wrong), f"The {also_wrong} is a famous landmark too."),
    ]
    node = write(history, second.format(wrong=also_wrong, meant=meant), LANDMARKS)
    assert node.topic == meant
    assert _typed(node.query, meant)
    assert not _typed(node.query, slip)
    assert not _typed(node.query, also_wrong)


@pytest.mark.parametrize("write", WRITERS)
def test_one_correction_still_asks_the_question_about_the_name_meant(write: Write) -> None:
    history = [Turn("how tall is the Taj Mahal?", "The Taj Mahal is a famous landmark.")]
    node = write(history, "sorry, I meant the Big Ben", LANDMARKS)
    assert node.topic == "Big Ben"
    assert _typed(node.query, "Big Ben") and not _typed(node.query, "Taj Mahal")
