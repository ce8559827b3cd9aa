"""Validity evidence derived from the memory: which topics a later turn overturned, and when.

Three kinds, read from the nodes in turn order:

- a correction: a node that lists a topic in `contradicts` rejects that topic's page;
- a value revision: a node with a Revise operation onto a different topic supersedes the
  topic that was current just before it (or that the same node abandoned just before it,
  the paper's same-name switch);
- a dropped topic: an Abandon operation drops its topic.

Evidence about a topic is cancelled when a later node makes that topic current again (any
operation other than Abandon on it), exactly as replay restores a dropped topic; the topic
that is current after the last node has none. Of several pieces of one kind about one topic
only the latest is kept.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from memcore.node import Memory, Node
from memcore.operations import OpKind
from memcore.replay import EMPTY, ReplayState, step


class EvidenceKind(enum.Enum):
    """What a later turn did to a topic."""

    REJECTED_BY_CORRECTION = "rejected_by_correction"
    SUPERSEDED_BY_REVISION = "superseded_by_revision"
    DROPPED_TOPIC = "dropped_topic"


@attrs.frozen
class Evidence:
    """One piece of evidence: `topic` was overturned in way `kind` at turn `turn`."""

    kind: EvidenceKind
    topic: str
    turn: int

    def describe(self) -> str:
        """A short English sentence for the agent-facing note."""
        if self.kind is EvidenceKind.REJECTED_BY_CORRECTION:
            return f"topic {self.topic!r} was rejected by a correction at turn {self.turn}"
        if self.kind is EvidenceKind.SUPERSEDED_BY_REVISION:
            return f"topic {self.topic!r} was superseded by a value revision at turn {self.turn}"
        return f"topic {self.topic!r} was dropped at turn {self.turn}"


def _raised(node: Node, state_before: ReplayState) -> tuple[Evidence, ...]:
    found: list[Evidence] = [
        Evidence(EvidenceKind.REJECTED_BY_CORRECTION, topic, node.turn)
        for topic in node.contradicts
    ]
    # Operations apply in the order listed, so "current" moves within the node too. A Revise
    # right after the current topic was abandoned (the same-name switch) replaces that topic.
    current = state_before.current.name if state_before.current is not None else None
    abandoned_current: str | None = None
    for operation in node.operations:
        if operation.kind is OpKind.ABANDON:
            found.append(Evidence(EvidenceKind.DROPPED_TOPIC, operation.topic, node.turn))
            if current == operation.topic:
                abandoned_current, current = current, None
            continue
        replaced = current if current is not None else abandoned_current
        if operation.kind is OpKind.REVISE and replaced is not None and replaced != operation.topic:
            found.append(Evidence(EvidenceKind.SUPERSEDED_BY_REVISION, replaced, node.turn))
        current, abandoned_current = operation.topic, None
    return tuple(found)


def _restored(node: Node) -> frozenset[str]:
    return frozenset(op.topic for op in node.operations if op.kind is not OpKind.ABANDON)


def memory_evidence(memory: Memory | Iterable[Node]) -> tuple[Evidence, ...]:
    """Every piece of evidence still standing after the last node, ordered by turn then kind.

    Pure: the same nodes always give the same evidence.
    """
    nodes = memory.nodes if isinstance(memory, Memory) else tuple(memory)
    standing: dict[tuple[EvidenceKind, str], Evidence] = {}
    state = EMPTY
    for node in nodes:
        raised = _raised(node, state)
        for topic in _restored(node):
            for kind in EvidenceKind:
                standing.pop((kind, topic), None)
        for evidence in raised:
            standing[(evidence.kind, evidence.topic)] = evidence
        state = step(state, node)
    # The topic replay leaves current is what the user is asking about now: never overturned.
    current = state.current.name if state.current is not None else None
    kinds = list(EvidenceKind)
    return tuple(
        sorted(
            (piece for piece in standing.values() if piece.topic != current),
            key=lambda e: (e.turn, kinds.index(e.kind), e.topic),
        )
    )


def mentioned_topics(memory: Memory | Iterable[Node]) -> tuple[str, ...]:
    """Every topic the memory names, in order of first mention."""
    nodes = memory.nodes if isinstance(memory, Memory) else tuple(memory)
    seen: dict[str, None] = {}
    for node in nodes:
        for name in node.mentioned():
            seen.setdefault(name, None)
        for name in node.contradicts:
            seen.setdefault(name, None)
    return tuple(seen)
