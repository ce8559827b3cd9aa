"""Rendering: the memory as the writer's input text (MemRevise appendix, "Input and output").

The input lists every topic in order of first mention with its kind, the turns that discussed
it, its status and its facts; then a log with one line per turn; then the previous question,
the new turn, and a last line saying whether a query is requested.
"""

from __future__ import annotations

import re

from returns.result import Failure, Result, Success

from memcore.caps import DEFAULT_CAPS, Caps
from memcore.errors import InputTooLong
from memcore.node import Memory, Node
from memcore.replay import ReplayState, TopicView, replay
from memcore.safety.poisoning import split_sentences, withhold_instructions

_WHITESPACE = re.compile(r"\s+")


def one_line(text: str) -> str:
    """`text` with every run of whitespace (newlines included) collapsed to one space."""
    return _WHITESPACE.sub(" ", text).strip()


def clip(text: str, limit: int) -> str:
    """The first `limit` characters of `text` on one line (history answers: `Caps`)."""
    return one_line(text)[:limit]


def render_topic(view: TopicView) -> str:
    """One topic: name, kind, turns, status, then one indented line per fact."""
    kind = one_line(view.kind) or "-"
    turns = ", ".join(str(turn) for turn in view.turns) or "-"
    lines = [
        f"- {one_line(view.name)} | kind: {kind} | turns: {turns} | status: {view.status.value}"
    ]
    lines.extend(f"    fact: {one_line(fact)}" for fact in view.facts)
    return "\n".join(lines)


def render_answer(answer: str, caps: Caps = DEFAULT_CAPS) -> str:
    """An answer as the writer reads it: instruction-like sentences replaced by the withheld
    marker (spec/poisoning.md), then on one line and cut to `caps.history_answer_chars`.

    The memory keeps the answer as it was; only the writer's view of it is withheld. Only the
    sentences up to the cut, and one more (it may complete an instruction split over two
    sentences), are checked: the rest is cut anyway.
    """
    limit = caps.history_answer_chars
    head: list[str] = []
    length = 0
    for sentence in split_sentences(answer):
        head.append(sentence)
        if length > limit:
            break
        length += len(sentence)
    return clip(withhold_instructions("".join(head)), limit)


def render_log_line(node: Node, caps: Caps = DEFAULT_CAPS) -> str:
    """One turn of the log: its operations, its topic, its question and its (cut, withheld)
    answer."""
    operations = "; ".join(one_line(str(operation)) for operation in node.operations) or "none"
    topic = one_line(node.topic) if node.topic else "-"
    line = f"turn {node.turn} | ops: {operations} | topic: {topic} | Q: {one_line(node.question)}"
    if node.answer:
        line += f" | A: {render_answer(node.answer, caps)}"
    return line


def render_memory(
    memory: Memory, state: ReplayState | None = None, caps: Caps = DEFAULT_CAPS
) -> str:
    """The memory part of the input: topics, then the log.

    Pass the carried `state` to avoid a replay; it must be the replay of `memory`.
    """
    replayed = replay(memory) if state is None else state
    topics = [render_topic(view) for view in replayed.topics] or ["(none yet)"]
    log = [render_log_line(node, caps) for node in memory.nodes] or ["(no turns yet)"]
    return "\n".join(["Topics:", *topics, "Log:", *log])


def render_input(
    memory: Memory,
    question: str,
    answer: str,
    query_requested: bool,
    state: ReplayState | None = None,
    caps: Caps = DEFAULT_CAPS,
    complete_previous: bool = False,
) -> str:
    """The writer's whole input for a new turn.

    The previous question is the last node's; `answer` is empty at the final turn.
    `complete_previous` (a live call) asks for the last node completed with its answer too.
    """
    previous = one_line(memory.nodes[-1].question) if memory.nodes else "(none)"
    lines = [render_memory(memory, state, caps), f"Previous question: {previous}"]
    if complete_previous and memory.nodes:
        lines.append(f"Complete turn {memory.nodes[-1].turn} with its answer: yes")
    lines.append(f"New turn {memory.next_turn} | Q: {one_line(question)}")
    if answer:
        lines.append(f"A: {render_answer(answer, caps)}")
    lines.append(f"Query requested: {'yes' if query_requested else 'no'}")
    return "\n".join(lines)


def check_input(text: str, caps: Caps = DEFAULT_CAPS) -> Result[str, InputTooLong]:
    """`text` itself if it fits the input cap, else the typed error."""
    if len(text) > caps.input_chars:
        return Failure(InputTooLong(len(text), caps.input_chars))
    return Success(text)
