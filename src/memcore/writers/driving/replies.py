"""A writer's reply read into nodes: the node it built (where trusted) or its text parsed."""

from __future__ import annotations

from collections.abc import Callable

from returns.result import Result, Success

from memcore.node import Node
from memcore.writer_output import LiveNodes, parse_live_writer_output, parse_writer_output
from memcore.writers.driving.conversation import Conversation
from memcore.writers.driving.settings import DriverConfig
from memcore.writers.protocol import AttemptError, WriterReply, WriterRequest


def node_reader(
    conversation: Conversation, request: WriterRequest, config: DriverConfig
) -> Callable[[WriterReply], Result[Node, AttemptError]]:
    """How a history or final turn's reply becomes its node."""

    def read(reply: WriterReply) -> Result[Node, AttemptError]:
        if reply.node is not None and config.trust_nodes:
            return Success(reply.node)
        return parse_writer_output(
            reply.text, conversation.memory, request.turn, config.caps, conversation.state
        )

    return read


def live_reader(
    request: WriterRequest, answered: Node, config: DriverConfig
) -> Callable[[WriterReply], Result[LiveNodes, AttemptError]]:
    """How a live turn's reply becomes the completed previous node and the new one."""

    def read(reply: WriterReply) -> Result[LiveNodes, AttemptError]:
        if reply.node is not None and reply.completed is not None and config.trust_nodes:
            return Success(LiveNodes(reply.completed, reply.node))
        before = request.completion_request()
        return parse_live_writer_output(
            reply.text, before.memory, answered, request.turn, config.caps, before.state
        )

    return read
