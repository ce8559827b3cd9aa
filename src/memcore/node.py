"""A node per turn, and the memory as the ordered sequence of nodes."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from memcore.operations import Operation


def _tuple_of_str(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


def _tuple_of_int(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


def _tuple_of_ops(values: Iterable[Operation]) -> tuple[Operation, ...]:
    return tuple(values)


@attrs.frozen
class Node:
    """What one turn did to the memory.

    `topics[0]` is the node's topic; `kind` and `facts` belong to it. `query` is set only at
    the final turn, where `answer` is empty. `withheld_facts` counts facts that the safety
    filter refused to store (instruction-like content), so the node says that something was
    dropped without keeping it.

    `awaiting_answer` marks a live conversation's last node: written at its final turn (with
    the query) before the answer was known. The next live turn's writer call completes it
    with the answer (spec/writer-output.md#writer-output.live) and clears the mark.
    """

    turn: int
    question: str
    answer: str = ""
    depends_on: tuple[int, ...] = attrs.field(default=(), converter=_tuple_of_int)
    contradicts: tuple[str, ...] = attrs.field(default=(), converter=_tuple_of_str)
    operations: tuple[Operation, ...] = attrs.field(default=(), converter=_tuple_of_ops)
    topics: tuple[str, ...] = attrs.field(default=(), converter=_tuple_of_str)
    kind: str = ""
    facts: tuple[str, ...] = attrs.field(default=(), converter=_tuple_of_str)
    query: str | None = None
    withheld_facts: int = 0
    awaiting_answer: bool = False

    @property
    def topic(self) -> str | None:
        """The node's topic: the first of its topics, if any."""
        return self.topics[0] if self.topics else None

    def mentioned(self) -> tuple[str, ...]:
        """Every topic the node names, in order: its topics, then operation targets."""
        seen: dict[str, None] = {}
        for name in self.topics:
            seen.setdefault(name, None)
        for operation in self.operations:
            seen.setdefault(operation.topic, None)
        return tuple(seen)


def _tuple_of_nodes(values: Iterable[Node]) -> tuple[Node, ...]:
    return tuple(values)


@attrs.frozen
class Memory:
    """A conversation's memory: one node per turn, in turn order."""

    nodes: tuple[Node, ...] = attrs.field(default=(), converter=_tuple_of_nodes)

    def append(self, node: Node) -> Memory:
        """A new memory with `node` added at the end."""
        return Memory((*self.nodes, node))

    def last(self, count: int | None) -> Memory:
        """The last `count` nodes (the memory horizon); `None` keeps them all, 0 or less none."""
        if count is None:
            return self
        if count < 1:
            return Memory()
        return Memory(self.nodes[-count:])

    def __len__(self) -> int:
        return len(self.nodes)

    @property
    def next_turn(self) -> int:
        """The turn number the next node gets."""
        return self.nodes[-1].turn + 1 if self.nodes else 1
