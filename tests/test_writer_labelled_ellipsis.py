"""An "and" before a label and a question of its own is no ellipsis
(spec/writer-standalone.md#writer-standalone.ellipsis): the turn asks its own question, and
the previous question's name stays out of the query. Both writers."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Node
from memcore.writers.driver import Turn
from memcore.writers.learned import api as learned_api
from memcore.writers.rules import api as rules_api
from memcore.writers.rules.text import asks_itself

Write = Callable[[Sequence[Turn], str, Sequence[str]], Node]
WRITERS: tuple[Write, ...] = (rules_api.write_final, learned_api.write_final)
LANDMARKS = ("Eiffel Tower", "Big Ben", "Colosseum", "Taj Mahal", "Golden Gate Bridge")
LABELS = ("number three:", "part 3:", "question c;", "item four -", "exercise 2b:")
QUESTIONS = ("who designed the {name}?", "how tall is the {name}?", "when was the {name} built?")


@pytest.mark.parametrize("write", WRITERS)
@given(
    st.lists(st.sampled_from(LANDMARKS), min_size=2, max_size=2, unique=True),
    st.sampled_from(LABELS),
    st.sampled_from(QUESTIONS),
    st.sampled_from(QUESTIONS),
)
def test_a_labelled_question_after_and_is_asked_as_typed(
    write: Write, names: list[str], label: str, before: str, asked: str
) -> None:
    earlier, new = names
    history = [Turn(f"1. {before.format(name=earlier)}", f"The {earlier} is a landmark.")]
    node = write(history, f"and {label} {asked.format(name=new)}", LANDMARKS)
    assert node.topic == new
    assert node.query is not None
    assert new.casefold() in node.query.casefold()
    assert earlier.casefold() not in node.query.casefold()


@given(st.sampled_from(LANDMARKS), st.sampled_from(LABELS))
def test_a_bare_name_after_a_label_still_asks_nothing_of_its_own(name: str, label: str) -> None:
    assert not asks_itself(f"{label} {name}?")
    assert not asks_itself(f"{name}?")
