"""A history or final turn written: the writer's calls, and the node's facts filtered."""

from __future__ import annotations

from returns.result import Result

from memcore.node import Node
from memcore.safety.poisoning import filter_node
from memcore.writer_output import TurnInput
from memcore.writers.driving.calls import TurnFailed, Written, timed_call, with_retries
from memcore.writers.driving.conversation import Conversation
from memcore.writers.driving.replies import node_reader
from memcore.writers.driving.requests import turn_request
from memcore.writers.driving.settings import DriverConfig
from memcore.writers.protocol import Writer


def write_turn(
    writer: Writer,
    fallback: Writer | None,
    config: DriverConfig,
    conversation: Conversation,
    turn: TurnInput,
) -> Result[Written[Node], TurnFailed]:
    """The turn's node from the writer (or the fallback), its instruction-like facts
    dropped: no writer can put an order into the memory or the final search."""
    request = turn_request(conversation, turn, config)
    read = node_reader(conversation, request, config)
    written = with_retries(
        writer,
        fallback,
        config,
        request,
        lambda chosen, attempt: timed_call(chosen, request, attempt, read),
    )
    return written.map(
        lambda found: Written(filter_node(found.value), found.calls, found.fell_back)
    )
