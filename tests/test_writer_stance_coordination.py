"""Names joined as one noun phrase take one stance together, and every name a statement
dismisses is rejected (spec/writer-learned.md#writer-learned.stance). None of the wordings is
a behaviour set's."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import Operation, OpKind, abandon
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.learned.stance import MASK, named_clauses
from memcore.writers.learned.topic_choice import TopicChoice, with_every_dismissed
from minilm_writer import minilm_writer

NAMES = ["Rashomon", "Vertigo", "Metropolis", "Spirited Away"]
JOINS = [" and ", " or ", " & ", " nor ", " / ", " plus "]


@given(
    st.lists(st.sampled_from(NAMES), min_size=2, max_size=3, unique=True),
    st.sampled_from(JOINS),
)
def test_a_coordinated_run_is_masked_once_for_each_of_its_names(
    names: list[str], join: str
) -> None:
    text = f"please take {join.join(names)} off my list. how long is Casablanca?"
    clauses = named_clauses(text, [*NAMES, "Casablanca"])
    assert [c.name for c in clauses] == names
    assert {c.masked for c in clauses} == {f"please take {MASK} off my list"}


@given(st.lists(st.sampled_from(NAMES), min_size=2, max_size=2, unique=True))
def test_names_typed_apart_are_not_read(names: list[str]) -> None:
    first, second = names
    assert named_clauses(f"I compared {first} with {second} last week.", NAMES) == ()


def test_every_dismissed_name_is_abandoned_before_the_topic_arrives() -> None:
    choice = TopicChoice(
        ("Metropolis",),
        (abandon("Rashomon"), Operation(OpKind.ADD, "Metropolis")),
        ("Rashomon",),
    )
    widened = with_every_dismissed(choice, ["Rashomon", "Vertigo", "Metropolis"])
    assert widened.operations == (
        abandon("Rashomon"),
        abandon("Vertigo"),
        Operation(OpKind.ADD, "Metropolis"),
    )
    assert widened.contradicts == ("Rashomon", "Vertigo") and widened.topic == "Metropolis"
    assert with_every_dismissed(choice, ["rashomon"]) == choice


# --- the learned-minilm writer, with the packaged MiniLM -----------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "take Rashomon and Vertigo off my list. how long is Metropolis?",
        "neither Rashomon nor Vertigo for me, thanks. how long is Metropolis?",
    ],
)
def test_both_names_of_a_dismissed_run_are_rejected_and_left_out_of_the_query(
    question: str,
) -> None:
    titles = ["Rashomon", "Vertigo", "Metropolis"]
    writer = minilm_writer(titles)
    driver = Driver(writer)
    turn = Turn("films to watch: Rashomon, Vertigo, Metropolis", "A fine list of three films.")
    conversation = driver.history_turn(Conversation(), turn).unwrap().conversation
    node = driver.final_turn(conversation, question).unwrap().node
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    assert node.topic == "Metropolis" and abandoned == {"Rashomon", "Vertigo"}
    assert node.query is not None
    assert "rashomon" not in node.query.casefold() and "vertigo" not in node.query.casefold()
