"""The conversation a driver carries: the memory and its replay state, offline and live."""

from __future__ import annotations

import attrs

from memcore.node import Memory, Node
from memcore.replay import EMPTY, ReplayState, replay, step


@attrs.frozen
class Turn:
    """A user turn: the question, and the answer for a history turn ("" at the final turn)."""

    question: str
    answer: str = ""


@attrs.frozen
class Conversation:
    """The memory so far and its replay state, carried from turn to turn."""

    memory: Memory = attrs.field(factory=Memory)
    state: ReplayState = EMPTY

    @classmethod
    def of(cls, memory: Memory) -> Conversation:
        """A conversation resumed from `memory` (replayed once)."""
        return cls(memory, replay(memory))

    def with_node(self, node: Node) -> Conversation:
        """The conversation after `node`: appended, and folded into the carried state."""
        return Conversation(self.memory.append(node), step(self.state, node))


@attrs.frozen
class LiveConversation:
    """A live conversation: the settled memory (every node completed) and its carried state,
    and the last turn's node awaiting its answer (None before the first turn)."""

    settled: Conversation = Conversation()
    awaiting: Node | None = None

    @classmethod
    def of(cls, memory: Memory) -> LiveConversation:
        """A live conversation resumed from `memory`; its last node may await its answer."""
        last = memory.nodes[-1] if memory.nodes else None
        if last is not None and last.awaiting_answer:
            return cls(Conversation.of(Memory(memory.nodes[:-1])), last)
        return cls(Conversation.of(memory))

    @property
    def memory(self) -> Memory:
        """The memory to save: the settled nodes, then the awaiting node if any."""
        settled = self.settled.memory
        return settled if self.awaiting is None else settled.append(self.awaiting)

    @property
    def next_turn(self) -> int:
        """The turn number the next question gets."""
        return self.memory.next_turn

    def answered(self, answer: str) -> LiveConversation:
        """The conversation with `answer` recorded on the awaiting node (kept until the next
        turn's call completes it); unchanged when no node awaits."""
        if self.awaiting is None:
            return self
        return LiveConversation(self.settled, attrs.evolve(self.awaiting, answer=answer))
