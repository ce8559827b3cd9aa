"""Rendering the writer's input text."""

from __future__ import annotations

from returns.result import Failure, Success

from memcore import Caps, Memory, Node, check_input, render_input, render_memory
from memcore.operations import abandon, add

MEMORY = Memory(
    [
        Node(
            1,
            "tell me about\napollo 11",
            "A" * 700,
            operations=[add("Apollo 11")],
            topics=["Apollo 11"],
            kind="mission",
            facts=["launched in July 1969"],
        ),
        Node(
            2,
            "and the crew?",
            "Armstrong, Aldrin, Collins.",
            operations=[abandon("Apollo 11"), add("Neil Armstrong")],
            topics=["Neil Armstrong"],
        ),
    ]
)


def test_memory_text_lists_topics_then_log() -> None:
    """Topics in order of first mention with kind, turns, status and facts; one log line a turn."""
    expected = "\n".join(
        [
            "Topics:",
            "- Apollo 11 | kind: mission | turns: 1 | status: dropped",
            "    fact: ⟦launched in July 1969⟧",
            "- Neil Armstrong | kind: - | turns: 2 | status: current",
            "Log:",
            "turn 1 | ops: Add(Apollo 11) | topic: Apollo 11 | Q: tell me about apollo 11 | A: ⟦"
            + "A" * 600
            + "⟧",
            "turn 2 | ops: Abandon(Apollo 11); Add(Neil Armstrong) | topic: Neil Armstrong"
            " | Q: and the crew? | A: ⟦Armstrong, Aldrin, Collins.⟧",
        ]
    )
    assert render_memory(MEMORY) == expected


def test_input_ends_with_previous_question_new_turn_and_query_line() -> None:
    """The last three parts: previous question, the new turn, whether a query is requested."""
    text = render_input(MEMORY, "where did he grow up?", "", query_requested=True)
    assert text.splitlines()[-3:] == [
        "Previous question: and the crew?",
        "New turn 3 | Q: where did he grow up?",
        "Query requested: yes",
    ]


def test_history_turn_answer_is_cut_at_600() -> None:
    """A new history turn's answer is cut like the log's answers."""
    text = render_input(MEMORY, "q", "B" * 900, query_requested=False)
    assert text.splitlines()[-2:] == ["A: ⟦" + "B" * 600 + "⟧", "Query requested: no"]


def test_empty_memory_renders() -> None:
    """The first turn sees an empty memory, said in words."""
    text = render_input(Memory(), "tell me about apollo 11", "", query_requested=False)
    assert text.splitlines()[:4] == ["Topics:", "(none yet)", "Log:", "(no turns yet)"]
    assert "Previous question: (none)" in text


def test_input_cap() -> None:
    """An input over the character cap is a typed error; one within it passes through."""
    text = render_memory(MEMORY)
    assert check_input(text, Caps(input_chars=len(text))) == Success(text)
    result = check_input(text, Caps(input_chars=10))
    assert isinstance(result, Failure)
    assert (result.failure().length, result.failure().cap) == (len(text), 10)
