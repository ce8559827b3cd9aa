"""Rendering: the memory as the writer's input text (MemRevise appendix, "Input and output").

The input lists every topic in order of first mention with its kind, the turns that discussed
it, its status and its facts; then a log with one line per turn; then the previous question,
the new turn, and a last line saying whether a query is requested.

Every text from a user, an answer or a writer is put on one line (and cut) first and then
passes the poisoning gate (spec/poisoning.md#poisoning.render), so what the writer reads is
exactly what was checked. Answers and facts are spotlighted: written between `DATA_OPEN` and
`DATA_CLOSE`, which the model writers' prompt declares to be data, never instructions.
"""

from __future__ import annotations

import re

from returns.result import Failure, Result, Success

from memcore.caps import DEFAULT_CAPS, Caps
from memcore.errors import InputTooLong
from memcore.node import Memory, Node
from memcore.operations import Operation
from memcore.replay import ReplayState, TopicView, replay
from memcore.safety.poisoning import WITHHELD_MARKER, neutralise, prepare_texts

_WHITESPACE = re.compile(r"\s+")

# The spotlight's delimiters (Hines et al., 2024, "delimiting"): characters a conversation
# rarely holds; inside the block they are replaced, so data cannot close its own block.
DATA_OPEN = "\u27e6"
DATA_CLOSE = "\u27e7"
_DELIMITERS = str.maketrans({DATA_OPEN: "[", DATA_CLOSE: "]"})
WITHHELD = WITHHELD_MARKER


def one_line(text: str) -> str:
    """`text` with every run of whitespace (newlines included) collapsed to one space."""
    return _WHITESPACE.sub(" ", text).strip()


def clip(text: str, limit: int) -> str:
    """The first `limit` characters of `text` on one line (history answers: `Caps`)."""
    return one_line(text)[:limit]


def shown(text: str) -> str:
    """`text` as the writer reads it: on one line, then through the gate (instruction-like
    sentences withheld). The check reads the one-line text, so nothing is joined after it."""
    return neutralise(one_line(text))


def spotlight(text: str) -> str:
    """`text` (already shown) inside the data block: `DATA_OPEN text DATA_CLOSE`."""
    return f"{DATA_OPEN}{text.translate(_DELIMITERS)}{DATA_CLOSE}"


def render_topic(view: TopicView) -> str:
    """One topic: name, kind, turns, status, then one indented line per fact (spotlighted)."""
    kind = shown(view.kind) or "-"
    turns = ", ".join(str(turn) for turn in view.turns) or "-"
    lines = [f"- {shown(view.name)} | kind: {kind} | turns: {turns} | status: {view.status.value}"]
    lines.extend(f"    fact: {spotlight(shown(fact))}" for fact in view.facts)
    return "\n".join(lines)


def render_answer(answer: str, caps: Caps = DEFAULT_CAPS) -> str:
    """An answer as the writer reads it: on one line, cut to `caps.history_answer_chars`,
    then through the gate (instruction-like sentences replaced by the withheld marker,
    spec/poisoning.md), then spotlighted. The memory keeps the answer as it was stored.

    The cut comes before the check: the writer reads exactly the text that was checked.
    """
    return spotlight(neutralise(_cut_answer(answer, caps)))


def _operation(operation: Operation) -> str:
    return f"{operation.kind.value}({shown(operation.topic)})"


def render_log_line(node: Node, caps: Caps = DEFAULT_CAPS) -> str:
    """One turn of the log: its operations, its topic, its question and its (cut, withheld,
    spotlighted) answer."""
    operations = "; ".join(_operation(operation) for operation in node.operations) or "none"
    topic = shown(node.topic) if node.topic else "-"
    line = f"turn {node.turn} | ops: {operations} | topic: {topic} | Q: {shown(node.question)}"
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


def _cut_answer(answer: str, caps: Caps) -> str:
    return one_line(answer).translate(_DELIMITERS)[: caps.history_answer_chars]


def prepare_shown(memory: Memory, question: str, answer: str, caps: Caps = DEFAULT_CAPS) -> None:
    """Tell the gate in use every text the writer's input will show, as it will be checked
    (on one line, answers cut), so a batching gate scores them together; flags are unchanged."""
    texts: list[str] = [question, *(node.question for node in memory.nodes)]
    for node in memory.nodes:
        texts += [node.kind, *node.topics, *node.facts, *(op.topic for op in node.operations)]
    shown_texts = [one_line(text) for text in texts]
    answers = [_cut_answer(text, caps) for text in (answer, *(n.answer for n in memory.nodes))]
    prepare_texts(shown_texts + [text for text in answers if text])


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
    prepare_shown(memory, question, answer, caps)
    previous = shown(memory.nodes[-1].question) if memory.nodes else "(none)"
    lines = [render_memory(memory, state, caps), f"Previous question: {previous}"]
    if complete_previous and memory.nodes:
        lines.append(f"Complete turn {memory.nodes[-1].turn} with its answer: yes")
    lines.append(f"New turn {memory.next_turn} | Q: {shown(question)}")
    if answer:
        lines.append(f"A: {render_answer(answer, caps)}")
    lines.append(f"Query requested: {'yes' if query_requested else 'no'}")
    return "\n".join(lines)


def check_input(text: str, caps: Caps = DEFAULT_CAPS) -> Result[str, InputTooLong]:
    """`text` itself if it fits the input cap, else the typed error."""
    if len(text) > caps.input_chars:
        return Failure(InputTooLong(len(text), caps.input_chars))
    return Success(text)
