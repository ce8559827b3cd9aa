"""The writer's request for a turn: the memory it may see (the horizon) and its state."""

from __future__ import annotations

from memcore.node import Memory, Node
from memcore.replay import replay, step
from memcore.writer_output import TurnInput
from memcore.writers.driving.conversation import Conversation
from memcore.writers.driving.settings import DriverConfig
from memcore.writers.protocol import WriterRequest


def turn_request(
    conversation: Conversation, turn: TurnInput, config: DriverConfig
) -> WriterRequest:
    """The request for a history or final turn: the carried state, or the horizon's window
    replayed."""
    horizon = config.horizon
    if horizon is None or len(conversation.memory) <= horizon:
        return WriterRequest(conversation.memory, conversation.state, turn, config.caps)
    window = conversation.memory.last(horizon)
    return WriterRequest(window, replay(window), turn, config.caps)


def live_request(
    settled: Conversation, answered: Node, turn: TurnInput, config: DriverConfig
) -> WriterRequest:
    """The request for a live turn: the settled memory with the answered node last, and the
    state before that node (for the completion the same call writes)."""
    memory = settled.memory.append(answered)
    state = step(settled.state, answered)
    horizon = config.horizon
    if horizon is None or len(memory) <= horizon:
        return WriterRequest(memory, state, turn, config.caps, settled.state)
    window = memory.last(horizon)
    before = Memory(window.nodes[:-1])
    return WriterRequest(window, replay(window), turn, config.caps, replay(before))
