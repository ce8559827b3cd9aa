"""A reply after a digression answers the question still open
(spec/writer-learned.md#writer-learned.open-question)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Node
from memcore.writers.driver import Turn
from memcore.writers.learned.api import write_final
from memcore.writers.replies import asked_back, gives_something, open_question

_ASKING = (
    "Renewal depends on the licence. If you tell me which kind you hold, freshwater or "
    "saltwater, I can list the steps."
)
_HISTORY = [
    Turn("How do I renew my fishing licence?", _ASKING),
    Turn("what is the tallest mountain in Peru?", "Huascaran, at 6,768 metres."),
]


@pytest.mark.parametrize(
    "answer",
    [
        "Prices vary. Please let me know whether you rent or own.",
        "Let me know which model you have.",
        "Could you specify what size you need, so I can check the stock.",
        "I can help once you tell me where the leak is.",
    ],
)
def test_an_embedded_question_to_the_user_is_asked_back(answer: str) -> None:
    assert asked_back(answer) is not None


@pytest.mark.parametrize(
    "answer",
    [
        "I cannot say what caused the outage.",
        "Records do not tell me which ship sank first.",
        "The guide explains how the permit works.",
    ],
)
def test_a_sentence_that_tells_the_user_asks_nothing(answer: str) -> None:
    assert asked_back(answer) is None


# The same reply put four ways: a "the X one" pick, a bare noun with thanks, a statement of
# one's own, and a copula with a kind noun. Each answers the open question.
@pytest.mark.parametrize(
    "reply",
    [
        "The saltwater one.",
        "Saltwater, please.",
        "I hold a saltwater licence.",
        "It's the saltwater kind.",
    ],
)
def test_a_reply_after_a_digression_is_searched_with_the_open_question(reply: str) -> None:
    node = write_final(_HISTORY, reply)
    query = node.query or ""
    assert query.startswith(reply)
    assert "renew my fishing licence" in query
    assert "which kind you hold" in query
    assert "Peru" not in query


@pytest.mark.parametrize("reply", ["ok, great", "Thanks!", "Yes please", "I see."])
def test_a_reaction_gives_nothing_to_answer_with(reply: str) -> None:
    assert not gives_something(reply)
    assert "licence" not in (write_final(_HISTORY, reply).query or "")


def test_a_question_already_replied_to_is_not_open() -> None:
    replied = [_HISTORY[0], Turn("The freshwater one.", "Renew it online."), _HISTORY[1]]
    assert "which kind" not in (write_final(replied, "The saltwater one.").query or "")


def _node(turn: int, question: str, answer: str, topic: str) -> Node:
    return Node(turn=turn, question=question, answer=answer, topics=(topic,))


_STATEMENT = st.from_regex(r"[A-Z][a-z]{2,8}( [a-z]{2,8}){0,4}\.", fullmatch=True)
_ASKED = st.from_regex(r"[A-Z][a-z]{2,8}( [a-z]{2,8}){0,4}\?", fullmatch=True)
_ANSWER = st.one_of(_STATEMENT, _ASKED)


@given(st.lists(_ANSWER, min_size=1, max_size=6), st.sampled_from(["The red one.", "Oslo."]))
def test_the_open_question_is_an_earlier_answer_that_asked(answers: list[str], reply: str) -> None:
    nodes = [
        _node(index + 1, f"what about topic {index}?", answer, f"Topic {index}")
        for index, answer in enumerate(answers)
    ]
    found = open_question(nodes, reply)
    if found is None:
        return
    # Never the latest answer (a reply to it is an ordinary reply), always one that asked,
    # and the latest such one.
    assert found < len(nodes) - 1
    assert asked_back(nodes[found].answer) is not None
    assert all(asked_back(node.answer) is None for node in nodes[found + 1 :])


@given(st.lists(_ANSWER, min_size=1, max_size=6))
def test_a_turn_that_asks_answers_no_open_question(answers: list[str]) -> None:
    nodes = [
        _node(index + 1, f"what about topic {index}?", answer, f"Topic {index}")
        for index, answer in enumerate(answers)
    ]
    assert open_question(nodes, "which one is the red one?") is None
