"""A history turn that drifts away by meaning starts its own topic
(spec/writer-learned.md#writer-learned.drift)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memcore.writers.driver import Turn
from memcore.writers.learned.api import drifted_turn
from memcore.writers.learned.drift import DRIFT_FLOOR, best_link

HISTORY = (
    Turn(
        "why was the eastern roman empire called the byzantine empire",
        "Modern historians call it the Byzantine Empire to tell it apart from ancient Rome.",
    ),
)
TITLES = ("Byzantine Empire",)
NAMELESS = (
    ("Will it kill me?", "Some people can be cured by a transplant of bone marrow cells."),
    ("what about the side effects?", "Most side effects are mild and pass within a week."),
    ("how many stones are there", "There are six stones, each tied to one aspect of the world."),
)


@settings(max_examples=30)
@given(st.sampled_from(NAMELESS), st.floats(-1.0, 1.0, allow_nan=False))
def test_a_nameless_turn_moves_exactly_when_it_drifts_below_the_floor(
    turn: tuple[str, str], best: float
) -> None:
    chosen = drifted_turn(HISTORY, turn[0], turn[1], best, TITLES)
    if best < DRIFT_FLOOR:
        assert chosen["operations"] == [f"Add({chosen['topics'][0]})"]
        assert chosen["topics"] != ["Byzantine Empire"]
    else:
        assert chosen == {
            "topics": ["Byzantine Empire"],
            "operations": ["Refine(Byzantine Empire)"],
        }


@settings(max_examples=20)
@given(st.floats(-1.0, 1.0, allow_nan=False))
def test_a_turn_that_types_the_topic_never_drifts(best: float) -> None:
    chosen = drifted_turn(HISTORY, "how did the Byzantine Empire end?", "It fell in 1453.", best)
    assert chosen["topics"][0] == "Byzantine Empire"


def test_a_turn_that_names_a_new_page_is_left_to_the_cascade() -> None:
    titles = (*TITLES, "Sickle cell disease")
    chosen = drifted_turn(
        HISTORY, "is Sickle cell disease fatal?", "It can shorten life.", -0.2, titles
    )
    assert chosen["topics"][0] == "Sickle cell disease"


@pytest.mark.parametrize(
    ("own", "held", "expected"),
    [
        (("a",), ("b",), 0.0),
        (("a", "c"), ("b",), 1.0),
        ((), ("b",), None),
    ],
)
def test_the_best_link_is_the_best_pair(
    own: tuple[str, ...], held: tuple[str, ...], expected: float | None
) -> None:
    vectors = {
        "a": np.array([1.0, 0.0], dtype=np.float32),
        "b": np.array([0.0, 1.0], dtype=np.float32),
        "c": np.array([0.0, 2.0], dtype=np.float32),
    }
    found = best_link(own, held, vectors)
    assert found == (None if expected is None else pytest.approx(expected))


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("wow, I didn't expect that.", "It was a bit of a surprise to many people at the time."),
        ("cool", "Glad it helped, and let me know if there is anything else."),
        ("background info", "Southern United States has a long history of regional sport."),
        ("what about the side effects?", "They pass."),
    ],
)
def test_replies_requests_for_more_and_small_talk_never_drift(question: str, answer: str) -> None:
    chosen = drifted_turn(HISTORY, question, answer, -0.5, TITLES)
    assert chosen["topics"] == ["Byzantine Empire"]
