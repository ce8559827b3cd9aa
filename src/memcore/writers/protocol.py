"""The effect boundary: what a writer is given for one turn, and what it gives back.

A writer is called once per turn. It sees the memory (already cut to the driver's horizon),
the carried replay state of that memory, the previous question, the new turn and whether a
query is requested. It answers with the node as JSON text; a writer that builds the node as a
value (the rule writer) may hand the node over as well, but its text must parse to that same
node. Failures are values: `WriterError` for the call itself, the core's `WriterOutputError`
when the text cannot become a node.

A live call (one call per live turn) is an ordinary request whose memory's last node awaits
its answer (`Node.awaiting_answer`, the answer attached): the writer completes that node and
writes the new one, in the live format (spec/writer-output.md#writer-output.live). A writer
that ignores this writes only the new node, and the previous one stays as it was written.
"""

from __future__ import annotations

import enum
from typing import Protocol, runtime_checkable

import attrs
from returns.result import Result

from memcore.caps import DEFAULT_CAPS, Caps
from memcore.errors import WriterOutputError
from memcore.node import Memory, Node
from memcore.render import render_input
from memcore.replay import ReplayState, replay, step
from memcore.writer_output import TurnInput


@attrs.frozen
class WriterRequest:
    """Everything a writer may use for one turn.

    `memory` and `state` are what the writer sees: the last `horizon` nodes when the driver
    has a horizon, else the whole memory; `state` is always the replay of `memory`.
    `turn.final` says whether a query is requested; `turn.answer` is empty at the final turn.
    """

    memory: Memory
    state: ReplayState
    turn: TurnInput
    caps: Caps = DEFAULT_CAPS
    settled: ReplayState | None = None

    @property
    def awaiting(self) -> Node | None:
        """In a live call, the last node: written at its final turn, its answer now attached,
        to be completed by this call; None in an offline call."""
        last = self.memory.nodes[-1] if self.memory.nodes else None
        return last if last is not None and last.awaiting_answer else None

    def completion_request(self) -> WriterRequest:
        """The offline history request for the awaiting node: the memory before it, and its
        question with its answer (a writer that builds nodes as values answers it)."""
        awaiting = self.awaiting
        if awaiting is None:
            raise ValueError("not a live request: no node awaits its answer")
        before = Memory(self.memory.nodes[:-1])
        state = self.settled if self.settled is not None else replay(before)
        previous = TurnInput(awaiting.turn, awaiting.question, awaiting.answer, False)
        return WriterRequest(before, state, previous, self.caps)

    def after(self, completed: Node) -> WriterRequest:
        """The offline request for the new turn once the awaiting node is `completed`."""
        before = self.completion_request()
        return WriterRequest(
            before.memory.append(completed), step(before.state, completed), self.turn, self.caps
        )

    @property
    def previous_question(self) -> str:
        """The question of the last node the writer sees ("" for the first turn)."""
        return self.memory.nodes[-1].question if self.memory.nodes else ""

    @property
    def query_requested(self) -> bool:
        """Whether this is the final turn, whose node must carry the search query."""
        return self.turn.final

    def rendered(self) -> str:
        """The writer's input text (memory, log, previous question, new turn, query flag).

        Computed on demand: the rule writer never needs it, so its cost per turn does not
        grow with the rendered memory.
        """
        return render_input(
            self.memory,
            self.turn.question,
            "" if self.turn.final else self.turn.answer,
            self.turn.final,
            self.state,
            self.caps,
            complete_previous=self.awaiting is not None,
        )


class TokenCount(enum.Enum):
    """How a reply's token figures were obtained."""

    SERVER = "server"  # reported by the model server, or counted with its tokenizer endpoint
    TOKENIZER = "tokenizer"  # counted with the local model's own tokenizer
    ESTIMATE = "estimate"  # four characters per token (memcore.caps.CHARS_PER_TOKEN)
    NONE = "none"  # no model: the rule writer


@attrs.frozen
class WriterReply:
    """A writer's answer: the node JSON text, optionally the node itself, and token figures.

    In a live call a writer that builds values may hand over the completed previous node as
    `completed` too (with `node`); its text must parse to both."""

    text: str
    node: Node | None = None
    tokens_in: int | None = None
    tokens_out: int | None = None
    counted: TokenCount = TokenCount.NONE
    completed: Node | None = None


class WriterErrorCode(enum.Enum):
    """Why a writer call failed before any text could be parsed."""

    TIMEOUT = "timeout"
    CONNECTION = "connection"
    HTTP_STATUS = "http_status"
    BAD_RESPONSE = "bad_response"
    INPUT_TOO_LONG = "input_too_long"
    OUTPUT_TOO_LONG = "output_too_long"
    MODEL = "model"
    CONFIG = "config"
    EXHAUSTED = "exhausted"


@attrs.frozen
class WriterError:
    """A failed writer call; `writer` names the writer, `message` says what went wrong."""

    code: WriterErrorCode
    writer: str
    message: str

    def __str__(self) -> str:
        return f"writer {self.writer} failed ({self.code.value}): {self.message}"


AttemptError = WriterError | WriterOutputError


@runtime_checkable
class Writer(Protocol):
    """Anything that writes one node per turn."""

    @property
    def name(self) -> str:
        """A short name for reports ("rules", "openai:qwen2.5-3b", "recorded:apollo11")."""
        ...

    def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
        """The node for `request.turn`, as JSON text (and, optionally, as a value)."""
        ...
